/**
 * A conditional trade-in offer from an online valuation, by the dealer's rules (site.json
 * `trade_in.offer`, src/content/site-shopper.ts): the dealer's share of the low end of the
 * trade-in range, rounded down to a whole $50, standing for `valid_days` days and subject to the
 * dealer's terms. Pure: the valuation widget shows it, the trade-in lead and the online deal carry it.
 */
import type { TradeInRange } from './valuation.ts';

export const DEFAULT_OFFER_DAYS = 7;
export const DEFAULT_OFFER_TERMS =
  'Subject to an inspection of the vehicle confirming the details you gave, clear title and no money owing.';
/** Offers are whole multiples of this many dollars, rounded down. */
export const OFFER_STEP = 50;

/** site.json `trade_in` (src/content/site-shopper.ts), as the rules read it. */
export interface TradeInRules {
  offer?: { share: number; valid_days?: number | undefined; terms?: string | undefined } | undefined;
}

export interface TradeInOffer {
  /** Whole dollars in the range's currency. */
  amount: number;
  currency: 'AUD' | 'NZD';
  /** The last day the offer stands, YYYY-MM-DD. */
  validUntil: string;
  terms: string;
  /** The range the offer was made from. */
  basis: { low: number; high: number; asAt: string; source: string };
}

/** YYYY-MM-DD `days` after `day` (a calendar day, no time zone). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new Error(`"${day}" is not a day such as 2026-12-03.`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The offer for this range, or undefined when the dealer makes none (no `trade_in.offer`) or the range is worth nothing. */
export function tradeInOffer(settings: TradeInRules | undefined, range: TradeInRange): TradeInOffer | undefined {
  const rules = settings?.offer;
  if (!rules) return undefined;
  const amount = Math.floor((range.low * rules.share) / OFFER_STEP) * OFFER_STEP;
  if (!(amount > 0)) return undefined;
  return {
    amount,
    currency: range.currency,
    validUntil: addDays(range.asAt, rules.valid_days ?? DEFAULT_OFFER_DAYS),
    terms: rules.terms ?? DEFAULT_OFFER_TERMS,
    basis: { low: range.low, high: range.high, asAt: range.asAt, source: range.source },
  };
}

/** Whether the offer still stands on `today` (YYYY-MM-DD): up to and including its last day. */
export function offerStands(offer: Pick<TradeInOffer, 'validUntil'>, today: string): boolean {
  return today <= offer.validUntil;
}
