/**
 * Settling a deposit the provider says was paid (service.ts applyPaymentEvent): it reserves its
 * car when the reservation asked for exactly that amount and currency, the stock still lists the
 * car for sale and no other shopper has it; otherwise it is refunded through the provider, and
 * the dealer's lead and the shopper's email (outcomes.ts) say which, in the same transaction.
 */
import type { DealerContent } from '../../../content/load.ts';
import { DEFAULT_HOLD_HOURS } from '../rules/reservations.ts';
import type { ApiDeps, Db } from '../../../api/core/deps.ts';
import { carStatuses } from '../../stock/server/store.ts';
import type { PaymentEvent, Payments } from './payments/payments.ts';
import { refundReasonText } from './emails.ts';
import { reservationLead, tellShopper } from './outcomes.ts';
import { depositPaid } from '../../online-deal/server/service.ts';
import { markPaid, markRefunded, recordPaid, type RefundReason } from './store.ts';
import type { ReservationRow } from './rows.ts';

export type EventOutcome = 'duplicate' | 'reserved' | 'refunded' | 'released' | 'unknown' | 'ignored';

/** Why a paid deposit cannot reserve its car now, if it cannot: sold or withdrawn since, or the wrong amount. */
async function refundReasonFor(
  db: Db,
  dealer: DealerContent | undefined,
  row: ReservationRow,
  paid: { amount: number; currency: string },
  now: Date,
): Promise<RefundReason | undefined> {
  if (paid.amount !== row.amount || paid.currency.toLowerCase() !== row.currency.toLowerCase())
    return 'amount-mismatch';
  if (!dealer) return 'car-withdrawn';
  const stock = (await carStatuses(db, dealer, [row.car_id], now, { reservations: false }))[row.car_id];
  if (stock === 'sold') return 'car-sold';
  if (stock !== 'available') return 'car-withdrawn';
  return undefined;
}

/**
 * Acts on the paid `event` of reservation `row` (of `dealer`, unless the API no longer serves
 * it) in the notification's transaction `tx`; a lead it completes goes to `completed`.
 */
export async function settlePaid(
  deps: ApiDeps & { payments: Payments },
  tx: Db,
  dealer: DealerContent | undefined,
  row: ReservationRow,
  event: Extract<PaymentEvent, { type: 'checkout.completed' }>,
  now: Date,
  completed: string[],
): Promise<EventOutcome> {
  if (row.status === 'reserved' || row.status === 'sold') return 'reserved';
  if (row.status === 'refunded') return 'refunded';
  // Paid before and ended since (its hold ran out, the dealer released it): a second notice of
  // that payment reserves nothing again.
  if (row.payment_id) return 'ignored';
  await recordPaid(tx, row.id, event.amount, event.currency, now);
  const refuse = await refundReasonFor(tx, dealer, row, event, now);
  let settled: ReservationRow;
  if (!refuse) {
    const holdHours = dealer?.site.reservations?.hold_hours ?? DEFAULT_HOLD_HOURS;
    const paid = await markPaid(
      tx,
      event.checkoutId,
      event.paymentId,
      new Date(now.getTime() + holdHours * 3600_000),
      now,
    );
    if (!paid) return 'unknown';
    if (paid.won) {
      settled = paid.row;
    } else {
      const refundId = await deps.payments.refund(event.paymentId, refundReasonText('car-taken'));
      settled = await markRefunded(tx, row.id, { refundId, reason: 'car-taken', paymentId: event.paymentId }, now);
    }
  } else {
    const refundId = await deps.payments.refund(event.paymentId, refundReasonText(refuse));
    settled = await markRefunded(tx, row.id, { refundId, reason: refuse, paymentId: event.paymentId }, now);
    if (refuse === 'amount-mismatch') {
      console.error(
        `Reservation ${row.id}: ${event.amount} ${event.currency} was paid for a deposit of ${row.amount} ${row.currency}; refunded.`,
      );
    }
  }
  if (dealer) {
    // A deposit of an online deal completes the deal (its "deal.completed" event).
    if (settled.status === 'reserved') await depositPaid(deps, tx, dealer, settled.id);
    if (!settled.lead_id) {
      const lead = await reservationLead(deps, tx, dealer, settled);
      if (lead.completedNow) completed.push(lead.leadId);
    }
    await tellShopper(deps, tx, dealer, settled, settled.status === 'refunded' ? 'refund' : 'receipt');
  }
  return settled.status === 'refunded' ? 'refunded' : 'reserved';
}
