import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../helpers/render.ts';
import { model as modelSchema, modelVariant, type Model } from '../../src/content/entities.ts';
import type { DealerContent } from '../../src/content/load.ts';
import {
  bodyTypeForVariant,
  initialPickerState,
  shownColours,
  showBodyTypeTabs,
  toPickerData,
  variantForBodyType,
  wrapIndex,
} from '../../src/blocks/modelColors/model-colours.ts';
import {
  driveAwayRange,
  hasSlideControls,
  isSlider,
  orderNowHref,
  splitFeatures,
} from '../../src/blocks/modelVariants/model-variants.ts';
import { findModel, modelOfPage } from '../../src/lib/model-find.ts';
import { FETCH_FAILED, openBrochure, type BrochureDeps } from '../../src/blocks/modelFeatures/brochure.ts';

const model = (over: Record<string, unknown>): Model => modelSchema.parse({ slug: 'm', name: 'M', ...over });
const variant = (i: number, features = 3) => ({
  id: i,
  name: `V${i}`,
  features: Array.from({ length: features }, (_, f) => `Feature ${i}.${f + 1}`),
  dap_min_price: 40000 + i,
  dap_max_price: 42000 + i,
});
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

describe('variant card rules', () => {
  it('shows 8 features and keeps the 9th and later for the expander', () => {
    const f = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(splitFeatures(f(7))).toEqual({ shown: f(7), more: [] });
    expect(splitFeatures(f(8))).toEqual({ shown: f(8), more: [] });
    expect(splitFeatures(f(9))).toEqual({ shown: f(8), more: [9] });
  });

  it('uses a slider above 2 variants, with controls at 4 or more', () => {
    expect(isSlider(2)).toBe(false);
    expect(isSlider(3)).toBe(true);
    expect(hasSlideControls(3)).toBe(false);
    expect(hasSlideControls(4)).toBe(true);
  });

  it('shows the drive-away price range', () => {
    expect(driveAwayRange(45990, 48490)).toBe('$45,990 – $48,490');
    expect(driveAwayRange(45990, 45990)).toBe('$45,990');
    expect(driveAwayRange(undefined, 48490)).toBe('$48,490');
    expect(driveAwayRange(48490, 45990)).toBe('$45,990 – $48,490');
    expect(driveAwayRange(undefined, undefined)).toBeUndefined();
  });

  it('links to order now with model_id, model_name and vehicle', () => {
    const m = model({ id: 7, name: 'RAV4' });
    expect(orderNowHref(m, modelVariant.parse({ id: 1, name: 'GX', full_name: 'RAV4 GX Hybrid' }))).toBe(
      '/models/order-now?model_id=7&model_name=RAV4&vehicle=RAV4+GX+Hybrid',
    );
    expect(orderNowHref(model({ name: 'X' }), modelVariant.parse({ id: 1, name: 'Y' }))).toBe(
      '/models/order-now?model_name=X&vehicle=Y',
    );
  });
});

describe('finding the model', () => {
  const models = [model({ slug: 'cx-5', new_slug: 'mazda-cx-5' }), model({ slug: 'rav4' })];
  it('by the block slug (or new_slug)', () => {
    expect(findModel(models, 'cx-5')?.slug).toBe('cx-5');
    expect(findModel(models, 'mazda-cx-5')?.slug).toBe('cx-5');
    expect(findModel(models, 'nope')).toBeUndefined();
  });
  it('by the model page path /{new_slug || slug}', () => {
    expect(modelOfPage(models, '/mazda-cx-5')?.slug).toBe('cx-5');
    expect(modelOfPage(models, '/rav4')?.slug).toBe('rav4');
    expect(modelOfPage(models, '/rav4/order-now')).toBeUndefined();
    expect(modelOfPage(models, '/')).toBeUndefined();
  });
});

describe('brochure download', () => {
  const deps = (
    response: () => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>,
  ): BrochureDeps & { calls: Record<string, unknown[]> } => {
    const calls: Record<string, unknown[]> = { fetch: [], open: [], error: [], warn: [] };
    return {
      calls,
      fetch: (url) => {
        calls.fetch!.push(url);
        return response();
      },
      open: (url) => calls.open!.push(url),
      error: (m) => calls.error!.push(m),
      warn: (m) => calls.warn!.push(m),
    };
  };

  it('fetches /api/models/{slug} and opens the brochure url', async () => {
    const d = deps(async () => ({ ok: true, status: 200, json: async () => ({ brochure_url: '/b.pdf' }) }));
    expect(await openBrochure('rav4', d)).toBe('opened');
    expect(d.calls.fetch).toEqual(['/api/models/rav4']);
    expect(d.calls.open).toEqual(['/b.pdf']);
  });

  it("logs 'Failed to fetch model data' when the request fails or answers an error", async () => {
    for (const response of [
      async () => {
        throw new TypeError('network');
      },
      async () => ({ ok: false, status: 500, json: async () => ({}) }),
    ]) {
      const d = deps(response);
      expect(await openBrochure('rav4', d)).toBe('failed');
      expect(d.calls.error).toEqual([FETCH_FAILED]);
      expect(d.calls.open).toEqual([]);
    }
  });

  it('warns when the model has no (or no safe) brochure url', async () => {
    for (const url of [null, '', 'javascript:alert(1)']) {
      const d = deps(async () => ({ ok: true, status: 200, json: async () => ({ brochure_url: url }) }));
      expect(await openBrochure('rav4', d)).toBe('missing');
      expect(d.calls.warn).toHaveLength(1);
      expect(d.calls.open).toEqual([]);
    }
  });
});

