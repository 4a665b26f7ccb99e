import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { httpValuationProvider, type ValuationProvider } from '../server/valuation-provider.ts';
import { startValuationStandIn, type ValuationStandIn } from '../../../../scripts/standins/valuation-standin.ts';
import { groupDealers, unreachableProvider } from '../../../../tests/unit/api/api-routes-harness.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';

const corolla = { make: 'Toyota', model: 'Corolla', year: '2019', km: '85,000', condition: 'Good' };
/** 09:00 in Sydney on 15 June 2025, still the 14th in UTC. */
const NOW = '2025-06-14T23:00:00Z';

let standIn: ValuationStandIn;
beforeAll(async () => {
  standIn = await startValuationStandIn({ port: 0, apiKey: 'route-key' });
});
afterAll(() => standIn.close());

type Answer = { status: number; body: Record<string, any>; headers: Headers };

describe.each(testDatabases)('POST /api/valuation on $label', (database) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());

  function api(overrides: Partial<ApiDeps> = {}) {
    const dealers = groupDealers();
    // The Sydney dealer's plates are NSW plates.
    (dealers[0]!.site as { state?: string }).state = 'New South Wales';
    const app = createApp({
      db: t.db,
      dealers,
      now: () => new Date(NOW),
      financeProvider: unreachableProvider,
      ...overrides,
    });
    return async (
      body: unknown,
      options: { host?: string; ip?: string; headers?: Record<string, string> } = {},
    ): Promise<Answer> => {
      const res = await app.fetch(
        new Request('http://api.test/api/valuation', {
          method: 'POST',
          headers: {
            Host: options.host ?? 'harbour-toyota.localhost:4321',
            'Content-Type': 'application/json',
            ...(options.ip ? { 'X-Forwarded-For': options.ip } : {}),
            ...options.headers,
          },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );
      return { status: res.status, body: await res.json(), headers: res.headers };
    };
  }

  it("answers the trade-in range of the local model by default, dated the dealer's day, not to be cached", async () => {
    const res = await api()(corolla);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      status: 'valued',
      tradeIn: expect.objectContaining({
        low: 14_900,
        high: 16_500,
        currency: 'AUD',
        asAt: '2025-06-15',
        source: 'Dealer estimate',
      }),
      vehicle: { year: 2019, make: 'Toyota', model: 'Corolla', km: 85_000, condition: 'good' },
    });
    expect(res.body.tradeIn.disclaimer).toMatch(/estimate.*inspection.*not an offer/);
  });

  it('answers a New Zealand dealer in NZD', async () => {
    const res = await api()(corolla, { host: 'lonely-motors.localhost' });
    expect(res.body.tradeIn).toMatchObject({ currency: 'NZD', low: 16_400, high: 18_200 });
  });

  it('answers "unknown" with a message for a vehicle it cannot value', async () => {
    const res = await api()({ make: 'Lada', year: 2019 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'unknown', message: 'We have no figures for Lada vehicles.' });
  });

  it('refuses bad values with 400 naming each field, and a body that names no vehicle', async () => {
    const bad = await api()({ year: 'soon', km: -5, state: 'XX', condition: 'mint', vin: 'ABC' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['condition', 'km', 'state', 'vin', 'year']);
    expect(bad.body.error.fields.condition).toBe('The condition must be one of excellent, good, fair, poor.');
    const nothing = await api()({ model: 'Corolla', km: 85_000 });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.fields).toEqual({
      make: 'Tell us the vehicle: its rego, its VIN, or its make and year.',
      year: 'Tell us the vehicle: its rego, its VIN, or its make and year.',
    });
    expect((await api()('[1]')).status).toBe(400);
    expect((await api()('{"make":')).body.error.message).toBe('The request body is not valid JSON.');
  });

  it("takes JSON only, from the dealer's own pages, for a known site", async () => {
    const call = api();
    expect((await call(corolla, { headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect((await call(corolla, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await call(corolla, { headers: { Origin: 'https://www.harbourtoyota.com.au' } })).status).toBe(200);
    expect((await call(corolla, { host: 'nowhere.example' })).status).toBe(404);
    expect((await call({ ...corolla, site: 'harbour-kia' }, { host: 'api.example' })).status).toBe(200);
  });

  it('limits each address to RATE_LIMIT_VALUATION_PER_IP calls a minute, with Retry-After', async () => {
    const call = api({ rateLimits: { valuationPerIp: { max: 3, windowMs: 60_000 } } });
    for (let i = 0; i < 3; i++) expect((await call(corolla, { ip: '198.51.100.7' })).status).toBe(200);
    const limited = await call(corolla, { ip: '198.51.100.7' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error.message).toBe(
      'Too many valuations were asked for from your network. Please wait a minute and try again.',
    );
    expect((await call(corolla, { ip: '198.51.100.8' })).status).toBe(200);
  });

  it("looks a rego up through the configured service, in the dealer's state when the page names none", async () => {
    const call = api({ valuationProvider: httpValuationProvider({ baseUrl: standIn.url, apiKey: 'route-key' }) });
    standIn.requests.length = 0;
    const res = await call({ rego: 'abc-123', km: 85_000 });
    expect(res.body.vehicle).toMatchObject({ make: 'Toyota', model: 'Corolla', variant: 'Ascent Sport' });
    expect(standIn.requests[0]!.vehicle).toEqual({ rego: 'ABC123', state: 'NSW' });
    expect((await call({ rego: 'ABC123', state: 'vic' })).body.status).toBe('unknown');
  });

  it('says valuations are unavailable, in the error shape, when the service is down or slow', async () => {
    const slow = await api({
      valuationProvider: httpValuationProvider({ baseUrl: `${standIn.url}/hang`, apiKey: 'route-key', timeoutMs: 200 }),
    })(corolla);
    expect(slow.status).toBe(503);
    expect(slow.headers.get('retry-after')).toBe('30');
    expect(slow.body).toEqual({
      error: {
        status: 503,
        message:
          'The valuation provider did not answer within 200 ms. Online valuations are not available right now. Please try again later.',
      },
    });
    const broken = await api({
      valuationProvider: httpValuationProvider({ baseUrl: `${standIn.url}/broken`, apiKey: 'route-key' }),
    })(corolla);
    expect(broken.status).toBe(502);
    expect(broken.body.error.message).toMatch(/HTTP 500.*not available right now/);
  });

  it('a provider that fails unexpectedly is a 500 in the error shape', async () => {
    const failing: ValuationProvider = { describe: 'failing', value: () => Promise.reject(new TypeError('boom')) };
    const res = await api({ valuationProvider: failing })(corolla);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: { status: 500, message: 'Something went wrong on our side. Please try again.' },
    });
  });

  it('a GET is 405 and says POST is allowed', async () => {
    const app = createApp({
      db: t.db,
      dealers: groupDealers(),
      now: () => new Date(NOW),
      financeProvider: unreachableProvider,
    });
    const res = await app.fetch(new Request('http://harbour-toyota.localhost/api/valuation'));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
