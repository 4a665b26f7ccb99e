/**
 * The OpenAPI document against the routes themselves (createApp on PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): every documented example, sent as the document describes it, answers its
 * documented status; and for every body schema, a body the schema refuses (a required field of
 * the wrong type) is refused by the route. Third parties are the local stand-ins (finance,
 * Stripe); the stock push and Stripe's notification are signed as their senders sign them.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/api/app.ts';
import { fileMailer } from '../../../src/api/mail/mailer.ts';
import { openApiDocument } from '../../../src/api/openapi/document.ts';
import { httpFinanceProvider } from '../../../src/features/finance/server/finance-provider.ts';
import { stripePayments } from '../../../src/features/reservations/server/payments/stripe-payments.ts';
import { indexContent } from '../../../src/features/search/server/index-content.ts';
import { stockSignature } from '../../../src/features/stock/server/signature.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../scripts/standins/finance-standin.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../scripts/standins/stripe-standin.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../helpers/db.ts';

type Json = Record<string, any>;

const HOST = 'mini-motors.localhost:4321';
const ORIGIN = `http://${HOST}`;
const STOCK_KEY = 'openapi-example-stock-key';
const STRIPE_KEY = 'sk_test_openapi_examples';
const WEBHOOK_SECRET = 'whsec_openapi_examples';

const doc: Json = openApiDocument(ORIGIN, 'Mini Motors');

interface Sent {
  label: string;
  method: string;
  pathTemplate: string;
  op: Json;
  example: string;
}

/** Every (operation, example) pair of the document. */
function examplesOf(): Sent[] {
  const list: Sent[] = [];
  for (const [pathTemplate, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      for (const example of Object.keys(op['x-example-status'])) {
        list.push({ label: `${method.toUpperCase()} ${pathTemplate} (${example})`, method, pathTemplate, op, example });
      }
    }
  }
  return list;
}

/** The body example named `name`, with its content type. */
function bodyOf(op: Json, name: string): { type: string; value: unknown; signed?: string } | undefined {
  for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
    const e = media.examples?.[name];
    if (e) return { type, value: e.value, signed: e['x-signed'] };
  }
  return undefined;
}

