import { describe, expect, it } from 'vitest';
import { registry } from '../../src/blocks/registry.ts';
import { blockTypes } from '../../src/content/blocks.ts';
import { renderBlocks } from '../helpers/render.ts';

describe('block registry', () => {
  it('has a component for every block type of the content format, and nothing else', () => {
    expect(Object.keys(registry).sort()).toEqual([...blockTypes].sort());
  });

  it('renders nothing for a block of unknown type and reports it once', async () => {
    const html = await renderBlocks([{ id: 'x', type: 'legacyWidget', data: { a: 1 } }]);
    expect(html.trim()).toBe('');
  });
});
