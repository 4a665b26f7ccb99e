import { describe, expect, it } from 'vitest';
import { count, htmlProblems, inner, renderBlock } from '../../../tests/helpers/block-html.ts';

describe('custom component block', () => {
  it('shows the opening hours of every location that has them, as tables', async () => {
    const html = await renderBlock('customComponent', { component: 'dealerHours' });
    expect(count(html, '<table class="hours-table">')).toBe(2);
    expect(html).toContain('<caption>Mini Motors Sydney</caption>');
    expect(html).toContain('<caption>Mini Motors Service Centre</caption>');
    expect(html).not.toContain('Mini Motors Parts');
    expect(html).toMatch(/<th scope="row">Thursday<\/th>\s*<td>8:30 AM – 7:00 PM<\/td>/);
    expect(await htmlProblems(html)).toEqual([]);
  });

  it('shows only the hours of the location type given in props', async () => {
    const html = await renderBlock('customComponent', { component: 'dealerHours', props: { locationType: 'Service' } });
    expect(count(html, '<table')).toBe(1);
    expect(html).toContain('Mini Motors Service Centre');
  });

  it("shows the primary location's phone, the dealer email and the address", async () => {
    const html = await renderBlock('customComponent', { component: 'contactStrip' });
    expect(html).toContain('<a href="tel:0295550100">(02)\u00a09555\u00a00100</a>');
    expect(await htmlProblems(html)).toEqual([]);
    // The address may break after its @ on a narrow phone, never inside a word.
    expect(html).toContain(
      '<a href="mailto:sales@minimotors.com.au"><span class="email-text">sales@<wbr>minimotors.com.au</span></a>',
    );
    expect(html).toContain('12 George Street, Sydney NSW 2000');
  });

  it.each(['mapWidget', 'constructor', '__proto__', ''])(
    'renders nothing for the unregistered name %j',
    async (component) => {
      expect(inner(await renderBlock('customComponent', { component }))).toBe('');
    },
  );
});
