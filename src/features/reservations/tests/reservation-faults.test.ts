/**
 * Payment notifications under database faults, on a throwaway PostgreSQL cluster
 * (scripts/faults/pg-cluster.ts), with the API and the Stripe stand-in posting its signed
 * notifications to it over HTTP: the server stopped (as a crash stops it) in the middle of the
 * transaction that acts on a payment, or after the refund call, or just before the commit. The
 * notification is answered 5xx, and once the server is back the stand-in's retry (or a
 * redelivery) acts on it exactly once: one dealer lead, one state change, one email in the mail
 * outbox, and a refund for one payment only. Then a bounded loop of payments with faults at
 * varied points: none lost, none duplicated. Skipped only where no cluster can be made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../api/db/migrate.ts';
import { openPostgres } from '../../../api/db/postgres.ts';
import type { Db } from '../../../api/core/deps.ts';
import type { Payments } from '../server/payments/payments.ts';
import { startCluster, type Cluster } from '../../../../scripts/faults/pg-cluster.ts';
import { clusterUnavailableReason } from '../../../../scripts/faults/pg-run-as.ts';
import { sleep } from '../../../../scripts/faults/processes.ts';
import { reservationStand, STAND_SHOPPER, type ReservationStand } from '../../../../tests/helpers/reservation-stand.ts';

const unavailable = clusterUnavailableReason();

/** Where the server is stopped: before a statement of the payment's transaction, after the refund, or before its commit. */
type Fault = 'none' | 'event' | 'lead' | 'mail' | 'after-refund' | 'before-commit';
const STATEMENT: Partial<Record<Fault, RegExp>> = {
  event: /INSERT INTO payment_events/,
  lead: /INSERT INTO leads/,
  mail: /INSERT INTO mail_outbox/,
};

