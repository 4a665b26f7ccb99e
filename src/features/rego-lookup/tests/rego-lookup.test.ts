/**
 * Finding a car by its registration: the provider's real HTTP client against the stand-in
 * (scripts/standins/rego-standin.ts), POST /api/rego-lookup with that client and with the
 * offline default, and the form's client reading the route's answers over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRegoStandIn, type StandIn } from '../../../../scripts/standins/rego-standin.ts';
import { httpRegoProvider, noRegoProvider, regoProviderFromEnv } from '../server/rego-provider.ts';
import { NOT_FOUND_MESSAGE, UNAVAILABLE_MESSAGE, prefillOf } from '../rules/rego.ts';
import { lookupRego, REGO_LOOKUP_PATH } from '../ui/rego-client.ts';
import { API_ROUTES } from '../../../contract/routes.ts';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { groupDealers, unreachableProvider } from '../../../../tests/unit/api/api-routes-harness.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';

const KEY = 'rego-test-key';
let standIn: StandIn;
beforeAll(async () => {
  standIn = await startRegoStandIn({ apiKey: KEY });
});
afterAll(() => standIn.close());

// A generous timeout: a loaded CI host can take longer than a real provider's budget to answer
// over loopback. Only the hanging service is given a short one.
const client = (path = '', apiKey = KEY, timeoutMs = 5_000) =>
  httpRegoProvider({ baseUrl: `${standIn.url}${path}`, apiKey, timeoutMs });

describe('the rego lookup client', () => {
  it('finds an Australian car by rego and state, and a New Zealand car by plate', async () => {
    expect(await client().lookup({ plate: 'ABC123', state: 'NSW', country: 'AU' })).toEqual({
      status: 'found',
      vehicle: {
        make: 'Toyota',
        model: 'Corolla',
        variant: 'Ascent Sport',
        year: 2019,
        body: 'Hatch',
        colour: 'Glacier White',
      },
    });
    expect(standIn.requests.at(-1)).toEqual({ country: 'AU', plate: 'ABC123', state: 'NSW' });
    const nz = await client().lookup({ plate: 'KTR42', country: 'NZ' });
    expect(nz).toMatchObject({
      status: 'found',
      vehicle: { make: 'Mitsubishi', model: 'Triton', variant: 'GLX', year: 2019 },
    });
    expect(standIn.requests.at(-1)).toEqual({ country: 'NZ', plate: 'KTR42' });
  });

  it('says not found for a plate of another state or none registered', async () => {
    expect(await client().lookup({ plate: 'ABC123', state: 'VIC', country: 'AU' })).toEqual({
      status: 'not_found',
      message: NOT_FOUND_MESSAGE,
    });
    expect((await client().lookup({ plate: 'NOPE1', country: 'NZ' })).status).toBe('not_found');
  });

  it('fails with a reason for a rejected key, a broken service and one that never answers', async () => {
    await expect(client('', 'wrong').lookup({ plate: 'KTR42', country: 'NZ' })).rejects.toThrow(/REGO_API_KEY/);
    await expect(client('/broken').lookup({ plate: 'KTR42', country: 'NZ' })).rejects.toThrow(/HTTP 500/);
    await expect(client('/hang', KEY, 300).lookup({ plate: 'KTR42', country: 'NZ' })).rejects.toThrow(
      /no answer in time/,
    );
  });

  it('is chosen by REGO_PROVIDER_URL and REGO_API_KEY; without them every lookup is unavailable', async () => {
    expect(regoProviderFromEnv({}).describe).toBe('none');
    expect(await noRegoProvider().lookup({ plate: 'ABC123', state: 'NSW', country: 'AU' })).toEqual({
      status: 'unavailable',
      message: UNAVAILABLE_MESSAGE,
    });
    expect(() => regoProviderFromEnv({ REGO_PROVIDER_URL: standIn.url })).toThrow(/REGO_API_KEY/);
    expect(() => regoProviderFromEnv({ REGO_PROVIDER_URL: 'rego.example.com', REGO_API_KEY: 'k' })).toThrow(
      /http\(s\)/,
    );
    const fromEnv = regoProviderFromEnv({ REGO_PROVIDER_URL: `${standIn.url}/`, REGO_API_KEY: KEY });
    expect((await fromEnv.lookup({ plate: 'XYZ789', state: 'VIC', country: 'AU' })).status).toBe('found');
  });

  it('fills make, model, variant and year, and only those', () => {
    expect(
      prefillOf({ make: 'Toyota', model: 'Corolla', variant: 'Ascent Sport', year: 2019, vin: 'JTNKB3BE00J012345' }),
    ).toEqual({ make: 'Toyota', model: 'Corolla', variant: 'Ascent Sport', year: '2019' });
  });
});

describe.each(testDatabases)('POST /api/rego-lookup on $label', (database) => {
  let t: TestDb;
  let server: Server;
  let base = '';
  let deps: Partial<ApiDeps> = {};
  const nz = dealerOf(
    { id: 303, slug: 'kiwi-cars', name: 'Kiwi Cars', url: 'https://www.kiwicars.co.nz', country: 'NZ' },
    {},
  );

  beforeAll(async () => {
    t = await database.open();
    // The API over real HTTP, so the form's client is exercised as a browser would call it.
    const dealers = [...groupDealers(), nz];
    (dealers[0]!.site as { state?: string }).state = 'New South Wales';
    // One app for each `deps` a test sets (the rate limits live in the app).
    const apps = new Map<Partial<ApiDeps>, ReturnType<typeof createApp>>();
    const handle = async (req: IncomingMessage, res: ServerResponse) => {
      let app = apps.get(deps);
      if (!app) {
        app = createApp({ db: t.db, dealers, now: () => new Date(), financeProvider: unreachableProvider, ...deps });
        apps.set(deps, app);
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const answer = await app.fetch(
        new Request(`http://${req.headers.host}${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
        }),
      );
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    };
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.cleanup();
  });

  it('is the contract’s route', () => {
    expect(REGO_LOOKUP_PATH).toBe(API_ROUTES.regoLookup);
  });

  it('finds the car through the provider, in the dealer’s state when the shopper gives none', async () => {
    deps = { regoProvider: client() };
    const found = await lookupRego({ rego: 'abc 123' }, 'harbour-toyota', { apiBase: base });
    expect(found).toMatchObject({ status: 'found', vehicle: { make: 'Toyota', model: 'Corolla', year: 2019 } });
    expect(standIn.requests.at(-1)).toEqual({ country: 'AU', plate: 'ABC123', state: 'NSW' });
    expect(await lookupRego({ rego: 'KTR-42' }, 'kiwi-cars', { apiBase: base })).toMatchObject({
      status: 'found',
      vehicle: { model: 'Triton' },
    });
    expect((await lookupRego({ rego: 'ABC123', state: 'QLD' }, 'harbour-toyota', { apiBase: base })).status).toBe(
      'not_found',
    );
  });

  it('refuses a rego of the wrong shape or state, naming what to fix, and answers no-store', async () => {
    deps = { regoProvider: client() };
    expect(await lookupRego({ rego: 'ABC!123456789' }, 'harbour-toyota', { apiBase: base })).toEqual({
      status: 'not_found',
      message: 'Enter the rego as it is on the plate: up to 9 letters and digits.',
    });
    const res = await fetch(`${base}/api/rego-lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ site: 'harbour-kia', rego: 'ABC123', state: 'XX' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.state).toMatch(
      /one of NSW/,
    );
    // Harbour Kia names no state: an Australian plate needs one.
    const stateless = await lookupRego({ rego: 'ABC123' }, 'harbour-kia', { apiBase: base });
    expect(stateless).toEqual({ status: 'not_found', message: 'Choose the state the car is registered in.' });
    const ok = await fetch(`${base}/api/rego-lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ site: 'kiwi-cars', rego: 'KTR42' }),
    });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const text = await fetch(`${base}/api/rego-lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'KTR42',
    });
    expect(text.status).toBe(415);
  });

  it('says the lookup is unavailable without a provider, or when it fails, and limits lookups per address', async () => {
    deps = {};
    expect(await lookupRego({ rego: 'KTR42' }, 'kiwi-cars', { apiBase: base })).toEqual({
      status: 'unavailable',
      message: UNAVAILABLE_MESSAGE,
    });
    deps = { regoProvider: client('/broken') };
    expect((await lookupRego({ rego: 'KTR42' }, 'kiwi-cars', { apiBase: base })).status).toBe('unavailable');
    deps = {
      regoProvider: client(),
      rateLimits: { valuationPerIp: { max: 2, windowMs: 60_000 } },
    };
    const call = () =>
      fetch(`${base}/api/rego-lookup`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
        body: JSON.stringify({ site: 'kiwi-cars', rego: 'KTR42' }),
      });
    expect([(await call()).status, (await call()).status, (await call()).status]).toEqual([200, 200, 429]);
  });
});
