import { describe, expect, it } from 'vitest';
import { count, renderBlock } from '../../../tests/helpers/block-html.ts';

describe('alternating columns block', () => {
  it('alternates the image side per item and shows heading, rich description and buttons', async () => {
    const item = (n: number) => ({
      image: { url: `/img${n}.jpg`, alt: `Photo ${n}`, width: 600, height: 400 },
      heading: `Row ${n}`,
      description: `<p>About <em>${n}</em></p><script>x()</script>`,
      buttons: [{ text: `Go ${n}`, href: `/go-${n}` }],
    });
    const html = await renderBlock('alternatingColumns', { items: [item(1), item(2), item(3)] });
    expect(count(html, 'alt-row-flipped')).toBe(1);
    expect(html.indexOf('alt-row-flipped')).toBeGreaterThan(html.indexOf('Row 1'));
    expect(html.indexOf('alt-row-flipped')).toBeLessThan(html.indexOf('Row 2'));
    expect(html).toMatch(/<h2 class="alt-heading"[^>]*>Row 1<\/h2>/);
    expect(html).toContain('<p>About <em>2</em></p>');
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<a class="btn btn-solid" href="\/go-3"[^>]*>Go 3<\/a>/);
    expect(html).toContain('alt="Photo 1"');
  });
});
