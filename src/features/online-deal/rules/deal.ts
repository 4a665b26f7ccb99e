/**
 * The online deal's rules (site.json `online_deal`, src/content/site-shopper.ts): which steps a
 * dealer offers for a car and in what order, when a handover may be, and what the deal adds up
 * to. Pure: the deal API and the deal page both read them.
 */
import { DEAL_STEPS, type DealStep, type OnlineDealSettings } from '../../../content/site-shopper.ts';
import type { Car, Location } from '../../../content/entities.ts';
import type { Site } from '../../../content/site.ts';
import { bookingHours, isOpenDay, type BookingHours } from '../../../domain/booking-hours.ts';
import { headlinePrice, isPriceOnApplication } from '../../../domain/car-prices.ts';
import { reservationOffer } from '../../reservations/rules/reservations.ts';

export { DEAL_STEPS, type DealStep };

/** How the shopper takes the car: collected at one of the dealer's locations, or delivered. */
export type HandoverKind = 'collection' | 'delivery';

/** The dealer offers online deals for this car: deals are on and the car is listed for sale. */
export function dealOffered(
  site: Pick<Site, 'online_deal'>,
  car: Pick<Car, 'status' | 'price' | 'price_on_application'>,
): boolean {
  if (!site.online_deal?.enabled) return false;
  return (car.status ?? 'available') === 'available';
}

/** The handover kinds the dealer allows: collection unless turned off, delivery only when turned on. */
export function handoverKinds(settings: OnlineDealSettings | undefined): HandoverKind[] {
  const kinds: HandoverKind[] = [];
  if (settings?.collection ?? true) kinds.push('collection');
  if (settings?.delivery ?? false) kinds.push('delivery');
  return kinds;
}

/**
 * The steps after the car, in the dealer's order (every step by default). Handover goes when the
 * dealer allows neither collection nor delivery; the deposit when the site takes no reservations
 * or this car cannot be reserved (reservationOffer: not for sale, price on application, or an NZ
 * used car without its Consumer Information Notice).
 */
export function dealSteps(
  site: Pick<Site, 'online_deal' | 'reservations' | 'country'>,
  car: Pick<Car, 'status' | 'car_type' | 'nz_cin' | 'price_on_application' | 'price'>,
): DealStep[] {
  const settings = site.online_deal;
  if (!settings?.enabled) return [];
  const wanted = settings.steps ?? [...DEAL_STEPS];
  return wanted.filter((step) => {
    if (step === 'handover') return handoverKinds(settings).length > 0;
    if (step === 'deposit') return reservationOffer(site, car) !== undefined;
    if (step === 'finance') return !isPriceOnApplication(car);
    return true;
  });
}

/** A location's sales hours, for the handover date; undefined when it publishes none (any day then). */
export function handoverHours(
  location: Pick<Location, 'hours' | 'address' | 'name'>,
  site: Pick<Site, 'country' | 'state'>,
): BookingHours | undefined {
  return bookingHours(location, 'sales', site);
}

/** Days from today the earliest handover may be (the dealer needs a day to prepare the car). */
export const HANDOVER_LEAD_DAYS = 1;
/** The latest handover, in days from today. */
export const HANDOVER_HORIZON_DAYS = 90;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What is wrong with a preferred handover day (YYYY-MM-DD), in the shopper's words, or undefined:
 * it must be a real day, not before tomorrow, within 90 days, and an open day of the location
 * (for collection; a delivery comes on one of the dealer's open days too, when it has hours).
 */
export function handoverDateProblem(
  day: string,
  today: string,
  hours: BookingHours | undefined,
  place = 'the dealer',
): string | undefined {
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    return 'Choose a preferred date, such as 2026-12-14.';
  if (day <= today) return 'Choose a date from tomorrow on: the dealer needs a day to prepare the car.';
  const latest = new Date(`${today}T00:00:00Z`);
  latest.setUTCDate(latest.getUTCDate() + HANDOVER_HORIZON_DAYS);
  if (day > latest.toISOString().slice(0, 10)) return `Choose a date within ${HANDOVER_HORIZON_DAYS} days.`;
  if (hours && !isOpenDay(hours, day)) {
    const weekday = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', { weekday: 'long', timeZone: 'UTC' });
    return `${hours.name ?? place} is closed on ${weekday}s. Choose a day it is open.`;
  }
  return undefined;
}

/** What the deal adds up to, in whole dollars. */
export interface DealTotals {
  /** The car's headline price; undefined for a price on application car. */
  price?: number;
  /** The trade-in offer taken off the price. */
  tradeIn: number;
  /** The deposit paid online to reserve the car. */
  deposit: number;
  /** The finance deposit the shopper puts towards the car (besides the reservation deposit). */
  financeDeposit: number;
  /** price − trade-in − reservation deposit − finance deposit, never below 0: what is left to pay or finance. */
  balance?: number;
}

export function dealTotals(
  car: Parameters<typeof headlinePrice>[0],
  parts: { tradeInOffer?: number; deposit?: number; financeDeposit?: number },
): DealTotals {
  const price = headlinePrice(car)?.amount;
  const tradeIn = Math.max(0, parts.tradeInOffer ?? 0);
  const deposit = Math.max(0, parts.deposit ?? 0);
  const financeDeposit = Math.max(0, parts.financeDeposit ?? 0);
  return {
    ...(price !== undefined ? { price, balance: Math.max(0, price - tradeIn - deposit - financeDeposit) } : {}),
    tradeIn,
    deposit,
    financeDeposit,
  };
}
