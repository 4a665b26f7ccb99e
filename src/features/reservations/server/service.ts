/**
 * What a reservation does, apart from HTTP: hold the car and open a checkout for the deposit; act
 * on the payment provider's verified notifications (paid: reserve the car and tell the dealer
 * through a lead; paid too late for a car another shopper holds: refund; expired: release); cancel
 * from the shopper's return link; and answer a reservation's state to its shopper.
 *
 * The browser's return from the checkout proves nothing: only a signed notification reserves.
 */
import type { ReservationView } from '../contract/reservations.ts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DealerContent } from '../../../content/load.ts';
import { timeZoneFor } from '../../../domain/booking-hours.ts';
import {
  CHECKOUT_MINUTES,
  DEFAULT_HOLD_HOURS,
  holdEndText,
  reservationOffer,
  type ReservationOffer,
} from '../rules/reservations.ts';
import { isPriceOnApplication } from '../../../domain/car-prices.ts';
import { carTitle, successPath } from '../../../domain/pages.ts';
import { carPath } from '../../../domain/routes.ts';
import type { ReservationValues } from '../../../forms/reservation.ts';
import type { ApiDeps, Db } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { carStatuses } from '../../stock/server/store.ts';
import type { PaymentEvent, Payments } from './payments/payments.ts';
import { openCheckout } from './checkout.ts';
import { refundReasonText } from './emails.ts';
import { carOf, depositText } from './outcomes.ts';
import { DEFAULT_HOLD_LIMITS, holderKeys } from './limits.ts';
import { settlePaid, type EventOutcome } from './settle.ts';
import {
  attachCheckout,
  firstTimeEvent,
  releaseHold,
  reservationByCheckout,
  reservationById,
  startHold,
} from './store.ts';
import { liveReservations, type ReservationRow } from './rows.ts';

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

export interface StartedReservation {
  id: string;
  /** The shopper's secret for their reservation: kept by their browser, never put in a URL. */
  key: string;
  checkoutUrl: string;
}

/**
 * Holds the car and opens a checkout for the deposit. `siteOrigin` is the origin of the page the
 * shopper is on (their return links go there), `apiOrigin` the API's, `client` the client's
 * address group (rate-limit.ts clientIp), counted by the unpaid-hold limits (limits.ts).
 *
 * The checkout's addresses carry no reservation key: the thank-you page names the reservation by
 * its id and the shopper's browser holds the key; the Cancel link carries a secret that can only
 * cancel an unpaid checkout.
 */
export async function startReservation(
  deps: ApiDeps & { payments: Payments },
  dealer: DealerContent,
  input: { carId: string; values: ReservationValues; siteOrigin: string; apiOrigin: string; client: string },
): Promise<StartedReservation> {
  const car = carOf(dealer, input.carId);
  if (car && isPriceOnApplication(car)) throw new ApiError(409, PRICE_ON_APPLICATION_NOT_RESERVABLE);
  const now = deps.now();
  const stock = car
    ? (await carStatuses(deps.db, dealer, [input.carId], now, { reservations: false }))[input.carId]
    : undefined;
  const offer: ReservationOffer | undefined =
    car && stock === 'available' ? reservationOffer(dealer.site, { ...car, status: 'available' }) : undefined;
  if (!car || !offer) throw new ApiError(409, NOT_RESERVABLE);
  // A sale confirmed through a reservation stands until the stock system relists the car.
  const live = (await liveReservations(deps.db, dealer.slug, [input.carId], now)).get(input.carId);
  if (live === 'sold') throw new ApiError(409, NOT_RESERVABLE);
  if (live === 'reserved') throw new ApiError(409, CAR_TAKEN);
  const id = `res_${randomBytes(12).toString('hex')}`;
  const key = randomBytes(24).toString('base64url');
  const cancel = randomBytes(24).toString('base64url');
  const { values } = input;
  const contact = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
  };
  const held = await startHold(
    deps.db,
    {
      id,
      site: dealer.slug,
      carId: input.carId,
      amount: offer.deposit * 100,
      currency: offer.currency.toLowerCase(),
      contact,
      keyHash: hashKey(key),
      cancelHash: hashKey(cancel),
      keys: holderKeys(dealer.slug, input.client, contact.email, contact.phone),
      timeZone: timeZoneFor(dealer.site),
      checkoutExpiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      now,
    },
    deps.holdLimits ?? DEFAULT_HOLD_LIMITS,
  );
  if (!held.ok) {
    if (held.taken) throw new ApiError(409, CAR_TAKEN);
    throw new ApiError(held.refusal.status, held.refusal.message, undefined, {
      'Retry-After': String(held.refusal.retryAfterSeconds),
    });
  }
  // The shopper's own earlier checkout for this car is closed (a payment on it is refunded).
  if (held.replaced?.checkout_id) {
    deps.payments.expireCheckout(held.replaced.checkout_id).catch((e: unknown) => {
      console.error(`Closing the replaced checkout of ${held.replaced!.id} failed: ${(e as Error).message}`);
    });
  }
  const checkout = await openCheckout(deps, dealer, car, offer, {
    id,
    cancel,
    carId: input.carId,
    email: contact.email,
    siteOrigin: input.siteOrigin,
    apiOrigin: input.apiOrigin,
    now,
  });
  if (!checkout) throw new ApiError(503, PAYMENTS_DOWN, undefined, { 'Retry-After': '30' });
  return { id, key, checkoutUrl: checkout.url };
}

