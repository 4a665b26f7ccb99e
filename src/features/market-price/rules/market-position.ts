/**
 * The market-price indicator (docs/market-price.md): where a car's price sits against the retail
 * range similar cars are advertised at. Pure: the car page, the cards and the tests share it.
 *
 * Shown only when every one of these holds (each exclusion is a test):
 *   - the dealer turned it on (site.json `market_price.enabled`)
 *   - the car has an estimate, and its confidence is "high"
 *   - the car is used (new and demo cars are priced from the maker's list, not the used market)
 *   - it has a price: not price on application, not 0
 *   - its headline price is comparable: a drive-away price or a price the stock does not qualify;
 *     a price that only excludes government charges is compared only with a range of drive-away
 *     prices in a known AU state (`drive_away_state`), after adding that state's estimated
 *     charges (./govt-charges.ts), and the explanation says so; otherwise it is not compared
 *   - it has a make, model and year, is at most MAX_AGE_YEARS old and has at most MAX_KM km
 *   - its price is from MIN_PRICE to MAX_PRICE
 *   - the estimate is at most MAX_ESTIMATE_AGE_DAYS old when the caller knows the day
 * Bands, with the range's low and high ends L and H:
 *   price < L: "Below market"; L <= price <= H: "Around market"; price > H: "Above market".
 */
import type { MarketEstimate, WithMarketEstimate } from './market-estimate.ts';
import { headlinePrice, type PricedCar } from '../../../domain/car-prices.ts';
import { formatPrice } from '../../../lib/text.ts';
import { auState, estimatedGovtCharges, type GovtCharges } from './govt-charges.ts';

export const MAX_AGE_YEARS = 15;
export const MAX_KM = 250_000;
export const MIN_PRICE = 5_000;
export const MAX_PRICE = 150_000;
export const MAX_ESTIMATE_AGE_DAYS = 45;

export type MarketPosition = 'below' | 'around' | 'above';

export const POSITION_LABEL: Record<MarketPosition, string> = {
  below: 'Below market',
  around: 'Around market',
  above: 'Above market',
};

/** What the badge's explanation says each position means. */
export const POSITION_MEANING: Record<MarketPosition, string> = {
  below: 'The price is under the low end of the range similar cars are advertised at.',
  around: 'The price is within the range similar cars are advertised at.',
  above: 'The price is over the high end of the range similar cars are advertised at.',
};

/** The car facts the rule reads: a Car or a search hit. */
export type MarketCar = PricedCar &
  WithMarketEstimate & {
    car_type?: 'new' | 'used' | 'demo';
    year?: number;
    make?: string;
    model?: string;
    km?: number;
  };

export interface MarketIndicator {
  position: MarketPosition;
  label: string;
  meaning: string;
  /** "Compared with similar 2019 Toyota RAV4 vehicles with about 85,000 km for sale in Australia; …" */
  explanation: string;
  estimate: MarketEstimate;
  /** The estimated charges added to a price that excludes them, when they were. */
  charges?: GovtCharges;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-12-03" → "3 Dec 2026". */
export function formatAsAt(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1] ?? ''} ${m[1]}` : day;
}

const present = (s: string | undefined): s is string => typeof s === 'string' && s.trim() !== '';
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The band of `price` in the range [low, high]. */
export function positionOf(price: number, estimate: Pick<MarketEstimate, 'low' | 'high'>): MarketPosition {
  if (price < estimate.low) return 'below';
  if (price > estimate.high) return 'above';
  return 'around';
}

/**
 * The price compared with the range: the headline price, or a price excluding government charges
 * with the estimated charges of the range's state added; undefined when there is none to compare.
 */
export function comparedPrice(
  car: MarketCar,
  estimate: MarketEstimate,
): { amount: number; charges?: GovtCharges } | undefined {
  const headline = headlinePrice(car);
  if (!headline || !(headline.amount > 0)) return undefined;
  if (headline.kind !== 'excl_govt_charges') return { amount: headline.amount };
  const state = estimate.currency === 'AUD' ? auState(estimate.drive_away_state) : undefined;
  if (!state) return undefined;
  const charges = estimatedGovtCharges(state, headline.amount);
  return { amount: headline.amount + charges.total, charges };
}

/** Why a car shows no indicator (the first exclusion that applies), or undefined when it shows one. */
export function marketExclusion(
  car: MarketCar,
  settings: { enabled?: boolean } | undefined,
  today?: string,
): string | undefined {
  if (settings?.enabled !== true) return 'turned off';
  const estimate = car.market_estimate;
  if (!estimate) return 'no estimate';
  if (estimate.confidence !== 'high') return 'estimate not sure';
  if (!(estimate.low > 0) || estimate.low > estimate.high) return 'no range';
  if (car.car_type === 'new' || car.car_type === 'demo') return 'new or demo car';
  if (car.price_on_application === true) return 'price on application';
  const headline = headlinePrice(car);
  if (!headline || !(headline.amount > 0)) return 'no price';
  const compared = comparedPrice(car, estimate);
  if (!compared) return 'price excludes government charges';
  if (!present(car.make) || !present(car.model) || typeof car.year !== 'number') return 'no make, model or year';
  const asAtYear = Number(estimate.as_at.slice(0, 4));
  if (asAtYear - car.year > MAX_AGE_YEARS) return 'too old';
  if (typeof car.km !== 'number' || car.km > MAX_KM) return 'kilometres unknown or too high';
  if (compared.amount < MIN_PRICE || compared.amount > MAX_PRICE) return 'outside the price band';
  if (today && daysBetween(estimate.as_at, today) > MAX_ESTIMATE_AGE_DAYS) return 'estimate out of date';
  return undefined;
}

/** The indicator a car shows, or undefined (see the exclusions above). */
export function marketIndicator(
  car: MarketCar,
  settings: { enabled?: boolean } | undefined,
  options: { today?: string } = {},
): MarketIndicator | undefined {
  if (marketExclusion(car, settings, options.today)) return undefined;
  const estimate = car.market_estimate!;
  const { amount: price, charges } = comparedPrice(car, estimate)!;
  const position = positionOf(price, estimate);
  const basis = estimate.basis ?? {};
  const vehicle = [basis.year ?? car.year, basis.make ?? car.make, basis.model ?? car.model].join(' ');
  const km = basis.km ?? car.km;
  const kmText = typeof km === 'number' ? ` with about ${formatPrice(Math.round(km / 1000) * 1000).slice(1)} km` : '';
  const where = estimate.currency === 'NZD' ? 'New Zealand' : 'Australia';
  const explanation =
    `Compared with similar ${vehicle} vehicles${kmText} for sale in ${where}; estimate range ` +
    `${formatPrice(estimate.low)}–${formatPrice(estimate.high)} as at ${formatAsAt(estimate.as_at)}. ` +
    `Source: ${estimate.source}.` +
    (charges
      ? ` This car's price excludes government charges: to compare it with drive-away prices we added an ` +
        `estimated ${formatPrice(charges.total)} for ${charges.state} stamp duty, 12 months' registration ` +
        `and CTP, and the transfer fee (about ${formatPrice(price)} drive-away).`
      : '');
  return {
    position,
    label: POSITION_LABEL[position],
    meaning: POSITION_MEANING[position],
    explanation,
    estimate,
    ...(charges ? { charges } : {}),
  };
}
