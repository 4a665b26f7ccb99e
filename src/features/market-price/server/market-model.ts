/**
 * The offline market-price estimate, built on the project's own valuation model
 * (src/features/valuation/server/valuation-model.ts). That model works out a car's retail value R
 * (new price × age × kilometres × condition; condition taken as "good": a dealer's car for sale is
 * presented). Its age curve is the pre-2020 rule of thumb, which still fits New Zealand, whose used
 * market draws heavily on Japanese used imports; Australia largely bars used imports and its used
 * prices have stayed well above that curve since 2020, more so the older the car. So:
 *
 *   NZ  retail = R × 1.10 (the model's fixed NZD rate); the range is of advertised prices.
 *   AU  value = R × AU_USED_LEVEL(age); the range is of DRIVE-AWAY prices: value plus the dealer's
 *       state's estimated government charges (stamp duty on the value, 12 months' registration
 *       and CTP, transfer: ../rules/govt-charges.ts); a dealer without a known state gets the
 *       average of the states' charges. The estimate names the state (`drive_away_state`), so a
 *       price excluding government charges is compared after adding them.
 *
 * AU_USED_LEVEL by whole years of age (a judgment from public indices, not a fit to any dealer's
 * prices): Cox Automotive's dealer used-car retail index stood in July 2023 at +29% (up to 2
 * years old), +45% (2–4), +53% (5–7) and +69% (8–10) on December 2019; the Datium Insights–Moody's
 * Analytics wholesale index fell 9.3% in 2023 with a further ~8% forecast for 2024, and new prices
 * (which the model's table gives in today's dollars) rose meanwhile. About a third of each band's
 * 2023 rise is taken to remain relative to today's new prices: ×1.10, ×1.15, ×1.18, ×1.23.
 *
 * Range: low = price × 0.92 rounded down, high = price × 1.08 rounded up, to $100.
 *
 * Confidence: "high" only where the model's price table knows the make AND model, the car is at
 * most HIGH_CONFIDENCE_MAX_AGE years old, its kilometres are known, and it is not electric or a
 * plug-in hybrid (the table prices a segment's petrol, diesel or hybrid norm, and electric cars'
 * used prices have moved with new-price cuts the table does not follow); "medium" where it knows
 * the model but not those; "low" where it knew only the make (a segment's price). No estimate: a
 * make it does not know, no year, over 30 years old, or a VIN or rego alone.
 */
import type { MarketAnswer, MarketConfidence, MarketQuery } from '../contract/market-price.ts';
import { estimate, NZD_PER_AUD } from '../../valuation/server/valuation-model.ts';
import { AU_STATES, auState, estimatedGovtCharges } from '../rules/govt-charges.ts';

export const RETAIL_SPREAD = 0.08;
export const HIGH_CONFIDENCE_MAX_AGE = 12;
export const LOCAL_SOURCE = 'Estimate from typical used-car values by make, age and km (not live listings)';

/** AU used retail over the model's curve, by age: [up to this many whole years, factor]. */
export const AU_USED_LEVEL: readonly (readonly [number, number])[] = [
  [2, 1.1],
  [4, 1.15],
  [7, 1.18],
  [Infinity, 1.23],
];

export function auUsedLevel(age: number): number {
  return AU_USED_LEVEL.find(([upTo]) => age <= upTo)![1];
}

/** Electric and plug-in hybrid powertrains, named in the model or variant. */
const PLUG_IN = /\b(electric|ev|bev|phev|plug-?in|e-?tron|\d+\s?kwh)\b/i;
const PLUG_IN_MODELS =
  /^(model\s?[3sxy]|leaf|ioniq\s?5|ioniq\s?6|ev\d|atto|seal|dolphin|mx-?30|zs\s?ev|id\.?\d|i[x345]\b|eqa|eqb|eqc|xc40 recharge|c40|kona electric)/i;

export function isPlugIn(query: Pick<MarketQuery, 'make' | 'model' | 'variant'>): boolean {
  const model = query.model ?? '';
  return (
    /^tesla$/i.test(query.make?.trim() ?? '') ||
    PLUG_IN_MODELS.test(model.trim()) ||
    PLUG_IN.test(`${model} ${query.variant ?? ''}`)
  );
}

/** The average of the states' charges on `value`, for an AU dealer whose state is not known. */
function averageCharges(value: number): number {
  const all = AU_STATES.map((st) => estimatedGovtCharges(st, value).total);
  return all.reduce((a, b) => a + b, 0) / all.length;
}

const round = (n: number, how: 'down' | 'up') => (how === 'down' ? Math.floor(n / 100) : Math.ceil(n / 100)) * 100;

export function localMarketEstimate(
  query: MarketQuery,
  o: { asAt: string; country: 'AU' | 'NZ'; state?: string },
): MarketAnswer {
  if (!query.make || query.year === undefined) {
    return {
      status: 'unknown',
      message: 'The local estimate needs the make, model and year; a VIN or rego alone is not enough.',
    };
  }
  const { answer, working } = estimate(
    { make: query.make, model: query.model, year: query.year, km: query.km },
    { asAt: o.asAt, country: o.country },
  );
  if (answer.status !== 'valued' || !working) {
    return { status: 'unknown', message: answer.status === 'unknown' ? answer.message : 'No estimate.' };
  }
  const state = o.country === 'AU' ? auState(o.state) : undefined;
  let retail: number;
  if (o.country === 'NZ') retail = working.retail * NZD_PER_AUD;
  else {
    const value = working.retail * auUsedLevel(working.age);
    retail = value + (state ? estimatedGovtCharges(state, value).total : averageCharges(value));
  }
  const confidence: MarketConfidence = !working.matched
    ? 'low'
    : working.age <= HIGH_CONFIDENCE_MAX_AGE && query.km !== undefined && !isPlugIn(query)
      ? 'high'
      : 'medium';
  return {
    status: 'valued',
    estimate: {
      low: round(retail * (1 - RETAIL_SPREAD), 'down'),
      high: round(retail * (1 + RETAIL_SPREAD), 'up'),
      currency: o.country === 'NZ' ? 'NZD' : 'AUD',
      confidence,
      as_at: o.asAt,
      source: LOCAL_SOURCE,
      basis: {
        year: query.year,
        make: answer.vehicle.make ?? query.make,
        ...(query.model ? { model: query.model } : {}),
        ...(query.variant ? { variant: query.variant } : {}),
        ...(query.km !== undefined ? { km: query.km } : {}),
      },
      ...(state ? { drive_away_state: state } : {}),
    },
  };
}
