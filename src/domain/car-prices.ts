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

/** What a price includes; absent, the stock does not say (and the page must not call it drive-away). */
export type PriceKind = 'drive_away' | 'excl_govt_charges';

export interface PriceLine {
  amount: number;
  kind?: PriceKind;
}

type PricedCar = Pick<Car, 'price'> & Partial<Pick<Car, 'price_qualifier' | 'price_drive_away' | 'price_egc'>>;

/**
 * The car's prices, most inclusive first; the first is the headline price.
 *
 * - Neither 1.2 price: `price` with its qualifier (or none), as before.
 * - A drive-away price: it leads, and `price` is not repeated beside it.
 * - A price excluding government charges without a drive-away price: `price` leads when it is a
 *   different figure that the stock does not call excluding government charges (it is the fuller
 *   price, labelled only as far as the stock says), then the excluding price.
 */
export function carPrices(car: PricedCar): PriceLine[] {
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

function line(amount: number, kind: PriceKind | undefined): PriceLine {
  return kind ? { amount, kind } : { amount };
}

/**
 * The price including everything needed to drive away (for New Zealand's notice, the total cash
 * price with GST, registration and licensing), when the stock says what that is; undefined when it
 * does not.
 */
export function driveAwayPrice(car: PricedCar): number | undefined {
  if (car.price_drive_away !== undefined) return car.price_drive_away;
  return car.price_qualifier === 'drive_away' ? car.price : undefined;
}
