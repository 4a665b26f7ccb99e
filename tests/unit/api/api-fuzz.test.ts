/**
 * Property-based fuzzing of every API route, behind the local static server as `npm start` runs
 * them, and of the static server itself over raw HTTP. Whatever arrives:
 *
 * - no answer is a 5xx (the database is healthy here, so not even 503);
 * - every /api answer that is not a success is `{ error: { status, message, fields? } }` with
 *   error.status equal to the HTTP status;
 * - nothing is stored for an answer other than 200: after every such answer the leads and outbox
 *   are as they were, and at the end every lead row is one a 200 answered, as that answer left it;
 * - the finance provider is never called for a request answered with an error.
 *
 * A fixed seed by default; FUZZ_SEED picks another, FUZZ_RUNS sets the runs of every property.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../../src/api/app.ts';
import type { ApiDeps, Db } from '../../../src/api/deps.ts';
import { httpFinanceProvider, type FinanceProvider } from '../../../src/api/integrations/finance-provider.ts';
import { indexContent } from '../../../src/api/search/index-content.ts';
import { entityFiles } from '../../../src/content/entities.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { HONEYPOT_FIELD, MAX_LEAD_BODY_BYTES } from '../../../src/forms/contract.ts';
import { defaultModelBlocks } from '../../../src/domain/default-pages.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../scripts/standins/finance-standin.ts';
import { startServer, type RunningServer } from '../../../src/engine/serve/static-server.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDatabase, type TestDb } from '../../helpers/db.ts';
import {
  PROTO_KEYS,
  arr,
  entryOf,
  exchange,
  jsonBytes,
  jsonText,
  lit,
  nastyKey,
  nastyString,
  nastyValue,
  nested,
  notAJsonObject,
  obj,
  percentEncode,
  preview,
  prototypeShadow,
  rawRequest,
  slot,
  str,
  tree,
  withEntry,
  type Escaping,
  type JsonTree,
  type RawAnswer,
} from '../../helpers/fuzz.ts';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_250_615;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;

/** Largest body `npm start`'s server passes to the API (src/engine/serve/static-server.ts). */
const SERVER_BODY_LIMIT = 1024 * 1024;

let requestCount = 0;

/** What the server logged (console.error / console.warn) since the last request began. */
let serverLog: string[] = [];

async function check<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  numRuns: number,
  predicate: (value: T) => Promise<void>,
): Promise<void> {
  // Each shrink step sends requests again: a bound keeps a failing run within the test's time.
  const property = fc.asyncProperty(fc.limitShrink(arbitrary, 300), predicate);
  try {
    await fc.assert(property, { seed: SEED, numRuns: RUNS ?? numRuns });
  } catch (e) {
    throw new Error(
      `${name}: replay with FUZZ_SEED=${SEED}${RUNS ? ` FUZZ_RUNS=${RUNS}` : ''}\n${(e as Error).message}`,
      { cause: e },
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Requests to the API

type HostKind = 'own' | 'group' | 'domain' | 'plain' | 'unknown';

interface ApiCase {
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  host: HostKind;
  /** The Origin header, `{own}` standing for the origin of the host the request is sent to. */
  origin?: string;
  contentType?: string;
  body?: { json: JsonTree; escaping: Escaping } | { bytes: Uint8Array };
  /** Chunked bodies carry no Content-Length, so only the API's own cap stops them. */
  chunked?: boolean;
  /** A save a dealer's page would send, with a browser's headers. */
  valid?: boolean;
}

/** Values filled in when a request is sent: the run's idempotency key, the lead id of its last 200. */
type Slots = Record<string, string>;

let keyCount = 0;

/** Every idempotency key is this long, so a body padded to an exact size stays that size. */
const KEY_LENGTH = 36;

/** A key no other request of this file sends. */
function freshKey(): string {
  return `fuzz-${String(++keyCount).padStart(10, '0')}-${Math.random().toString(16).slice(2).padEnd(20, '0').slice(0, 20)}`;
}

function hostHeader(kind: HostKind, port: number): string {
  switch (kind) {
    case 'own':
      return `mini-motors.localhost:${port}`;
    case 'group':
      return `group-motors.localhost:${port}`;
    case 'domain':
      return 'www.minimotors.com.au';
    case 'plain':
      return `localhost:${port}`;
    case 'unknown':
      return `nobody.localhost:${port}`;
  }
}

function bodyBytes(c: ApiCase, slots: Slots): Buffer | undefined {
  if (!c.body) return undefined;
  return 'json' in c.body ? jsonBytes(c.body.json, c.body.escaping, slots) : Buffer.from(c.body.bytes);
}

function chunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length; at += 16_384) {
    const piece = body.subarray(at, at + 16_384);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

interface Sent {
  /** Everything sent, head and body. */
  request: Buffer;
  answer: RawAnswer;
  log: string[];
}

async function send(port: number, c: ApiCase, slots: Slots): Promise<Sent> {
  const host = hostHeader(c.host, port);
  const body = bodyBytes(c, slots);
  const headers: [string, string][] = [['Host', host]];
  if (c.origin !== undefined) headers.push(['Origin', c.origin.replaceAll('{own}', `http://${host}`)]);
  if (c.contentType !== undefined) headers.push(['Content-Type', c.contentType]);
  if (body && c.chunked) headers.push(['Transfer-Encoding', 'chunked']);
  else if (body || (c.method !== 'GET' && c.method !== 'HEAD'))
    headers.push(['Content-Length', String(body?.length ?? 0)]);
  headers.push(['Connection', 'close']);
  const request = rawRequest(c.method, c.target, headers, body && c.chunked ? chunked(body) : body);
  serverLog = [];
  requestCount++;
  const answer = await exchange(port, request, { head: c.method === 'HEAD', timeoutMs: 15_000 });
  return { request, answer, log: serverLog };
}

/** The case as fast-check prints it in a counterexample: the request, its body as JSON text. */
function readable(c: ApiCase): ApiCase {
  const body = !c.body
    ? ''
    : 'json' in c.body
      ? ` ${c.body.escaping} ${preview(jsonText(c.body.json, c.body.escaping, { key: '<key>', leadId: '<lead id>' }), 1_000)}`
      : ` bytes ${preview(c.body.bytes, 300)}`;
  const text = `${c.method} ${c.target} host=${c.host} origin=${c.origin ?? '-'} type=${c.contentType ?? '-'}${c.chunked ? ' chunked' : ''}${body}`;
  return Object.defineProperty({ ...c }, fc.toStringMethod, { value: () => text });
}

function describeExchange(s: Sent): string {
  const { answer } = s;
  const headEnd = s.request.indexOf('\r\n\r\n');
  const head = headEnd < 0 ? s.request : s.request.subarray(0, headEnd + 4);
  const body = s.request.subarray(head.length);
  return [
    `request: ${preview(head, 800)}`,
    body.length ? `body (${body.length} bytes): ${preview(body, 1_200)}` : 'no body',
    `answer: ${answer.end}${answer.error ? ` (${answer.error})` : ''} ${answer.statusLine ?? '(no status line)'} ${preview(answer.body, 800)}`,
    s.log.length ? `server log:\n${s.log.join('\n').slice(0, 4_000)}` : 'server log: (nothing)',
  ].join('\n');
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Why the answer is not in the API's error shape, or undefined when it is. */
function errorShapeProblem(answer: RawAnswer): string | undefined {
  const type = answer.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) return `Content-Type is "${type}", not application/json`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  if (!isObject(body) || Object.keys(body).join() !== 'error' || !isObject(body.error))
    return 'the body is not { error: {…} }';
  const { error } = body;
  if (error.status !== answer.status)
    return `error.status is ${JSON.stringify(error.status)}, the HTTP status ${answer.status}`;
  if (typeof error.message !== 'string' || !error.message.trim()) return 'error.message is not a text';
  const extra = Object.keys(error).filter((k) => !['status', 'message', 'fields'].includes(k));
  if (extra.length) return `error has members other than status, message and fields: ${extra.join(', ')}`;
  if (
    error.fields !== undefined &&
    (!isObject(error.fields) || !Object.values(error.fields).every((m) => typeof m === 'string'))
  ) {
    return 'error.fields is not { field: message }';
  }
  return undefined;
}

/** The answer's faults by the rules every request meets; throws with the whole exchange. */
function expectSound(s: Sent, problems: string[] = []): void {
  const { answer } = s;
  if (answer.status === undefined) problems.push(`no answer (${answer.end})`);
  else {
    if (answer.status >= 500) problems.push(`a ${answer.status} answer`);
    if (answer.status >= 400 && !s.request.subarray(0, 5).equals(Buffer.from('HEAD '))) {
      const shape = errorShapeProblem(answer);
      if (shape) problems.push(`not the API's error shape: ${shape}`);
    }
  }
  if (problems.length) throw new Error(`${problems.join('; ')}\n${describeExchange(s)}`);
}

// ---------------------------------------------------------------------------------------------
// The system under test: fixture dealers with some stock, the API behind the static server

/** The fixture dealers, with a few more cars (with locations, for the finance look-up) and offers to search. */
function withStock(dealers: DealerContent[]): DealerContent[] {
  const car = (id: number, make: string, model: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: `2020 ${make} ${model}`,
    slug: `car-${id}`,
    make,
    model,
    year: 2020,
    km: 10_000,
    price: 20_000,
    photos_count: 1,
    car_type: 'used',
    created_at_timestamp: 1_700_000_000 + id,
    ...extra,
  });
  const cars = entityFiles.cars.schema.parse([
    car(101, 'Toyota', 'HiLux', {
      simple_body: 'Ute',
      simple_fuel: 'Diesel',
      seats: 5,
      certified: true,
      location_name: 'Mini Motors Sydney',
    }),
    car(102, 'Kia', 'Carnival', {
      year: 2021,
      price: 49_990,
      simple_body: 'People Mover',
      seats: 8,
      location_name: 'Parramatta',
    }),
    car(103, 'Mazda', 'CX-5', {
      car_type: 'new',
      price: 39_990,
      simple_fuel: 'Petrol',
      location_name: 'Mini Motors Sydney',
    }),
  ]);
  const offers = entityFiles.offers.schema.parse(
    Array.from({ length: 5 }, (_, i) => ({
      id: `o${i}`,
      name: `Offer ${i}`,
      category: i % 2 ? 'Finance offer' : 'Service offer',
      manufacturer: 'Toyota',
    })),
  );
  return dealers.map((d) => (d.slug === 'mini-motors' ? { ...d, cars: [...d.cars, ...cars], offers } : d));
}

/** The provider, counting calls: a request answered with an error must not have called it. */
interface CountingProvider extends FinanceProvider {
  calls: number;
}

function counting(real: FinanceProvider): CountingProvider {
  const provider: CountingProvider = {
    calls: 0,
    apply: (input) => {
      provider.calls++;
      return real.apply(input);
    },
    dealershipIdForLocation: (input) => {
      provider.calls++;
      return real.dealershipIdForLocation(input);
    },
  };
  return provider;
}

/** Limits no property reaches but the one about rate limits; named for every route that has one. */
function limits(max: number, windowMs = 60_000): ApiDeps['rateLimits'] {
  const limit = { max, windowMs };
  const all = { perIp: limit, perSite: limit, financePerIp: limit, searchPerIp: limit };
  return all;
}

/** A clock that never gives the same millisecond twice, so every write changes max(updated_at). */
function risingClock(start = Date.now()): { now: () => Date; skip(ms: number): void } {
  let last = start - 1;
  let offset = 0;
  return {
    now: () => new Date((last = Math.max(Date.now() + offset, last + 1))),
    skip: (ms) => {
      offset += ms;
    },
  };
}

let sitesDir: string;
let standIn: FinanceStandIn;
let realProvider: FinanceProvider;

/** One PGlite database for the file: opening one takes seconds. Closed after the last test. */
let sharedPglite: Promise<TestDb> | undefined;
const pglite = () => (sharedPglite ??= testDatabases[0]!.open());

const SITE_HOME =
  '<!doctype html><html lang="en"><head><title>Mini Motors</title></head><body><h1>Mini Motors</h1></body></html>';

beforeAll(async () => {
  sitesDir = await mkdtemp(path.join(tmpdir(), 'api-fuzz-'));
  for (const slug of ['mini-motors', 'group-motors']) {
    await mkdir(path.join(sitesDir, slug, 'contact'), { recursive: true });
    await writeFile(path.join(sitesDir, slug, 'index.html'), SITE_HOME);
    await writeFile(path.join(sitesDir, slug, 'contact', 'index.html'), SITE_HOME);
    await writeFile(path.join(sitesDir, slug, '404.html'), '<!doctype html><title>Not found</title>');
  }
  standIn = await startFinanceStandIn({ port: 0, apiKey: 'fuzz-key' });
  realProvider = httpFinanceProvider({ baseUrl: standIn.url, apiKey: 'fuzz-key', timeoutMs: 5_000 });
  const keep = (line: unknown[]) =>
    serverLog.push(line.map((x) => (x instanceof Error ? (x.stack ?? x.message) : String(x))).join(' '));
  vi.spyOn(console, 'error').mockImplementation((...line: unknown[]) => keep(line));
  vi.spyOn(console, 'warn').mockImplementation((...line: unknown[]) => keep(line));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await (await sharedPglite)?.cleanup();
  await standIn?.close();
  await rm(sitesDir, { recursive: true, force: true });
  console.info(`api-fuzz: ${requestCount} requests (FUZZ_SEED=${SEED}${RUNS ? `, FUZZ_RUNS=${RUNS}` : ''})`);
});

// ---------------------------------------------------------------------------------------------
// Generators

const hostKind: fc.Arbitrary<HostKind> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('own' as const) },
  { weight: 1, arbitrary: fc.constantFrom<HostKind>('group', 'domain', 'plain', 'unknown') },
);

