/**
 * What a settled deposit leads to: the dealer's lead of the reservation (its comments say what
 * happened to the deposit) and the shopper's receipt or refund notice, both in the settling
 * transaction.
 */
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { timeZoneFor } from '../../../domain/booking-hours.ts';
import { holdEndText } from '../rules/reservations.ts';
import { carPageId, carTitle } from '../../../domain/pages.ts';
import { carPath } from '../../../domain/routes.ts';
import type { ApiDeps, Db } from '../../../api/core/deps.ts';
import { saveLeads } from '../../leads/server/store.ts';
import { senderAddress } from '../../../api/mail/mailer.ts';
import { isoWithOffset } from '../../leads/server/outbox/adf.ts';
import type { ReservationRow } from './rows.ts';
import { enqueueReservationMail, refundReasonText } from './emails.ts';
import { setLead } from './store.ts';

/** The car `carId` of the dealer as it is listed now (imported stock or cars.json). */
export function carOf(dealer: DealerContent, carId: string): Car | undefined {
  return dealer.cars.find((c) => String(c.id) === carId);
}

/** "$500.00 AUD" */
export function depositText(amountCents: number, currency: string): string {
  const dollars = (amountCents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `$${dollars} ${currency.toUpperCase()}`;
}

/** What the dealer's lead says happened to the deposit. */
function leadComments(dealer: DealerContent, row: ReservationRow, deposit: string): string {
  if (row.status === 'refunded') {
    return (
      `Tried to reserve online: deposit ${deposit} paid (payment reference ${row.payment_id}) and refunded automatically` +
      `${row.refund_id ? ` (refund ${row.refund_id})` : ''} because ${refundReasonText(row.released_reason)}. ` +
      'The shopper has been told by email. They wanted this car: please contact them.'
    );
  }
  return `Reserved online: deposit ${deposit} paid (payment reference ${row.payment_id}). The car is held until ${holdEndText(dealer.site, row.hold_until!)}. The shopper has been sent a receipt.`;
}

/**
 * The lead that tells the dealer of a paid deposit, through the normal delivery: the car is
 * reserved, or the deposit was refunded and why. One per reservation.
 */
export async function reservationLead(deps: ApiDeps, db: Db, dealer: DealerContent, row: ReservationRow) {
  const car = carOf(dealer, row.car_id);
  const deposit = depositText(row.amount, row.currency);
  // The zone of the hold's local text too (holdEndText), so the two never disagree.
  const zone = timeZoneFor(dealer.site);
  const values = {
    ...row.contact,
    car_id: row.car_id,
    reservation_id: row.id,
    reservation_status: row.status === 'refunded' ? 'refunded' : 'reserved',
    deposit_amount: (row.amount / 100).toFixed(2),
    deposit_currency: row.currency.toUpperCase(),
    payment_reference: row.payment_id ?? '',
    ...(row.hold_until && row.status !== 'refunded'
      ? {
          hold_until: isoWithOffset(new Date(row.hold_until), zone),
          hold_until_local: holdEndText(dealer.site, new Date(row.hold_until)),
        }
      : {}),
    ...(row.status === 'refunded'
      ? { refund_reference: row.refund_id ?? '', refund_reason: refundReasonText(row.released_reason) }
      : {}),
    comments: leadComments(dealer, row, deposit),
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

/** The receipt or refund notice of `row` for its shopper, enqueued in `db`'s transaction. */
export async function tellShopper(
  deps: ApiDeps,
  db: Db,
  dealer: DealerContent,
  row: ReservationRow,
  kind: 'receipt' | 'refund',
) {
  const car = carOf(dealer, row.car_id);
  const siteOrigin = dealer.site.url.replace(/\/+$/, '');
  await enqueueReservationMail(
    db,
    {
      dealer,
      row,
      carTitle: car ? carTitle(car) : `car ${row.car_id}`,
      ...(car ? { carUrl: `${siteOrigin}${carPath(car)}` } : {}),
      deposit: depositText(row.amount, row.currency),
      sender: deps.mailFrom?.(dealer) ?? senderAddress({}, dealer.site.url),
    },
    kind,
    deps.now(),
  );
}
