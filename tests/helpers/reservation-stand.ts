/**
 * The API with reservations on, for the reservation trust and fault tests: the Mini Motors fixture
 * dealer taking $500 deposits for 48 hours with extra cars (ids from 101, stock numbers R101…),
 * the real `stripe` client on the local Stripe stand-in, whose signed notifications are posted to
 * the API over HTTP, a fake clock (deps.now), and the refunds the API asked for, recorded.
 */
import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/api/app.ts';
import type { ApiDeps, Db } from '../../src/api/core/deps.ts';
import { createFetchServer } from '../../src/api/node-adapter.ts';
import type { Payments } from '../../src/features/reservations/server/payments/payments.ts';
import { stripePayments } from '../../src/features/reservations/server/payments/stripe-payments.ts';
import type { ReservationRow } from '../../src/features/reservations/server/rows.ts';
import { applyStockFeed, type ImportSummary } from '../../src/features/stock/server/import.ts';
import type { Car } from '../../src/content/entities.ts';
import type { DealerContent } from '../../src/content/load.ts';
import { parseCsvFeed, skippedRows } from '../../src/features/stock/rules/feed.ts';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/standins/stripe-standin.ts';
import { fixtureDealers, testDeps } from './db.ts';

export const STAND_SLUG = 'mini-motors';
export const STAND_API_KEY = 'sk_test_reservation_stand';
export const STAND_WEBHOOK_SECRET = 'whsec_reservation_stand';
export const STAND_SHOPPER = {
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: 'mia@example.com',
  phone: '0412 345 678',
  accept_terms: true,
};

export interface RefundCall {
  paymentId: string;
  refundId: string;
}

export interface StandOptions {
  /** Extra cars for sale (ids 101…, stock numbers R101…); 20 unless given. */
  cars?: number;
  /** The deps' holdLimits (testDeps' generous ones unless given). */
  holdLimits?: ApiDeps['holdLimits'];
  /** Wraps the payments client the API uses (to fail or stop something around a call). */
  wrapPayments?: (payments: Payments) => Payments;
}

export interface ReservationStand {
  db: Db;
  app: ReturnType<typeof createApp>;
  deps: ApiDeps & { payments: Payments };
  dealer: DealerContent;
  standIn: StripeStandIn;
  hookUrl: string;
  clock: { ms: number };
  /** Every refund the API made through the stand-in, in order. */
  refunds: RefundCall[];
  advance(ms: number): void;
  reserve(carId: number | string, values?: Record<string, unknown>, ip?: string): Promise<Response>;
  started(res: Response): Promise<{ reservation_id: string; reservation_key: string; checkout_url: string }>;
  /** The shopper presses Pay on the stand-in's checkout page. */
  pay(checkoutUrl: string): Promise<Response>;
  /** A notification signed as Stripe signs it, posted to the API. */
  webhook(body: string): Promise<Response>;
  /** The stand-in's checkout session, as the Stripe API answers it. */
  session(checkoutId: string): Promise<Record<string, unknown>>;
  status(carId: number | string): Promise<string | undefined>;
  row(id: string): Promise<ReservationRow>;
  leadsOf(reservationId: string): Promise<{ id: string; values: Record<string, unknown> }[]>;
  mailOf(reservationId: string): Promise<{ kind: string; status: string; message: Record<string, unknown> }[]>;
  /** A CSV stock feed of the dealer applied at the fake clock's time. */
  feed(csv: string, mode: 'full' | 'delta', options?: { force?: boolean }): Promise<ImportSummary>;
  /** A full feed of the dealer's cars without `carIds` (forced past the wipe guard). */
  fullFeedWithout(carIds: (number | string)[]): Promise<ImportSummary>;
  close(): Promise<void>;
}