describe.skipIf(unavailable)(
  `reservation payments under database faults${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: Cluster;
    let pool: Db;
    let s: ReservationStand;
    let armed: { fault: Fault; outageMs: number } | undefined;
    let back: Promise<void> | undefined;
    let nextCar = 101;

    /** Stops the server at once and starts it again `ms` later (`back`). */
    const outage = async (ms: number) => {
      await cluster.stop('immediate');
      back = sleep(ms).then(async () => {
        await cluster.start();
        await cluster.ready();
      });
    };
    /** Resolves once the server stopped by the last fault answers again. */
    const serverBack = () => back ?? Promise.resolve();
    const fire = async (fault: Fault) => {
      if (armed?.fault !== fault) return;
      const { outageMs } = armed;
      armed = undefined;
      await outage(outageMs);
    };
    /** The pool, with the armed fault fired inside the payment's transaction. */
    const faulty = (db: Db): Db => ({
      parallel: db.parallel,
      close: () => db.close(),
      query: (sql, params) => db.query(sql, params),
      transaction: (fn) =>
        db.transaction(async (tx) => {
          const inTx: Db = {
            ...tx,
            transaction: (inner) => tx.transaction(inner),
            query: async (sql, params) => {
              const match = armed && STATEMENT[armed.fault]?.test(sql);
              if (match) await fire(armed!.fault);
              return tx.query(sql, params);
            },
          };
          const result = await fn(inTx);
          await fire('before-commit');
          return result;
        }),
    });
    const afterRefund = (payments: Payments): Payments => ({
      ...payments,
      async refund(paymentId, reason) {
        const id = await payments.refund(paymentId, reason);
        await fire('after-refund');
        return id;
      },
    });

    beforeAll(async () => {
      cluster = await startCluster();
      // Committed must mean committed across a crash-like stop.
      await cluster.query('ALTER SYSTEM SET synchronous_commit = on');
      await cluster.query('SELECT pg_reload_conf()');
      pool = await openPostgres({ connectionString: cluster.url, max: 8, connectTimeoutMs: 1_000 });
      await migrate(pool);
      s = await reservationStand(faulty(pool), { cars: 12, wrapPayments: afterRefund });
    }, 60_000);
    afterAll(async () => {
      await s?.close();
      await pool?.close().catch(() => {});
      await cluster?.destroy();
    });

    /**
     * One payment with `fault` armed: the shopper reserves and pays (for a car the stock sold
     * meanwhile when `refund`); once the server is back, the notification is redelivered until
     * the API takes it. Answers what the notification's first delivery got, and the reservation.
     */
    const payment = async (fault: Fault, options: { refund: boolean; outageMs: number }) => {
      const carId = nextCar++;
      const { reservation_id: id, checkout_url } = await s.started(
        await s.reserve(carId, { ...STAND_SHOPPER, email: `buyer${carId}@example.com` }),
      );
      if (options.refund) await s.feed(`Stock No,Status\nR${carId},sold\n`, 'delta');
      armed = fault === 'none' ? undefined : { fault, outageMs: options.outageMs };
      back = undefined;
      await s.pay(checkout_url);
      const fired = armed === undefined && fault !== 'none';
      armed = undefined;
      await serverBack();
      const event = s.standIn.events.find((e) => e.type === 'checkout.session.completed' && e.body.includes(id))!;
      const firstStatus = event.status;
      for (let tries = 0; tries < 10 && !(event.status! >= 200 && event.status! < 300); tries++) {
        await s.standIn.redeliver(event.id);
        if (event.status! >= 300) await sleep(300);
      }
      expect(event.status).toBe(200);
      return { id, carId, fired, firstStatus, eventId: event.id };
    };
    const completedEvents = async () =>
      (
        await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_events WHERE type = $1`, [
          'checkout.completed',
        ])
      ).rows[0]!.n;
    const effects = async (id: string) => {
      const row = await s.row(id);
      return {
        row,
        leads: (await s.leadsOf(id)).length,
        mail: (await s.mailOf(id)).map((m) => m.kind),
        refundCalls: s.refunds.filter((r) => row.payment_id && r.paymentId === row.payment_id).length,
      };
    };

    it('the server stopped mid-transaction: 5xx, then acted on once when it is back', async () => {
      const before = await completedEvents();
      const p = await payment('lead', { refund: false, outageMs: 2_500 });
      expect(p.fired).toBe(true);
      expect(p.firstStatus === 0 || p.firstStatus! >= 500).toBe(true);
      const e = await effects(p.id);
      expect(e.row.status).toBe('reserved');
      expect(e.leads).toBe(1);
      expect(e.mail).toEqual(['reservation-receipt']);
      expect(e.refundCalls).toBe(0);
      expect(await completedEvents()).toBe(before + 1);
      // A further replay changes nothing.
      expect(await s.standIn.redeliver(p.eventId)).toBe(200);
      expect(await effects(p.id)).toMatchObject({ leads: 1, mail: ['reservation-receipt'] });
    }, 30_000);

    it('the server stopped after the refund call: 5xx, then one refunded reservation, lead and email', async () => {
      const p = await payment('after-refund', { refund: true, outageMs: 2_500 });
      expect(p.fired).toBe(true);
      expect(p.firstStatus === 0 || p.firstStatus! >= 500).toBe(true);
      const e = await effects(p.id);
      expect(e.row).toMatchObject({ status: 'refunded', released_reason: 'car-sold' });
      expect(e.leads).toBe(1);
      expect(e.mail).toEqual(['reservation-refund']);
      // The refund is asked for again with the same idempotency key (refund-<payment>): Stripe (and
      // its stand-in) answers the first refund, so the payment is refunded once.
      const made = s.standIn.refunds.filter((r) => r.payment_intent === e.row.payment_id);
      expect(made.map((r) => r.id)).toEqual([e.row.refund_id]);
    }, 30_000);

    it('a loop of payments with faults at varied points: none lost, none duplicated', async () => {
      const plan: { fault: Fault; refund: boolean; outageMs: number }[] = [
        { fault: 'none', refund: false, outageMs: 0 },
        { fault: 'event', refund: false, outageMs: 300 },
        { fault: 'before-commit', refund: false, outageMs: 2_000 },
        { fault: 'mail', refund: false, outageMs: 300 },
        { fault: 'after-refund', refund: true, outageMs: 300 },
        { fault: 'before-commit', refund: true, outageMs: 2_000 },
        { fault: 'lead', refund: true, outageMs: 300 },
        { fault: 'mail', refund: true, outageMs: 2_000 },
      ];
      const counts = {
        payments: 0,
        faults: 0,
        leads: 0,
        receipts: 0,
        refundEmails: 0,
        refunded: 0,
        lost: 0,
        duplicated: 0,
      };
      let refundCalls = 0;
      const refundsBefore = s.standIn.refunds.length;
      for (const step of plan) {
        const p = await payment(step.fault, step);
        counts.payments++;
        if (p.fired) counts.faults++;
        const e = await effects(p.id);
        const want = step.refund ? 'refunded' : 'reserved';
        counts.leads += e.leads;
        counts.receipts += e.mail.filter((k) => k === 'reservation-receipt').length;
        counts.refundEmails += e.mail.filter((k) => k === 'reservation-refund').length;
        if (e.row.status === 'refunded') counts.refunded++;
        refundCalls += e.refundCalls;
        if (e.leads === 0 || e.mail.length === 0 || e.row.status !== want) counts.lost++;
        if (e.leads > 1 || e.mail.length > 1) counts.duplicated++;
        expect(e.row.status, `${step.fault}`).toBe(want);
        expect(e.leads, `${step.fault}`).toBe(1);
        expect(e.mail, `${step.fault}`).toEqual([step.refund ? 'reservation-refund' : 'reservation-receipt']);
        if (step.refund) {
          const made = s.standIn.refunds.filter((r) => r.payment_intent === e.row.payment_id);
          if (made.length > 1) counts.duplicated++;
          expect(
            made.map((r) => r.id),
            `${step.fault}`,
          ).toEqual([e.row.refund_id]);
        } else expect(e.refundCalls).toBe(0);
      }
      console.log(
        `reservation faults: ${counts.payments} payments, ${counts.faults} with the server stopped; ` +
          `leads ${counts.leads}, receipts ${counts.receipts}, refund emails ${counts.refundEmails}, ` +
          `refunded ${counts.refunded} (${refundCalls} refund calls, one idempotency key each, ` +
          `${s.standIn.refunds.length - refundsBefore} refunds made); ` +
          `lost ${counts.lost}, duplicated ${counts.duplicated}`,
      );
      expect(counts).toMatchObject({ payments: 8, faults: 7, leads: 8, receipts: 4, refundEmails: 4, refunded: 4 });
      expect(s.standIn.refunds.length - refundsBefore).toBe(4);
      expect(counts.lost + counts.duplicated).toBe(0);
    }, 60_000);
  },
);
