/**
 * Reservations a shopper and a dealer can trust, on both databases, through the API with the real
 * Stripe client on the local stand-in: a deposit paid after the stock sold or withdrew the car is
 * refunded (the dealer's lead and the shopper's email say so, no receipt); a hold that ends is
 * released whatever the stock says, and only the dealer's word makes it sold; one address, one
 * inbox or phone, and one dealer hold a bounded number of cars unpaid (a fake clock starting a
 * checkout every 7 s); the stock relists a car sold through a reservation only by listing it for
 * sale again; the checkout's Cancel after paying goes to the thank-you page and its secret opens
 * nothing else; a wrong amount or currency is refunded; a checkout never attached is released
 * and its payment found by reference; a failed bank debit releases the car; one receipt email in
 * the dealer's time zone, none on a replay; the thank-you view's hold end in that zone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMailer, mailDir } from '../../../api/mail/mailer.ts';
import { deliverMail } from '../../../api/mail/outbox.ts';
import {
  DEFAULT_HOLD_LIMITS,
  HOLDS_PER_CLIENT_MESSAGE,
  HOLDS_PER_DEALER_MESSAGE,
  holderKeys,
  STARTS_PER_DAY_MESSAGE,
} from '../server/limits.ts';
import { CAR_TAKEN, hashKey, NOT_RESERVABLE } from '../server/service.ts';
import { startHold } from '../server/store.ts';
import { ATTACH_GRACE_MS, releaseDue, settleReservation } from '../server/rows.ts';
import { carTitle, successPath } from '../../../domain/pages.ts';
import { holdEndText } from '../rules/reservations.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';
import {
  reservationStand,
  STAND_SHOPPER,
  STAND_SLUG,
  type ReservationStand,
} from '../../../../tests/helpers/reservation-stand.ts';

const MINUTE = 60_000;
const ZONE = /\b(AEDT|AEST)\b/;
const SAM = { ...STAND_SHOPPER, first_name: 'Sam', email: 'sam@example.com', phone: '0413 000 111' };

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe.each(testDatabases)('reservation trust on $label', (database) => {
  let t: TestDb;
  let s: ReservationStand;

  beforeAll(async () => {
    t = await database.open();
    s = await reservationStand(t.db, { cars: 20 });
  });
  afterAll(async () => {
    await s?.close();
    await t?.cleanup();
  });

  /** Reserves `carId`, pays on the stand-in, and answers the reservation's id, key and row. */
  const reserveAndPay = async (carId: number, values = STAND_SHOPPER) => {
    const started = await s.started(await s.reserve(carId, values));
    expect((await s.pay(started.checkout_url)).status).toBe(303);
    return { ...started, row: await s.row(started.reservation_id) };
  };
  const expectRefundedForStock = async (id: string) => {
    const row = await s.row(id);
    expect(row.status).toBe('refunded');
    expect(row.refund_id).toMatch(/^re_test_/);
    expect(s.refunds).toContainEqual({ paymentId: row.payment_id, refundId: row.refund_id });
    const leads = await s.leadsOf(id);
    expect(leads).toHaveLength(1);
    expect(leads[0]!.values.reservation_status).toBe('refunded');
    expect(String(leads[0]!.values.comments)).toMatch(/refunded/);
    expect(String(leads[0]!.values.comments)).not.toMatch(/^Reserved online/);
    const mail = await s.mailOf(id);
    expect(mail.map((m) => m.kind)).toEqual(['reservation-refund']);
    return row;
  };

  it('a deposit paid after a stock delta sold the car is refunded, and the lead and email say so', async () => {
    const { reservation_id: id, checkout_url } = await s.started(await s.reserve(101));
    s.advance(MINUTE);
    const summary = await s.feed('Stock No,Status\nR101,sold\n', 'delta');
    expect(summary.updated).toBe(1);
    expect(await s.status(101)).toBe('sold');
    s.advance(MINUTE);
    await s.pay(checkout_url);
    const row = await expectRefundedForStock(id);
    expect(row.released_reason).toBe('car-sold');
    expect(await s.status(101)).toBe('sold');
  });

  it('a deposit paid after a full feed left the car out is refunded', async () => {
    const { reservation_id: id, checkout_url } = await s.started(await s.reserve(102));
    s.advance(MINUTE);
    const summary = await s.fullFeedWithout([102]);
    expect(summary.withdrawn).toBe(1);
    s.advance(MINUTE);
    await s.pay(checkout_url);
    const row = await expectRefundedForStock(id);
    expect(['car-sold', 'car-withdrawn']).toContain(row.released_reason);
  });

  it('a paid hold that ends while the stock says sold is released; only the dealer makes it sold', async () => {
    const ending = await reserveAndPay(103);
    const confirmed = await reserveAndPay(104);
    expect(ending.row.status).toBe('reserved');
    s.advance(MINUTE);
    await s.feed('Stock No,Status\nR103,sold\nR104,sold\n', 'delta');
    expect((await settleReservation(t.db, STAND_SLUG, '104', 'sold', new Date(s.clock.ms)))?.status).toBe('sold');
    s.advance(49 * 3600_000);
    const due = await releaseDue(t.db, new Date(s.clock.ms), { site: STAND_SLUG });
    expect(due.map((r) => [r.id, r.status, r.released_reason])).toContainEqual([
      ending.reservation_id,
      'released',
      'hold-ended',
    ]);
    expect((await s.row(ending.reservation_id)).status).toBe('released');
    expect((await s.row(confirmed.reservation_id)).status).toBe('sold');
  });

  it('a car sold through a reservation stays sold through a price-only delta, until a feed lists it for sale again', async () => {
    // The stock lists the car for sale before the reservation, and all along.
    s.advance(MINUTE);
    await s.feed('Stock No,Price\nR105,27990\n', 'delta');
    await reserveAndPay(105);
    s.advance(MINUTE);
    await settleReservation(t.db, STAND_SLUG, '105', 'sold', new Date(s.clock.ms));
    expect(await s.status(105)).toBe('sold');
    s.advance(MINUTE);
    await s.feed('Stock No,Price\nR105,25990\n', 'delta');
    expect(await s.status(105)).toBe('sold');
    const refused = await s.reserve(105, SAM);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(NOT_RESERVABLE);
    // The stock system records the sale, then relists the car (the sale fell through).
    s.advance(MINUTE);
    await s.feed('Stock No,Status\nR105,sold\n', 'delta');
    expect(await s.status(105)).toBe('sold');
    s.advance(MINUTE);
    await s.feed('Stock No,Status\nR105,available\n', 'delta');
    expect(await s.status(105)).toBe('available');
    expect((await s.reserve(105, SAM)).status).toBe(201);
  });

  it("the checkout's Cancel after paying goes to the thank-you page, and its secret opens nothing else", async () => {
    const { reservation_id: id, reservation_key: key, row } = await reserveAndPay(107);
    const session = await s.session(row.checkout_id!);
    const cancelUrl = new URL(String(session.cancel_url));
    const successUrl = new URL(String(session.success_url));
    expect(cancelUrl.searchParams.get('cancel')).toBeTruthy();
    expect(cancelUrl.searchParams.has('key')).toBe(false);
    expect(successUrl.searchParams.has('key')).toBe(false);
    expect(String(session.cancel_url)).not.toContain(key);
    expect(String(session.success_url)).not.toContain(key);

    const back = await s.app.fetch(new Request(cancelUrl));
    expect(back.status).toBe(303);
    const to = new URL(back.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`http://${STAND_SLUG}.localhost:4321${successPath(s.dealer)}`);
    expect(Object.fromEntries(to.searchParams)).toEqual({ category: 'vehicle-reservation', reservation: id });
    expect((await s.row(id)).status).toBe('reserved');

    const secret = cancelUrl.searchParams.get('cancel')!;
    const host = `http://${STAND_SLUG}.localhost/api/reservations/${id}`;
    expect((await s.app.fetch(new Request(`${host}?cancel=${encodeURIComponent(secret)}`))).status).toBe(404);
    expect((await s.app.fetch(new Request(`${host}?key=${encodeURIComponent(secret)}`))).status).toBe(404);
  });

  /** Pays the checkout with the webhook pointed nowhere, and answers the completed event's body. */
  const paidUnannounced = async (carId: number) => {
    const started = await s.started(await s.reserve(carId));
    const checkoutId = (await s.row(started.reservation_id)).checkout_id!;
    s.standIn.setWebhook('http://127.0.0.1:9/', 'whsec_nowhere');
    try {
      await s.pay(started.checkout_url);
    } finally {
      s.standIn.setWebhook(s.hookUrl, 'whsec_reservation_stand');
    }
    const event = s.standIn.events.find((e) => e.type === 'checkout.session.completed' && e.body.includes(checkoutId))!;
    return {
      id: started.reservation_id,
      body: JSON.parse(event.body) as { data: { object: Record<string, unknown> } },
    };
  };

  it.each([
    { carId: 108, change: { amount_total: 100 }, paid: [100, 'aud'] },
    { carId: 109, change: { currency: 'nzd' }, paid: [50_000, 'nzd'] },
  ])('a payment of another amount or currency ($change) is refunded', async ({ carId, change, paid }) => {
    const { id, body } = await paidUnannounced(carId);
    Object.assign(body.data.object, change);
    const res = await s.webhook(JSON.stringify(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'refunded' });
    const row = await s.row(id);
    expect(row).toMatchObject({ status: 'refunded', released_reason: 'amount-mismatch' });
    expect([row.paid_amount, row.paid_currency]).toEqual(paid);
    expect(s.refunds.map((r) => r.paymentId)).toContain(row.payment_id);
    expect(await s.status(carId)).toBe('available');
  });

  it("a deposit for a reservation of this dealer that no longer exists is refunded; another deployment's is left alone", async () => {
    const gone = await paidUnannounced(113);
    const paymentOf = (body: typeof gone.body) => String(body.data.object.payment_intent);
    // The reservation is lost (a database restored from before it): the payment is refunded.
    await t.db.query('DELETE FROM reservations WHERE id = $1', [gone.id]);
    const res = await s.webhook(
      JSON.stringify({ ...gone.body, id: `${String((gone.body as { id?: string }).id)}-gone` }),
    );
    expect(await res.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(s.refunds.map((r) => r.paymentId)).toContain(paymentOf(gone.body));
    // A checkout made for a dealer this deployment does not serve is not ours to refund.
    const other = await paidUnannounced(114);
    await t.db.query('DELETE FROM reservations WHERE id = $1', [other.id]);
    const object = other.body.data.object as { metadata: Record<string, string> };
    object.metadata = { ...object.metadata, site: 'another-deployments-dealer' };
    const answer = await s.webhook(
      JSON.stringify({ ...other.body, id: `${String((other.body as { id?: string }).id)}-other` }),
    );
    expect(await answer.json()).toEqual({ received: true, outcome: 'unknown' });
    expect(s.refunds.map((r) => r.paymentId)).not.toContain(paymentOf(other.body));
  });

  it('a second notice of a payment whose hold has ended since reserves nothing again', async () => {
    const { reservation_id: id, row } = await reserveAndPay(115);
    s.advance(49 * 3_600_000);
    await releaseDue(t.db, new Date(s.clock.ms), { site: STAND_SLUG });
    expect(await s.row(id)).toMatchObject({ status: 'released', released_reason: 'hold-ended' });
    const event = s.standIn.events.find(
      (e) => e.type === 'checkout.session.completed' && e.body.includes(row.checkout_id!),
    )!;
    const again = {
      ...(JSON.parse(event.body) as object),
      id: `${event.id}_again`,
      type: 'checkout.session.async_payment_succeeded',
    };
    expect(await (await s.webhook(JSON.stringify(again))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await s.row(id)).toMatchObject({ status: 'released' });
    expect((await s.mailOf(id)).map((m) => m.kind)).toEqual(['reservation-receipt']);
  });

  /** A hold made as the API makes one, whose checkout is never attached. */
  const unattachedHold = async (carId: number, email: string) => {
    const id = `res_${randomBytes(12).toString('hex')}`;
    const now = new Date(s.clock.ms);
    const contact = { first_name: 'Lee', last_name: 'Wong', email, phone: '0414 555 666' };
    const held = await startHold(
      t.db,
      {
        id,
        site: STAND_SLUG,
        carId: String(carId),
        amount: 50_000,
        currency: 'aud',
        contact,
        keyHash: hashKey('k'),
        cancelHash: hashKey('c'),
        keys: holderKeys(STAND_SLUG, 'unknown', email, contact.phone),
        timeZone: 'Australia/Sydney',
        checkoutExpiresAt: new Date(now.getTime() + 30 * MINUTE),
        now,
      },
      { perIp: 100, perContact: 100, perDealer: 100, startsPerIpPerDay: 100 },
    );
    expect(held.ok).toBe(true);
    return id;
  };
  const checkoutFor = (id: string, carId: number) =>
    s.deps.payments.createCheckout({
      amount: 50_000,
      currency: 'aud',
      description: `Deposit for car ${carId}`,
      successUrl: `http://${STAND_SLUG}.localhost:4321/thanks`,
      cancelUrl: `http://${STAND_SLUG}.localhost:4321/cancelled`,
      expiresAt: new Date(s.clock.ms + 30 * MINUTE),
      reference: id,
      metadata: { site: STAND_SLUG, car_id: String(carId) },
    });

  it('a hold whose checkout was never attached is released after the grace, and the car can be reserved', async () => {
    const id = await unattachedHold(110, 'lee@example.com');
    expect(await s.status(110)).toBe('held');
    expect((await s.reserve(110, SAM)).status).toBe(409);
    s.advance(ATTACH_GRACE_MS + 1_000);
    const due = await releaseDue(t.db, new Date(s.clock.ms), { site: STAND_SLUG });
    expect(due.map((r) => [r.id, r.released_reason])).toContainEqual([id, 'checkout-failed']);
    expect((await s.reserve(110, SAM)).status).toBe(201);
  });

  it('a payment for a checkout never attached is found by its reference: reserved while the car is free', async () => {
    const id = await unattachedHold(111, 'lee@example.com');
    const checkout = await checkoutFor(id, 111);
    await s.pay(checkout.url);
    const row = await s.row(id);
    expect(row).toMatchObject({ status: 'reserved', checkout_id: checkout.id });
    expect(await s.leadsOf(id)).toHaveLength(1);
    expect((await s.mailOf(id)).map((m) => m.kind)).toEqual(['reservation-receipt']);
  });

  it('a payment for a checkout never attached whose car another shopper holds since is refunded', async () => {
    const id = await unattachedHold(112, 'lee@example.com');
    s.advance(ATTACH_GRACE_MS + 1_000);
    await releaseDue(t.db, new Date(s.clock.ms), { site: STAND_SLUG });
    await s.started(await s.reserve(112, SAM));
    const checkout = await checkoutFor(id, 112);
    await s.pay(checkout.url);
    const row = await s.row(id);
    expect(row).toMatchObject({ status: 'refunded', released_reason: 'car-taken', checkout_id: checkout.id });
    expect(s.refunds.map((r) => r.refundId)).toContain(row.refund_id);
    expect((await s.mailOf(id)).map((m) => m.kind)).toEqual(['reservation-refund']);
    expect(await s.status(112)).toBe('held');
  });

  it('a failed bank debit (checkout.session.async_payment_failed) releases the hold', async () => {
    const { reservation_id: id } = await s.started(await s.reserve(113));
    const checkoutId = (await s.row(id)).checkout_id!;
    const res = await s.webhook(
      JSON.stringify({
        id: `evt_test_${randomBytes(8).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.async_payment_failed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: { id: checkoutId, object: 'checkout.session', payment_status: 'unpaid', client_reference_id: id },
        },
      }),
    );
    expect(await res.json()).toEqual({ received: true, outcome: 'released' });
    expect(await s.row(id)).toMatchObject({ status: 'released', released_reason: 'payment-failed' });
    expect(await s.status(113)).toBe('available');
  });

  it("one receipt email: the deposit, the car, the dealer, the hold's end in the dealer's zone; none on a replay", async () => {
    const junk = await mkdtemp(path.join(tmpdir(), 'reservation-mail-'));
    const dir = await mkdtemp(path.join(tmpdir(), 'reservation-mail-'));
    const deliver = (to: string) =>
      deliverMail({ db: t.db, mailer: fileMailer(to), now: () => new Date(s.clock.ms) }, { site: STAND_SLUG });
    try {
      await deliver(junk); // what earlier tests queued
      const { reservation_id: id, reservation_key: key, row } = await reserveAndPay(114);
      expect((await deliver(dir)).sent).toBe(1);
      const files = await readdir(mailDir(dir, STAND_SLUG));
      expect(files).toHaveLength(1);
      const raw = await readFile(path.join(mailDir(dir, STAND_SLUG), files[0]!));
      const mail = await simpleParser(raw);
      const car = s.dealer.cars.find((c) => c.id === 114)!;
      expect(mail.subject).toContain('$500.00 AUD deposit');
      expect(mail.subject).toContain(carTitle(car));
      const text = mail.text ?? '';
      const until = holdEndText(s.dealer.site, new Date(row.hold_until!));
      expect(until).toMatch(ZONE);
      expect(text).toContain(s.dealer.site.name);
      expect(text).toContain('$500.00 AUD');
      expect(text).toContain(until);
      expect(text).toContain('What happens next');
      expect(text).toContain(id);
      expect(raw.toString('utf8')).not.toContain(key);
      expect(String(mail.html)).not.toContain(key);

      const event = s.standIn.events.find((e) => e.type === 'checkout.session.completed' && e.body.includes(id))!;
      expect(await s.standIn.redeliver(event.id)).toBe(200);
      expect((await deliver(dir)).sent).toBe(0);
      expect(await readdir(mailDir(dir, STAND_SLUG))).toHaveLength(1);
      expect((await s.mailOf(id)).map((m) => [m.kind, m.status])).toEqual([['reservation-receipt', 'sent']]);
    } finally {
      await rm(junk, { recursive: true, force: true });
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("the thank-you view gives the hold's end in the dealer's time zone, naming the zone", async () => {
    const { reservation_id: id, reservation_key: key } = await reserveAndPay(115);
    const res = await s.app.fetch(new Request(`http://${STAND_SLUG}.localhost/api/reservations/${id}?key=${key}`));
    const view = (await res.json()) as { status: string; holdUntil: string; holdUntilText: string };
    expect(view.status).toBe('reserved');
    expect(view.holdUntilText).toBe(holdEndText(s.dealer.site, new Date(view.holdUntil)));
    expect(view.holdUntilText).toMatch(ZONE);
  });
});

describe.each(testDatabases)('unpaid holds under the default limits on $label', (database) => {
  let t: TestDb;
  let s: ReservationStand;
  let nextCar = 0;
  /** The next of the dealer's 40 extra cars; every earlier hold has been released by then. */
  const car = () => 101 + (nextCar++ % 40);
  const shopper = (n: number, extra: Record<string, unknown> = {}) => ({
    ...STAND_SHOPPER,
    email: `shopper${n}@example.net`,
    phone: `04${String(10_000_000 + n).slice(-8)}`,
    ...extra,
  });
  const heldCount = async () =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reservations WHERE status = 'held'`)).rows[0]!.n;
  const expectRefused = async (res: Response, message: string) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(res)).toBe(message);
  };
  const expireAll = async () => {
    s.advance(31 * MINUTE);
    await releaseDue(t.db, new Date(s.clock.ms));
    expect(await heldCount()).toBe(0);
  };

  beforeAll(async () => {
    t = await database.open();
    s = await reservationStand(t.db, { cars: 40, holdLimits: DEFAULT_HOLD_LIMITS });
  });
  afterAll(async () => {
    await s?.close();
    await t?.cleanup();
  });

  it('one address starting a checkout every 7 s holds at most the per-address limit, then is refused for the day', async () => {
    expect(DEFAULT_HOLD_LIMITS).toMatchObject({ perIp: 2, startsPerIpPerDay: 6 });
    const flooder = '198.51.100.7';
    let n = 0;
    const outcomes: number[] = [];
    let starts = 0;
    while (starts < DEFAULT_HOLD_LIMITS.startsPerIpPerDay) {
      for (let i = 0; i < 6; i++) {
        const res = await s.reserve(car(), shopper(++n), flooder);
        outcomes.push(res.status);
        if (res.status === 201) starts++;
        else
          await expectRefused(
            res,
            starts < DEFAULT_HOLD_LIMITS.startsPerIpPerDay ? HOLDS_PER_CLIENT_MESSAGE : STARTS_PER_DAY_MESSAGE,
          );
        expect(await heldCount()).toBeLessThanOrEqual(DEFAULT_HOLD_LIMITS.perIp);
        s.advance(7_000);
      }
      expect(await heldCount()).toBe(DEFAULT_HOLD_LIMITS.perIp);
      await expireAll();
    }
    expect(outcomes.filter((c) => c === 201)).toHaveLength(DEFAULT_HOLD_LIMITS.startsPerIpPerDay);
    expect(outcomes.filter((c) => c === 429)).toHaveLength(outcomes.length - DEFAULT_HOLD_LIMITS.startsPerIpPerDay);
    // Its holds have all run out, but the day's unpaid starts are spent.
    await expectRefused(await s.reserve(car(), shopper(++n), flooder), STARTS_PER_DAY_MESSAGE);
    // A real shopper elsewhere is not refused.
    expect((await s.reserve(car(), shopper(++n), '203.0.113.9')).status).toBe(201);
    // The next day the address may start again.
    s.advance(24 * 3600_000);
    expect((await s.reserve(car(), shopper(n + 1), flooder)).status).toBe(201);
  });

  it('one inbox (+tags) or one phone from different addresses holds at most the per-contact limit', async () => {
    await expireAll();
    expect(DEFAULT_HOLD_LIMITS.perContact).toBe(2);
    const inbox = ['pat@example.org', 'pat+cars@example.org', 'PAT+more@example.org'];
    const byInbox = [];
    for (const [i, email] of inbox.entries())
      byInbox.push(await s.reserve(car(), shopper(200 + i, { email }), `192.0.2.${21 + i}`));
    expect(byInbox.slice(0, 2).map((r) => r.status)).toEqual([201, 201]);
    await expectRefused(byInbox[2]!, HOLDS_PER_CLIENT_MESSAGE);

    const byPhone = [];
    for (let i = 0; i < 3; i++)
      byPhone.push(await s.reserve(car(), shopper(300 + i, { phone: '0499 111 222' }), `192.0.2.${31 + i}`));
    expect(byPhone.slice(0, 2).map((r) => r.status)).toEqual([201, 201]);
    await expectRefused(byPhone[2]!, HOLDS_PER_CLIENT_MESSAGE);
  });

  it('a dealer has at most the per-dealer limit of unpaid holds, whoever holds them', async () => {
    await expireAll();
    expect(DEFAULT_HOLD_LIMITS.perDealer).toBe(10);
    for (let i = 0; i < DEFAULT_HOLD_LIMITS.perDealer; i++)
      expect((await s.reserve(car(), shopper(400 + i), `192.0.2.${41 + i}`)).status).toBe(201);
    await expectRefused(await s.reserve(car(), shopper(499), '192.0.2.99'), HOLDS_PER_DEALER_MESSAGE);
  });

  it('a shopper starting again for the car they hold unpaid replaces their hold; another shopper is refused', async () => {
    await expireAll();
    const carId = car();
    const first = await s.started(await s.reserve(carId, shopper(500), '192.0.2.61'));
    const again = await s.started(await s.reserve(carId, shopper(500), '192.0.2.61'));
    expect(await s.row(first.reservation_id)).toMatchObject({ status: 'released', released_reason: 'restarted' });
    expect((await s.row(again.reservation_id)).status).toBe('held');
    const other = await s.reserve(carId, shopper(501), '192.0.2.62');
    expect(other.status).toBe(409);
    expect(await errorOf(other)).toBe(CAR_TAKEN);
  });
});

describe.each(testDatabases)(
  "a dealer's first stock feed after a sale through a reservation, on $label",
  (database) => {
    let t: TestDb;
    let s: ReservationStand;

    beforeAll(async () => {
      t = await database.open();
      s = await reservationStand(t.db, { cars: 3 });
    });
    afterAll(async () => {
      await s?.close();
      await t?.cleanup();
    });

    it('relists nothing: it lists what the stock system had all along', async () => {
      const started = await s.started(await s.reserve(101));
      expect((await s.pay(started.checkout_url)).status).toBe(303);
      s.advance(MINUTE);
      await settleReservation(t.db, STAND_SLUG, '101', 'sold', new Date(s.clock.ms));
      expect(await s.status(101)).toBe('sold');
      // The dealer's first feed (a price change of another car) takes its snapshot's cars in.
      s.advance(MINUTE);
      await s.feed('Stock No,Price\nR102,25990\n', 'delta');
      expect(await s.status(101)).toBe('sold');
      expect((await s.reserve(101, SAM)).status).toBe(409);
    });
  },
);
