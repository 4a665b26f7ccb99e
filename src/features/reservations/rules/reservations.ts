/**
 * Online reservation of a stock car (content format 1.2 `reservations`): whether a car can be
 * reserved, for what deposit, and for how long a paid reservation holds it. Read by the car page
 * (the "Reserve for $X" button) and by POST /api/reservations, so both say the same.
 */
import type { Car } from '../../../content/entities.ts';
import type { Site } from '../../../content/site.ts';
import { locale } from '../../../lib/locale.ts';
import { timeZoneFor } from '../../../domain/booking-hours.ts';
import { isPriceOnApplication } from '../../../domain/car-prices.ts';

/** Hours a paid reservation holds the car when the site does not say. */
export const DEFAULT_HOLD_HOURS = 48;
/**
 * Minutes a checkout stays open, and the car held for it. Stripe takes no Checkout Session that
 * expires sooner than 30 minutes after it is made (by its own clock, when the request arrives):
 * one minute more keeps a create from being refused for the time it takes to reach Stripe.
 */
export const CHECKOUT_MINUTES = 31;

export interface ReservationOffer {
  /** Whole dollars in the site's currency. */
  deposit: number;
  /** ISO 4217, upper case: "AUD" or "NZD". */
  currency: string;
  holdHours: number;
  /** The dealer's terms as HTML (unsanitised here); absent: the default terms are shown. */
  terms?: string;
}

/**
 * The site's reservation offer for `car`; undefined when the site takes none or the car cannot be
 * reserved: it is not for sale, it is price on application (content format 1.3: a deposit
 * towards a price the shopper has not been told), or it is a New Zealand used or demonstrator car
 * without its Consumer Information Notice (nz_cin), which must be shown before it is offered for
 * sale online.
 */
export function reservationOffer(
  site: Pick<Site, 'reservations' | 'country'>,
  car: Pick<Car, 'status' | 'car_type' | 'nz_cin' | 'price_on_application'>,
): ReservationOffer | undefined {
  const r = site.reservations;
  if (!r?.enabled || (car.status ?? 'available') !== 'available') return undefined;
  if (isPriceOnApplication(car)) return undefined;
  if (locale(site.country).legal.usedVehicleNotice && car.car_type !== 'new' && !car.nz_cin) return undefined;
  return {
    deposit: r.deposit,
    currency: locale(site.country).currency.code,
    holdHours: r.hold_hours ?? DEFAULT_HOLD_HOURS,
    ...(r.terms ? { terms: r.terms } : {}),
  };
}

/** "48 hours", "1 hour", "3 days" (whole days from 72 hours). */
export function holdText(hours: number): string {
  if (hours >= 72 && hours % 24 === 0) return `${hours / 24} days`;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The terms shown before payment when the dealer gives none. */
export function defaultTerms(offer: Pick<ReservationOffer, 'holdHours'>): string {
  return (
    `Your deposit holds this car for you for ${holdText(offer.holdHours)}. ` +
    'It forms part of the price if you buy the car, and is refunded in full if the dealer cannot sell it to you. ' +
    'A reservation is not a contract of sale: the dealer will contact you to arrange the sale and to talk about ' +
    'a refund if you change your mind.'
  );
}

/** "Sun 29 Nov 2026, 8:19 am AEDT": a hold's end in the dealer's own time zone. */
export function holdEndText(site: Pick<Site, 'country' | 'state'>, at: Date): string {
  return timeInZone(at, timeZoneFor(site), locale(site.country).language);
}

/** "Sun 29 Nov 2026, 8:19 am AEDT": `at` in the IANA zone `zone` (UTC when none), with the zone's name. */
export function timeInZone(at: Date, zone: string | null | undefined, language = 'en-AU'): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: zone || 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}
