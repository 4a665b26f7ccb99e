/**
 * The local valuation model: a trade-in range from make, model, year, kilometres and condition,
 * worked out offline and deterministically (the same vehicle on the same day always gets the same
 * figures). docs/api.md "Valuation" walks through an example.
 *
 *   new price    N  the table's price of the model (valuation-prices.ts), else its make's usual segment
 *   age          A  whole years from the model year to the valuation date (at least 0)
 *   retail       R = N × age(A) × km(K, A) × condition
 *     age(A)       kept of the new price: 90% in the model year (A = 0), then 84%, 78%, 72%, 67%,
 *                  62% at 5 years, then 7% less each further year, never below 12% (from 28 years)
 *     km(K, A)     1.5% off per 10,000 km above 15,000 km a year (A, at least half a year), 1.5% on
 *                  per 10,000 km below; between 70% and 110%. Unknown kilometres count as average.
 *     condition    excellent 105%, good 100% (also when unknown), fair 90%, poor 75%
 *   trade-in     78% to 86% of R (the dealer's reconditioning, costs and margin); 70% to 86% when
 *                only the make was known. Low rounded down, high up, to $100.
 *   NZD          the AUD figures × 1.10, a fixed rate of this model, not a market rate
 *
 * No valuation: a make the table does not know, no year, or a vehicle older than 30 years.
 */
import type { TradeInRange, ValuationAnswer, ValuedVehicle, VehicleCondition } from '../contract/valuation.ts';
import { DEFAULT_DISCLAIMER } from '../rules/valuation.ts';
import { locale } from '../../../lib/locale.ts';
import { makeEntry, newPrice } from './valuation-prices.ts';

export { DEFAULT_DISCLAIMER };

export const KM_PER_YEAR = 15_000;
export const MAX_AGE_YEARS = 30;
export const NZD_PER_AUD = 1.1;

/** The model's AUD figures in each currency it answers in. */
const PER_AUD: Record<'AUD' | 'NZD', number> = { AUD: 1, NZD: NZD_PER_AUD };

/** Kept of the new price by whole years of age, 0 to 5; then AGE_YEARLY each year. */
export const AGE_RETAINED = [0.9, 0.84, 0.78, 0.72, 0.67, 0.62] as const;
export const AGE_YEARLY = 0.93;
export const AGE_FLOOR = 0.12;

export const KM_STEP = 10_000;
export const KM_RATE = 0.015;
export const KM_FACTOR_MIN = 0.7;
export const KM_FACTOR_MAX = 1.1;

export const CONDITION_FACTOR: Record<VehicleCondition, number> = { excellent: 1.05, good: 1, fair: 0.9, poor: 0.75 };

/** Trade-in as a share of retail: [low, high]. */
export const TRADE_BAND: readonly [number, number] = [0.78, 0.86];
export const TRADE_BAND_MAKE_ONLY: readonly [number, number] = [0.7, 0.86];

export const MODEL_SOURCE = 'Dealer estimate';

export function ageFactor(age: number): number {
  const years = Math.max(0, Math.floor(age));
  if (years < AGE_RETAINED.length) return AGE_RETAINED[years]!;
  const last = AGE_RETAINED[AGE_RETAINED.length - 1]!;
  return Math.max(AGE_FLOOR, last * AGE_YEARLY ** (years - (AGE_RETAINED.length - 1)));
}

export function kmFactor(km: number | undefined, age: number): number {
  if (km === undefined) return 1;
  const expected = KM_PER_YEAR * Math.max(age, 0.5);
  const factor = 1 - (KM_RATE * (km - expected)) / KM_STEP;
  return Math.min(KM_FACTOR_MAX, Math.max(KM_FACTOR_MIN, factor));
}

export interface ModelInput {
  make?: string;
  model?: string;
  year?: number;
  km?: number;
  condition?: VehicleCondition;
}

export interface ModelOptions {
  /** The valuation date, YYYY-MM-DD (the dealer's calendar day). */
  asAt: string;
  country: 'AU' | 'NZ';
}

/** The steps of one estimate, for the docs and tests. */
export interface ModelWorking {
  newPrice: number;
  matched: boolean;
  age: number;
  ageFactor: number;
  kmFactor: number;
  conditionFactor: number;
  retail: number;
}

const round = (n: number, step: number, how: 'down' | 'up') =>
  (how === 'down' ? Math.floor(n / step) : Math.ceil(n / step)) * step;

/** The model's estimate, with its working; `unknown` says why there is none. */
export function estimate(
  input: ModelInput,
  options: ModelOptions,
): { answer: ValuationAnswer; working?: ModelWorking } {
  const entry = input.make ? makeEntry(input.make) : undefined;
  if (!entry) {
    return {
      answer: {
        status: 'unknown',
        message: input.make ? `We have no figures for ${input.make} vehicles.` : 'We need the make of the vehicle.',
      },
    };
  }
  if (input.year === undefined) return { answer: { status: 'unknown', message: 'We need the year of the vehicle.' } };
  const age = Math.max(0, Number(options.asAt.slice(0, 4)) - input.year);
  if (age > MAX_AGE_YEARS) {
    return {
      answer: { status: 'unknown', message: `Vehicles over ${MAX_AGE_YEARS} years old need an appraisal in person.` },
    };
  }
  const { price, matched } = newPrice(entry, input.model);
  const working: ModelWorking = {
    newPrice: price,
    matched,
    age,
    ageFactor: ageFactor(age),
    kmFactor: kmFactor(input.km, age),
    conditionFactor: CONDITION_FACTOR[input.condition ?? 'good'],
    retail: 0,
  };
  working.retail = price * working.ageFactor * working.kmFactor * working.conditionFactor;
  const currency = locale(options.country).currency.code;
  const currencyRate = PER_AUD[currency];
  const [lowShare, highShare] = matched ? TRADE_BAND : TRADE_BAND_MAKE_ONLY;
  const tradeIn: TradeInRange = {
    low: round(working.retail * lowShare * currencyRate, 100, 'down'),
    high: round(working.retail * highShare * currencyRate, 100, 'up'),
    currency,
    asAt: options.asAt,
    source: MODEL_SOURCE,
    disclaimer: DEFAULT_DISCLAIMER,
  };
  const vehicle: ValuedVehicle = {
    year: input.year,
    make: entry.name,
    ...(input.model ? { model: input.model } : {}),
    ...(input.km !== undefined ? { km: input.km } : {}),
    ...(input.condition ? { condition: input.condition } : {}),
  };
  return { answer: { status: 'valued', tradeIn, vehicle }, working };
}
