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
import { type ApiDeps, type Db } from '../../../src/api/core/deps.ts';
import { httpFinanceProvider, type FinanceProvider } from '../../../src/features/finance/server/finance-provider.ts';
import { indexContent } from '../../../src/features/search/server/index-content.ts';
import { entityFiles } from '../../../src/content/entities.ts';
import { type DealerContent } from '../../../src/content/load.ts';
import { defaultModelBlocks } from '../../../src/domain/default-pages.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../scripts/standins/finance-standin.ts';
import { startServer, type RunningServer } from '../../../src/engine/serve/static-server.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDatabase, type TestDb } from '../../helpers/db.ts';
import {
  PROTO_KEYS,
  arr,
  exchange,
  jsonBytes,
  jsonText,
  nastyValue,
  notAJsonObject,
  obj,
  preview,
  rawRequest,
  type RawAnswer,
} from '../../helpers/fuzz.ts';
import {
  type HostKind,
  type ApiCase,
  type Slots,
  chunked,
  headers,
  escaping,
  forms,
  validSave,
  leadCase,
  asJson,
  session,
  prototypeKeyMutation,
  fieldValueMutation,
  wrongTypeMutation,
  mutated,
  outsizedBody,
  SEARCH_PATH,
  validSearchEntry,
  hostileFilterEntry,
  searchBody,
  searchTarget,
  financeCase,
  readCase,
  otherCase,
} from '../../helpers/api-fuzz-cases.ts';
import {
  MALFORMED_HOSTS,
  MALFORMED_TARGETS,
  mayWaitForMore,
  rawBytes,
  rawCase,
  validHost,
} from '../../helpers/raw-http-cases.ts';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_250_615;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;

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

let keyCount = 0;

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
    Object.assign(forms, {
      model: { pageId: `model-${model.slug}`, blockId: defaultModelBlocks(model).find((b) => b.type === 'form')!.id },
      car: { pageId: `car-${car.slug}`, blockId: 'default-form-0', carId: Number(car.id) },
    });
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
  }, 120_000);

  it('never fails on fields named like Object.prototype members (__proto__, constructor, toString, hasOwnProperty, …)', async () => {
    await property(
      'Object.prototype names in a lead',
      leadCase(asJson(mutated(prototypeKeyMutation))).map((c) => [c]),
      120,
    );
  }, 120_000);

  it('never fails on hostile form values: objects like {"toString":1}, lists, numbers, NUL, lone surrogates, long text', async () => {
    await property(
      'hostile lead values',
      leadCase(asJson(mutated(fieldValueMutation))).map((c) => [c]),
      150,
    );
  }, 120_000);

  it('answers a lead save with a wrong type, a missing or a repeated field with 400, never a 500', async () => {
    await property(
      'wrong lead field types',
      leadCase(asJson(mutated(wrongTypeMutation))).map((c) => [c]),
      200,
    );
  }, 120_000);

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
  }, 120_000);

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
  }, 120_000);

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
  }, 120_000);

  it('hands finance applications and car look-ups to the provider only when the input is valid', async () => {
    await property(
      'finance',
      financeCase.map((c) => [c]),
      150,
    );
  }, 120_000);

  it('answers the content routes with any query and path: models, reviews, manufacturer locations, health', async () => {
    await property(
      'content routes',
      readCase.map((c) => [c]),
      200,
    );
  }, 120_000);

  it('answers unknown paths and wrong methods with 404 or 405 in the error shape', async () => {
    await property(
      'unknown paths and methods',
      otherCase.map((c) => [c]),
      150,
    );
  }, 120_000);

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
  }, 120_000);

  it('stored only what a 200 answered, as that answer left it', async () => {
    const problems = await target.stored.problems(t.db);
    console.info(
      `api-fuzz on ${database.label}: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, ${await leadCount(t.db)} leads stored`,
    );
    expect(problems).toEqual([]);
  });
}

describe.each(testDatabases)('the API under fuzzing, on $label', (database) => apiSuite(database));

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
  }, 120_000);

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
  }, 120_000);

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
  }, 120_000);
});
