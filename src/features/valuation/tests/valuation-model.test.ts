import { describe, expect, it } from 'vitest';
import {
  AGE_FLOOR,
  CONDITION_FACTOR,
  DEFAULT_DISCLAIMER,
  MAX_AGE_YEARS,
  MODEL_SOURCE,
  ageFactor,
  estimate,
  kmFactor,
  type ModelInput,
} from '../server/valuation-model.ts';
import { makeEntry, newPrice } from '../server/valuation-prices.ts';

const AS_AT = '2025-06-15';
const corolla: ModelInput = { make: 'Toyota', model: 'Corolla', year: 2019, km: 85_000, condition: 'good' };
const range = (input: ModelInput, asAt = AS_AT, country: 'AU' | 'NZ' = 'AU') => {
  const { answer } = estimate(input, { asAt, country });
  if (answer.status !== 'valued') throw new Error(`no valuation: ${answer.message}`);
  return answer.tradeIn;
};

describe('the local valuation model (the worked example of docs/api.md)', () => {
  it('values a 2019 Toyota Corolla with 85,000 km in good condition at $14,900 – $16,500 on 15 June 2025', () => {
    const { answer, working } = estimate(corolla, { asAt: AS_AT, country: 'AU' });
    expect(working).toMatchObject({ newPrice: 33_000, matched: true, age: 6, conditionFactor: 1 });
    expect(working!.ageFactor).toBeCloseTo(0.5766, 10);
    // 90,000 km expected after six years: 5,000 under is 0.75% on.
    expect(working!.kmFactor).toBeCloseTo(1.0075, 10);
    expect(working!.retail).toBeCloseTo(19_170.51, 2);
    expect(answer).toEqual({
      status: 'valued',
      tradeIn: {
        low: 14_900,
        high: 16_500,
        currency: 'AUD',
        asAt: AS_AT,
        source: MODEL_SOURCE,
        disclaimer: DEFAULT_DISCLAIMER,
      },
      vehicle: { year: 2019, make: 'Toyota', model: 'Corolla', km: 85_000, condition: 'good' },
    });
  });

  it('gives the same figures every time for the same vehicle and day', () => {
    expect(range(corolla)).toEqual(range({ ...corolla }));
  });

  it('answers a New Zealand dealer in NZD at the fixed rate of 1.10', () => {
    expect(range(corolla, AS_AT, 'NZ')).toMatchObject({ low: 16_400, high: 18_200, currency: 'NZD' });
  });

  it('rounds the low figure down and the high figure up to $100', () => {
    const r = range({ make: 'Mazda', model: 'CX-5', year: 2020, km: 71_200, condition: 'excellent' });
    expect(r.low % 100).toBe(0);
    expect(r.high % 100).toBe(0);
    expect(r).toMatchObject({ low: 22_900, high: 25_400 });
  });
});

describe('age: 90% in the model year, 62% at five years, 7% less each year after, never below 12%', () => {
  it.each([
    [0, 0.9],
    [1, 0.84],
    [2, 0.78],
    [3, 0.72],
    [4, 0.67],
    [5, 0.62],
    [6, 0.62 * 0.93],
    [7, 0.62 * 0.93 ** 2],
  ])('%i years keeps %f', (age, kept) => {
    expect(ageFactor(age)).toBeCloseTo(kept, 10);
  });

  it('reaches the floor of 12% at 28 years and stays there', () => {
    expect(ageFactor(27)).toBeCloseTo(0.62 * 0.93 ** 22, 10);
    expect(ageFactor(27)).toBeGreaterThan(AGE_FLOOR);
    expect(ageFactor(28)).toBe(AGE_FLOOR);
    expect(ageFactor(30)).toBe(AGE_FLOOR);
  });

  it('a model of next year counts as new, not as younger than new', () => {
    expect(estimate({ ...corolla, year: 2026 }, { asAt: AS_AT, country: 'AU' }).working!.age).toBe(0);
  });

  it(`values a vehicle of exactly ${MAX_AGE_YEARS} years, and leaves an older one to an appraiser`, () => {
    expect(estimate({ ...corolla, year: 1995 }, { asAt: AS_AT, country: 'AU' }).answer.status).toBe('valued');
    expect(estimate({ ...corolla, year: 1994 }, { asAt: AS_AT, country: 'AU' }).answer).toEqual({
      status: 'unknown',
      message: 'Vehicles over 30 years old need an appraisal in person.',
    });
  });
});