/** The request the document describes for example `name` of `op`, with `body` in place of its own. */
function requestOf(s: Sent, body = bodyOf(s.op, s.example), now = new Date()): Request {
  let url = s.pathTemplate;
  const query = new URLSearchParams();
  for (const p of (s.op.parameters ?? []) as Json[]) {
    const value = p.examples?.[s.example]?.value;
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value));
    if (p.in === 'query' && value !== undefined) query.set(p.name, value);
  }
  const search = query.size ? `?${query}` : '';
  const headers: Record<string, string> = { host: HOST, origin: ORIGIN };
  let text: string | undefined;
  if (body) {
    text = typeof body.value === 'string' ? body.value : JSON.stringify(body.value);
    headers['content-type'] = body.type;
    const ts = String(Math.floor(now.getTime() / 1000));
    if (body.signed === 'stock') {
      headers['x-stock-timestamp'] = ts;
      headers['x-stock-signature'] = stockSignature(ts, search, text, STOCK_KEY);
    }
    if (body.signed === 'stripe') {
      const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${ts}.${text}`).digest('hex');
      headers['stripe-signature'] = `t=${ts},v1=${v1}`;
    }
  }
  return new Request(`${ORIGIN}${url}${search}`, { method: s.method.toUpperCase(), headers, body: text });
}

/** The JSON types a property schema accepts (anyOf's too); undefined: any value. */
function acceptedTypes(schema: Json): Set<string> | undefined {
  const types = new Set<string>();
  const add = (s: Json) => {
    if (s.type) for (const t of [s.type].flat()) types.add(t === 'integer' ? 'number' : t);
    else if ('const' in s) types.add(s.const === null ? 'null' : typeof s.const);
    else if (s.enum) for (const v of s.enum) types.add(typeof v);
  };
  if (schema.anyOf) for (const s of schema.anyOf) add(s);
  else add(schema);
  return types.size ? types : undefined;
}

const WRONG: [string, unknown][] = [
  ['number', 12345],
  ['boolean', true],
  ['array', ['x']],
  ['object', { x: 1 }],
];

/**
 * The example body with a field of a type the schema refuses: its first typed required field, else
 * the first typed field the example gives; undefined if none.
 */
function refusedBody(schema: Json, value: unknown): { field: string; value: Json } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const fields = [...((schema.required ?? []) as string[]), ...Object.keys(value)];
  for (const field of fields) {
    const accepted = acceptedTypes(schema.properties?.[field] ?? {});
    const wrong = accepted && WRONG.find(([type]) => !accepted.has(type));
    if (wrong) return { field, value: { ...(value as Json), [field]: wrong[1] } };
  }
  return undefined;
}

describe.each(testDatabases)('the OpenAPI document’s examples on $label', (database) => {
  let t: TestDb;
  let app: ReturnType<typeof createApp>;
  let finance: FinanceStandIn;
  let stripe: StripeStandIn;
  let mailDirectory: string;

  beforeAll(async () => {
    t = await database.open();
    finance = await startFinanceStandIn({ port: 0, apiKey: 'openapi-key' });
    stripe = await startStripeStandIn({ apiKey: STRIPE_KEY });
    mailDirectory = await mkdtemp(path.join(tmpdir(), 'openapi-mail-'));
    const dealers = structuredClone(await fixtureDealers());
    const mini = dealers.find((d) => d.slug === 'mini-motors')!;
    mini.site.reservations = { enabled: true, deposit: 500, hold_hours: 48, terms: undefined };
    mini.site.online_deal = { enabled: true, steps: undefined, collection: true, delivery: true };
    await indexContent(t.db, dealers);
    const generous = { max: 100_000, windowMs: 60_000 };
    const deps = await testDeps(t.db, {
      dealers,
      financeProvider: httpFinanceProvider({ baseUrl: finance.url, apiKey: 'openapi-key' }),
      payments: stripePayments({ secretKey: STRIPE_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url }),
      stockSecret: (slug) => (slug === 'mini-motors' ? STOCK_KEY : undefined),
      mailer: fileMailer(mailDirectory),
      rateLimits: {
        perIp: generous,
        perSite: generous,
        financePerIp: generous,
        searchPerIp: generous,
        valuationPerIp: generous,
        reservationsPerIp: generous,
        savedSearchesPerIp: generous,
        savedSearchConfirmationsPerSite: generous,
      },
    });
    app = createApp(deps);
  }, 60_000);

  afterAll(async () => {
    await finance?.close();
    await stripe?.close();
    await t?.cleanup();
    if (mailDirectory) await rm(mailDirectory, { recursive: true, force: true });
  });

  it('answer each example with its documented status', { timeout: 60_000 }, async () => {
    const sent = examplesOf();
    expect(sent.length).toBeGreaterThanOrEqual(Object.keys(doc.paths).length);
    const answered: string[] = [];
    for (const s of sent) {
      const res = await app.fetch(requestOf(s));
      const text = await res.text();
      answered.push(
        `${s.label}: ${res.status}${res.status === s.op['x-example-status'][s.example] ? '' : ` ${text.slice(0, 300)}`}`,
      );
    }
    expect(answered).toEqual(sent.map((s) => `${s.label}: ${s.op['x-example-status'][s.example]}`));
  });

  it('refuse a body the documented schema refuses', { timeout: 60_000 }, async () => {
    const refused: string[] = [];
    let tried = 0;
    for (const s of examplesOf()) {
      const body = bodyOf(s.op, s.example);
      if (!body || body.type !== 'application/json' || body.signed) continue;
      const bad = refusedBody(s.op.requestBody.content[body.type].schema, body.value);
      if (!bad) continue;
      tried++;
      const res = await app.fetch(requestOf(s, { ...body, value: bad.value }));
      const answer = (await res.json()) as Json;
      refused.push(`${s.label} ${bad.field}: ${res.status} ${answer.error?.status}`);
    }
    // Every JSON body but the signed ones (their signature is checked before the body is read).
    expect(tried).toBe(examplesOf().filter((s) => bodyOf(s.op, s.example)?.type === 'application/json').length - 2);
    expect(refused).toEqual(refused.map((line) => line.replace(/: \d+ \S+$/, ': 400 400')));
  });
});
