/**
 * The prices a car page shows, each with what it includes (content format 1.1 `price_qualifier`,
 * 1.2 `price_drive_away` and `price_egc`). `price` stays the price search sorts and filters by;
 * this decides only what a shopper reads.
 *
 * Australian law asks for the single, all-inclusive price wherever a component price is shown, at
 * least as prominently: the drive-away price therefore comes first, and a price excluding
 * government charges never stands first while a fuller price is known.
 */
import type { Car } from '../content/entities.ts';
import { formatPrice, priceQualifierLabel } from '../lib/text.ts';

/** What a price on application car shows wherever a price would be (content format 1.3). */
export const PRICE_ON_APPLICATION = 'Price on application';

/** What a price includes; absent, the stock does not say (and the page must not call it drive-away). */
export type PriceKind = 'drive_away' | 'excl_govt_charges';

export interface PriceLine {
  amount: number;
  kind?: PriceKind;
}

/** The price facts of a car; a search hit, a Car and a compare row all have them. */
export type PricedCar = Pick<Car, 'price'> &
  Partial<Pick<Car, 'price_qualifier' | 'price_drive_away' | 'price_egc' | 'price_on_application'>>;

const PRICE_FIELDS = ['price', 'price_qualifier', 'price_drive_away', 'price_egc', 'price_on_application'] as const;

/** The price fields a car has, for what carries a car's prices along and shows them later. */
export function priceFacts(car: PricedCar): PricedCar {
  const out: Record<string, unknown> = {};
  for (const k of PRICE_FIELDS) if (car[k] !== undefined) out[k] = car[k];
  return out as PricedCar;
}

/** Content format 1.3: the stock asks the shopper to enquire for the price (its `price` is 0 and never shown). */
export const isPriceOnApplication = (car: Partial<Pick<Car, 'price_on_application'>>): boolean =>
  car.price_on_application === true;

/**
 * The car's prices, most inclusive first; the first is the headline price.
 *
 * - Neither 1.2 price: `price` with its qualifier (or none), as before.
 * - A drive-away price: it leads, and `price` is not repeated beside it.
 * - A price excluding government charges without a drive-away price: `price` leads when it is a
 *   different figure that the stock does not call excluding government charges (it is the fuller
 *   price, labelled only as far as the stock says), then the excluding price.
 * - Price on application: none.
 */
export function carPrices(car: PricedCar): PriceLine[] {
  if (isPriceOnApplication(car)) return [];
  const dap = car.price_drive_away;
  const egc = car.price_egc;
  if (dap === undefined && egc === undefined) return [line(car.price, car.price_qualifier)];
  const lines: PriceLine[] = [];
  if (dap !== undefined) lines.push(line(dap, 'drive_away'));
  else if (car.price !== egc && car.price_qualifier !== 'excl_govt_charges')
    lines.push(line(car.price, car.price_qualifier));
  if (egc !== undefined) lines.push(line(egc, 'excl_govt_charges'));
  return lines;
}

/**
 * The one price a car shows where there is room for one (cards, saved cars, compare, emails, leads,
 * structured data, feeds, analytics, finance): the car page's headline. Undefined for a price on
 * application car, which has none.
 */
export function headlinePrice(car: PricedCar): PriceLine | undefined {
  return carPrices(car)[0];
}

/** The headline price as a shopper reads it: "$33,990" with "Drive away", or "Price on application". */
export interface HeadlineText {
  text: string;
  /** What the price includes, when the stock says ("Drive away", "Excl. government charges"). */
  note?: string;
  priceOnApplication: boolean;
}

export function headlinePriceText(car: PricedCar): HeadlineText {
  const head = headlinePrice(car);
  if (!head) return { text: PRICE_ON_APPLICATION, priceOnApplication: true };
  const note = priceQualifierLabel(head.kind);
  return { text: formatPrice(head.amount), ...(note ? { note } : {}), priceOnApplication: false };
}

/**
 * The price search sorts and filters by: the headline price every card shows, which is `price`
 * but where the stock has a drive-away price beside a `price` excluding government charges (the
 * card then shows the drive-away price, as the law asks, and a "Max $30,000" or "low to high"
 * must agree with what the shopper reads); null for a price on application car, so it sorts
 * after priced cars either way and counts in no price range.
 */
export function searchPrice(car: PricedCar): number | null {
  return headlinePrice(car)?.amount ?? null;
}

function line(amount: number, kind: PriceKind | undefined): PriceLine {
  return kind ? { amount, kind } : { amount };
}

/**
 * The price including everything needed to drive away (for New Zealand's notice, the total cash
 * price with GST, registration and licensing), when the stock says what that is; undefined when it
 * does not.
 */
export function driveAwayPrice(car: PricedCar): number | undefined {
  if (isPriceOnApplication(car)) return undefined;
  if (car.price_drive_away !== undefined) return car.price_drive_away;
  return car.price_qualifier === 'drive_away' ? car.price : undefined;
}