const GARBAGE_ORIGINS = [
  'null',
  'a b',
  'http://',
  'https://www.minimotors.com.au.evil.example',
  'http://mini-motors.localhost:99999',
  '*',
  'file://',
  'HTTPS://WWW.MINIMOTORS.COM.AU',
  'http://[::1',
  'https://www.minimotors.com.au/',
  'javascript:alert(1)',
  '\u00e9',
  '{own}, {own}',
];

/** None (clients that are no browser), the site's own, its domain, a foreign one, garbage. */
const origin: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constant('{own}') },
  { weight: 1, arbitrary: fc.constant('https://www.minimotors.com.au') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('https://evil.example', 'http://localhost:1', 'https://group-motors.localhost'),
  },
  { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_ORIGINS) },
);

const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constant('application/json; charset=utf-8') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'text/plain',
      'text/plain;charset=UTF-8',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'Application/JSON',
      'application/json; charset=latin1',
      'application/jsonx',
      ';',
      '',
      'application/json, text/plain',
      'application/vnd.api+json',
    ),
  },
);

/** Headers a browser page of the dealer sends, most of the time; any of the others now and then. */
const headers = fc.record({ host: hostKind, origin, contentType });

const escaping: fc.Arbitrary<Escaping> = fc.constantFrom('escaped', 'raw');

/** What a visitor types into a form. */
const person = fc.record({
  name: fc.constantFrom('Sam Lee', 'Ada', 'Zoë Ng', "Pat O'Brien", 'Nguyễn Văn A'),
  email: fc.constantFrom('sam@example.com', 'ada.l@example.com.au', 'z+cars@example.org'),
  phone: fc.constantFrom('0412 345 678', '+61 2 9555 0100', '0499999000'),
  message: fc.constantFrom('', 'Is it still available?', 'Call me after 5 🚗', 'Line one\nline two'),
});

interface FormRef {
  pageId: string;
  blockId: string;
}

/** The forms of the fixture dealer, found once the dealers are loaded. */
let forms: { model: FormRef; car: FormRef & { carId: number } };

function save(
  key: JsonTree,
  form: { pageId: string; blockId: string; step: string },
  isLastStep: boolean,
  values: Record<string, string>,
  extra: [string, JsonTree][] = [],
): JsonTree {
  return obj([
    ['idempotencyKey', key],
    ['isLastStep', lit(String(isLastStep))],
    ['form', tree(form)],
    ['values', tree(values)],
    ...extra,
  ]);
}

