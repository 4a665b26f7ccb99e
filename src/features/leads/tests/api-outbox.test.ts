import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps, Db, Destination } from '../../../api/core/deps.ts';
import { deliveryDirs } from '../server/erase.ts';
import { saveLeads } from '../server/store.ts';
import { MAX_ATTEMPTS, PER_DESTINATION, deliverDue, retryDelayMs } from '../server/outbox/deliver.ts';
import { destinationsFor } from '../server/outbox/destinations.ts';
import { signature } from '../server/outbox/send.ts';
import { startRuntime } from '../../../api/runtime.ts';
import {
  fixtureDealers,
  testDatabases,
  testDeps,
  unusedFinanceProvider,
  type TestDb,
} from '../../../../tests/helpers/db.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';

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

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/**
 * A receiver on 127.0.0.1 that records every request (once its body has arrived) and answers
 * with `handle`: 200 by default; a handler that never answers leaves the request hanging.
 */
function receiver(handle: Handler = (_req, res) => void res.writeHead(200).end('ok')) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    received,
    /** Connections still open (a hanging request keeps its own). */
    open: () => sockets.size,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    /** Resets every open connection. */
    reset: () => sockets.forEach((s) => s.destroy()),
    stop: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits (polling, at most `ms`) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Still waiting for ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `n` completed leads of `site` queued for `destinations`, stored as the lead route stores them. */
async function queueLeads(db: Db, site: string, n: number, destinations: Destination[]): Promise<string[]> {
  const now = new Date();
  const outcomes = await saveLeads(
    db,
    Array.from({ length: n }, (_, i) => {
      const values = { name: `Visitor ${i}`, email: `visitor${i}@example.com`, phone: '0412 345 678' };
      return {
        write: {
          siteSlug: site,
          idempotencyKey: randomUUID(),
          isLastStep: true,
          category: 'General Enquiry',
          pageId: '3',
          blockId: 'enquiry',
          step: 'contact',
          values,
          stepValues: values,
          tracking: {},
          now,
        },
        completion: { destinations },
      };
    }),
  );
  return outcomes.map((o) => {
    if (!o.ok) throw new Error(o.message);
    return o.leadId;
  });
}

