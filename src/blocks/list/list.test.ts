import { describe, expect, it } from 'vitest';
import { count, inner, renderBlock } from '../../../tests/helpers/block-html.ts';

describe('list block', () => {
  it('shows an ordered list with inline rich items', async () => {
    const html = await renderBlock('list', {
      style: 'ordered',
      items: ['<strong>Free</strong> servicing', 'Roadside <p>assist</p>'],
    });
    expect(html).toMatch(/<ol class="list"/);
    expect(html).toContain('<li><strong>Free</strong> servicing</li>');
    expect(html).toContain('<li>Roadside assist</li>');
  });

  it('shows an unordered list and leaves out empty items', async () => {
    const html = await renderBlock('list', { style: 'unordered', items: ['A', ' ', 'B'] });
    expect(html).toMatch(/<ul class="list"/);
    expect(count(html, '<li')).toBe(2);
  });

  it('shows nothing when every item is empty', async () => {
    expect(inner(await renderBlock('list', { style: 'unordered', items: [''] }))).toBe('');
  });
});
