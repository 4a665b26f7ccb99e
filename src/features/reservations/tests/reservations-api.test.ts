/**
 * Reservations through the API on both databases, with the real Stripe client on the local
 * stand-in of Stripe posting its signed notifications to the API over HTTP: hold, pay, the dealer's
 * lead, cancel, two shoppers at once, a payment that lands after the car went to someone else
 * (refunded), the hold ending, replayed and forged notifications, and the route's refusals.
 */
import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { createFetchServer } from '../../../api/node-adapter.ts';
import { stripePayments } from '../server/payments/stripe-payments.ts';
import { releaseDue, settleReservation } from '../server/rows.ts';
import { CAR_TAKEN, NOT_RESERVABLE, PRICE_ON_APPLICATION_NOT_RESERVABLE } from '../server/service.ts';
import { LOOKUPS_PER_MINUTE } from '../server/app.ts';
import type { DealerContent } from '../../../content/load.ts';
import { TERMS_MESSAGE } from '../../../forms/reservation.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../scripts/standins/stripe-standin.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';
import type { LeadRow } from '../../leads/server/store.ts';
import { adfXml } from '../../leads/server/outbox/adf.ts';
import { describeErase, eraseLeadsOf } from '../../leads/server/erase.ts';
import { purgeExpired } from '../../leads/server/retention.ts';
import { leadPayload } from '../../leads/server/outbox/payload.ts';

const SLUG = 'mini-motors';
const SECRET = 'whsec_reservation_tests';
const SHOPPER = {
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: 'mia@example.com',
  phone: '0412 345 678',
  accept_terms: true,
};

