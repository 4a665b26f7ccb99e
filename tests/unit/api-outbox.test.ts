import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/api/app.ts';
import type { ApiDeps, Destination } from '../../src/api/deps.ts';
import { MAX_ATTEMPTS, deliverDue, retryDelayMs } from '../../src/api/outbox/deliver.ts';
import { testDatabases, testDeps, type TestDb } from '../helpers/db.ts';
import { describeProblems, validateWithDtd } from '../helpers/xml-dtd.ts';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A CRM stand-in: records every request and answers with the next queued status (200 when none). */
function standIn() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'CRM is down');
    });
  });
  return {
    received,
    statuses,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const T0 = Date.parse('2025-03-01T09:00:00Z');

function contactSave(values: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    isLastStep: true,
    form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
    values: {
      name: "Sam O'Brien & <Sons>",
      phone: '0412 345 678',
      email: 'sam@example.com',
      location_id: '11',
      message: 'Call after 5',
      ...values,
    },
  };
}

describe.each(testDatabases)('lead delivery on $label', (database) => {
  const crm = standIn();
  let base: string;
  let t: TestDb;
  let deps: ApiDeps;
  let destinations: Destination[];
  let app: ReturnType<typeof createApp>;
  let outDir: string;

  beforeAll(async () => {
    base = await crm.start();
    t = await database.open();
    outDir = await mkdtemp(path.join(tmpdir(), 'leads-out-'));
    deps = await testDeps(t.db, { now: () => new Date(T0), destinations: () => destinations });
    app = createApp(deps);
  });
  afterAll(async () => {
    await crm.stop();
    await t.cleanup();
    await rm(outDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    crm.received.length = 0;
    crm.statuses.length = 0;
    // Earlier tests' rows are delivered or parked so each test sees only its own.
    await t.db.query(`UPDATE outbox SET status = 'delivered' WHERE status = 'pending'`);
  });

  async function completeLead(values: Record<string, unknown> = {}): Promise<string> {
    const res = await app.fetch(
      new Request('http://mini-motors.localhost/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(contactSave(values)),
      }),
    );
    expect(res.status).toBe(200);
    return (await res.json()).lead_id;
  }
  const rowsOf = async (leadId: string) =>
    (await t.db.query<Record<string, any>>('SELECT * FROM outbox WHERE lead_id = $1', [leadId])).rows;

  it('POSTs the lead as JSON signed with HMAC-SHA256 of the raw body and marks it delivered', async () => {
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 'dealer-secret' }];
    const leadId = await completeLead();
    const report = await deliverDue(deps, { now: new Date(T0) });
    expect(report).toEqual({ claimed: 1, delivered: 1, retrying: 0, failed: 0 });
    expect(crm.received).toHaveLength(1);
    const hit = crm.received[0]!;
    expect(hit.path).toBe('/hooks/leads');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['x-lead-signature']).toBe(
      `sha256=${createHmac('sha256', 'dealer-secret').update(hit.body).digest('hex')}`,
    );
    expect(hit.headers['x-lead-timestamp']).toBe(String(T0 / 1000));
    expect(hit.headers['x-lead-id']).toBe(leadId);
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({
      event: 'lead.completed',
      lead_id: leadId,
      lead_status: 'Complete',
      form_completed: true,
      site: { slug: 'mini-motors', name: 'Mini Motors' },
      category: 'General Enquiry',
      page_id: '3',
      PageTitle: 'Enquire',
      values: { name: "Sam O'Brien & <Sons>", email: 'sam@example.com', location_id: '11' },
    });
    const [row] = await rowsOf(leadId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    expect(new Date(row!.delivered_at).getTime()).toBe(T0);
    const log = await t.db.query<Record<string, any>>(
      'SELECT attempt, ok, http_status FROM deliveries WHERE outbox_id = $1',
      [row!.id],
    );
    expect(log.rows).toEqual([{ attempt: 1, ok: true, http_status: 200 }]);
  });

  it('sends the payload a row already holds (rows written before payloads were built at delivery) as it is', async () => {
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 'dealer-secret' }];
    const leadId = await completeLead();
    const stored = { event: 'lead.completed', lead_id: leadId, note: 'written at completion' };
    await t.db.query('UPDATE outbox SET payload = $2::jsonb WHERE lead_id = $1', [leadId, JSON.stringify(stored)]);
    expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ claimed: 1, delivered: 1 });
    expect(JSON.parse(crm.received[0]!.body)).toEqual(stored);
  });

  it('retries a delivery the CRM answered with 500 after 1 minute, recording each attempt', async () => {
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 'dealer-secret' }];
    const leadId = await completeLead();
    crm.statuses.push(500);
    expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ claimed: 1, retrying: 1 });
    let [row] = await rowsOf(leadId);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: `POST ${base}/hooks/leads answered 500: CRM is down`,
    });
    expect(new Date(row!.next_attempt_at).getTime()).toBe(T0 + 60_000);
    expect((await deliverDue(deps, { now: new Date(T0 + 59_999) })).claimed).toBe(0);
    expect(await deliverDue(deps, { now: new Date(T0 + 60_000) })).toMatchObject({ claimed: 1, delivered: 1 });
    [row] = await rowsOf(leadId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    expect(crm.received.map((r) => r.body)).toEqual([crm.received[0]!.body, crm.received[0]!.body]);
    const log = await t.db.query<Record<string, any>>(
      'SELECT attempt, ok, http_status FROM deliveries WHERE outbox_id = $1 ORDER BY attempt',
      [row!.id],
    );
    expect(log.rows).toEqual([
      { attempt: 1, ok: false, http_status: 500 },
      { attempt: 2, ok: true, http_status: 200 },
    ]);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and marks the delivery failed with its last error`, async () => {
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 'dealer-secret' }];
    const leadId = await completeLead();
    await t.db.query('UPDATE outbox SET attempts = $2 WHERE lead_id = $1', [leadId, MAX_ATTEMPTS - 2]);
    crm.statuses.push(502, 503);
    expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ retrying: 1 });
    expect(await deliverDue(deps, { now: new Date(T0 + retryDelayMs(MAX_ATTEMPTS - 1)) })).toMatchObject({ failed: 1 });
    const [row] = await rowsOf(leadId);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: expect.stringContaining('answered 503'),
    });
    expect((await deliverDue(deps, { now: new Date(T0 + 30 * 86_400_000) })).claimed).toBe(0);
  });

  it('POSTs ADF/XML valid against the ADF 1.0 DTD: the stock car as vehicle, the visitor as customer, the dealer and location as vendor, escaped', async () => {
    destinations = [{ kind: 'adf', url: `${base}/adf` }];
    const leadId = await completeLead({ car_id: 1 });
    await deliverDue(deps, { now: new Date(T0) });
    const hit = crm.received[0]!;
    expect(hit.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(hit.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<\?adf version="1\.0"\?>\n<adf>\n {2}<prospect status="new">/,
    );
    expect(hit.body).toContain(`<id sequence="1" source="dealer-sites">${leadId}</id>`);
    // 09:00 UTC is 20:00 in Sydney (daylight saving time), where the dealer is.
    expect(hit.body).toContain('<requestdate>2025-03-01T20:00:00+11:00</requestdate>');
    expect(hit.body).toMatch(
      new RegExp(
        [
          '<vehicle interest="buy" status="used">',
          '<id source="dealer-sites-car">1</id>',
          '<year>2021</year>',
          '<make>Toyota</make>',
          '<model>Corolla</model>',
          '<vin>JTNK123</vin>',
          '<odometer units="km">35000</odometer>',
          '<price type="asking" currency="AUD">27990</price>',
          '</vehicle>',
        ].join('\\s*'),
      ),
    );
    expect(hit.body).toMatch(
      /<contact>\s*<name part="full">Sam O&apos;Brien &amp; &lt;Sons&gt;<\/name>\s*<email>sam@example\.com<\/email>\s*<phone type="cellphone">\+61412345678<\/phone>\s*<\/contact>/,
    );
    expect(hit.body).toContain('<comments>Lead type: General Enquiry\nCall after 5\nPage: Enquire</comments>');
    expect(hit.body).toMatch(
      /<vendorname>Mini Motors<\/vendorname>\s*<url>https:\/\/www\.minimotors\.com\.au<\/url>\s*<contact>\s*<name part="full" type="business">Mini Motors Sydney<\/name>/,
    );
    expect(hit.body).toMatch(
      /<provider>\s*<name part="full" type="business">Dealer Sites<\/name>\s*<service>General Enquiry<\/service>/,
    );
    const results = await validateWithDtd([hit.body]);
    expect(results[0]!.valid, describeProblems(results)).toBe(true);
  });

  it('writes the lead as JSON and ADF files when the destination is a folder', async () => {
    const dir = path.join(outDir, 'mini-motors');
    destinations = [{ kind: 'file', dir }];
    const leadId = await completeLead();
    expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ delivered: 1 });
    expect((await readdir(dir)).sort()).toEqual([`${leadId}.adf.xml`, `${leadId}.json`]);
    expect(JSON.parse(await readFile(path.join(dir, `${leadId}.json`), 'utf8'))).toMatchObject({
      lead_id: leadId,
      lead_status: 'Complete',
    });
    const adf = await readFile(path.join(dir, `${leadId}.adf.xml`), 'utf8');
    expect(adf).toContain('<email>sam@example.com</email>');
    const results = await validateWithDtd([adf]);
    expect(results[0]!.valid, describeProblems(results)).toBe(true);
  });

  it('delivers each lead once when two workers run at the same time', async () => {
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 's' }];
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await completeLead());
    const [a, b] = await Promise.all([
      deliverDue(deps, { now: new Date(T0), limit: 6 }),
      deliverDue(deps, { now: new Date(T0), limit: 6 }),
    ]);
    const rest = await deliverDue(deps, { now: new Date(T0) });
    expect(a.delivered + b.delivered + rest.delivered).toBe(10);
    expect(crm.received.map((r) => r.headers['x-lead-id']).sort()).toEqual(ids.sort());
  });

  it('keeps spam out of the outbox', async () => {
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 's' }];
    await completeLead({ website_url_confirm: 'yes' });
    expect((await deliverDue(deps, { now: new Date(T0) })).claimed).toBe(0);
  });
});

describe('retry timing', () => {
  it('waits 1, 2, 4 … minutes between attempts and never more than 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(9)).toBe(256 * 60_000);
    expect(retryDelayMs(10)).toBe(6 * 3_600_000);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
  });
});