/** A valid save of one of mini-motors' forms, partial or final; `key` the session's key. */
const validSave: fc.Arbitrary<JsonTree> = fc
  .tuple(
    fc.constantFrom('contact', 'finder-about', 'finder-car', 'model', 'car'),
    person,
    fc.option(fc.constantFrom('mini-motors', 'MINI-MOTORS', 'group-motors'), { freq: 4 }),
    fc.option(fc.constantFrom({ utm_source: 'google' }, { utm_campaign: 'spring', gclid: 'abc' }, {}), { freq: 3 }),
  )
  .map(([form, p, site, tracking]) => {
    const extra: [string, JsonTree][] = [];
    if (site !== null) extra.push(['site', str(site)]);
    if (tracking !== null) extra.push(['tracking', tree(tracking)]);
    const contact = { name: p.name, phone: p.phone, email: p.email, location_id: '11', message: p.message };
    switch (form) {
      case 'contact':
        return save(slot('key'), { pageId: '3', blockId: 'enquiry', step: 'contact' }, true, contact, extra);
      case 'finder-about':
        return save(
          slot('key'),
          { pageId: '3', blockId: 'car-finder', step: 'about' },
          false,
          { first_name: p.name, email: p.email, phone: p.phone },
          extra,
        );
      case 'finder-car':
        return save(
          slot('key'),
          { pageId: '3', blockId: 'car-finder', step: 'car' },
          true,
          { first_name: p.name, email: p.email, Make: 'Mazda', message: p.message },
          extra,
        );
      case 'model':
        return save(slot('key'), { ...forms.model, step: 'contact' }, true, contact, extra);
      case 'car':
        return save(
          slot('key'),
          { pageId: forms.car.pageId, blockId: forms.car.blockId, step: 'contact' },
          true,
          { ...contact, car_id: String(forms.car.carId) },
          extra,
        );
    }
  });

const leadCase = (body: fc.Arbitrary<ApiCase['body']>, extra: Partial<ApiCase> = {}): fc.Arbitrary<ApiCase> =>
  fc.tuple(headers, body).map(([h, b]) => ({ method: 'POST', target: '/api/leads', ...h, body: b, ...extra }));

const asJson = (json: fc.Arbitrary<JsonTree>) => fc.tuple(json, escaping).map(([j, e]) => ({ json: j, escaping: e }));

/** A form session: steps of the finder form, then its final save with the lead id of the first. */
const session: fc.Arbitrary<ApiCase[]> = fc
  .tuple(person, fc.integer({ min: 1, max: 2 }), fc.boolean(), headers)
  .map(([p, partials, withId, h]) => {
    const about = (phone: string) =>
      save(slot('key'), { pageId: '3', blockId: 'car-finder', step: 'about' }, false, {
        first_name: p.name,
        email: p.email,
        phone,
      });
    const steps: JsonTree[] = Array.from({ length: partials }, (_, i) => about(i ? p.phone : ''));
    steps.push(
      save(
        slot('key'),
        { pageId: '3', blockId: 'car-finder', step: 'car' },
        true,
        { first_name: p.name, email: p.email, Make: 'Kia' },
        withId ? [['lead_id', slot('leadId')]] : [],
      ),
    );
    return steps.map((json) => ({
      method: 'POST',
      target: '/api/leads',
      ...h,
      body: { json, escaping: 'escaped' as const },
    }));
  });

/** Field names of the fixture forms and of the lead values the API reads itself. */
const VALUE_FIELDS = [
  'name',
  'first_name',
  'email',
  'phone',
  'location_id',
  'message',
  'Make',
  'car_id',
  'category',
  'subcategory',
  'PageTitle',
  HONEYPOT_FIELD,
];

type Mutation = (body: JsonTree) => JsonTree;

const inValues =
  (change: (values: JsonTree) => JsonTree): Mutation =>
  (body) =>
    withEntry(body, 'values', change(entryOf(body, 'values') ?? obj([])));
const inForm =
  (change: (form: JsonTree) => JsonTree): Mutation =>
  (body) =>
    withEntry(body, 'form', change(entryOf(body, 'form') ?? obj([])));

/** Keys named like Object.prototype's members, with any value: in values, at the top, in form and tracking. */
const prototypeKeyMutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTO_KEYS), nastyValue)
      .map(([k, v]): Mutation => inValues((values) => withEntry(values, k, v))),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS), nastyValue).map(
      ([k, v]): Mutation =>
        (body) =>
          withEntry(body, k, v),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTO_KEYS), nastyValue)
      .map(([k, v]): Mutation => inForm((form) => withEntry(form, k, v))),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS), nastyValue).map(
      ([k, v]): Mutation =>
        (body) =>
          withEntry(body, 'tracking', obj([[k, v]])),
    ),
  },
);

/** Keys other than Object.prototype's members (those have a property of their own above). */
const otherKey = nastyString.filter((k) => !(PROTO_KEYS as readonly string[]).includes(k));

/** Values a form never sends under the names a form uses: {"toString":1}, lists, numbers, NUL, long text. */
const fieldValueMutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...VALUE_FIELDS), prototypeShadow)
      .map(([k, v]): Mutation => inValues((values) => withEntry(values, k, v))),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...VALUE_FIELDS), nastyValue)
      .map(([k, v]): Mutation => inValues((values) => withEntry(values, k, v))),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(otherKey, nastyValue).map(([k, v]): Mutation => inValues((values) => withEntry(values, k, v))),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(otherKey, nastyString).map(
      ([k, v]): Mutation =>
        (body) =>
          withEntry(body, 'tracking', obj([[k, str(v)]])),
    ),
  },
);

/** Every field of the body with a value of the wrong type, missing, or given twice. */
const wrongTypeMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .tuple(fc.constantFrom('idempotencyKey', 'lead_id', 'isLastStep', 'form', 'values', 'tracking', 'site'), nastyValue)
    .map(
      ([k, v]): Mutation =>
        (body) =>
          withEntry(body, k, v),
    ),
  fc
    .tuple(fc.constantFrom('pageId', 'blockId', 'step'), nastyValue)
    .map(([k, v]): Mutation => inForm((form) => withEntry(form, k, v))),
  fc.constantFrom('idempotencyKey', 'isLastStep', 'form', 'values').map(
    (k): Mutation =>
      (body) =>
        body.t === 'obj' ? obj(body.entries.filter(([name]) => name !== k)) : body,
  ),
  fc
    .constantFrom('pageId', 'blockId', 'step')
    .map((k): Mutation =>
      inForm((form) => (form.t === 'obj' ? obj(form.entries.filter(([name]) => name !== k)) : form)),
    ),
  // A duplicate key: JSON.parse keeps the last one.
  fc.tuple(fc.constantFrom('isLastStep', 'form', 'values', 'site', 'lead_id'), nastyValue).map(
    ([k, v]): Mutation =>
      (body) =>
        body.t === 'obj' ? obj([...body.entries, [k, v]]) : body,
  ),
  fc
    .constantFrom(
      lit('"00000000-0000-0000-0000-000000000000"'),
      str('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'),
      str('not-a-uuid'),
      str(' '),
      lit('12345'),
    )
    .map(
      (v): Mutation =>
        (body) =>
          withEntry(body, 'lead_id', v),
    ),
  fc.constantFrom('short', 'x'.repeat(201), 'has space', 'ключ-ключ-ключ', 'a\u0000bcdefghi', '\uD800abcdefgh').map(
    (k): Mutation =>
      (body) =>
        withEntry(body, 'idempotencyKey', str(k)),
  ),
);

const mutated = (mutation: fc.Arbitrary<Mutation>) =>
  fc
    .tuple(validSave, fc.array(mutation, { minLength: 1, maxLength: 4 }))
    .map(([body, changes]) => changes.reduce((b, change) => change(b), body));

/** A valid save whose JSON is `bytes` long (with a key of KEY_LENGTH), padded in a value the form does not know. */
function saveOfSize(bytes: number): JsonTree {
  const body = save(slot('key'), { pageId: '3', blockId: 'enquiry', step: 'contact' }, true, {
    name: 'Sam Lee',
    phone: '0412 345 678',
    email: 'sam@example.com',
    location_id: '11',
    notes: '',
  });
  const base = jsonText(body, 'escaped', { key: 'k'.repeat(KEY_LENGTH) }).length;
  return inValues((values) => withEntry(values, 'notes', str('x'.repeat(Math.max(0, bytes - base)))))(body);
}

