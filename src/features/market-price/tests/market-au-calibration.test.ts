/**
 * The AU side of the market-price estimate: the states' government charges (each duty scale at
 * its edges), the local model's drive-away range with its AU used-market level, no high
 * confidence for electric and plug-in cars, and a price excluding government charges compared
 * after adding the state's charges, which the explanation states.
 */
import { describe, expect, it } from 'vitest';
import { estimate as valuationModel } from '../../valuation/server/valuation-model.ts';
import type { MarketEstimate } from '../contract/market-price.ts';
import { auState, estimatedGovtCharges, REGO_AND_TRANSFER, stampDuty } from '../rules/govt-charges.ts';
import { marketExclusion, marketIndicator, type MarketCar } from '../rules/market-position.ts';
import { auUsedLevel, isPlugIn, localMarketEstimate } from '../server/market-model.ts';

const AS_AT = '2026-12-03';

describe('estimated government charges', () => {
  it.each([
    ['NSW', 30_000, 900],
    ['NSW', 45_000, 1_350],
    ['NSW', 60_000, 2_100],
    ['VIC', 30_000, 1_260],
    ['QLD', 30_000, 900],
    ['WA', 20_000, 550],
    ['WA', 40_000, 2_000],
    ['WA', 60_000, 3_900],
    ['SA', 30_000, 1_140],
    ['TAS', 38_000, 1_380],
    ['TAS', 50_000, 2_000],
    ['ACT', 30_000, 900],
    ['NT', 30_000, 900],
  ] as const)('%s duty on $%i is $%i', (state, value, duty) => {
    expect(Math.round(stampDuty(state, value))).toBe(duty);
  });

  it('adds a year of registration, CTP and the transfer to the duty, rounded to $10', () => {
    expect(estimatedGovtCharges('NSW', 27_990)).toEqual({
      state: 'NSW',
      duty: 840,
      regoAndTransfer: REGO_AND_TRANSFER.NSW,
      total: 1_890,
    });
  });

  it('knows the AU states by their abbreviations, and nothing else', () => {
    expect(auState(' nsw ')).toBe('NSW');
    expect(auState('Canterbury')).toBeUndefined();
    expect(auState(undefined)).toBeUndefined();
  });
});

