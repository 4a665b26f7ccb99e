import { describe, expect, it } from 'vitest';
import { defaultModelBlocks } from '../../../src/domain/default-pages.ts';
import { loadDealers } from '../../../src/content/load.ts';

const { dealers } = await loadDealers('dealers');
const models = dealers.flatMap((d) => d.models);

describe('the default model page', () => {
  it('shows each part once: banner or heading, variants with their features, colours, brochure, enquiry form', () => {
    const model = models.find((m) => m.model_variants.some((v) => v.features?.length) && m.colours.length)!;
    expect(model).toBeDefined();
    const types = defaultModelBlocks(model).map((b) => b.type);
    expect(types.filter((t) => t === 'list')).toEqual([]);
    expect(types.filter((t) => t === 'modelVariants')).toHaveLength(1);
    expect(types.filter((t) => t === 'modelColors')).toHaveLength(1);
    expect(types.at(-1)).toBe('form');
    expect(['imageBanner', 'heading']).toContain(types[0]);
  });

  it('leaves out the variants and colours a model does not have', () => {
    const bare = { ...models[0]!, model_variants: [], colours: [], brochure_url: undefined };
    expect(
      defaultModelBlocks(bare)
        .map((b) => b.type)
        .filter((t) => t !== 'imageBanner' && t !== 'heading'),
    ).toEqual(['form']);
  });
});
