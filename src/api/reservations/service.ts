/**
 * What a reservation does, apart from HTTP: hold the car and open a checkout for the deposit; act
 * on the payment provider's verified notifications (paid: reserve the car and tell the dealer
 * through a lead; paid too late for a car another shopper holds: refund; expired: release); cancel
 * from the shopper's return link; and answer a reservation's state to its shopper.
 *
 * The browser's return from the checkout proves nothing: only a signed notification reserves.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import {
  CHECKOUT_MINUTES,
  DEFAULT_HOLD_HOURS,
  holdEndText,
  reservationOffer,
  type ReservationOffer,
} from '../../domain/reservations.ts';
import { isPriceOnApplication } from '../../domain/car-prices.ts';
import { carPageId, carTitle, successPath } from '../../domain/pages.ts';
import { carPath } from '../../domain/routes.ts';
import type { ReservationValues } from '../../forms/reservation.ts';
import type { ApiDeps, Db } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { saveLeads } from '../leads/store.ts';
import { carStatuses } from '../stock/store.ts';
import type { PaymentEvent, PaymentCurrency, Payments } from '../payments/payments.ts';
import {
  attachCheckout,
  firstTimeEvent,
  markPaid,
  markRefunded,
  releaseHold,
  reservationByCheckout,
  reservationById,
  setLead,
  startHold,
  type ReservationRow,
} from './store.ts';

export const RESERVATION_ID = /^res_[0-9a-f]{24}$/;
export const CAR_TAKEN =
  'Someone else is reserving this car right now. Please enquire and we will let you know if it becomes available.';
export const NOT_RESERVABLE = 'This car cannot be reserved online. Please enquire instead.';
export const PRICE_ON_APPLICATION_NOT_RESERVABLE =
  'This car is price on application, so it cannot be reserved online. Please enquire and the dealer will tell you its price.';
export const PAYMENTS_DOWN =
  'Online reservations are not available right now. Please try again shortly or enquire instead.';

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The shopper's return-link key matches the reservation's. */
export function keyMatches(row: Pick<ReservationRow, 'key_hash'>, key: string | undefined): boolean {
  if (!key) return false;
  const a = Buffer.from(hashKey(key), 'hex');
  const b = Buffer.from(row.key_hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The car `carId` of the dealer as it is listed now (imported stock or cars.json). */
function carOf(dealer: DealerContent, carId: string): Car | undefined {
  return dealer.cars.find((c) => String(c.id) === carId);
}

/** "$500.00 AUD" */
export function depositText(amountCents: number, currency: string): string {
  const dollars = (amountCents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `$${dollars} ${currency.toUpperCase()}`;
}

export interface StartedReservation {
  id: string;
  checkoutUrl: string;
}

/**
 * Holds the car and opens a checkout for the deposit. `siteOrigin` is the origin of the page the
 * shopper is on (their return links go there), `apiOrigin` the API's.
 */
export async function startReservation(
  deps: ApiDeps & { payments: Payments },
  dealer: DealerContent,
  input: { carId: string; values: ReservationValues; siteOrigin: string; apiOrigin: string },
): Promise<StartedReservation> {
  const car = carOf(dealer, input.carId);
  if (car && isPriceOnApplication(car)) throw new ApiError(409, PRICE_ON_APPLICATION_NOT_RESERVABLE);
  const status = car ? (await carStatuses(deps.db, dealer, [input.carId], deps.now()))[input.carId] : undefined;
  const offer: ReservationOffer | undefined =
    car && status === 'available' ? reservationOffer(dealer.site, { ...car, status: 'available' }) : undefined;
  if (!car || !offer) throw new ApiError(409, NOT_RESERVABLE);
  const now = deps.now();
  const id = `res_${randomBytes(12).toString('hex')}`;
  const key = randomBytes(24).toString('base64url');
  const { values } = input;
  const held = await startHold(deps.db, {
    id,
    site: dealer.slug,
    carId: input.carId,
    amount: offer.deposit * 100,
    currency: offer.currency.toLowerCase(),
    contact: {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
    },
    keyHash: hashKey(key),
    checkoutExpiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
    now,
  });
  if (!held) throw new ApiError(409, CAR_TAKEN);
  // The checkout's Cancel returns the shopper to the page's origin, which the cancel route checks again.
  const back = new URLSearchParams({ key, origin: input.siteOrigin });
  const thanks = new URLSearchParams({ category: 'vehicle-reservation', reservation: id, key });
  try {
    const checkout = await deps.payments.createCheckout({
      amount: offer.deposit * 100,
      currency: offer.currency.toLowerCase() as PaymentCurrency,
      description: `Deposit to reserve the ${carTitle(car)} at ${dealer.site.name}`,
      successUrl: `${input.siteOrigin}${successPath(dealer)}?${thanks}`,
      cancelUrl: `${input.apiOrigin}/api/reservations/${id}/cancel?${back}`,
      expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      email: values.email.trim(),
      reference: id,
      metadata: { site: dealer.slug, car_id: input.carId, stock_number: car.stock_number ?? '' },
    });
    await attachCheckout(deps.db, id, checkout.id, now);
    return { id, checkoutUrl: checkout.url };
  } catch (e) {
    await releaseHold(deps.db, id, 'checkout-failed', deps.now());
    console.error(`Reservation checkout for ${dealer.slug} failed: ${(e as Error).message}`);
    throw new ApiError(503, PAYMENTS_DOWN, undefined, { 'Retry-After': '30' });
  }
}

/** The lead that tells the dealer of a paid reservation, through the normal delivery. */
async function reservationLead(deps: ApiDeps, db: Db, dealer: DealerContent, row: ReservationRow) {
  const car = carOf(dealer, row.car_id);
  const deposit = depositText(row.amount, row.currency);
  const holdUntil = row.hold_until!.toISOString();
  const values = {
    ...row.contact,
    car_id: row.car_id,
    reservation_id: row.id,
    deposit_amount: (row.amount / 100).toFixed(2),
    deposit_currency: row.currency.toUpperCase(),
    payment_reference: row.payment_id ?? '',
    hold_until: holdUntil,
    hold_until_local: holdEndText(dealer.site, row.hold_until!),
    comments: `Reserved online: deposit ${deposit} paid (payment reference ${row.payment_id}). The car is held until ${holdEndText(dealer.site, row.hold_until!)}.`,
  };
  const [outcome] = await saveLeads(db, [
    {
      write: {
        siteSlug: dealer.slug,
        idempotencyKey: `reservation:${row.id}`,
        isLastStep: true,
        category: 'vehicle-reservation',
        pageId: car ? carPageId(car) : `car-${row.car_id}`,
        pageTitle: car ? carTitle(car) : undefined,
        blockId: 'reservation',
        formType: 'reservation',
        step: 'reservation',
        values,
        stepValues: values,
        tracking: {},
        now: deps.now(),
      },
      completion: { destinations: deps.destinations?.(dealer.slug) ?? [] },
    },
  ]);
  if (!outcome?.ok) throw new Error(`the reservation lead of ${row.id} was not saved`);
  await setLead(db, row.id, outcome.leadId);
  return outcome;
}

export type EventOutcome = 'duplicate' | 'reserved' | 'refunded' | 'released' | 'unknown' | 'ignored';

/**
 * Acts on one verified notification, once: a replay changes nothing. The event is recorded in
 * the same transaction as its effects, so a failure (the refund call, say) leaves it to be retried.
 */
export async function applyPaymentEvent(
  deps: ApiDeps & { payments: Payments },
  event: PaymentEvent,
): Promise<EventOutcome> {
  const completed: string[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<EventOutcome> => {
    const now = deps.now();
    if (!(await firstTimeEvent(tx, event.id, event.type === 'ignored' ? event.providerType : event.type, now))) {
      return 'duplicate';
    }
    if (event.type === 'ignored') return 'ignored';
    const row = await reservationByCheckout(tx, event.checkoutId);
    if (!row) return 'unknown';
    const dealer = deps.dealers.find((d) => d.slug === row.site_slug);
    if (event.type === 'checkout.expired') {
      return (await releaseHold(tx, row.id, 'checkout-expired', now)) ? 'released' : 'ignored';
    }
    const holdHours = dealer?.site.reservations?.hold_hours ?? DEFAULT_HOLD_HOURS;
    const paid = await markPaid(
      tx,
      event.checkoutId,
      event.paymentId,
      new Date(now.getTime() + holdHours * 3600_000),
      now,
    );
    if (!paid) return 'unknown';
    if (!paid.won) {
      if (paid.row.status === 'refunded') return 'refunded';
      const refundId = await deps.payments.refund(event.paymentId, 'the car was reserved by another shopper first');
      await markRefunded(tx, row.id, refundId, now);
      return 'refunded';
    }
    if (dealer && !paid.row.lead_id) {
      const lead = await reservationLead(deps, tx, dealer, paid.row);
      if (lead.completedNow) completed.push(lead.leadId);
    }
    return 'reserved';
  });
  for (const leadId of completed) deps.onLeadCompleted?.(leadId);
  return outcome;
}

/**
 * The shopper left the checkout ("Cancel" or back): the checkout is closed and the car released at
 * once. Answers where to send the shopper: the car page, or the thank-you page when the deposit
 * was paid after all.
 */
export async function cancelReservation(
  deps: ApiDeps & { payments: Payments },
  dealer: DealerContent,
  row: ReservationRow,
  siteOrigin: string,
): Promise<string> {
  const car = carOf(dealer, row.car_id);
  // Back to the reservation section, where the form says that no payment was taken.
  const carPage = car ? `${siteOrigin}${carPath(car)}?reservation=cancelled#reserve` : `${siteOrigin}/`;
  if (row.status !== 'held' || !row.checkout_id) return carPage;
  const state = await deps.payments.expireCheckout(row.checkout_id);
  if (state === 'complete') {
    return `${siteOrigin}${successPath(dealer)}?${new URLSearchParams({ category: 'vehicle-reservation', reservation: row.id })}`;
  }
  await releaseHold(deps.db, row.id, 'cancelled', deps.now());
  return carPage;
}

/** What the shopper's thank-you page shows of their reservation. */
export interface ReservationView {
  status: ReservationRow['status'];
  car: { id: string; title?: string; path?: string };
  deposit: { amount: number; currency: string; text: string };
  holdUntil?: string;
  holdHours: number;
}

export async function reservationView(db: Db, dealer: DealerContent, id: string): Promise<ReservationView | undefined> {
  const row = await reservationById(db, id);
  if (!row || row.site_slug !== dealer.slug) return undefined;
  const car = carOf(dealer, row.car_id);
  const holdHours = dealer.site.reservations?.hold_hours ?? DEFAULT_HOLD_HOURS;
  return {
    status: row.status,
    car: { id: row.car_id, ...(car ? { title: carTitle(car), path: carPath(car) } : {}) },
    deposit: { amount: row.amount, currency: row.currency.toUpperCase(), text: depositText(row.amount, row.currency) },
    ...(row.hold_until ? { holdUntil: new Date(row.hold_until).toISOString() } : {}),
    holdHours,
  };
}

export { reservationById };