describe('the local model in Australia', () => {
  const rav4 = { make: 'Toyota', model: 'RAV4', variant: 'GXL', year: 2021, km: 52_000 };
  const valued = (a: ReturnType<typeof localMarketEstimate>): MarketEstimate => {
    if (a.status !== 'valued') throw new Error('expected an estimate');
    return a.estimate;
  };

  it('ranges drive-away prices: the AU used level on the valuation, plus the state’s charges', () => {
    const { working } = valuationModel(rav4, { asAt: AS_AT, country: 'AU' });
    const value = working!.retail * auUsedLevel(working!.age);
    const driveAway = value + estimatedGovtCharges('VIC', value).total;
    const e = valued(localMarketEstimate(rav4, { asAt: AS_AT, country: 'AU', state: 'VIC' }));
    expect(e.low).toBe(Math.floor((driveAway * 0.92) / 100) * 100);
    expect(e.high).toBe(Math.ceil((driveAway * 1.08) / 100) * 100);
    expect(e.drive_away_state).toBe('VIC');
    expect(e.low).toBeGreaterThan(working!.retail * 0.92);
  });

  it('holds older cars’ AU value up more than younger ones’', () => {
    expect(auUsedLevel(1)).toBeLessThan(auUsedLevel(3));
    expect(auUsedLevel(3)).toBeLessThan(auUsedLevel(6));
    expect(auUsedLevel(6)).toBeLessThan(auUsedLevel(10));
  });

  it('names no state for a dealer whose state it does not know, and leaves NZ as it was', () => {
    expect(valued(localMarketEstimate(rav4, { asAt: AS_AT, country: 'AU' })).drive_away_state).toBeUndefined();
    const nz = valued(localMarketEstimate(rav4, { asAt: AS_AT, country: 'NZ', state: 'Canterbury' }));
    const { working } = valuationModel(rav4, { asAt: AS_AT, country: 'AU' });
    expect(nz.drive_away_state).toBeUndefined();
    expect(nz.low).toBe(Math.floor((working!.retail * 1.1 * 0.92) / 100) * 100);
  });

  it.each([
    [{ make: 'Hyundai', model: 'Kona Electric', variant: 'Premium' }],
    [{ make: 'Hyundai', model: 'Kona', variant: 'Electric Elite' }],
    [{ make: 'Tesla', model: 'Model 3', variant: 'Rear-Wheel Drive' }],
    [{ make: 'Nissan', model: 'Leaf', variant: 'G 40kWh' }],
    [{ make: 'Mitsubishi', model: 'Outlander', variant: 'VRX PHEV' }],
  ])('is not sure of an electric or plug-in car: %o', (car) => {
    expect(isPlugIn(car)).toBe(true);
    const e = valued(localMarketEstimate({ ...car, year: 2022, km: 30_000 }, { asAt: AS_AT, country: 'AU' }));
    expect(e.confidence).toBe('medium');
  });

  it('is still sure of a petrol, diesel or hybrid car its table knows', () => {
    expect(isPlugIn({ make: 'Toyota', model: 'RAV4', variant: 'GXL Hybrid AWD' })).toBe(false);
    expect(isPlugIn({ make: 'Kia', model: 'Sportage', variant: 'SX+ 2.0 Diesel' })).toBe(false);
    expect(valued(localMarketEstimate(rav4, { asAt: AS_AT, country: 'AU', state: 'NSW' })).confidence).toBe('high');
  });
});

describe('a price excluding government charges', () => {
  const range = (extra: Partial<MarketEstimate> = {}): MarketEstimate => ({
    low: 30_000,
    high: 34_000,
    currency: 'AUD',
    confidence: 'high',
    as_at: AS_AT,
    source: 'Estimate from typical used-car values by make, age and km (not live listings)',
    drive_away_state: 'NSW',
    ...extra,
  });
  const car = (price: number, estimate = range()): MarketCar => ({
    car_type: 'used',
    year: 2021,
    make: 'Toyota',
    model: 'RAV4',
    km: 52_000,
    price,
    price_qualifier: 'excl_govt_charges',
    market_estimate: estimate,
  });
  const ON = { enabled: true };

  it('is compared after adding the state’s estimated charges, and the explanation says so', () => {
    // $28,990 + NSW $870 duty + $1,050 = $30,910 drive-away: within the range.
    const m = marketIndicator(car(28_990), ON)!;
    expect(m.position).toBe('around');
    expect(m.charges?.total).toBe(1_920);
    expect(m.explanation).toContain(
      "This car's price excludes government charges: to compare it with drive-away prices we added an " +
        "estimated $1,920 for NSW stamp duty, 12 months' registration and CTP, and the transfer fee " +
        '(about $30,910 drive-away).',
    );
    // Without the charges the same price would have read "Below market".
    expect(marketIndicator(car(28_990), ON)!.position).not.toBe('below');
    expect(marketIndicator(car(27_000), ON)!.position).toBe('below');
  });

  it('is not compared with a range that names no AU state, or with an NZD range', () => {
    expect(marketExclusion(car(28_990, range({ drive_away_state: undefined })), ON)).toBe(
      'price excludes government charges',
    );
    expect(marketExclusion(car(28_990, range({ currency: 'NZD' })), ON)).toBe('price excludes government charges');
  });

  it('leaves a drive-away price as it is', () => {
    const m = marketIndicator({ ...car(30_500), price_qualifier: 'drive_away' }, ON)!;
    expect(m.position).toBe('around');
    expect(m.charges).toBeUndefined();
    expect(m.explanation).not.toContain('government charges');
  });
});