describe.each(testDatabases)('reservations on $label', (database) => {
  let t: TestDb;
  let standIn: StripeStandIn;
  let server: Server;
  let app: ReturnType<typeof createApp>;
  let dealers: DealerContent[];
  let clock = Date.now();
  let hookUrl = '';

  beforeAll(async () => {
    t = await database.open();
    standIn = await startStripeStandIn({ apiKey: 'sk_test_reservations' });
    dealers = structuredClone(await fixtureDealers());
    const dealer = dealers.find((d) => d.slug === SLUG)!;
    dealer.site.reservations = { enabled: true, deposit: 500, hold_hours: 48, terms: undefined };
    const base = dealer.cars.find((c) => c.id === 1)!;
    for (const n of [11, 12, 13, 14, 15, 16])
      dealer.cars.push({ ...structuredClone(base), id: n, slug: `${base.slug}-${n}`, stock_number: `R${n}` });
    dealer.cars.push({
      ...structuredClone(base),
      id: 17,
      slug: `${base.slug}-17`,
      stock_number: 'R17',
      price: 0,
      price_on_application: true,
    });
    const payments = stripePayments({ secretKey: 'sk_test_reservations', webhookSecret: SECRET, apiBase: standIn.url });
    app = createApp(await testDeps(t.db, { dealers, now: () => new Date(clock), payments }));
    server = createFetchServer(app.fetch, { origin: 'http://127.0.0.1' });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`;
    standIn.setWebhook(hookUrl, SECRET);
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise((r) => server.close(r));
    await t.cleanup();
  });

  const reserve = (carId: number | string, values: Record<string, unknown> = SHOPPER, host = `${SLUG}.localhost`) =>
    app.fetch(
      new Request(`http://${host}/api/reservations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://${host}:4321` },
        body: JSON.stringify({ car_id: carId, ...values }),
      }),
    );
  const status = async (id: number) => {
    const res = await app.fetch(new Request(`http://${SLUG}.localhost/api/stock/status?ids=${id}`));
    return ((await res.json()) as { cars: Record<string, string> }).cars[String(id)];
  };
  const started = async (res: Response) => {
    expect(res.status).toBe(201);
    return (await res.json()) as { reservation_id: string; reservation_key: string; checkout_url: string };
  };
  /** A notification signed as Stripe signs it, posted to the API. */
  const webhook = (body: string) => {
    const ts = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex');
    return app.fetch(
      new Request('http://127.0.0.1/api/payments/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': `t=${ts},v1=${v1}` },
        body,
      }),
    );
  };
  const pay = (checkoutUrl: string) => fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  const leadsOf = async () =>
    (
      await t.db.query<{ values: Record<string, unknown>; category: string }>(
        `SELECT "values", category FROM leads WHERE site_slug = $1 AND category = 'vehicle-reservation' ORDER BY created_at`,
        [SLUG],
      )
    ).rows;
  const row = async (id: string) =>
    (await t.db.query<{ status: string; refund_id: string | null }>('SELECT * FROM reservations WHERE id = $1', [id]))
      .rows[0]!;

  it('holds the car for the checkout, reserves it on the signed notification and tells the dealer', async () => {
    const { reservation_id: id, reservation_key: key, checkout_url } = await started(await reserve(11));
    expect(checkout_url.startsWith(standIn.url)).toBe(true);
    expect(await status(11)).toBe('held');
    const page = await (await fetch(checkout_url)).text();
    expect(page).toContain('$500.00');

    const paid = await pay(checkout_url);
    const thanks = new URL(paid.headers.get('location')!);
    expect(thanks.origin).toBe(`http://${SLUG}.localhost:4321`);
    expect(thanks.searchParams.get('category')).toBe('vehicle-reservation');
    expect(thanks.searchParams.get('reservation')).toBe(id);
    // The key is in no address: the checkout, the tag manager and the analytics never see it.
    expect(paid.headers.get('location')).not.toContain(key);
    expect(thanks.searchParams.has('key')).toBe(false);
    expect(await status(11)).toBe('reserved');

    const view = await app.fetch(new Request(`http://${SLUG}.localhost/api/reservations/${id}?key=${key}`));
    const body = (await view.json()) as { status: string; holdUntil: string; deposit: { text: string } };
    expect(body.status).toBe('reserved');
    expect(body.deposit.text).toBe('$500.00 AUD');
    expect(new Date(body.holdUntil).getTime()).toBe(clock + 48 * 3600_000);
    // Without the key of the shopper's link, nothing is told.
    expect((await app.fetch(new Request(`http://${SLUG}.localhost/api/reservations/${id}?key=guess`))).status).toBe(
      404,
    );

    const leads = await leadsOf();
    expect(leads).toHaveLength(1);
    expect(leads[0]!.values).toMatchObject({
      car_id: '11',
      email: 'mia@example.com',
      reservation_id: id,
      deposit_amount: '500.00',
      deposit_currency: 'AUD',
    });
    expect(String(leads[0]!.values.payment_reference)).toMatch(/^pi_test_/);

    // The same notification again (a replay) changes nothing.
    const event = standIn.events.find((e) => e.type === 'checkout.session.completed' && e.body.includes(id))!;
    expect(await standIn.redeliver(event.id)).toBe(200);
    expect(await leadsOf()).toHaveLength(1);
    const replay = await webhook(event.body);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    // Another shopper cannot reserve it.
    const second = await reserve(11, { ...SHOPPER, email: 'sam@example.com' });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe(CAR_TAKEN);
  });

  it("the dealer's lead carries the deposit in ADF the DTD accepts", async () => {
    const { rows } = await t.db.query<LeadRow>(
      `SELECT * FROM leads WHERE site_slug = $1 AND category = 'vehicle-reservation' LIMIT 1`,
      [SLUG],
    );
    const payload = leadPayload(
      rows[0]!,
      dealers.find((d) => d.slug === SLUG),
    );
    expect(payload.vehicle).toMatchObject({ source: 'stock', car_id: '11', stock_number: 'R11' });
    // The webhook's JSON and the deliveries file carry it as one object.
    expect(payload.reservation).toMatchObject({ deposit: { amount: '500.00', currency: 'AUD' } });
    expect(payload.reservation!.payment_reference).toMatch(/^pi_test_/);
    expect(new Date(payload.reservation!.hold_until).getTime()).toBeGreaterThan(Date.now());
    const xml = adfXml(payload);
    expect(xml).toMatch(
      /<finance>\s*<method>deposit<\/method>\s*<amount type="downpayment" limit="exact" currency="AUD">500\.00<\/amount>\s*<\/finance>/,
    );
    expect(xml).toMatch(/<id source="reservation">res_[0-9a-f]{24}<\/id>/);
    expect(xml).toMatch(/<id source="payment">pi_test_\w+<\/id>/);
    expect(xml).toMatch(
      /Reserved online with a deposit of 500\.00 AUD paid \(payment reference pi_test_\w+\); held until /,
    );
    const [result] = await validateWithDtd([{ name: 'reservation', xml }]);
    expect(result!.valid, describeProblems([result!])).toBe(true);
  });

  it('Cancel closes the checkout and releases the car at once', async () => {
    const { reservation_id: id, checkout_url } = await started(await reserve(12));
    const cancelled = await fetch(`${checkout_url}/cancel`, { method: 'POST', redirect: 'manual' });
    // Released by the cancel itself, not by Stripe's later notification of the expiry.
    standIn.setWebhook('http://127.0.0.1:9/', SECRET);
    const back = await app.fetch(new Request(cancelled.headers.get('location')!));
    standIn.setWebhook(hookUrl, SECRET);
    expect(back.status).toBe(303);
    // To the car page on the origin the shopper reserved from, not the API's.
    expect(back.headers.get('location')).toMatch(
      new RegExp(`^http://${SLUG}\\.localhost:4321/cars/[^?]+\\?reservation=cancelled#reserve$`),
    );
    expect(await status(12)).toBe('available');
    expect((await row(id)).status).toBe('released');
    // The checkout no longer takes payment.
    expect((await pay(checkout_url)).status).toBe(409);
  });

  it("a cancel link whose origin is not one of the dealer's goes back to the dealer's site instead", async () => {
    const { checkout_url } = await started(await reserve(13));
    const cancelled = await fetch(`${checkout_url}/cancel`, { method: 'POST', redirect: 'manual' });
    const link = new URL(cancelled.headers.get('location')!);
    expect(link.searchParams.get('origin')).toBe(`http://${SLUG}.localhost:4321`);
    link.searchParams.set('origin', 'https://phishing.example');
    const back = await app.fetch(new Request(link));
    expect(back.status).toBe(303);
    const site = dealers.find((d) => d.slug === SLUG)!.site.url;
    expect(back.headers.get('location')!.startsWith(new URL(site).origin + '/')).toBe(true);
    expect(await status(13)).toBe('available');
  });

  it('two shoppers at once: exactly one holds the car', async () => {
    const answers = await Promise.all([reserve(13), reserve(13, { ...SHOPPER, email: 'sam@example.com' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('a payment that lands after the car went to another shopper is refunded', async () => {
    const first = await started(await reserve(14));
    clock += 31 * 60_000; // the first checkout's hold has run out
    const second = await started(await reserve(14, { ...SHOPPER, email: 'sam@example.com' }));
    await pay(first.checkout_url); // the stand-in's own clock still lets the first shopper pay
    const late = await row(first.reservation_id);
    expect(late.status).toBe('refunded');
    expect(late.refund_id).toMatch(/^re_test_/);
    await pay(second.checkout_url);
    expect((await row(second.reservation_id)).status).toBe('reserved');
    expect(await status(14)).toBe('reserved');
  });

  it('a paid reservation releases when its hold ends, unless the dealer confirms the sale', async () => {
    const a = await started(await reserve(15));
    await pay(a.checkout_url);
    const b = await started(await reserve(16));
    await pay(b.checkout_url);
    expect(await settleReservation(t.db, SLUG, '16', 'sold', new Date(clock))).toBeDefined();
    clock += 49 * 3600_000;
    const released = await releaseDue(t.db, new Date(clock), { site: SLUG });
    expect(released.map((r) => [r.car_id, r.status, r.released_reason])).toContainEqual([
      '15',
      'released',
      'hold-ended',
    ]);
    expect(await status(15)).toBe('available');
    expect(await status(16)).toBe('sold');
  });

  it("an erase by email removes the shopper's details, and retention deletes ended reservations", async () => {
    const report = await eraseLeadsOf(t.db, SLUG, { email: 'MIA@example.com' });
    expect(report.reservations).toBeGreaterThanOrEqual(3);
    expect(describeErase(report, SLUG, { email: 'mia@example.com' })).toMatch(
      /Removed the name, email and phone from \d+ reservations of mini-motors/,
    );
    const left = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reservations WHERE contact->>'email' = 'mia@example.com'`,
    );
    expect(left.rows[0]!.n).toBe(0);
    // Payments stay on record without the person.
    const paid = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reservations WHERE payment_id IS NOT NULL AND contact = '{}'::jsonb`,
    );
    expect(paid.rows[0]!.n).toBeGreaterThan(0);

    const before = await t.db.query<{ status: string }>('SELECT status FROM reservations');
    const ended = before.rows.filter((r) => ['released', 'refunded', 'sold'].includes(r.status)).length;
    const purge = await purgeExpired(t.db, {
      retention: { defaults: { sensitiveDays: 30, retentionMonths: 24 }, sites: {} },
      now: new Date(clock + 25 * 31 * 86_400_000),
    });
    expect(purge.reservationsDeleted).toBe(ended);
    const after = await t.db.query<{ status: string }>('SELECT status FROM reservations');
    expect(after.rows.every((r) => r.status === 'held' || r.status === 'reserved')).toBe(true);
  });

  it('counts look-ups of reservations per client address', async () => {
    const ask = () =>
      app.fetch(
        new Request(`http://${SLUG}.localhost/api/reservations/res_${'0'.repeat(24)}?key=x`, {
          headers: { 'x-forwarded-for': '203.0.113.77' },
        }),
      );
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i++) expect((await ask()).status).toBe(404);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('refuses forged notifications and changes nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM payment_events');
    for (const signature of [undefined, 't=1,v1=00', `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`]) {
      const res = await app.fetch(
        new Request(`http://127.0.0.1/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
          body: JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } }),
        }),
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { status: number } }).error.status).toBe(400);
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM payment_events')).rows).toEqual(before.rows);
  });

  it('refuses a price on application car, saying why, and holds nothing', async () => {
    const res = await reserve(17);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      PRICE_ON_APPLICATION_NOT_RESERVABLE,
    );
    expect(await status(17)).toBe('available');
    const held = await t.db.query(`SELECT count(*)::int AS n FROM reservations WHERE car_id = '17'`);
    expect(held.rows).toEqual([{ n: 0 }]);
  });

  it('refuses what cannot be reserved, naming the field', async () => {
    const missing = await reserve(1, { ...SHOPPER, email: 'not-an-email', accept_terms: false });
    expect(missing.status).toBe(400);
    const problem = (await missing.json()) as { error: { fields: Record<string, string> } };
    expect(problem.error.fields.accept_terms).toBe(TERMS_MESSAGE);
    expect(problem.error.fields.email).toMatch(/valid email/);
    const sold = await reserve(2);
    expect(sold.status).toBe(409);
    expect(((await sold.json()) as { error: { message: string } }).error.message).toBe(NOT_RESERVABLE);
    expect((await reserve(999)).status).toBe(404);
    // A dealer that takes no reservations.
    expect((await reserve(1, SHOPPER, 'group-motors.localhost')).status).toBeGreaterThanOrEqual(404);
    const foreign = await app.fetch(
      new Request(`http://${SLUG}.localhost/api/reservations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
        body: JSON.stringify({ car_id: 1, ...SHOPPER }),
      }),
    );
    expect(foreign.status).toBe(403);
  });
});

it('without a payments client the route answers 503 and holds nothing', async () => {
  const t = await testDatabases[0]!.open();
  try {
    const dealers = structuredClone(await fixtureDealers());
    dealers.find((d) => d.slug === SLUG)!.site.reservations = {
      enabled: true,
      deposit: 500,
      hold_hours: undefined,
      terms: undefined,
    };
    const app = createApp(await testDeps(t.db, { dealers }));
    const res = await app.fetch(
      new Request(`http://${SLUG}.localhost/api/reservations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ car_id: 1, ...SHOPPER }),
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await t.db.query("SELECT count(*)::int AS n FROM reservations WHERE status = 'held'")).rows[0]).toEqual({
      n: 0,
    });
  } finally {
    await t.cleanup();
  }
});