/** Body sizes at and just over the API's limit and the server's. */
const LIMIT_SIZES = [
  MAX_LEAD_BODY_BYTES - 1,
  MAX_LEAD_BODY_BYTES,
  MAX_LEAD_BODY_BYTES + 1,
  MAX_LEAD_BODY_BYTES * 2,
  SERVER_BODY_LIMIT + 1,
];

const outsizedBody: fc.Arbitrary<{ json: JsonTree; chunked: boolean }> = fc
  .tuple(fc.constantFrom(...LIMIT_SIZES), fc.boolean())
  .map(([size, isChunked]) => ({ json: saveOfSize(size), chunked: isChunked }));

/** `body` (an object without slots) padded to `bytes` in a member no route reads. */
function padded(body: JsonTree, bytes: number): JsonTree {
  const base = jsonText(withEntry(body, 'padding', str('')), 'escaped').length;
  return withEntry(body, 'padding', str('x'.repeat(Math.max(0, bytes - base))));
}

// ---------------------------------------------------------------------------------------------
// Search, finance and content routes

const SEARCH_PATH = '/api/search/1/indexes/*/queries';
const INDEX_NAMES = [
  'cars',
  'cars_newest',
  'cars_price_asc',
  'cars_price_desc',
  'cars_year_desc',
  'cars_km_asc',
  'offers',
];

const validParams = fc.record(
  {
    query: fc.constantFrom('', 'toyota', 'cor', 'Toy COR', 'ute', 'cx-5', 'offer', '  '),
    facets: fc.constantFrom<unknown>(
      ['make'],
      ['make', 'model', 'price', 'certified'],
      '*',
      ['category', 'model.name'],
      [],
    ),
    facetFilters: fc.constantFrom<unknown>(
      undefined,
      ['make:Toyota'],
      [['make:Toyota', 'make:Kia'], 'certified:true'],
      '-make:Kia',
      '["make:Mazda"]',
    ),
    numericFilters: fc.constantFrom<unknown>(
      undefined,
      ['price>=1000'],
      ['year:2015 TO 2022', ['seats=5', 'seats=8']],
      'price<50000',
    ),
    filters: fc.constantFrom<unknown>(
      undefined,
      '',
      'make:Toyota AND price < 50000',
      'NOT make:Kia OR (year:2019 TO 2021)',
      'make:"Toyota"',
    ),
    hitsPerPage: fc.constantFrom<unknown>(undefined, 0, 3, 20, 250, 1000),
    page: fc.constantFrom<unknown>(undefined, 0, 1, 5),
  },
  { requiredKeys: ['query'] },
);

const validSearchEntry: fc.Arbitrary<JsonTree> = fc
  .tuple(fc.constantFrom(...INDEX_NAMES), validParams, fc.constantFrom('object', 'string', 'flat', 'facet'))
  .map(([indexName, params, form]) => {
    const defined = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
    if (indexName === 'offers') {
      for (const k of ['facetFilters', 'numericFilters', 'filters']) delete defined[k];
    }
    switch (form) {
      case 'object':
        return tree({ indexName, params: defined });
      case 'flat':
        return tree({ indexName, ...defined });
      case 'facet':
        return tree({
          indexName,
          type: 'facet',
          facet: indexName === 'offers' ? 'category' : 'make',
          facetQuery: 'to',
          params: { query: params.query },
        });
      case 'string':
        return tree({
          indexName,
          params: new URLSearchParams(
            Object.entries(defined).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
          ).toString(),
        });
    }
  });

const SEARCH_PARAMS = [
  'query',
  'facets',
  'facetFilters',
  'numericFilters',
  'filters',
  'hitsPerPage',
  'page',
  'maxValuesPerFacet',
  'highlightPreTag',
  'highlightPostTag',
  'facet',
  'facetQuery',
  'maxFacetHits',
  'type',
  'params',
  'indexName',
];

/** Filter text built around hostile parts: NUL, control characters, Object.prototype's names, deep nesting. */
const hostileFilterText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('make', 'price', 'seats', ...PROTO_KEYS),
      fc.constantFrom(':', '=', '>=', '<', ' TO ', ':1 TO '),
      nastyString,
    )
    .map(([attr, op, value]) => `${attr}${op}${value}`),
  fc.tuple(nastyString, fc.constantFrom(':', '>', ''), nastyString).map(([a, op, b]) => `${a}${op}${b}`),
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(10, 1_000, 3_000, 5_000, 12_000)
      .chain((n) =>
        fc.constantFrom(
          '('.repeat(n),
          `${'('.repeat(n)}make:Kia${')'.repeat(n)}`,
          `${'NOT '.repeat(n)}make:Kia`,
          Array.from({ length: Math.min(n, 4_000) }, () => 'make:Kia').join(' OR '),
        ),
      ),
  },
  fc.constantFrom(
    '"',
    '"unterminated',
    'make:"a\\"',
    '\\',
    'price:1 TO',
    'price:a TO b',
    '_tags:x',
    '<score=1>',
    'make:Kia AND',
    ') OR (',
    '-',
    ':',
    '[',
    '["make:Kia"',
  ),
);

const hostileFilterValue: fc.Arbitrary<JsonTree> = fc.oneof(
  hostileFilterText.map(str),
  fc.array(hostileFilterText.map(str), { maxLength: 3 }).map((items) => arr(...items)),
  fc
    .array(
      fc.array(hostileFilterText.map(str), { maxLength: 3 }).map((items) => arr(...items)),
      { maxLength: 2 },
    )
    .map((items) => arr(...items)),
  nastyValue,
  fc.constantFrom(20, 40, 3_000).map((depth) => nested(depth, str('make:Kia'))),
  // Empty lists where a filter list or an OR group of filters belongs.
  fc.constantFrom(arr(), arr(arr()), arr(str('make:Kia'), arr()), str('[]'), str('[[]]'), str('[["make:Kia"],[]]')),
);

/** One filter parameter with a hostile value, as an object, a params string or on the entry. */
const hostileFilterEntry: fc.Arbitrary<JsonTree> = fc
  .tuple(
    fc.constantFrom('facetFilters', 'numericFilters', 'filters'),
    hostileFilterValue,
    fc.constantFrom(...INDEX_NAMES),
    fc.constantFrom('object', 'string', 'flat'),
  )
  .map(([name, value, indexName, form]) => {
    if (form === 'flat')
      return obj([
        ['indexName', str(indexName)],
        [name, value],
      ]);
    return obj([
      ['indexName', str(indexName)],
      ['params', form === 'string' ? str(`${name}=${percentEncode(jsonText(value, 'raw'))}`) : obj([[name, value]])],
    ]);
  });

const hostileSearchEntry: fc.Arbitrary<JsonTree> = fc.oneof(
  // Wrong indexName: Object.prototype's names, other text, other types.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS).map(str), nastyValue), validSearchEntry)
      .map(([name, entry]) => withEntry(entry, 'indexName', name)),
  },
  // params of every type; a params string with anything in it.
  fc
    .tuple(
      fc.oneof(
        nastyValue,
        fc.tuple(nastyKey, nastyString).map(([k, v]) => str(`${percentEncode(k)}=${percentEncode(v)}&${k}=${v}`)),
      ),
      fc.constantFrom(...INDEX_NAMES),
    )
    .map(([params, indexName]) =>
      obj([
        ['indexName', str(indexName)],
        ['params', params],
      ]),
    ),
  // One parameter with a hostile value, in the params object or on the entry.
  fc
    .tuple(validSearchEntry, fc.constantFrom(...SEARCH_PARAMS), fc.oneof(nastyValue, hostileFilterValue), fc.boolean())
    .map(([entry, name, value, inParams]) =>
      inParams ? withEntry(entry, 'params', obj([[name, value]])) : withEntry(entry, name, value),
    ),
  hostileFilterEntry,
  fc
    .tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS).map(str), nastyValue), fc.constantFrom(...INDEX_NAMES))
    .map(([facet, indexName]) =>
      obj([
        ['indexName', str(indexName)],
        ['type', str('facet')],
        ['facet', facet],
      ]),
    ),
  fc.tuple(nastyKey, nastyValue, validSearchEntry).map(([k, v, entry]) => withEntry(entry, k, v)),
  nastyValue,
);

