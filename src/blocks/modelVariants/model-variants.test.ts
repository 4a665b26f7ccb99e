import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import { model as modelSchema, modelVariant, type Model } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import { driveAwayRange, hasSlideControls, isSlider, orderNowHref, splitFeatures } from './model-variants.ts';

const model = (over: Record<string, unknown>): Model => modelSchema.parse({ slug: 'm', name: 'M', ...over });
const variant = (i: number, features = 3) => ({
  id: i,
  name: `V${i}`,
  features: Array.from({ length: features }, (_, f) => `Feature ${i}.${f + 1}`),
  dap_min_price: 40000 + i,
  dap_max_price: 42000 + i,
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
});