describe('model blocks rendered', () => {
  let dealer: DealerContent;
  const withModels = (models: Model[]): DealerContent => ({ ...dealer, models });
  beforeAll(async () => {
    dealer = await fixtureDealer('group-motors');
  });
  const slides = (html: string) => (html.match(/class="swiper-slide"/g) ?? []).length;
  const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;

  it('shows 2 variants as a static grid with prices, features and order links', async () => {
    const m = model({ id: 5, slug: 'rav4', name: 'RAV4', model_variants: [variant(1, 9), variant(2, 8)] });
    const html = await renderBlock('modelVariants', { model: 'rav4' }, { dealer: withModels([m]) });
    expect(islands(html)).toBe(0);
    expect(html).toContain('class="variant-grid"');
    expect(html).toContain('$40,001 – $42,001');
    expect(html).toContain('href="/models/order-now?model_id=5&amp;model_name=RAV4&amp;vehicle=V1"');
    // 9 features: 8 shown and one behind the expander; 8 features: no expander.
    expect((html.match(/<details/g) ?? []).length).toBe(1);
    expect(html).toContain('Show all 9 features');
    const [before, after] = html.split('<details');
    expect(before).toContain('Feature 1.8');
    expect(before).not.toContain('Feature 1.9');
    expect(after).toContain('Feature 1.9');
  });

  it('sanitises feature HTML', async () => {
    const m = model({
      slug: 'x',
      model_variants: [
        { id: 1, name: 'A', features: ['<b>Big</b> <img src=x onerror=alert(1)>wheels<script>alert(1)</script>'] },
      ],
    });
    const html = await renderBlock('modelVariants', { model: 'x' }, { dealer: withModels([m]) });
    expect(html).toContain('<b>Big</b>');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script>alert');
  });

  it('makes 3 variants a slider without controls, and 4 a slider with controls', async () => {
    const three = await renderBlock(
      'modelVariants',
      { model: 'm' },
      { dealer: withModels([model({ model_variants: [1, 2, 3].map((i) => variant(i)) })]) },
    );
    expect(islands(three)).toBe(1);
    expect(slides(three)).toBe(3);
    expect(three).not.toContain('Next variant');
    const four = await renderBlock(
      'modelVariants',
      { model: 'm' },
      { dealer: withModels([model({ model_variants: [1, 2, 3, 4].map((i) => variant(i)) })]) },
    );
    expect(slides(four)).toBe(4);
    expect(four).toContain('aria-label="Next variant"');
    expect(four).toContain('aria-label="Previous variant"');
  });

  it('renders nothing for an unknown model', async () => {
    expect(await renderBlock('modelVariants', { model: 'nope' }, { dealer: withModels([]) })).not.toContain('<section');
    expect(await renderBlock('modelColors', { model: 'nope' }, { dealer: withModels([]) })).not.toContain('<section');
  });

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

  it('renders feature slides as tabs, and the brochure button on the model page', async () => {
    const data = {
      componentHeight: 480,
      overlay: true,
      slides: [
        {
          tab: 'Power',
          image: { url: '/p.svg', alt: 'Engine', width: 800, height: 500 },
          heading: 'Hybrid',
          description: '<p>Quiet<script>x()</script></p>',
        },
        { tab: 'Cabin', image: { url: '/c.svg' }, heading: 'Room' },
      ],
    };
    const m = model({ slug: 'rav4', name: 'RAV4' });
    const html = await renderBlock('modelFeatures', data, { dealer: withModels([m]), path: '/rav4' });
    // The tabs, and the brochure button in an island of its own.
    expect(islands(html)).toBe(2);
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Power</);
    expect(html).toContain('--feature-height:480px');
    expect(html).toContain('<p>Quiet</p>');
    expect(html).not.toContain('x()');
    expect(html).toContain('Download brochure');
    const elsewhere = await renderBlock('modelFeatures', data, { dealer: withModels([m]), path: '/about' });
    expect(elsewhere).not.toContain('Download brochure');
    expect(islands(elsewhere)).toBe(1);
  });
});
