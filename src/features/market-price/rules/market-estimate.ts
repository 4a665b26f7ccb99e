/**
 * The market-price estimate of a car for sale: the RETAIL range similar cars are advertised at,
 * as a valuation provider (Redbook, Glass's and the like) gives it, with how sure it is. A car of
 * a dealer that shows the indicator (site.json `market_price.enabled`) carries its estimate as
 * `market_estimate` (optional, docs/market-price.md): on the built pages, in the API's content and
 * in search hits. The rule (../rules/market-position.ts) decides whether a badge is shown.
 */

export const MARKET_CONFIDENCES = ['high', 'medium', 'low'] as const;
export type MarketConfidence = (typeof MARKET_CONFIDENCES)[number];

/** What a provider is asked: a VIN, a rego and state, or make/model/variant/year/odometer. */
export interface MarketQuery {
  vin?: string;
  rego?: string;
  /** AU state or territory of the rego, e.g. "NSW". */
  state?: string;
  make?: string;
  model?: string;
  variant?: string;
  year?: number;
  km?: number;
}

/** The vehicle the estimate is for, as the provider identified it (for the explanation). */
export interface MarketBasis {
  year?: number;
  make?: string;
  model?: string;
  variant?: string;
  km?: number;
}

export interface MarketEstimate {
  /** Whole dollars in `currency`: the low and high ends of the retail range. */
  low: number;
  high: number;
  currency: 'AUD' | 'NZD';
  confidence: MarketConfidence;
  /** YYYY-MM-DD: the day the provider's figures are as at. */
  as_at: string;
  /** Who gave the figures, e.g. "Dealer estimate", "Redbook". */
  source: string;
  basis?: MarketBasis;
  /**
   * The AU state (e.g. "NSW") when the range is of drive-away prices there: a car priced
   * excluding government charges is then compared after adding that state's estimated charges
   * (./govt-charges.ts). Absent, such a car is not compared.
   */
  drive_away_state?: string;
}

export type MarketAnswer = { status: 'valued'; estimate: MarketEstimate } | { status: 'unknown'; message: string };

/** A car (or search hit) that may carry its estimate. */
export interface WithMarketEstimate {
  market_estimate?: MarketEstimate;
}
