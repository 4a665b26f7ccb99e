import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { componentPath, registry } from '../../../src/blocks/registry.ts';
import { blockTypes } from '../../../src/content/blocks.ts';
import { renderBlocks } from '../../helpers/render.ts';

describe('block registry', () => {
  it('has a component for every block type of the content format, and nothing else', () => {
    expect(Object.keys(registry).sort()).toEqual([...blockTypes].sort());
  });

  it("finds each type's component in its own folder, or in the folder its definition names", () => {
    for (const type of blockTypes)
      expect(
        existsSync(new URL(`../../../src/blocks/${componentPath(type)}`, import.meta.url)),
        componentPath(type),
      ).toBe(true);
    expect(componentPath('heading')).toBe('heading/Heading.astro');
    expect(componentPath('buttonsTool')).toBe('buttons/Buttons.astro');
    expect(registry.buttonsTool).toBe(registry.buttons);
    expect(new Set(Object.values(registry)).size).toBe(blockTypes.length - 1);
  });

  it('renders nothing for a block of unknown type and reports it once', async () => {
    const html = await renderBlocks([{ id: 'x', type: 'legacyWidget', data: { a: 1 } }]);
    expect(html.trim()).toBe('');
  });
});
