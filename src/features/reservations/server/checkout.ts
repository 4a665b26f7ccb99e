/**
 * The provider's checkout for the deposit of a car just held (service.ts startReservation): its
 * return addresses name the reservation, never its key, and its Cancel link carries a secret
 * that can only cancel it. A checkout that cannot be opened, or attached to its reservation, is
 * closed and the car released.
 */
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { CHECKOUT_MINUTES, type ReservationOffer } from '../rules/reservations.ts';
import { carTitle, successPath } from '../../../domain/pages.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import type { PaymentCurrency, Payments } from './payments/payments.ts';
import { attachCheckout, releaseHold } from './store.ts';

/** The hold a checkout is opened for, and where the shopper is. */
export interface CheckoutFor {
  /** The reservation's id, and the secret of its Cancel link. */
  id: string;
  cancel: string;
  carId: string;
  email: string;
  siteOrigin: string;
  apiOrigin: string;
  now: Date;
}

/** Opens the deposit's checkout and attaches it to its reservation; undefined when that failed. */
export async function openCheckout(
  deps: ApiDeps & { payments: Payments },
  dealer: DealerContent,
  car: Car,
  offer: ReservationOffer,
  hold: CheckoutFor,
): Promise<{ id: string; url: string } | undefined> {
  const { id, cancel, now } = hold;
  const back = new URLSearchParams({ cancel, origin: hold.siteOrigin });
  const thanks = new URLSearchParams({ category: 'vehicle-reservation', reservation: id });
  let checkout: { id: string; url: string } | undefined;
  try {
    checkout = await deps.payments.createCheckout({
      amount: offer.deposit * 100,
      currency: offer.currency.toLowerCase() as PaymentCurrency,
      description: `Deposit to reserve the ${carTitle(car)} at ${dealer.site.name}`,
      successUrl: `${hold.siteOrigin}${successPath(dealer)}?${thanks}`,
      cancelUrl: `${hold.apiOrigin}/api/reservations/${id}/cancel?${back}`,
      expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      email: hold.email,
      reference: id,
      metadata: { site: dealer.slug, car_id: hold.carId, stock_number: car.stock_number ?? '' },
    });
    await attachCheckout(deps.db, id, checkout.id, now);
    return checkout;
  } catch (e) {
    console.error(`Reservation checkout for ${dealer.slug} failed: ${(e as Error).message}`);
    // No shopper can pay a checkout they were never sent to: it is closed, and the car released.
    // Should the database be away too, the hold is released ATTACH_GRACE_MS after it was made, and
    // a payment that lands anyway finds its reservation by reference.
    if (checkout) await deps.payments.expireCheckout(checkout.id).catch(() => undefined);
    await releaseHold(deps.db, id, 'checkout-failed', deps.now()).catch(() => undefined);
    return undefined;
  }
}
