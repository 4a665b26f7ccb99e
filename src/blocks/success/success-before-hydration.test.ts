import { describe, expect, it } from 'vitest';
import { pageProblems, renderBlock } from '../../../tests/helpers/block-html.ts';
import { fixtureDealer } from '../../../tests/helpers/render.ts';

describe('thank-you block before hydration', () => {
  it('shows the generic thank-you with a way home, loading at once', async () => {
    const html = await renderBlock('success', {});
    expect(html).toContain('>Thank you for your enquiry</h2>');
    expect(html).toContain('<a class="btn btn-solid" href="/">Return home</a>');
    expect(html).toContain('client="load"');
  });

  it('renders valid HTML', async () => {
    expect(await pageProblems(await renderBlock('success', {}))).toEqual([]);
  });

  it('passes the dealer options the variants need', async () => {
    const dealer = await fixtureDealer();
    const html = await renderBlock('success', {}, { dealer });
    expect(html).toContain('Mini Motors Sydney');
  });
});