const searchBody: fc.Arbitrary<JsonTree> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(validSearchEntry, { minLength: 1, maxLength: 3 })
      .map((entries) => obj([['requests', arr(...entries)]])),
  },
  {
    weight: 6,
    arbitrary: fc
      .array(fc.oneof(validSearchEntry, hostileSearchEntry), { minLength: 1, maxLength: 3 })
      .map((entries) => obj([['requests', arr(...entries)]])),
  },
  { weight: 1, arbitrary: nastyValue.map((requests) => obj([['requests', requests]])) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(0, 50, 51, 500)
      .map((n) => obj([['requests', arr(...Array.from({ length: n }, () => tree({ indexName: 'cars' })))]])),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS, 'site'), nastyValue, validSearchEntry).map(([k, v, entry]) =>
      obj([
        [k, v],
        ['requests', arr(entry)],
      ]),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(validSearchEntry, fc.constantFrom(...LIMIT_SIZES))
      .map(([entry, size]) => padded(obj([['requests', arr(entry)]]), size)),
  },
);

const searchTarget = fc.oneof(
  { weight: 6, arbitrary: fc.constant(SEARCH_PATH) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('cars', 'offers', '__proto__', 'constructor', '%00', '%zz', 'x'.repeat(300), '%ED%A0%80')
      .map((i) => `/api/search/1/indexes/${i}/queries`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `${SEARCH_PATH}?site=mini-motors`,
      `${SEARCH_PATH}?x-algolia-agent=Algolia%20for%20JavaScript`,
      `${SEARCH_PATH}?site=%00`,
    ),
  },
);

const applicant = {
  lead_id: 'lead-123',
  first_name: 'Alice',
  last_name: 'Nguyen',
  email: 'alice@example.com',
  phone: '0412 345 678',
  dateOfBirth: '1990-04-30',
  driverLicenceNumber: '12345678',
  vehiclePriceBudget: 30000,
  privacy: true,
  electronic_communication: true,
  preferredDealership: 'Mini Motors Sydney',
};

const FINANCE_FIELDS = [...Object.keys(applicant), 'name', 'middle_name', 'dealershipId', 'site'];

const financeBody: fc.Arbitrary<JsonTree> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        applicant,
        { ...applicant, phone: '0499 999 000' },
        { ...applicant, driverLicenceNumber: 'BAD' },
        { ...applicant, vehiclePriceBudget: '150001' },
        { ...applicant, site: 'mini-motors' },
      )
      .map(tree),
  },
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.array(fc.tuple(fc.oneof(nastyKey, fc.constantFrom(...FINANCE_FIELDS)), nastyValue), {
          minLength: 1,
          maxLength: 4,
        }),
      )
      .map(([changes]) => changes.reduce((body, [k, v]) => withEntry(body, k, v), tree(applicant))),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(199, 200, 201, 400)
      .map((n) => obj(Array.from({ length: n }, (_, i): [string, JsonTree] => [`field_${i}`, str('x')]))),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(50, 51, 1_000)
      .map((n) => withEntry(tree(applicant), 'interests', arr(...Array.from({ length: n }, () => str('car'))))),
  },
  { weight: 1, arbitrary: fc.constantFrom(...LIMIT_SIZES).map((size) => padded(tree(applicant), size)) },
);

const carIdBody: fc.Arbitrary<JsonTree> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom<unknown>(1, '1', ' 101 ', 102, 103, '103', 2, 999, '999')
      .map((carId) => tree({ carId })),
  },
  {
    weight: 4,
    arbitrary: fc.oneof(nastyValue, fc.constantFrom(...PROTO_KEYS).map(str)).map((carId) => obj([['carId', carId]])),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS, 'site'), nastyValue).map(([k, v]) =>
      obj([
        ['carId', lit('1')],
        [k, v],
      ]),
    ),
  },
  { weight: 1, arbitrary: fc.constant(obj([])) },
  { weight: 1, arbitrary: fc.constantFrom(...LIMIT_SIZES).map((size) => padded(tree({ carId: 1 }), size)) },
);

const providerName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('taurus', 'Taurus', 'moneyfirst') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'a', '-', '_', 'x'.repeat(500)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/) },
);

const financeCase: fc.Arbitrary<ApiCase> = fc.oneof(
  fc.tuple(headers, providerName, financeBody, escaping).map(([h, provider, json, e]) => ({
    method: 'POST',
    target: `/api/send-to-${provider}`,
    ...h,
    body: { json, escaping: e },
  })),
  fc
    .tuple(headers, carIdBody, escaping)
    .map(([h, json, e]) => ({ method: 'POST', target: '/api/finance-locations', ...h, body: { json, escaping: e } })),
  fc
    .tuple(headers, fc.constantFrom('/api/send-to-taurus', '/api/finance-locations'), notAJsonObject)
    .map(([h, target, bytes]) => ({ method: 'POST', target, ...h, body: { bytes } })),
);

/** Query values as they appear in a URL: right, wrong, malformed percent-encoding, hostile text encoded. */
const queryValue = (good: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...good) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '%00',
        '%zz',
        '%',
        '%ED%A0%80',
        '%F0%9F%9A%97',
        '+',
        '%20',
        'x'.repeat(3_000),
        ...PROTO_KEYS,
      ),
    },
    { weight: 2, arbitrary: nastyString.map(percentEncode) },
  );

const reviewsTarget = fc
  .tuple(
    fc.option(queryValue(['901', '%20901', '902', '9'.repeat(16), '-1', '1e3', '0x385', '901.0']), { freq: 8 }),
    fc.option(queryValue(['Mini%20Motors%20Sydney', 'All%20Reviews', 'all+reviews', 'Nowhere']), { freq: 8 }),
    fc.option(
      fc.constantFrom(
        'websiteId=901',
        'gmbId=Mini%20Motors%20Sydney',
        'site=mini-motors',
        'websiteId[]=1',
        '&&',
        '=',
        'gmbId',
      ),
      { freq: 3 },
    ),
  )
  .map(([websiteId, gmbId, more]) => {
    const query = [
      websiteId !== null ? `websiteId=${websiteId}` : '',
      gmbId !== null ? `gmbId=${gmbId}` : '',
      more ?? '',
    ]
      .filter(Boolean)
      .join('&');
    return `/api/reviews${query ? `?${query}` : ''}`;
  });

const modelsTarget = queryValue([
  'corolla',
  'COROLLA',
  '%20corolla%20',
  'hilux',
  'corolla/',
  'corolla?x=1',
  '..%2F..%2Fetc%2Fpasswd',
  'a%2Fb',
]).map((slug) => `/api/models/${slug}`);

const readCase: fc.Arbitrary<ApiCase> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: reviewsTarget },
      { weight: 3, arbitrary: modelsTarget },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '/api/manufacturer-locations',
          '/api/manufacturer-locations?site=mini-motors',
          '/api/manufacturer-locations?%zz',
          '/api/health',
          '/api/health/',
          '/api/health?x=%00',
        ),
      },
    ),
    headers,
    fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
  )
  .map(([target, h, method]) => ({ method, target, ...h, contentType: undefined }));

const UNKNOWN_PATHS = [
  '/api',
  '/api/',
  '/api/unknown',
  '/api/leads/1',
  '/api/leads/',
  '/api//leads',
  '/api/health/x',
  '/api/%',
  '/api/%zz',
  '/api/%00',
  '/api/..',
  '/api/../api/leads',
  '/api/search/1/indexes//queries',
  '/api/search/1/indexes/cars',
  '/api/send-to-',
  '/api/send-to-a/b',
  '/api/send-to-%00',
  '/api/models',
  '/api/models/',
  '/api/reviews/x',
  '/api/__proto__',
  '/api/constructor',
  '/api/finance-locations/x',
  `/api/${'x'.repeat(5_000)}`,
];

