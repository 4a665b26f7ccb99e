/**
 * Spec §4 states, rule by rule, as the server renders them: a variant card's features past the
 * first 8 and a long offer text start collapsed (native <details>, open only when the visitor
 * opens them), and the finance calculator's analytics event is 26.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer } from '../../helpers/render.ts';
import { renderBlock } from '../../helpers/block-html.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { model as modelSchema, offer as offerSchema } from '../../../src/content/entities.ts';
import { EVENT_IDS } from '../../../src/site/analytics.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer('mini-motors');
});

const detailsTags = (html: string, className: string) =>
  [...html.matchAll(new RegExp(`<details class="${className}"[^>]*>`, 'g'))].map((m) => m[0]);

describe('a variant card', () => {
  it('shows the first 8 features and keeps the rest in a closed expander', async () => {
    const features = Array.from({ length: 11 }, (_, i) => `Feature ${i + 1}`);
    const model = modelSchema.parse({ slug: 'rav4', name: 'RAV4', model_variants: [{ id: 1, name: 'GX', features }] });
    const html = await renderBlock('modelVariants', { model: 'rav4' }, { dealer: { ...dealer, models: [model] } });
    expect(detailsTags(html, 'variant-more')).toEqual(['<details class="variant-more">']);
  });
});

describe('an offer card', () => {
  it('starts with a long description collapsed behind View more', async () => {
    const offer = offerSchema.parse({
      id: 1,
      name: 'Drive away deal',
      description: `<p>${'Great value on every model in stock. '.repeat(10)}</p>`,
    });
    const html = await renderBlock('offers', {}, { dealer: { ...dealer, offers: [offer] } });
    expect(detailsTags(html, 'offer-more')).toEqual(['<details class="offer-more">']);
  });
});

describe('the finance calculator', () => {
  it('sends analytics event 26', () => {
    expect(EVENT_IDS.financeCalculator).toBe(26);
  });
});