describe('kilometres against 15,000 km a year', () => {
  it('changes nothing at the expected distance, or when the kilometres are unknown', () => {
    expect(kmFactor(60_000, 4)).toBe(1);
    expect(kmFactor(undefined, 4)).toBe(1);
  });

  it('takes 1.5% off per 10,000 km over, and adds 1.5% per 10,000 km under', () => {
    expect(kmFactor(70_000, 4)).toBeCloseTo(0.985, 10);
    expect(kmFactor(50_000, 4)).toBeCloseTo(1.015, 10);
  });

  it('counts a car of this year as half a year old', () => {
    expect(kmFactor(7_500, 0)).toBe(1);
  });

  it('stays between 70% and 110%', () => {
    expect(kmFactor(1_000_000, 3)).toBe(0.7);
    expect(kmFactor(0, 20)).toBe(1.1);
  });

  it('a higher reading never values a car higher', () => {
    const low = range({ ...corolla, km: 40_000 });
    const high = range({ ...corolla, km: 160_000 });
    expect(high.high).toBeLessThan(low.low);
  });
});

describe('condition', () => {
  it('excellent 105%, good 100%, fair 90%, poor 75%; unknown counts as good', () => {
    expect(CONDITION_FACTOR).toEqual({ excellent: 1.05, good: 1, fair: 0.9, poor: 0.75 });
    expect(range({ ...corolla, condition: undefined })).toEqual(range(corolla));
    const lows = (['excellent', 'good', 'fair', 'poor'] as const).map(
      (condition) => range({ ...corolla, condition }).low,
    );
    expect(lows).toEqual([...lows].sort((a, b) => b - a));
  });
});

describe('new prices by make and model', () => {
  it('finds a model however it is written, with or without the make or a variant', () => {
    const toyota = makeEntry('TOYOTA')!;
    const mazda = makeEntry('mazda')!;
    expect(newPrice(mazda, 'CX-5')).toEqual(newPrice(mazda, 'Mazda CX-5 Maxx Sport'));
    expect(newPrice(mazda, 'cx5').price).toBe(45_000);
    expect(newPrice(mazda, 'CX-30').price).toBe(34_000);
    expect(newPrice(mazda, 'CX-3').price).toBe(34_000);
    expect(newPrice(mazda, 'Mazda3').price).toBe(33_000);
    expect(newPrice(toyota, 'LandCruiser Prado GXL').price).toBe(85_000);
    expect(newPrice(toyota, 'LandCruiser 300').price).toBe(110_000);
  });

  it('knows makes by their other names, and prices premium makes above mainstream ones', () => {
    expect(makeEntry('VW')?.name).toBe('Volkswagen');
    expect(makeEntry('Mercedes')?.name).toBe('Mercedes-Benz');
    expect(newPrice(makeEntry('BMW')!, 'X3').price).toBeGreaterThan(newPrice(makeEntry('Mazda')!, 'CX-5').price);
  });

  it('values an unlisted model of a known make from the make, with a wider range', () => {
    const { answer, working } = estimate({ ...corolla, model: 'Crown Athlete' }, { asAt: AS_AT, country: 'AU' });
    expect(working).toMatchObject({ matched: false, newPrice: 45_000 });
    if (answer.status !== 'valued') throw new Error('expected a range');
    // 70% to 86% of retail rather than 78% to 86%.
    expect(answer.tradeIn.low).toBe(Math.floor((working!.retail * 0.7) / 100) * 100);
    expect(answer.tradeIn.high).toBe(Math.ceil((working!.retail * 0.86) / 100) * 100);
  });

  it('gives no valuation for a make it has no figures for, or without a make or year', () => {
    expect(estimate({ ...corolla, make: 'Lada' }, { asAt: AS_AT, country: 'AU' }).answer).toEqual({
      status: 'unknown',
      message: 'We have no figures for Lada vehicles.',
    });
    expect(estimate({ ...corolla, make: undefined }, { asAt: AS_AT, country: 'AU' }).answer.status).toBe('unknown');
    expect(estimate({ ...corolla, year: undefined }, { asAt: AS_AT, country: 'AU' }).answer.status).toBe('unknown');
  });
});