const otherCase: fc.Arbitrary<ApiCase> = fc
  .tuple(
    fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'),
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...UNKNOWN_PATHS) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '/api/leads',
          SEARCH_PATH,
          '/api/send-to-taurus',
          '/api/finance-locations',
          '/api/health',
          '/api/manufacturer-locations',
          '/api/models/corolla',
          '/api/reviews?websiteId=901&gmbId=x',
        ),
      },
      { weight: 1, arbitrary: nastyString.map((s) => `/api/${percentEncode(s)}`) },
    ),
    headers,
    fc.option(
      fc.oneof(
        notAJsonObject.map((bytes): ApiCase['body'] => ({ bytes })),
        asJson(validSave),
      ),
      { freq: 2 },
    ),
  )
  .map(([method, target, h, body]) => ({
    method,
    target,
    ...h,
    body: body && method !== 'GET' && method !== 'HEAD' ? body : undefined,
  }));

// ---------------------------------------------------------------------------------------------
// The API, on each database

/** What the leads and outbox hold, in a few numbers: any write changes one of them. */
async function fingerprint(db: Db): Promise<string> {
  const { rows } = await db.query(
    'SELECT (SELECT count(*) FROM leads)::int AS leads, (SELECT max(updated_at) FROM leads) AS updated, (SELECT count(*) FROM outbox)::int AS outbox',
  );
  return JSON.stringify(rows[0]);
}

/**
 * Every lead a 200 answered, as the database held it right after that answer: at the end each row
 * must be one of these and unchanged since.
 */
class StoredLeads {
  readonly rows = new Map<string, string>();

  async answered(db: Db, leadId: string): Promise<void> {
    this.rows.set(leadId, (await rowOf(db, leadId)) ?? '(missing right after its 200)');
  }

  async problems(db: Db): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM leads ORDER BY created_at');
    const out: string[] = [];
    for (const { id } of rows) {
      const now = await rowOf(db, id);
      const then = this.rows.get(id);
      if (then === undefined)
        out.push(`lead ${id} was stored, but no request was answered 200 with it: ${now?.slice(0, 1_500)}`);
      else if (then !== now)
        out.push(
          `lead ${id} changed after its last 200 answer:\n  then ${then.slice(0, 1_500)}\n  now  ${now?.slice(0, 1_500)}`,
        );
    }
    return out;
  }
}

async function rowOf(db: Db, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ row: unknown }>(
    "SELECT to_jsonb(l) || jsonb_build_object('outbox', (SELECT count(*) FROM outbox o WHERE o.lead_id = l.id)) AS row FROM leads l WHERE l.id = $1",
    [id],
  );
  return rows[0] ? JSON.stringify(rows[0].row) : undefined;
}

interface Target {
  db: Db;
  port?: number;
  /** In-process instead of over HTTP (the rate-limit property, which picks the client address). */
  fetch?: (request: Request) => Promise<Response>;
  provider: CountingProvider;
  stored: StoredLeads;
}

function leadIdOf(answer: RawAnswer): string | undefined {
  try {
    const body: unknown = JSON.parse(answer.body.toString('utf8'));
    return isObject(body) && typeof body.lead_id === 'string' ? body.lead_id : undefined;
  } catch {
    return undefined;
  }
}

/** Sends a run's requests in turn, checking each answer; a 200 lead save's id fills the `leadId` slot. */
async function runCases(target: Target, cases: ApiCase[], clientIp?: string): Promise<Sent[]> {
  const slots: Slots = { key: freshKey() };
  const out: Sent[] = [];
  for (const c of cases) {
    const before = await fingerprint(target.db);
    const calls = target.provider.calls;
    const sent = target.fetch
      ? await sendInProcess(target.fetch, c, slots, clientIp)
      : await send(target.port!, c, slots);
    out.push(sent);
    const problems: string[] = [];
    const status = sent.answer.status;
    const path = c.target.split('?')[0]!;
    if (status !== 200) {
      const after = await fingerprint(target.db);
      if (after !== before) problems.push(`leads or outbox changed (${before} → ${after}) for a ${status} answer`);
      if (target.provider.calls !== calls) problems.push(`the finance provider was called for a ${status} answer`);
    } else {
      const leadId = leadIdOf(sent.answer);
      if (leadId !== undefined) {
        slots.leadId = leadId;
        await target.stored.answered(target.db, leadId);
      } else if (path === '/api/leads' && c.method === 'POST') problems.push('a 200 lead save without lead_id');
      if (target.provider.calls !== calls && !/^\/api\/(send-to-|finance-locations)/.test(path)) {
        problems.push(`the finance provider was called by ${c.method} ${path}`);
      }
    }
    expectSound(sent, problems);
  }
  return out;
}

async function sendInProcess(
  fetch: (request: Request) => Promise<Response>,
  c: ApiCase,
  slots: Slots,
  clientIp?: string,
): Promise<Sent> {
  const body = bodyBytes(c, slots);
  const headers = new Headers({ host: hostHeader(c.host, 4321) });
  if (c.origin !== undefined) headers.set('origin', c.origin.replaceAll('{own}', `http://${hostHeader(c.host, 4321)}`));
  if (c.contentType !== undefined) headers.set('content-type', c.contentType);
  if (clientIp) headers.set('x-forwarded-for', clientIp);
  serverLog = [];
  requestCount++;
  const response = await fetch(
    new Request(`http://${hostHeader(c.host, 4321)}${c.target}`, {
      method: c.method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
    }),
  );
  const answerBody = Buffer.from(await response.arrayBuffer());
  const answer: RawAnswer = {
    status: response.status,
    statusLine: `HTTP/1.1 ${response.status} ${response.statusText}`,
    headers: Object.fromEntries(response.headers),
    body: answerBody,
    end: 'answered',
  };
  return { request: rawRequest(c.method, c.target, [...headers], body), answer, log: serverLog };
}

/** How many leads the database holds. */
async function leadCount(db: Db): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads')).rows[0]!.n;
}