/** The receiver's check as docs/api.md gives it, taken from the page itself. */
type VerifyLead = (
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  secret: string,
  nowSeconds?: number,
) => boolean;
interface WorkedExample {
  secret: string;
  timestamp: string;
  body: string;
  signed: string;
  signature: string;
}
let documented: Promise<{ verifyLead: VerifyLead; example: WorkedExample }> | undefined;
function apiDoc() {
  documented ??= (async () => {
    const doc = await readFile('docs/api.md', 'utf8');
    const snippet = /```js\n(import \{ createHmac, timingSafeEqual \}[\s\S]*?)```/.exec(doc)?.[1];
    if (!snippet) throw new Error('docs/api.md has no verifyLead snippet');
    const dir = await mkdtemp(path.join(tmpdir(), 'verify-lead-'));
    const file = path.join(dir, 'verify-lead.mjs');
    await writeFile(file, snippet);
    const { verifyLead } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyLead: VerifyLead };
    await rm(dir, { recursive: true, force: true });
    const table = doc.slice(doc.indexOf('Worked example (src/features/leads/tests/api-outbox.test.ts'));
    const cell = (name: string) => {
      const value = new RegExp(`^\\| ${name} \\| \`([^\`]+)\``, 'm').exec(table)?.[1];
      if (value === undefined) throw new Error(`docs/api.md's worked example has no ${name}`);
      return value;
    };
    const example: WorkedExample = {
      secret: cell('Secret'),
      timestamp: cell('`X-Lead-Timestamp`'),
      body: cell('Raw body'),
      signed: cell('What is signed'),
      signature: cell('`X-Lead-Signature`'),
    };
    return { verifyLead, example };
  })();
  return documented;
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

  it('POSTs the lead as JSON signed with HMAC-SHA256 of its timestamp and raw body and marks it delivered', async () => {
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 'dealer-secret' }];
    const leadId = await completeLead();
    const report = await deliverDue(deps, { now: new Date(T0) });
    expect(report).toEqual({ claimed: 1, delivered: 1, retrying: 0, failed: 0, deferred: 0 });
    expect(crm.received).toHaveLength(1);
    const hit = crm.received[0]!;
    expect(hit.path).toBe('/hooks/leads');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['x-lead-timestamp']).toBe(String(T0 / 1000));
    expect(hit.headers['x-lead-signature']).toBe(
      `sha256=${createHmac('sha256', 'dealer-secret')
        .update(`${T0 / 1000}.${hit.body}`)
        .digest('hex')}`,
    );
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

  it('never follows a redirect to another origin: nothing reaches it, the row stays pending saying where it pointed, and no credential is stored', async () => {
    const elsewhere = receiver();
    const elsewhereBase = await elsewhere.start();
    const crm307 = receiver((_req, res) => void res.writeHead(307, { location: `${elsewhereBase}/collect` }).end());
    const port = new URL(await crm307.start()).port;
    const host = `127.0.0.1:${port}`;
    const other = new URL(elsewhereBase).host;
    try {
      destinations = [
        { kind: 'webhook', url: `http://dealer:pa55word@${host}/hooks/leads?token=t0k3n`, secret: 'dealer-secret' },
        { kind: 'adf', url: `http://${host}/adf?api_key=k3y` },
      ];
      const leadId = await completeLead();
      expect(await deliverDue(deps, { now: new Date(T0) })).toEqual({
        claimed: 2,
        delivered: 0,
        retrying: 2,
        failed: 0,
        deferred: 0,
      });
      expect(crm307.received.map((r) => r.path).sort()).toEqual(['/adf?api_key=k3y', '/hooks/leads?token=t0k3n']);
      // The URL's user name and password went as Basic authorization to the configured origin only.
      expect(crm307.received.find((r) => r.path.startsWith('/hooks'))!.headers.authorization).toBe(
        `Basic ${Buffer.from('dealer:pa55word').toString('base64')}`,
      );
      expect(elsewhere.received).toEqual([]);
      const rows = await rowsOf(leadId);
      expect(rows.map((r) => [r.destination, r.status, r.attempts, r.last_error]).sort()).toEqual([
        [
          'adf',
          'pending',
          1,
          `POST http://${host}/adf?api_key=*** answered 307 redirecting to another origin (${other}): not followed`,
        ],
        [
          'webhook',
          'pending',
          1,
          `POST http://${host}/hooks/leads?token=*** answered 307 redirecting to another origin (${other}): not followed`,
        ],
      ]);
      for (const row of rows) expect(new Date(row.next_attempt_at).getTime()).toBe(T0 + 60_000);
      const attempts = await t.db.query<Record<string, any>>(
        'SELECT ok, http_status, target FROM deliveries WHERE outbox_id = ANY($1::uuid[])',
        [rows.map((r) => r.id)],
      );
      expect(attempts.rows.sort((a, b) => (a.target < b.target ? -1 : 1))).toEqual([
        { ok: false, http_status: 307, target: `http://***:***@${host}/hooks/leads?token=***` },
        { ok: false, http_status: 307, target: `http://${host}/adf?api_key=***` },
      ]);
      expect(JSON.stringify([rows, attempts.rows])).not.toMatch(/pa55word|t0k3n|k3y/);
    } finally {
      await crm307.stop();
      await elsewhere.stop();
    }
  });

  it('follows 307 and 308 within the origin with the same POST, body and signature, and delivers once to the final path', async () => {
    let crmBase = '';
    const crm3 = receiver((req, res) => {
      if (req.url === '/hooks/leads') res.writeHead(307, { location: '/hooks/moved' }).end();
      else if (req.url === '/hooks/moved') res.writeHead(308, { location: `${crmBase}/hooks/final` }).end();
      else res.writeHead(200).end('ok');
    });
    crmBase = await crm3.start();
    try {
      destinations = [{ kind: 'webhook', url: `${crmBase}/hooks/leads`, secret: 'dealer-secret' }];
      const leadId = await completeLead();
      expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ claimed: 1, delivered: 1 });
      expect(crm3.received.map((r) => r.path)).toEqual(['/hooks/leads', '/hooks/moved', '/hooks/final']);
      const [first, , last] = crm3.received;
      for (const hit of crm3.received) {
        expect(hit.body).toBe(first!.body);
        for (const h of ['x-lead-signature', 'x-lead-timestamp', 'x-lead-id', 'content-type'])
          expect(hit.headers[h]).toBe(first!.headers[h]);
      }
      expect(JSON.parse(last!.body)).toMatchObject({ lead_id: leadId });
      const [row] = await rowsOf(leadId);
      expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    } finally {
      await crm3.stop();
    }
  });

  it('fails an attempt after 3 redirects, and at a redirect that would turn the POST into a GET', async () => {
    const crmLoop = receiver((req, res) => {
      const n = Number(/^\/loop\/(\d+)$/.exec(req.url ?? '')?.[1]);
      if (Number.isInteger(n)) res.writeHead(307, { location: `/loop/${n + 1}` }).end();
      else res.writeHead(302, { location: '/thanks' }).end();
    });
    const loopBase = await crmLoop.start();
    const host = new URL(loopBase).host;
    try {
      destinations = [
        { kind: 'webhook', url: `${loopBase}/loop/0`, secret: 's' },
        { kind: 'adf', url: `${loopBase}/found` },
      ];
      const leadId = await completeLead();
      expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ claimed: 2, delivered: 0, retrying: 2 });
      expect(crmLoop.received.map((r) => r.path).sort()).toEqual([
        '/found',
        '/loop/0',
        '/loop/1',
        '/loop/2',
        '/loop/3',
      ]);
      const rows = await rowsOf(leadId);
      expect(rows.find((r) => r.destination === 'webhook')!.last_error).toBe(
        `POST ${loopBase}/loop/3 answered 307 after 3 redirects (to ${host}): not followed`,
      );
      expect(rows.find((r) => r.destination === 'adf')!.last_error).toBe(
        `POST ${loopBase}/found answered 302 redirecting to ${host}, which would not repeat the POST: not followed`,
      );
    } finally {
      await crmLoop.stop();
    }
  });

  it('gives up on a receiver that never answers after the send time budget, and puts off its other leads without an attempt', async () => {
    const hang = receiver(() => {});
    const hangBase = await hang.start();
    try {
      destinations = [{ kind: 'webhook', url: `${hangBase}/hooks/leads`, secret: 's' }];
      const ids = [await completeLead(), await completeLead(), await completeLead()];
      const report = await deliverDue(deps, { now: new Date(T0), sendTimeoutMs: 200, perDestination: 1 });
      expect(report).toEqual({ claimed: 1, delivered: 0, retrying: 1, failed: 0, deferred: 2 });
      expect(hang.received).toHaveLength(1);
      const rows = (await Promise.all(ids.map(rowsOf))).flat();
      const tried = rows.find((r) => r.attempts === 1)!;
      const reason = `POST ${hangBase}/hooks/leads failed: no answer within 0.2 s`;
      expect(tried).toMatchObject({ status: 'pending', last_error: reason });
      expect(hang.received[0]!.headers['x-lead-delivery']).toBe(tried.id);
      const later = new Date(T0 + 60_000);
      for (const row of rows) {
        expect(row.status).toBe('pending');
        expect(new Date(row.next_attempt_at).getTime()).toBe(later.getTime());
        if (row === tried) continue;
        expect(row.attempts).toBe(0);
        expect(row.last_error).toBe(
          `Not tried: the send before it to this destination failed (${reason}); put off to ${later.toISOString()}.`,
        );
      }
      const attempts = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM deliveries WHERE outbox_id = ANY($1::uuid[])',
        [rows.map((r) => r.id)],
      );
      expect(attempts.rows[0]!.n).toBe(1);
    } finally {
      await hang.stop();
    }
  });

  it("fails an attempt whose connection is reset, and puts off that destination's other leads", async () => {
    const reset = receiver((req) => void req.socket.destroy());
    const resetBase = await reset.start();
    try {
      destinations = [{ kind: 'adf', url: `${resetBase}/adf` }];
      const ids = [await completeLead(), await completeLead()];
      expect(await deliverDue(deps, { now: new Date(T0), perDestination: 1 })).toEqual({
        claimed: 1,
        delivered: 0,
        retrying: 1,
        failed: 0,
        deferred: 1,
      });
      expect(reset.received).toHaveLength(1);
      const rows = (await Promise.all(ids.map(rowsOf))).flat().sort((a, b) => b.attempts - a.attempts);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ['pending', 1],
        ['pending', 0],
      ]);
      expect(rows[0]!.last_error).toMatch(new RegExp(`^POST ${resetBase}/adf failed: the connection failed \\(.+\\)$`));
      expect(rows[1]!.last_error).toMatch(/^Not tried: the send before it to this destination failed \(POST /);
    } finally {
      await reset.stop();
    }
  });

  it('sends leads queued under one webhook URL to the URL configured when they are sent, signed with its secret', async () => {
    const before = receiver();
    const after = receiver();
    const beforeBase = await before.start();
    const afterBase = await after.start();
    try {
      const env = (url: string, secret: string) => ({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret });
      destinations = destinationsFor('mini-motors', env(`${beforeBase}/hooks`, 'secret-1'), outDir);
      const ids = [await completeLead(), await completeLead()];
      destinations = destinationsFor('mini-motors', env(`${afterBase}/new-hooks`, 'secret-2'), outDir);
      expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ claimed: 2, delivered: 2 });
      expect(before.received).toEqual([]);
      expect(after.received.map((r) => r.headers['x-lead-id']).sort()).toEqual([...ids].sort());
      for (const hit of after.received) {
        expect(hit.path).toBe('/new-hooks');
        expect(hit.headers['x-lead-timestamp']).toBe(String(T0 / 1000));
        expect(hit.headers['x-lead-signature']).toBe(
          `sha256=${createHmac('sha256', 'secret-2')
            .update(`${T0 / 1000}.${hit.body}`)
            .digest('hex')}`,
        );
      }
      for (const id of ids) {
        const [row] = await rowsOf(id);
        // The row keeps where it was headed when queued; the attempt records where it went.
        expect(row).toMatchObject({ status: 'delivered', target: `${beforeBase}/hooks` });
        const attempt = await t.db.query('SELECT target, note FROM deliveries WHERE outbox_id = $1', [row!.id]);
        expect(attempt.rows).toEqual([{ target: `${afterBase}/new-hooks`, note: null }]);
      }
    } finally {
      await before.stop();
      await after.stop();
    }
  });

  it("writes a lead whose destination kind is no longer configured to the dealer's deliveries folder and says so", async () => {
    destinations = [
      { kind: 'webhook', url: `${base}/hooks/leads`, secret: 's' },
      { kind: 'adf', url: `${base}/adf` },
    ];
    const leadId = await completeLead();
    // LEAD_ADF_URL removed: only the webhook is left.
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 's' }];
    // Where no deliveries folder is known, the lead waits in the outbox.
    expect(await deliverDue(deps, { now: new Date(T0) })).toMatchObject({ delivered: 1, retrying: 1 });
    const waiting = (await rowsOf(leadId)).find((r) => r.destination === 'adf')!;
    expect(waiting).toMatchObject({
      status: 'pending',
      last_error:
        'The ADF destination (LEAD_ADF_URL) of mini-motors is no longer configured and no deliveries folder is known: the lead waits in the outbox.',
    });
    const folder = path.join(outDir, 'deliveries', 'mini-motors');
    const withFolder = { ...deps, deliveriesDir: (slug: string) => path.join(outDir, 'deliveries', slug) };
    expect(await deliverDue(withFolder, { now: new Date(T0 + 60_000) })).toMatchObject({ claimed: 1, delivered: 1 });
    expect(crm.received.map((r) => r.path)).toEqual(['/hooks/leads']);
    const [row] = (await rowsOf(leadId)).filter((r) => r.destination === 'adf');
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
    const attempts = await t.db.query(
      'SELECT attempt, ok, target, note FROM deliveries WHERE outbox_id = $1 ORDER BY attempt',
      [row!.id],
    );
    expect(attempts.rows[1]).toEqual({
      attempt: 2,
      ok: true,
      target: folder,
      note: `The ADF destination (LEAD_ADF_URL) of mini-motors is no longer configured: written to ${folder} instead.`,
    });
    expect((await readdir(folder)).filter((f) => f.startsWith(leadId)).sort()).toEqual([
      `${leadId}.adf.xml`,
      `${leadId}.json`,
    ]);
    // Erasure finds the files there even without the data folder.
    expect(await deliveryDirs(t.db, [{ id: leadId, site_slug: 'mini-motors' }])).toEqual(new Map([[leadId, [folder]]]));
  });

  it('signs so that the documented receiver check accepts a real send and refuses it replayed or altered', async () => {
    const { verifyLead } = await apiDoc();
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 'dealer-secret' }];
    await completeLead();
    await deliverDue(deps, { now: new Date(T0) });
    const hit = crm.received[0]!;
    const sent = T0 / 1000;
    expect(verifyLead(hit.headers, hit.body, 'dealer-secret', sent)).toBe(true);
    expect(verifyLead(hit.headers, hit.body, 'dealer-secret', sent + 300)).toBe(true);
    // The same request sent again later, or with a fresh timestamp its signature does not cover.
    expect(verifyLead(hit.headers, hit.body, 'dealer-secret', sent + 301)).toBe(false);
    expect(verifyLead(hit.headers, hit.body, 'dealer-secret', sent - 301)).toBe(false);
    expect(
      verifyLead({ ...hit.headers, 'x-lead-timestamp': String(sent + 600) }, hit.body, 'dealer-secret', sent + 600),
    ).toBe(false);
    expect(verifyLead(hit.headers, hit.body.replace('sam@example.com', 'eve@example.com'), 'dealer-secret', sent)).toBe(
      false,
    );
    expect(verifyLead(hit.headers, hit.body, 'another-secret', sent)).toBe(false);
  });

  it('keeps spam out of the outbox', async () => {
    destinations = [{ kind: 'webhook', url: `${base}/hooks/leads`, secret: 's' }];
    await completeLead({ website_url_confirm: 'yes' });
    expect((await deliverDue(deps, { now: new Date(T0) })).claimed).toBe(0);
  });
});

