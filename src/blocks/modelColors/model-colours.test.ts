import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import { model as modelSchema, type Model } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import {
  bodyTypeForVariant,
  initialPickerState,
  shownColours,
  showBodyTypeTabs,
  toPickerData,
  variantForBodyType,
  wrapIndex,
} from './model-colours.ts';

const model = (over: Record<string, unknown>): Model => modelSchema.parse({ slug: 'm', name: 'M', ...over });
const colour = (i: number, over: Record<string, unknown> = {}) => ({
  id: i,
  name: `Colour ${i}`,
  photo_url: `/c${i}.svg`,
  hexCode: '#123456',
  ...over,
});
/** A HiLux-like model: `types` body types, `perType` colours each, one variant per body type. */
function cabs(types: number, perType: number): Model {
  const names = ['Single Cab', 'Extra Cab', 'Double Cab', 'Crew Cab'].slice(0, types);
  return model({
    slug: 'ute',
    name: 'Ute',
    model_variants: names.map((n, i) => ({ id: i, name: `Base ${n}` })),
    colours: names.flatMap((n, t) =>
      Array.from({ length: perType }, (_, c) => colour(t * 100 + c, { oem_id: n, model_variant_name: `Base ${n}` })),
    ),
  });
}

describe('colour picker rules', () => {
  it('shows body-type tabs with 3 body types and 16 colours, not with 15 colours or 2 types', () => {
    expect(showBodyTypeTabs(3, 16)).toBe(true);
    expect(showBodyTypeTabs(3, 15)).toBe(false);
    expect(showBodyTypeTabs(2, 16)).toBe(false);
    expect(showBodyTypeTabs(4, 100)).toBe(true);
  });

  it('takes body types from oem_id', () => {
    expect(toPickerData(cabs(3, 6)).bodyTypes).toEqual(['Single Cab', 'Extra Cab', 'Double Cab']);
    // 3 × 5 = 15 colours: no row.
    expect(toPickerData(cabs(3, 5)).bodyTypes).toEqual([]);
    expect(toPickerData(cabs(2, 9)).bodyTypes).toEqual([]);
  });

  it('wraps the arrows around at both ends', () => {
    expect(wrapIndex(5, 6)).toBe(5);
    expect(wrapIndex(6, 6)).toBe(0);
    expect(wrapIndex(-1, 6)).toBe(5);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it('starts with the first variant, its body type and its first colour', () => {
    const data = toPickerData(cabs(3, 6));
    expect(initialPickerState(data)).toEqual({ variant: 0, bodyType: 'Single Cab', colour: 0 });
    const shown = shownColours(data.swatches, data.variants[0], 'Single Cab');
    expect(shown).toHaveLength(6);
  });

  it('shows the colours of the selected variant, and every colour for a variant none names', () => {
    const m = model({
      model_variants: [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
        { id: 3, name: 'C' },
      ],
      colours: [colour(1, { model_variant_name: 'A' }), colour(2, { model_variant_name: 'B' }), colour(3)],
    });
    const data = toPickerData(m);
    expect(shownColours(data.swatches, data.variants[0], undefined).map((c) => c.id)).toEqual(['1', '3']);
    expect(shownColours(data.swatches, data.variants[1], undefined).map((c) => c.id)).toEqual(['2', '3']);
    expect(shownColours(data.swatches, data.variants[2], undefined).map((c) => c.id)).toEqual(['3']);
  });

  it('keeps the variant and body-type rows in step', () => {
    const data = toPickerData(cabs(3, 6));
    expect(variantForBodyType(data, 'Double Cab', 0)).toBe(2);
    expect(bodyTypeForVariant(data, 1, 'Single Cab')).toBe('Extra Cab');
    const rogue = toPickerData(
      model({
        ...cabs(3, 6),
        model_variants: [...cabs(3, 6).model_variants, { id: 9, name: 'Rogue Double Cab', features: [] }],
      }),
    );
    expect(bodyTypeForVariant(rogue, 3, 'Single Cab')).toBe('Double Cab');
  });
});

describe('model blocks rendered', () => {
  let dealer: DealerContent;
  const withModels = (models: Model[]): DealerContent => ({ ...dealer, models });
  beforeAll(async () => {
    dealer = await fixtureDealer('group-motors');
  });
  const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;

  it('renders the colour picker with the first variant and colour, swatches named by colour', async () => {
    const html = await renderBlock('modelColors', { model: 'ute' }, { dealer: withModels([cabs(3, 6)]) });
    expect(islands(html)).toBe(1);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Base Single Cab</);
    expect(html).toContain('aria-label="Body type"');
    expect(html).toContain('aria-label="Colour 0"');
    expect(html).toContain('src="/c0.svg"');
    expect(html).toContain('alt="Ute in Colour 0"');
    expect(html).toContain('aria-label="Next colour"');
    const small = await renderBlock('modelColors', { model: 'ute' }, { dealer: withModels([cabs(3, 5)]) });
    expect(small).not.toContain('aria-label="Body type"');
  });
});