/**
 * Acts on one verified notification, once: a replay changes nothing. The event is recorded in
 * the same transaction as its effects (the reservation, the dealer's lead, the shopper's email),
 * so a failure (the refund call, say) leaves it all to be retried by the provider's next delivery.
 *
 * A paid deposit reserves the car only when the reservation asked for exactly that amount and
 * currency, the stock still lists the car for sale, and no other shopper has it; otherwise the
 * deposit is refunded through the provider, the shopper is emailed and the dealer's lead says why.
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
    let row = await reservationByCheckout(tx, event.checkoutId);
    // A checkout the API could not attach (the database failed just after it was made) is found
    // by the reference it carries.
    if (!row && event.reference && RESERVATION_ID.test(event.reference)) {
      const byRef = await reservationById(tx, event.reference);
      if (byRef && !byRef.checkout_id) {
        await attachCheckout(tx, byRef.id, event.checkoutId, now);
        row = await reservationById(tx, byRef.id);
      }
    }
    if (!row) {
      const ours = event.type === 'checkout.completed' && deps.dealers.some((d) => d.slug === event.site);
      if (ours && event.reference && RESERVATION_ID.test(event.reference)) {
        // A deposit for a reservation of ours that is gone (a database restored from before it):
        // it is not kept. A checkout of another deployment on the same Stripe account is left alone.
        await deps.payments.refund(event.paymentId, 'the reservation no longer exists');
        console.error(
          `A deposit for unknown reservation ${event.reference} was refunded (payment ${event.paymentId}).`,
        );
        return 'refunded';
      }
      return 'unknown';
    }
    const dealer = deps.dealers.find((d) => d.slug === row.site_slug);
    if (event.type === 'checkout.expired' || event.type === 'checkout.failed') {
      const reason = event.type === 'checkout.failed' ? 'payment-failed' : 'checkout-expired';
      return (await releaseHold(tx, row.id, reason, now)) ? 'released' : 'ignored';
    }
    return settlePaid(deps, tx, dealer, row, event, now, completed);
  });
  for (const leadId of completed) deps.onLeadCompleted?.(leadId);
  deps.onMailQueued?.();
  return outcome;
}

/** The thank-you page of reservation `id` on `siteOrigin`: its panel reads the key the shopper's browser keeps. */
export function reservationPage(dealer: DealerContent, siteOrigin: string, id: string): string {
  return `${siteOrigin}${successPath(dealer)}?${new URLSearchParams({ category: 'vehicle-reservation', reservation: id })}`;
}

/**
 * The shopper left the checkout ("Cancel" or back): the checkout is closed and the car released at
 * once. Answers where to send the shopper: the car page (whose form says no payment was taken),
 * or, once a deposit has been paid (now or before), the reservation's own page.
 */
export async function cancelReservation(
  deps: ApiDeps & { payments: Payments },
  dealer: DealerContent,
  row: ReservationRow,
  siteOrigin: string,
): Promise<string> {
  const car = carOf(dealer, row.car_id);
  const carPage = car ? `${siteOrigin}${carPath(car)}?reservation=cancelled#reserve` : `${siteOrigin}/`;
  if (row.payment_id || row.status === 'reserved' || row.status === 'sold' || row.status === 'refunded') {
    return reservationPage(dealer, siteOrigin, row.id);
  }
  if (row.status !== 'held' || !row.checkout_id) return carPage;
  const state = await deps.payments.expireCheckout(row.checkout_id);
  if (state === 'complete') return reservationPage(dealer, siteOrigin, row.id);
  await releaseHold(deps.db, row.id, 'cancelled', deps.now());
  return carPage;
}

export async function reservationView(db: Db, dealer: DealerContent, id: string): Promise<ReservationView | undefined> {
  const row = await reservationById(db, id);
  if (!row || row.site_slug !== dealer.slug) return undefined;
  const car = carOf(dealer, row.car_id);
  const holdHours = dealer.site.reservations?.hold_hours ?? DEFAULT_HOLD_HOURS;
  const holdUntil = row.hold_until ? new Date(row.hold_until) : undefined;
  return {
    status: row.status,
    car: { id: row.car_id, ...(car ? { title: carTitle(car), path: carPath(car) } : {}) },
    deposit: { amount: row.amount, currency: row.currency.toUpperCase(), text: depositText(row.amount, row.currency) },
    ...(holdUntil ? { holdUntil: holdUntil.toISOString(), holdUntilText: holdEndText(dealer.site, holdUntil) } : {}),
    holdHours,
    ...(row.status === 'refunded' ? { reason: refundReasonText(row.released_reason) } : {}),
  };
}

export { reservationById };
