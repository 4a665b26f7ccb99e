/**
 * The offline market-price estimate, built on the project's own valuation model
 * (src/features/valuation/server/valuation-model.ts). That model works out a car's retail value R
 * (new price × age × kilometres × condition) and gives a trade-in range as 78% to 86% of it; the
 * retail range here is R itself, widened by RETAIL_SPREAD either side for the spread of asking
 * prices of similar cars: low = R × 0.92 rounded down, high = R × 1.08 rounded up, to $100
 * (NZD: × 1.10 as the model's fixed rate). Condition is taken as "good": a dealer's car for sale
 * is presented.
 *
 * Confidence: "high" only where the model's price table knows the make AND model, the car is at
 * most HIGH_CONFIDENCE_MAX_AGE years old and its kilometres are known; "medium" where it knows the
 * model but not those; "low" where it knew only the make (a segment's price). No estimate: a make
 * it does not know, no year, over 30 years old, or a VIN or rego alone.
 */
import type { MarketAnswer, MarketConfidence, MarketQuery } from '../contract/market-price.ts';
import { estimate, NZD_PER_AUD } from '../../valuation/server/valuation-model.ts';

export const RETAIL_SPREAD = 0.08;
export const HIGH_CONFIDENCE_MAX_AGE = 12;
export const LOCAL_SOURCE = 'Dealer estimate from recent market data';

const round = (n: number, how: 'down' | 'up') => (how === 'down' ? Math.floor(n / 100) : Math.ceil(n / 100)) * 100;

export function localMarketEstimate(query: MarketQuery, o: { asAt: string; country: 'AU' | 'NZ' }): MarketAnswer {
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
  const rate = o.country === 'NZ' ? NZD_PER_AUD : 1;
  const retail = working.retail * rate;
  const confidence: MarketConfidence = !working.matched
    ? 'low'
    : working.age <= HIGH_CONFIDENCE_MAX_AGE && query.km !== undefined
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
    },
  };
}
