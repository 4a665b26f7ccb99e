/**
 * The online deal through the API on each database: start, save each step (the trade-in valued
 * and offered by the dealer's rules, finance worked out, handover checked against open days),
 * problems named by field, send (one lead, DTD-valid ADF carrying car, trade-in, finance and
 * deposit), later changes as webhook events and never a second lead, another shopper's token,
 * cancel; and the deal webhook received by a local HTTP server, its signature verified, retried
 * after a 500, each event once.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import type { DealerContent } from '../../../content/load.ts';
import { addDays, todayIn, weekdayOf } from '../../../domain/booking-hours.ts';
import { messages } from '../../../forms/messages.ts';
import { deliverDue, FIRST_RETRY_MS } from '../../leads/server/outbox/deliver.ts';
import { describeErase, eraseLeadsOf } from '../../leads/server/erase.ts';
import { purgeExpired } from '../../leads/server/retention.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';
import type { DealStarted, DealView } from '../contract/deal.ts';
import { httpFinanceProvider } from '../../finance/server/finance-provider.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../../scripts/standins/finance-standin.ts';

const SLUG = 'mini-motors';
const HOOK_SECRET = 'deal-hook-secret';
const SHOPPER = {
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: 'mia@example.com',
  phone: '0412 345 678',
  privacy_consent: true,
};

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe.each(testDatabases)('online deals on $label', (database) => {
  let t: TestDb;
  let app: ReturnType<typeof createApp>;
  let deps: ApiDeps;
  let dealers: DealerContent[];
  let receiver: Server;
  let finance: FinanceStandIn;
  let files: string;
  const received: Received[] = [];
  /** Answers the receiver gives, in turn; 200 once they run out. */
  const answers: number[] = [];
  let clock = Date.now();

  beforeAll(async () => {
    t = await database.open();
    finance = await startFinanceStandIn({ apiKey: 'finance-key' });
    files = await mkdtemp(path.join(tmpdir(), 'deal-leads-'));
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answers.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/deals`;
    dealers = structuredClone(await fixtureDealers());
    const dealer = dealers.find((d) => d.slug === SLUG)!;
    dealer.site.online_deal = { enabled: true, steps: undefined, collection: true, delivery: true };
    dealer.site.trade_in = { offer: { share: 0.9, valid_days: 7, terms: undefined } };
    dealer.site.reservations = { enabled: true, deposit: 500, hold_hours: 48, terms: undefined };
    for (const l of dealer.locations)
      l.hours = [
        { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], opens: '09:00', closes: '17:00', department: undefined },
      ];
    deps = await testDeps(t.db, {
      dealers,
      now: () => new Date(clock),
      financeProvider: httpFinanceProvider({ baseUrl: finance.url, apiKey: 'finance-key' }),
      destinations: () => [{ kind: 'file', dir: files }],
      dealWebhook: (slug) => (slug === SLUG ? { url: hookUrl, secret: HOOK_SECRET } : undefined),
    });
    app = createApp(deps);
  });
  afterAll(async () => {
    await new Promise((r) => receiver.close(r));
    await finance.close();
    await rm(files, { recursive: true, force: true });
    await t.cleanup();
  });

  const post = (route: string, body: Record<string, unknown>, host = `${SLUG}.localhost`) =>
    app.fetch(
      new Request(`http://${host}/api/deals${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://${host}:4321` },
        body: JSON.stringify(body),
      }),
    );
  const start = async (carId = 1) => {
    const res = await post('', { car_id: carId });
    expect(res.status).toBe(201);
    return (await res.json()) as DealStarted;
  };
  const save = async (token: string, body: Record<string, unknown>) => post('/save', { token, ...body });
  const ok = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DealView;
  };
  /** The next day after today (Sydney) that is `weekday`. */
  const next = (weekday: string) => {
    let day = addDays(todayIn('Australia/Sydney', new Date(clock)), 2);
    while (weekdayOf(day) !== weekday) day = addDays(day, 1);
    return day;
  };
  const dealLeads = async () =>
    (
      await t.db.query<{ id: string; values: Record<string, unknown> }>(
        `SELECT id, "values" FROM leads WHERE site_slug = $1 AND category = 'Online Deal'`,
        [SLUG],
      )
    ).rows;
  const events = async () =>
    (
      await t.db.query<{ id: string; payload: { event: string; deal: { id: string } } }>(
        `SELECT id, payload FROM outbox WHERE destination = 'deal-webhook' ORDER BY created_at, (payload->'deal'->>'version')::int`,
      )
    ).rows;

  it('offers the dealer steps for a listed car, and refuses a car that is not listed', async () => {
    const { token, deal } = await start();
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(deal.status).toBe('draft');
    expect(deal.steps).toEqual(['trade_in', 'finance', 'handover', 'deposit']);
    expect(deal.deposit?.amount).toBe(500);
    expect(deal.handoverKinds).toEqual(['collection', 'delivery']);
    expect((await post('', { car_id: 'no-such-car' })).status).toBe(404);
  });

  it('builds a deal step by step, naming each problem by its field, and sends one lead', async () => {
    const { token, deal } = await start();
    // The trade-in is valued by the site's provider and offered by the dealer's rules.
    const traded = await ok(
      await save(token, { trade_in: { make: 'Toyota', model: 'Corolla', year: 2018, km: 60000 } }),
    );
    const offer = traded.tradeIn!.offer!;
    expect(offer.amount).toBe(Math.floor((offer.range.low * 0.9) / 50) * 50);
    expect(offer.amount).toBeGreaterThan(0);
    expect(traded.totals.tradeIn).toBe(offer.amount);
    expect(traded.totals.balance).toBe(deal.car.price! - offer.amount - 500);

    const financed = await ok(await save(token, { finance: { deposit: 2000, term: 5, frequency: 'Weekly' } }));
    expect(financed.finance!.amount).toBe(deal.car.price! - offer.amount - 2000);
    expect(financed.finance!.per).toBe('week');
    expect(financed.finance!.payment).toBeGreaterThan(0);

    // Problems say what and where.
    const sunday = await save(token, {
      handover: {
        kind: 'collection',
        location_id: String(dealers.find((d) => d.slug === SLUG)!.locations[0]!.id),
        date: next('sun'),
      },
    });
    expect(sunday.status).toBe(400);
    const sundayBody = (await sunday.json()) as { error: { fields: Record<string, string> } };
    expect(sundayBody.error.fields['handover.date']).toMatch(/is closed on Sundays/);
    const past = (await (
      await save(token, { handover: { kind: 'delivery', address: '', postcode: '12', date: '2020-01-01' } })
    ).json()) as {
      error: { fields: Record<string, string> };
    };
    expect(past.error.fields).toMatchObject({
      'handover.address': 'Enter the street address to deliver the car to.',
      // The example is the car's yard's own postcode.
      'handover.postcode': 'Enter a 4-digit postcode, such as 2000.',
      'handover.date': 'Choose a date from tomorrow on: the dealer needs a day to prepare the car.',
    });
    const badYear = (await (
      await save(token, { trade_in: { make: 'Toyota', model: 'Corolla', year: 1800, km: 1 } })
    ).json()) as {
      error: { fields: Record<string, string> };
    };
    expect(Object.keys(badYear.error.fields)).toEqual(['trade_in.year']);
    const monday = next('mon');
    const handed = await ok(
      await save(token, {
        handover: { kind: 'delivery', address: '1 Beach Road, Terrigal NSW', postcode: '2260', date: monday },
      }),
    );
    expect(handed.handover).toMatchObject({ kind: 'delivery', date: monday });

    // The enquiry form's messages: a 6-digit mobile and no consent are each named.
    const badContact = await save(token, {
      contact: { ...SHOPPER, phone: '041234', privacy_consent: false },
      submit: true,
    });
    expect(badContact.status).toBe(400);
    const fields = ((await badContact.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields['contact.phone']).toBe(messages.phoneFormat);
    expect(fields['contact.privacy_consent']).toBe(messages.privacy);
    expect(await dealLeads()).toHaveLength(0);

    const sent = await ok(await save(token, { contact: SHOPPER, submit: true }));
    expect(sent.status).toBe('submitted');
    const leads = await dealLeads();
    expect(leads).toHaveLength(1);
    expect(leads[0]!.values).toMatchObject({
      car_id: '1',
      trade_make: 'Toyota',
      trade_price: String(offer.amount),
      deal_finance_deposit: '2000',
    });
    expect((await events()).map((e) => e.payload.event)).toEqual(['deal.created']);

    // A later change is an event, never a second lead; a repeated send changes nothing.
    const changed = await ok(
      await save(token, { finance: { deposit: 5000, term: 3, frequency: 'Monthly' }, submit: true }),
    );
    expect(changed.finance!.deposit).toBe(5000);
    expect(await dealLeads()).toHaveLength(1);
    expect((await events()).map((e) => e.payload.event)).toEqual(['deal.created', 'deal.updated']);

    // The shopper's link opens it again; another deal's token never opens this one.
    const other = await start();
    const mine = await ok(await post('/view', { token }));
    expect(mine.id).toBe(deal.id);
    expect(mine.contact?.email).toBe(SHOPPER.email);
    const theirs = await ok(await post('/view', { token: other.token }));
    expect(theirs.id).not.toBe(deal.id);
    expect(theirs.contact).toBeUndefined();
    expect((await post('/view', { token: `${token.slice(0, -2)}xx` })).status).toBe(404);
    // Nor on another dealer's site.
    const elsewhere = dealers.find((d) => d.slug !== SLUG)!.slug;
    expect((await post('/view', { token }, `${elsewhere}.localhost`)).status).toBe(404);

    const cancelled = await ok(await post('/cancel', { token }));
    expect(cancelled.status).toBe('cancelled');
    expect((await save(token, { finance: null })).status).toBe(409);
    expect((await events()).map((e) => e.payload.event)).toEqual(['deal.created', 'deal.updated', 'deal.cancelled']);
  });

  it('delivers the lead as DTD-valid ADF with the car, trade-in, finance and deposit', async () => {
    // The receiver's first answer is a 500: the next test sees that event retried.
    answers.push(500);
    await deliverDue(deps, { now: new Date(clock) });
    const names = (await readdir(files)).filter((f) => f.endsWith('.adf.xml'));
    const [lead] = await dealLeads();
    const xml = await readFile(path.join(files, `${lead!.id}.adf.xml`), 'utf8');
    expect(names).toContain(`${lead!.id}.adf.xml`);
    const results = await validateWithDtd([{ name: 'deal', xml }]);
    expect(results[0]!.valid, describeProblems(results)).toBe(true);
    expect(xml).toMatch(/<vehicle interest="buy"[^>]*>[\s\S]*<id source="online-deal">deal_[0-9a-f]{24}<\/id>/);
    expect(xml).toMatch(
      /<vehicle interest="trade-in" status="used">[\s\S]*<make>Toyota<\/make>[\s\S]*<price type="appraisal"/,
    );
    expect(xml).toMatch(
      /<finance>\s*<method>finance<\/method>\s*<amount type="downpayment" limit="exact" currency="AUD">2000<\/amount>/,
    );
    expect(xml).toContain('reserve the car online with a 500 AUD deposit');
  });

  it('sends each deal event signed to the deal webhook, retried after a 500 and never twice', async () => {
    const queued = (await events()).map((e) => e.id);
    // The first delivery (previous test): the first event got a 500, the others went through.
    expect(received).toHaveLength(queued.length);
    expect(answers).toHaveLength(0);
    clock += FIRST_RETRY_MS + 1000;
    await deliverDue(deps, { now: new Date(clock) });
    await deliverDue(deps, { now: new Date(clock) });
    expect(received).toHaveLength(queued.length + 1);
    const ids = received.map((r) => r.headers['x-deal-event-id']);
    expect(new Set(ids)).toEqual(new Set(queued));
    for (const r of received) {
      const ts = String(r.headers['x-deal-timestamp']);
      const expected = `sha256=${createHmac('sha256', HOOK_SECRET).update(`${ts}.${r.body}`).digest('hex')}`;
      expect(r.headers['x-deal-signature']).toBe(expected);
      const body = JSON.parse(r.body) as { event_id: string; event: string };
      expect(body.event_id).toBe(r.headers['x-deal-event-id']);
    }
    const delivered = await t.db.query<{ status: string; attempts: number }>(
      `SELECT status, attempts FROM outbox WHERE destination = 'deal-webhook'`,
    );
    expect(delivered.rows.every((r) => r.status === 'delivered')).toBe(true);
    expect(delivered.rows.map((r) => r.attempts).sort()).toEqual([1, 1, 2]);
  });
  it("follows the lead rules: an erase by the shopper's email deletes their deals, retention the stale ones", async () => {
    const mine = await start();
    await ok(await save(mine.token, { contact: { ...SHOPPER, email: 'Erase.Me@Example.com' } }));
    const other = await start();
    await ok(await save(other.token, { contact: SHOPPER }));
    const report = await eraseLeadsOf(t.db, SLUG, { email: 'erase.me@example.com' });
    expect(report.deals).toBe(1);
    expect(describeErase(report, SLUG, { email: 'erase.me@example.com' })).toContain(
      'Deleted 1 online deal of mini-motors',
    );
    expect((await post('/view', { token: mine.token })).status).toBe(404);
    expect((await post('/view', { token: other.token })).status).toBe(200);
    // Nothing is stale a day on; every deal is once the retention period has passed since its last change.
    const policy = { defaults: { retentionMonths: 24, sensitiveDays: 30 }, sites: {} };
    const soon = await purgeExpired(t.db, { retention: policy, now: new Date(clock + 86_400_000) });
    expect(soon.dealsDeleted).toBe(0);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM deals WHERE site_slug = $1', [
      SLUG,
    ]);
    const later = await purgeExpired(t.db, { retention: policy, now: new Date(clock + 25 * 31 * 86_400_000) });
    expect(later.dealsDeleted).toBe(rows[0]!.n);
    expect((await post('/view', { token: other.token })).status).toBe(404);
  });
});
