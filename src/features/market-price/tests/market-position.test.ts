/**
 * The market-price rule: which cars show "Below market", "Around market" or "Above market", at
 * and around each band edge, and every exclusion.
 */
import { describe, expect, it } from 'vitest';
import type { MarketEstimate } from '../contract/market-price.ts';
import {
  MAX_AGE_YEARS,
  MAX_ESTIMATE_AGE_DAYS,
  MAX_KM,
  MAX_PRICE,
  MIN_PRICE,
  marketExclusion,
  marketIndicator,
  type MarketCar,
} from '../rules/market-position.ts';

const estimate = (extra: Partial<MarketEstimate> = {}): MarketEstimate => ({
  low: 28_400,
  high: 32_100,
  currency: 'AUD',
  confidence: 'high',
  as_at: '2026-12-03',
  source: 'Stand-in market-price service',
  basis: { year: 2019, make: 'Toyota', model: 'RAV4', km: 85_300 },
  ...extra,
});

const car = (extra: Partial<MarketCar> = {}): MarketCar => ({
  car_type: 'used',
  year: 2019,
  make: 'Toyota',
  model: 'RAV4',
  km: 85_300,
  price: 30_000,
  price_qualifier: 'drive_away',
  market_estimate: estimate(),
  ...extra,
});

const ON = { enabled: true };

describe('market-price bands', () => {
  it.each([
    [28_399, 'Below market'],
    [28_400, 'Around market'],
    [30_000, 'Around market'],
    [32_100, 'Around market'],
    [32_101, 'Above market'],
  ])('a price of $%i shows "%s"', (price, label) => {
    expect(marketIndicator(car({ price }), ON)?.label).toBe(label);
  });

  it('compares the headline (drive-away) price when the car has both prices', () => {
    const both = car({
      price: 27_000,
      price_qualifier: 'excl_govt_charges',
      price_drive_away: 30_000,
      price_egc: 27_000,
    });
    expect(marketIndicator(both, ON)?.position).toBe('around');
  });

  it('says what it compares with, the range, the date and the source, in plain words', () => {
    const m = marketIndicator(car({ price: 27_990 }), ON)!;
    expect(m.meaning).toBe('The price is under the low end of the range similar cars are advertised at.');
    expect(m.explanation).toBe(
      'Compared with similar 2019 Toyota RAV4 vehicles with about 85,000 km for sale in Australia; ' +
        'estimate range $28,400–$32,100 as at 3 Dec 2026. Source: Stand-in market-price service.',
    );
  });

  it('says New Zealand for an estimate in NZD', () => {
    expect(marketIndicator(car({ market_estimate: estimate({ currency: 'NZD' }) }), ON)!.explanation).toContain(
      'for sale in New Zealand',
    );
  });
});

describe('market-price exclusions', () => {
  const cases: [string, MarketCar, { enabled?: boolean } | undefined, string][] = [
    ['the dealer has not turned it on', car(), undefined, 'turned off'],
    ['the dealer turned it off', car(), { enabled: false }, 'turned off'],
    ['no estimate', car({ market_estimate: undefined }), ON, 'no estimate'],
    [
      'a medium-confidence estimate',
      car({ market_estimate: estimate({ confidence: 'medium' }) }),
      ON,
      'estimate not sure',
    ],
    ['a low-confidence estimate', car({ market_estimate: estimate({ confidence: 'low' }) }), ON, 'estimate not sure'],
    ['a range that is no range', car({ market_estimate: estimate({ low: 33_000 }) }), ON, 'no range'],
    ['a new car', car({ car_type: 'new' }), ON, 'new or demo car'],
    ['a demo car', car({ car_type: 'demo' }), ON, 'new or demo car'],
    ['price on application', car({ price: 0, price_on_application: true }), ON, 'price on application'],
    ['no price', car({ price: 0 }), ON, 'no price'],
    [
      'a price excluding government charges only',
      car({ price_qualifier: 'excl_govt_charges' }),
      ON,
      'price excludes government charges',
    ],
    ['no model', car({ model: ' ' }), ON, 'no make, model or year'],
    ['no make', car({ make: undefined }), ON, 'no make, model or year'],
    ['no year', car({ year: undefined }), ON, 'no make, model or year'],
    [`over ${MAX_AGE_YEARS} years old`, car({ year: 2026 - MAX_AGE_YEARS - 1 }), ON, 'too old'],
    [`over ${MAX_KM} km`, car({ km: MAX_KM + 1 }), ON, 'kilometres unknown or too high'],
    ['unknown kilometres', car({ km: undefined }), ON, 'kilometres unknown or too high'],
    [`under $${MIN_PRICE}`, car({ price: MIN_PRICE - 1 }), ON, 'outside the price band'],
    [`over $${MAX_PRICE}`, car({ price: MAX_PRICE + 1 }), ON, 'outside the price band'],
  ];
  it.each(cases)('no indicator: %s', (_, c, settings, reason) => {
    expect(marketExclusion(c, settings)).toBe(reason);
    expect(marketIndicator(c, settings)).toBeUndefined();
  });

  it('shows at each limit itself', () => {
    const wide = estimate({ low: 1, high: 1_000_000 });
    expect(marketIndicator(car({ year: 2026 - MAX_AGE_YEARS }), ON)).toBeDefined();
    expect(marketIndicator(car({ km: MAX_KM }), ON)).toBeDefined();
    expect(marketIndicator(car({ price: MIN_PRICE, market_estimate: wide }), ON)).toBeDefined();
    expect(marketIndicator(car({ price: MAX_PRICE, market_estimate: wide }), ON)).toBeDefined();
    expect(marketIndicator(car({ price_qualifier: undefined }), ON)).toBeDefined();
  });

  it(`drops an estimate more than ${MAX_ESTIMATE_AGE_DAYS} days old when the day is known`, () => {
    const asAt = Date.parse('2026-12-03');
    const day = (n: number) => new Date(asAt + n * 86_400_000).toISOString().slice(0, 10);
    expect(marketIndicator(car(), ON, { today: day(MAX_ESTIMATE_AGE_DAYS) })).toBeDefined();
    expect(marketExclusion(car(), ON, day(MAX_ESTIMATE_AGE_DAYS + 1))).toBe('estimate out of date');
  });
});
