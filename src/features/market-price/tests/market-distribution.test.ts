/**
 * The offline model's calibration on the sample dealers' own stock: how their used cars for sale
 * fall into the bands (printed, so a change to the model can be measured), and that no sample
 * market is lopsided. The model was set from public market figures, not from these prices; the
 * bounds only catch a model that calls nearly every car of a market one thing.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDealers, type DealerContent } from '../../../content/load.ts';
import { describeDistribution, marketDistribution, type MarketDistribution } from '../server/market-distribution.ts';
import { localMarketProvider } from '../server/market-provider.ts';

const AS_AT = '2026-12-03';
const SAMPLES = ['coastal-motor-group', 'ridgeline-mazda', 'tasman-motors'];

let dealers: DealerContent[];
const results = new Map<string, MarketDistribution>();
beforeAll(async () => {
  ({ dealers } = await loadDealers(path.resolve('dealers'), { only: SAMPLES }));
  for (const d of dealers) {
    const dist = await marketDistribution(d, localMarketProvider(), AS_AT);
    results.set(d.slug, dist);
    console.log(`market prices (local model, ${AS_AT}) ${describeDistribution(dist)}`);
  }
}, 30_000);

describe('the local market-price model on the sample dealers', () => {
  it.each(SAMPLES)('%s: no band holds more than two-thirds of the cars that show one', (slug) => {
    const d = results.get(slug)!;
    const shown = d.below + d.around + d.above;
    expect(shown).toBeGreaterThan(0);
    for (const n of [d.below, d.around, d.above]) expect(n).toBeLessThanOrEqual(Math.ceil((shown * 2) / 3));
  });

  it('compares AU prices that exclude government charges instead of leaving them all out', () => {
    for (const slug of ['coastal-motor-group', 'ridgeline-mazda']) {
      expect(results.get(slug)!.reasons['price excludes government charges'] ?? 0).toBe(0);
    }
  });

  it('claims no high confidence for electric and plug-in cars', () => {
    // The Kona Electric (Coastal), the Tesla Model 3 (Coastal) and the Leaf and Kona Electric (Tasman).
    expect(results.get('coastal-motor-group')!.reasons['estimate not sure']).toBeGreaterThanOrEqual(2);
    expect(results.get('tasman-motors')!.reasons['estimate not sure']).toBeGreaterThanOrEqual(2);
  });
});
