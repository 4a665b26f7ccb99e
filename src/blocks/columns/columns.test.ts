import { describe, expect, it } from 'vitest';
import { count, renderBlock } from '../../../tests/helpers/block-html.ts';

describe('columns block', () => {
  const paragraph = (id: string, text: string) => ({ id, type: 'paragraph', data: { text } });

  it('renders columns inside columns, each with its own blocks and spans', async () => {
    const html = await renderBlock('columns', {
      cols: [
        { width: 8, blocks: [paragraph('a', 'Left column')] },
        {
          width: 4,
          blocks: [
            {
              id: 'inner',
              type: 'columns',
              data: { cols: [{ blocks: [paragraph('b', 'Inner one')] }, { blocks: [paragraph('c', 'Inner two')] }] },
            },
          ],
        },
      ],
    });
    expect(count(html, 'class="grid-12 columns"')).toBe(2);
    expect(html).toContain('style="--span:8"');
    expect(html).toContain('style="--span:4"');
    expect(count(html, 'style="--span:6"')).toBe(2);
    const order = ['Left column', 'Inner one', 'Inner two'].map((t) => html.indexOf(t));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('splits 12 equally between columns without a width', async () => {
    const html = await renderBlock('columns', { cols: [{ blocks: [] }, { blocks: [] }, { blocks: [] }] });
    expect(count(html, 'style="--span:4"')).toBe(3);
  });

  it('never loads images inside columns eagerly, even in the first block of the page', async () => {
    const banner = { id: 'img', type: 'imageBanner', data: { image: { url: '/a.jpg', width: 800, height: 400 } } };
    const html = await renderBlock('columns', { cols: [{ blocks: [banner] }] }, { aboveFold: true });
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('loading="eager"');
  });
});