describe.each(testDatabases)("one dealer's hanging receiver on $label", (database) => {
  it("holds up only its own leads: another dealer's lead completed meanwhile is delivered while they hang", async () => {
    const hang = receiver(() => {});
    const healthy = receiver();
    const hangBase = await hang.start();
    const healthyBase = await healthy.start();
    const own = await database.open();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'leads-isolation-'));
    const runtime = await startRuntime({
      dealers: await fixtureDealers(),
      dataDir,
      financeProvider: unusedFinanceProvider,
      env: {
        LEAD_WEBHOOK_URL_MINI_MOTORS: `${hangBase}/a`,
        LEAD_WEBHOOK_URL_GROUP_MOTORS: `${healthyBase}/b`,
        LEAD_WEBHOOK_SECRET: 'shared-secret',
      },
      workerIntervalMs: false,
      db: own.db,
      // Long enough never to end a send here: the hanging requests end when the test resets them.
      delivery: { sendTimeoutMs: 60_000 },
    });
    try {
      const destinationsOf = runtime.deps.destinations!;
      await queueLeads(own.db, 'mini-motors', 60, destinationsOf('mini-motors'));
      let ended = false;
      const run = runtime.deliver().finally(() => (ended = true));
      await until(() => hang.received.length >= PER_DESTINATION, "dealer A's first sends");
      const [lead] = await queueLeads(own.db, 'group-motors', 1, destinationsOf('group-motors'));
      runtime.deps.onLeadCompleted!(lead!);
      const status = async () =>
        (await own.db.query<{ status: string }>('SELECT status FROM outbox WHERE lead_id = $1', [lead])).rows[0]!
          .status;
      await until(async () => (await status()) === 'delivered', "dealer B's lead to be delivered");
      // B's lead went while A's sends were still hanging: no more of A's were sent, none answered.
      expect(healthy.received.map((r) => [r.path, r.headers['x-lead-id']])).toEqual([['/b', lead]]);
      expect(hang.received).toHaveLength(PER_DESTINATION);
      expect(hang.open()).toBe(PER_DESTINATION);
      expect(ended).toBe(false);
      const byState = async () =>
        (
          await own.db.query<{ status: string; attempts: number; n: number }>(
            `SELECT status, attempts, count(*)::int AS n FROM outbox WHERE site_slug = 'mini-motors'
             GROUP BY status, attempts ORDER BY attempts`,
          )
        ).rows;
      expect(await byState()).toEqual([
        { status: 'pending', attempts: 0, n: 60 - PER_DESTINATION },
        { status: 'pending', attempts: 1, n: PER_DESTINATION },
      ]);
      // A's receiver drops its connections: those four fail, and A's other leads wait for their retry.
      hang.reset();
      expect(await run).toMatchObject({
        claimed: PER_DESTINATION + 1,
        delivered: 1,
        retrying: PER_DESTINATION,
        failed: 0,
        deferred: 60 - PER_DESTINATION,
      });
      expect(hang.received).toHaveLength(PER_DESTINATION);
      expect(await byState()).toEqual([
        { status: 'pending', attempts: 0, n: 60 - PER_DESTINATION },
        { status: 'pending', attempts: 1, n: PER_DESTINATION },
      ]);
    } finally {
      // The receivers first: a send still hanging ends with its connection, then the run.
      await hang.stop();
      await healthy.stop();
      await runtime.close();
      await own.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the webhook signature as docs/api.md documents it', () => {
  it('signs <X-Lead-Timestamp>.<raw body>: the worked example gives the documented signature', async () => {
    const { example } = await apiDoc();
    expect(example.signed).toBe(`${example.timestamp}.${example.body}`);
    expect(signature(example.timestamp, example.body, example.secret)).toBe(example.signature);
    expect(example.signature).toBe(
      `sha256=${createHmac('sha256', example.secret).update(example.signed).digest('hex')}`,
    );
    expect(new Date(Number(example.timestamp) * 1000).toISOString()).toBe('2025-03-01T09:00:00.000Z');
  });

  it('has a receiver check that accepts the worked example within 300 s of its timestamp only', async () => {
    const { verifyLead, example } = await apiDoc();
    const headers = { 'x-lead-timestamp': example.timestamp, 'x-lead-signature': example.signature };
    const at = Number(example.timestamp);
    expect(verifyLead(headers, example.body, example.secret, at + 299)).toBe(true);
    expect(verifyLead(headers, example.body, example.secret, at + 301)).toBe(false);
    expect(verifyLead(headers, `${example.body} `, example.secret, at)).toBe(false);
    expect(verifyLead({ ...headers, 'x-lead-signature': 'sha256=00' }, example.body, example.secret, at)).toBe(false);
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
