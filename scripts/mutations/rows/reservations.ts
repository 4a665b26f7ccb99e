/**
 * Mutations of the rows of docs/spec-coverage.md for online reservations: one live reservation per
 * car, payment only on a verified notification, replays once, refunds of a late payment, holds
 * that end, and the deposit in the dealer's lead. Listed by ../list.ts.
 */
import { row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'One car, one reservation',
    [u('reservations-api')],
    [
      {
        id: 'reservation-one-live',
        find: "      if (mine.status !== 'held' || mine.email_key !== h.keys.email) return { ok: false, taken: true };",
        replace: '      if (false as boolean) return { ok: false, taken: true };',
        why: 'a second shopper cannot hold a car another holds, whatever the race',
      },
      {
        id: 'reservation-late-refund',
        find: "        const refundId = await deps.payments.refund(event.paymentId, refundReasonText('car-taken'));",
        replace: "        const refundId = 're_none';",
        why: 'a payment that lands after another shopper has the car is refunded',
      },
    ],
  ),
  ...row(
    "Payment confirmed only by Stripe's signed webhook",
    [u('reservations-api'), u('stripe-payments')],
    [
      {
        id: 'reservation-event-once',
        find: "    if (!(await firstTimeEvent(tx, event.id, event.type === 'ignored' ? event.providerType : event.type, now))) {",
        replace:
          "    if (!(await firstTimeEvent(tx, event.id + Math.random(), event.type === 'ignored' ? event.providerType : event.type, now))) {",
        why: 'a replayed notification changes nothing',
      },
      {
        id: 'reservation-paid-only',
        find: "        if (session.payment_status !== 'paid') return { id: event.id, type: 'ignored', providerType: event.type };",
        replace: '',
        why: 'a completed checkout that is not paid reserves nothing',
      },
    ],
  ),
  ...row(
    'Cancel or an expired checkout releases the car at once',
    [u('reservations-api'), u('reservations-cli')],
    [
      {
        id: 'reservation-hold-ends',
        find: "             OR (r.status = 'reserved' AND r.hold_until <= $1))",
        replace: '             OR false)',
        why: 'a paid reservation releases when its hold ends',
      },
      {
        id: 'reservation-cancel-releases',
        find: "  await releaseHold(deps.db, row.id, 'cancelled', deps.now());",
        replace: '',
        why: 'Cancel frees the car at once',
      },
    ],
  ),
  ...row(
    'The dealer hears at once',
    [u('reservations-api')],
    [
      {
        id: 'reservation-adf-deposit',
        find: "        textEl('amount', f.deposit, { type: 'downpayment', limit: 'exact', currency }),",
        replace: "        textEl('amount', f.deposit, { type: 'total', limit: 'exact', currency }),",
        why: 'the deposit is an exact downpayment in ADF',
      },
    ],
  ),
];