export async function reservationStand(db: Db, options: StandOptions = {}): Promise<ReservationStand> {
  const clock = { ms: Date.now() };
  const standIn = await startStripeStandIn({ apiKey: STAND_API_KEY });
  const dealers = structuredClone(await fixtureDealers());
  const dealer = dealers.find((d) => d.slug === STAND_SLUG)!;
  dealer.site.reservations = { enabled: true, deposit: 500, hold_hours: 48, terms: undefined };
  const base = dealer.cars.find((c) => c.id === 1)!;
  for (let i = 0; i < (options.cars ?? 20); i++) {
    const id = 101 + i;
    dealer.cars.push({ ...structuredClone(base), id, slug: `${base.slug}-${id}`, stock_number: `R${id}` });
  }
  const refunds: RefundCall[] = [];
  const real = stripePayments({ secretKey: STAND_API_KEY, webhookSecret: STAND_WEBHOOK_SECRET, apiBase: standIn.url });
  const recorded: Payments = {
    ...real,
    async refund(paymentId, reason) {
      const refundId = await real.refund(paymentId, reason);
      refunds.push({ paymentId, refundId });
      return refundId;
    },
  };
  const payments = options.wrapPayments ? options.wrapPayments(recorded) : recorded;
  const generous = { max: 100_000, windowMs: 60_000 };
  const deps = (await testDeps(db, {
    dealers,
    now: () => new Date(clock.ms),
    payments,
    rateLimits: {
      perIp: generous,
      perSite: generous,
      financePerIp: generous,
      searchPerIp: generous,
      reservationsPerIp: generous,
    },
    ...(options.holdLimits ? { holdLimits: options.holdLimits } : {}),
  })) as ApiDeps & { payments: Payments };
  const app = createApp(deps);
  const server: Server = createFetchServer(app.fetch, { origin: 'http://127.0.0.1' });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`;
  standIn.setWebhook(hookUrl, STAND_WEBHOOK_SECRET);
  const host = `${STAND_SLUG}.localhost`;

  const feed = (text: string, mode: 'full' | 'delta', o: { force?: boolean } = {}) => {
    const parsed = parseCsvFeed(text, { now: clock.ms, mode });
    return applyStockFeed(
      db,
      dealer,
      { mode, cars: parsed.cars, columns: parsed.columns, skipped: skippedRows(parsed.errors) },
      { source: 'cli', now: new Date(clock.ms), ...(o.force ? { force: true } : {}) },
    );
  };

  return {
    db,
    app,
    deps,
    dealer,
    standIn,
    hookUrl,
    clock,
    refunds,
    advance(ms) {
      clock.ms += ms;
    },
    async reserve(carId, values = STAND_SHOPPER, ip) {
      return app.fetch(
        new Request(`http://${host}/api/reservations`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: `http://${host}:4321`,
            ...(ip ? { 'x-forwarded-for': ip } : {}),
          },
          body: JSON.stringify({ car_id: carId, ...values }),
        }),
      );
    },
    async started(res) {
      if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${await res.text()}`);
      return (await res.json()) as { reservation_id: string; reservation_key: string; checkout_url: string };
    },
    pay: (checkoutUrl) => fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' }),
    async webhook(body) {
      const ts = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', STAND_WEBHOOK_SECRET).update(`${ts}.${body}`).digest('hex');
      return app.fetch(
        new Request('http://127.0.0.1/api/payments/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': `t=${ts},v1=${v1}` },
          body,
        }),
      );
    },
    async session(checkoutId) {
      const res = await fetch(`${standIn.url}/v1/checkout/sessions/${checkoutId}`, {
        headers: { authorization: `Bearer ${STAND_API_KEY}` },
      });
      return (await res.json()) as Record<string, unknown>;
    },
    async status(carId) {
      const res = await app.fetch(new Request(`http://${host}/api/stock/status?ids=${carId}`));
      return ((await res.json()) as { cars: Record<string, string> }).cars[String(carId)];
    },
    async row(id) {
      return (await db.query<ReservationRow>('SELECT * FROM reservations WHERE id = $1', [id])).rows[0]!;
    },
    async leadsOf(reservationId) {
      return (
        await db.query<{ id: string; values: Record<string, unknown> }>(
          `SELECT id, "values" FROM leads WHERE site_slug = $1 AND category = 'vehicle-reservation'
            AND "values"->>'reservation_id' = $2 ORDER BY created_at`,
          [STAND_SLUG, reservationId],
        )
      ).rows;
    },
    async mailOf(reservationId) {
      return (
        await db.query<{ kind: string; status: string; message: Record<string, unknown> }>(
          `SELECT kind, status, message FROM mail_outbox WHERE meta->>'reservation' = $1 ORDER BY id`,
          [reservationId],
        )
      ).rows;
    },
    feed,
    fullFeedWithout(carIds) {
      const gone = new Set(carIds.map(String));
      const cars: Car[] = dealer.cars.filter((c) => !gone.has(String(c.id)));
      return applyStockFeed(
        db,
        dealer,
        { mode: 'full', cars, skipped: 0 },
        { source: 'cli', now: new Date(clock.ms), force: true },
      );
    },
    async close() {
      await standIn.close();
      await new Promise((r) => server.close(r));
    },
  };
}
