import { describe, expect, it } from 'vitest';
import { inner, renderBlock, renderBlocks } from '../../../tests/helpers/block-html.ts';

describe('search block', () => {
  it('renders nothing at all', async () => {
    const html = await renderBlock('search', {});
    expect(inner(html)).toBe('');
  });

  it('leaves the blocks around it as they are', async () => {
    const html = await renderBlocks([
      { id: 'a', type: 'paragraph', data: { text: 'Before' } },
      { id: 's', type: 'search', data: {} },
      { id: 'b', type: 'paragraph', data: { text: 'After' } },
    ]);
    expect(html).toContain('Before');
    expect(html).toContain('After');
  });
});