function apiSuite(database: TestDatabase) {
  let t: TestDb;
  let server: RunningServer;
  let target: Target;
  let statuses: Map<number, number>;

  let deps: ApiDeps;

  beforeAll(async () => {
    t = database.label === 'PGlite' ? await pglite() : await database.open();
    const dealers = withStock(await fixtureDealers());
    const mini = dealers.find((d) => d.slug === 'mini-motors')!;
    const model = mini.models[0]!;
    const car = mini.cars.find((c) => c.car_type === 'used')!;
    forms = {
      model: { pageId: `model-${model.slug}`, blockId: defaultModelBlocks(model).find((b) => b.type === 'form')!.id },
      car: { pageId: `car-${car.slug}`, blockId: 'default-form-0', carId: Number(car.id) },
    };
    await indexContent(t.db, dealers);
    const provider = counting(realProvider);
    const clock = risingClock();
    deps = await testDeps(t.db, { dealers, financeProvider: provider, now: clock.now, rateLimits: limits(1_000_000) });
    server = await startServer({ sitesDir, port: 0, api: createApp(deps).fetch });
    target = { db: t.db, port: server.port, provider, stored: new StoredLeads() };
    statuses = new Map();
  });
  afterAll(async () => {
    await server?.close();
    if (database.label !== 'PGlite') await t?.cleanup();
  });

  const property = (name: string, cases: fc.Arbitrary<ApiCase[]>, numRuns: number) =>
    check(
      name,
      cases.map((list) => list.map(readable)),
      numRuns,
      async (list) => {
        for (const sent of await runCases(target, list)) {
          const s = sent.answer.status ?? 0;
          statuses.set(s, (statuses.get(s) ?? 0) + 1);
        }
      },
    );

  it('saves valid leads, partial and final, alone or as a form session, and answers anything else with an error', async () => {
    await property(
      'valid lead saves',
      fc.oneof(
        { weight: 3, arbitrary: leadCase(asJson(validSave)).map((c) => [c]) },
        { weight: 2, arbitrary: session },
      ),
      120,
    );
  }, 60_000);

  it('never fails on fields named like Object.prototype members (__proto__, constructor, toString, hasOwnProperty, …)', async () => {
    await property(
      'Object.prototype names in a lead',
      leadCase(asJson(mutated(prototypeKeyMutation))).map((c) => [c]),
      120,
    );
  }, 60_000);

  it('never fails on hostile form values: objects like {"toString":1}, lists, numbers, NUL, lone surrogates, long text', async () => {
    await property(
      'hostile lead values',
      leadCase(asJson(mutated(fieldValueMutation))).map((c) => [c]),
      150,
    );
  }, 60_000);

  it('answers a lead save with a wrong type, a missing or a repeated field with 400, never a 500', async () => {
    await property(
      'wrong lead field types',
      leadCase(asJson(mutated(wrongTypeMutation))).map((c) => [c]),
      200,
    );
  }, 60_000);

  it('answers lead bodies that are not a JSON object, too large, or chunked, with an error', async () => {
    await property(
      'lead bodies',
      fc
        .oneof(
          leadCase(notAJsonObject.map((bytes) => ({ bytes }))),
          fc.tuple(headers, outsizedBody).map(([h, big]): ApiCase => ({
            method: 'POST',
            target: '/api/leads',
            ...h,
            body: { json: big.json, escaping: 'escaped' },
            chunked: big.chunked,
          })),
          fc.tuple(headers, nastyValue, escaping).map(([h, json, e]): ApiCase => ({
            method: 'POST',
            target: '/api/leads',
            ...h,
            body: { json, escaping: e },
          })),
          fc.tuple(headers, fc.constantFrom(...PROTO_KEYS), nastyValue, validSave).map(([h, k, v, body]): ApiCase => ({
            method: 'POST',
            target: '/api/leads',
            ...h,
            body: { json: body.t === 'obj' ? obj([[k, v], ...body.entries]) : body, escaping: 'escaped' },
          })),
        )
        .map((c) => [c]),
      100,
    );
  }, 60_000);

  it('searches with any body and answers 200 or a 400 that names the parameter, never a 500', async () => {
    await property(
      'search',
      fc
        .tuple(headers, searchTarget, searchBody, escaping, fc.option(notAJsonObject, { freq: 10 }))
        .map(([h, t, json, e, bytes]): ApiCase[] => [
          {
            method: 'POST',
            target: t,
            ...h,
            body: bytes ? { bytes } : { json, escaping: e },
          },
        ]),
      150,
    );
  }, 60_000);

  it('reads any facetFilters, numericFilters and filters: NUL, control characters, empty groups, deep nesting', async () => {
    await property(
      'search filters',
      fc.tuple(headers, hostileFilterEntry, escaping).map(([h, entry, e]): ApiCase[] => [
        {
          method: 'POST',
          target: SEARCH_PATH,
          ...h,
          body: { json: obj([['requests', arr(entry)]]), escaping: e },
        },
      ]),
      100,
    );
  }, 60_000);

  it('hands finance applications and car look-ups to the provider only when the input is valid', async () => {
    await property(
      'finance',
      financeCase.map((c) => [c]),
      150,
    );
  }, 60_000);

  it('answers the content routes with any query and path: models, reviews, manufacturer locations, health', async () => {
    await property(
      'content routes',
      readCase.map((c) => [c]),
      200,
    );
  }, 60_000);

  it('answers unknown paths and wrong methods with 404 or 405 in the error shape', async () => {
    await property(
      'unknown paths and methods',
      otherCase.map((c) => [c]),
      150,
    );
  }, 60_000);

  it('limits a burst of lead saves from one address with 429 and Retry-After, never a 5xx, storing nothing refused', async () => {
    // Small limits on a clock of its own, which moves a few minutes on for each run: every run is
    // a burst in a new minute, from a new address, long after the other properties' requests.
    const clock = risingClock(Date.now() + 60 * 60_000);
    const app = createApp({ ...deps, now: clock.now, rateLimits: limits(3) });
    const fetch = async (request: Request) => app.fetch(request);
    const burst = fc.tuple(
      fc.ipV4(),
      fc
        .array(
          fc.oneof(
            {
              weight: 4,
              arbitrary: validSave.map((json): ApiCase => ({
                method: 'POST',
                target: '/api/leads',
                host: 'own',
                contentType: 'application/json',
                body: { json, escaping: 'escaped' },
                valid: true,
              })),
            },
            { weight: 1, arbitrary: leadCase(asJson(mutated(wrongTypeMutation))) },
            {
              weight: 1,
              arbitrary: validSearchEntry.map((entry): ApiCase => ({
                method: 'POST',
                target: SEARCH_PATH,
                host: 'own',
                contentType: 'application/json',
                body: { json: obj([['requests', arr(entry)]]), escaping: 'escaped' },
              })),
            },
          ),
          { minLength: 5, maxLength: 12 },
        )
        .map((list) => list.map(readable)),
    );
    await check('rate limits', burst, 10, async ([ip, cases]) => {
      clock.skip(10 * 60_000);
      const sent: Sent[] = [];
      // Each save is a form session of its own, as a bot sends them.
      for (const c of cases) sent.push(...(await runCases({ ...target, fetch }, [c], ip)));
      for (const s of sent.filter((x) => x.answer.status === 429)) {
        expect(s.answer.headers['retry-after'], describeExchange(s)).toMatch(/^[1-9]\d*$/);
      }
      const saves = cases.filter((c) => c.valid).length;
      if (saves > 3)
        expect(
          sent.some((s) => s.answer.status === 429),
          `${saves} lead saves from ${ip} within a minute, none refused with 429`,
        ).toBe(true);
    });
  }, 60_000);

  it('stored only what a 200 answered, as that answer left it', async () => {
    const problems = await target.stored.problems(t.db);
    console.info(
      `api-fuzz on ${database.label}: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, ${await leadCount(t.db)} leads stored`,
    );
    expect(problems).toEqual([]);
  });
}

describe.each(testDatabases)('the API under fuzzing, on $label', (database) => apiSuite(database));

// ---------------------------------------------------------------------------------------------
// The static server over raw HTTP

/** Host headers that name no host: RFC 3986's host [":" port] does not read them. */
const MALFORMED_HOSTS = [
  'a b',
  'x:99999',
  '[::1',
  'x:-1',
  'x:1:2',
  'mini-motors.localhost:99999',
  'a/b',
  'a?b',
  'a#b',
  'a@b',
  'a\\b',
  '%',
  'a%zz',
  'mini-motors.localhost:4321:4321',
  'a'.repeat(5_000),
  'a\u0001b',
  'a\u007fb',
  '[::1]x',
  '[]',
  '\u00e9.localhost',
];

/** Odd but not malformed: an empty Host is what a request without an authority sends. */
const ODD_HOSTS = ['', ' ', 'x:', '.', 'localhost.', `${'a'.repeat(64)}.localhost`, '[::1]', '[::1]:1', '0'];

/** Targets no server can read: the request line is broken or the path's percent-encoding is. */
const MALFORMED_TARGETS = [
  '/%',
  '/%zz',
  '/a%2',
  '/%G0',
  'x',
  '?',
  'http://',
  'http://[::1/',
  '/a\u0000b',
  '/a b',
  '/api/%',
  '/api/%zz',
  '/api/leads%',
];

const VALID_TARGETS = [
  '/',
  '/contact',
  '/contact/',
  '/index.html',
  '/missing',
  '//x',
  '/..%2f..%2fetc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/../../etc/passwd',
  '/%00',
  '/a%00b',
  'http://other/',
  'http://mini-motors.localhost/contact',
  '/?%zz',
  '/contact?a=%00',
  '/_headers',
  '/.env',
  '/api/health',
  '/api/leads',
  '/api/models/corolla',
  '/api',
  `/${'a'.repeat(10_000)}`,
  `/${'a/'.repeat(2_000)}`,
  '/\u00e9',
  '/%C3%A9',
  '/%ED%A0%80',
];

type RawCase = {
  method: string;
  target: string;
  /** undefined: no Host header; [a, b]: two. */
  host?: string | [string, string];
  headers: [string, string][];
  body?: string;
  /** How many bytes the request says its body has, when that is not the truth. */
  declaredLength?: number | string;
  version?: string;
};

const validHost = (port: number) =>
  fc.constantFrom(
    `mini-motors.localhost:${port}`,
    `group-motors.localhost:${port}`,
    `localhost:${port}`,
    `127.0.0.1:${port}`,
    'mini-motors.localhost',
    `MINI-MOTORS.LOCALHOST:${port}`,
    `nobody.localhost:${port}`,
    'www.minimotors.com.au',
  );

const rawExtraHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.constantFrom<[string, string]>(
    ['Content-Length', '5'],
    ['Content-Length', '-1'],
    ['Content-Length', 'abc'],
    ['Content-Length', '99999999999999999999'],
    ['Transfer-Encoding', 'chunked'],
    ['Transfer-Encoding', 'gzip'],
    ['Expect', '100-continue'],
    ['Expect', 'nothing'],
    ['Connection', 'Upgrade'],
    ['Upgrade', 'websocket'],
    ['Origin', 'null'],
    ['X-Forwarded-For', 'a, , ,'],
    ['X-Forwarded-Host', 'a b'],
    ['X-Forwarded-Host', 'mini-motors.localhost'],
    ['Accept-Encoding', 'br;q=x, *;q=-1'],
    ['If-None-Match', '*'],
    ['Range', 'bytes=5-1'],
    ['Cookie', '\u00e9'],
    ['Content-Type', 'application/json'],
    ['X-Empty', ''],
    ['Authorization', 'Basic %%%'],
  ),
  { maxLength: 4 },
);

const rawCase = (port: number): fc.Arbitrary<RawCase> =>
  fc.record({
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'OPTIONS',
          'PUT',
          'DELETE',
          'PATCH',
          'TRACE',
          'CONNECT',
          'PROPFIND',
          'MKCOL',
          'SEARCH',
          'QUERY',
          'PURGE',
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom('get', 'FOO', 'G E T', '', 'GET\u0000', 'X'.repeat(100)) },
    ),
    target: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...VALID_TARGETS) },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_TARGETS, '*') },
    ),
    host: fc.oneof(
      { weight: 5, arbitrary: validHost(port) },
      { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_HOSTS, ...ODD_HOSTS) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.tuple(validHost(port), fc.oneof(validHost(port), fc.constantFrom(...MALFORMED_HOSTS))),
      },
    ),
    headers: rawExtraHeaders,
    body: fc
      .option(fc.oneof(fc.constantFrom('{}', '{"a":', 'x'.repeat(5_000)), fc.string({ maxLength: 50 })), { freq: 2 })
      .map((b) => b ?? undefined),
    declaredLength: fc
      .option(fc.constantFrom<number | string>(0, 1, 3, 10, 100_000, -5, '1, 2', ' 3', '0x10'), { freq: 4 })
      .map((n) => n ?? undefined),
    version: fc.constantFrom(
      'HTTP/1.1',
      'HTTP/1.1',
      'HTTP/1.1',
      'HTTP/1.1',
      'HTTP/1.0',
      'HTTP/2.0',
      'HTTP/1.2',
      'HTTP/0.9',
      'http/1.1',
      'HTTP/1.1 x',
    ),
  });

function rawBytes(c: RawCase): Buffer {
  const headers: [string, string][] = [];
  if (typeof c.host === 'string') headers.push(['Host', c.host]);
  else if (c.host) headers.push(['Host', c.host[0]], ['Host', c.host[1]]);
  headers.push(...c.headers);
  const body = c.body === undefined ? undefined : Buffer.from(c.body);
  if (c.declaredLength !== undefined) headers.push(['Content-Length', String(c.declaredLength)]);
  else if (body) headers.push(['Content-Length', String(body.length)]);
  headers.push(['Connection', 'close']);
  return rawRequest(c.method, c.target, headers, body, c.version);
}

/** A request the server may still be reading when all of it is sent: more body declared, or chunks never ended. */
function mayWaitForMore(c: RawCase): boolean {
  const declared = Number(c.declaredLength);
  if (c.declaredLength !== undefined && Number.isInteger(declared) && declared > Buffer.byteLength(c.body ?? ''))
    return true;
  return c.headers.some(([name, value]) => name === 'Transfer-Encoding' && value === 'chunked');
}

describe('the static server of npm start under raw HTTP', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const { db } = await pglite();
    const deps = await testDeps(db, {
      dealers: withStock(await fixtureDealers()),
      financeProvider: counting(realProvider),
      rateLimits: limits(1_000_000),
    });
    server = await startServer({ sitesDir, port: 0, api: createApp(deps).fetch });
  });
  afterAll(async () => {
    await server?.close();
  });

  const rawSend = async (request: Buffer, options: Parameters<typeof exchange>[2]) => {
    serverLog = [];
    requestCount++;
    const answer = await exchange(server.port, request, options);
    return { request, answer, log: serverLog } satisfies Sent;
  };

  const home = async () =>
    (
      await rawSend(
        rawRequest('GET', '/', [
          ['Host', `mini-motors.localhost:${server.port}`],
          ['Connection', 'close'],
        ]),
        {},
      )
    ).answer;

  it('answers every request, however malformed, below 500, and keeps serving', async () => {
    const printed = rawCase(server.port).map((c) =>
      Object.defineProperty({ ...c }, fc.toStringMethod, { value: () => preview(rawBytes(c), 600) }),
    );
    await check('static server', printed, 250, async (c) => {
      // Closing our side ends what the server still waits for; the server then answers or closes.
      const sent = await rawSend(rawBytes(c), {
        head: c.method === 'HEAD',
        timeoutMs: 5_000,
        halfCloseAfterMs: mayWaitForMore(c) ? 300 : 2_000,
      });
      const { answer } = sent;
      const problems: string[] = [];
      if (answer.status === undefined)
        problems.push(`no answer (${answer.end}${answer.error ? `, ${answer.error}` : ''})`);
      else if (answer.status >= 500) problems.push(`a ${answer.status} answer`);
      if (/root:/.test(answer.body.toString('latin1'))) problems.push('a file outside the site was served');
      if (problems.length) throw new Error(`${problems.join('; ')}\n${describeExchange(sent)}`);
    });
    expect((await home()).status).toBe(200);
  }, 60_000);

  it('refuses a malformed Host or request target with 400', async () => {
    const port = server.port;
    const malformed = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('GET', 'HEAD', 'POST'),
          fc.constantFrom('/', '/contact', '/api/health', '/api/leads'),
          fc.constantFrom(...MALFORMED_HOSTS),
        )
        .map(([method, target, host]) => ({ method, target, host })),
      fc
        .tuple(fc.constantFrom('GET', 'HEAD', 'POST'), fc.constantFrom(...MALFORMED_TARGETS), validHost(port))
        .map(([method, target, host]) => ({ method, target, host })),
      fc
        .tuple(fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'), validHost(port))
        .map(([method, host]) => ({ method, target: '*', host })),
    );
    await check('malformed host or target', malformed, 80, async ({ method, target, host }) => {
      const body =
        method === 'POST'
          ? ([
              ['Content-Type', 'application/json'],
              ['Content-Length', '2'],
            ] as [string, string][])
          : [];
      const sent = await rawSend(
        rawRequest(
          method,
          target,
          [['Host', host], ...body, ['Connection', 'close']],
          method === 'POST' ? Buffer.from('{}') : undefined,
        ),
        { head: method === 'HEAD', timeoutMs: 3_000 },
      );
      if (sent.answer.status !== 400)
        throw new Error(`expected 400, got ${sent.answer.status ?? 'no answer'}\n${describeExchange(sent)}`);
    });
    expect((await home()).status).toBe(200);
  }, 60_000);

  it('answers bytes that are not HTTP at all without falling over', async () => {
    const garbage = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => Buffer.from(b)),
      fc
        .constantFrom(
          'hello\r\n\r\n',
          '\r\n\r\n',
          'GET\r\n\r\n',
          'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
          '\u0016\u0003\u0001\u0002\u0000\u0001\u0000',
          'GET / HTTP/1.1\r\nHost: x\r\n',
        )
        .map((s) => Buffer.from(s, 'latin1')),
    );
    await check('not HTTP', garbage, 40, async (bytes) => {
      const sent = await rawSend(bytes, { timeoutMs: 1_000, halfCloseAfterMs: 200 });
      if (sent.answer.status !== undefined && sent.answer.status >= 500)
        throw new Error(`a ${sent.answer.status} answer\n${describeExchange(sent)}`);
    });
    expect((await home()).status).toBe(200);
  }, 60_000);
});
