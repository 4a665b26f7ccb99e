/**
 * The market-price provider's HTTP client against the stand-in (scripts/standins/market-price-standin.ts)
 * over real HTTP: a valued car by VIN, by rego and state, by make and year; an unknown one; a
 * rejected key; a provider that never answers, that fails, that answers garbage; the env choice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  httpMarketProvider,
  localMarketProvider,
  marketProviderFromEnv,
  MarketProviderError,
  type MarketInput,
} from '../server/market-provider.ts';
import { localMarketEstimate } from '../server/market-model.ts';
import {
  startMarketPriceStandIn,
  STANDIN_SOURCE,
  type MarketPriceStandIn,
} from '../../../../scripts/standins/market-price-standin.ts';

let standIn: MarketPriceStandIn;
beforeAll(async () => {
  standIn = await startMarketPriceStandIn({ apiKey: 'right-key' });
});
afterAll(() => standIn.close());

const client = (path = '', o: { apiKey?: string; timeoutMs?: number } = {}) =>
  httpMarketProvider({ baseUrl: `${standIn.url}${path}`, apiKey: o.apiKey ?? 'right-key', timeoutMs: o.timeoutMs });

const input = (query: MarketInput['query'], country: 'AU' | 'NZ' = 'AU'): MarketInput => ({
  query,
  country,
  asAt: '2026-12-03',
});

describe('the market-price client against the stand-in', () => {
  it('gets a retail range with its confidence by VIN, and sends the documented request', async () => {
    const answer = await client().estimate(input({ vin: 'JTMRBREV10D123456', km: 85_300 }));
    expect(answer).toEqual({
      status: 'valued',
      estimate: {
        low: 28_400,
        high: 32_100,
        currency: 'AUD',
        confidence: 'high',
        as_at: '2026-12-03',
        source: STANDIN_SOURCE,
        basis: { year: 2019, make: 'Toyota', model: 'RAV4', variant: 'GX', km: 85_300 },
      },
    });
    expect(standIn.requests.at(-1)).toEqual({
      country: 'AU',
      asAt: '2026-12-03',
      vehicle: { vin: 'JTMRBREV10D123456' },
      odometer: { value: 85_300, unit: 'km' },
    });
  });

  it('gets one by rego and state', async () => {
    const answer = await client().estimate(input({ rego: 'mkt 123', state: 'NSW' }));
    expect(answer.status === 'valued' && [answer.estimate.low, answer.estimate.high]).toEqual([27_000, 30_500]);
  });

  it('gets the local estimate by make, model, year and odometer, in NZD for New Zealand', async () => {
    const query = { make: 'Mazda', model: 'CX-5', year: 2019, km: 81_000 };
    const answer = await client().estimate(input(query, 'NZ'));
    const local = localMarketEstimate(query, { asAt: '2026-12-03', country: 'NZ' });
    expect(answer.status).toBe('valued');
    expect(local.status).toBe('valued');
    if (answer.status !== 'valued' || local.status !== 'valued') return;
    expect(answer.estimate).toMatchObject({ low: local.estimate.low, high: local.estimate.high, currency: 'NZD' });
  });

  it('answers unknown for a VIN it does not know, and for too few details', async () => {
    expect(await client().estimate(input({ vin: 'WVWZZZ1KZAW000000' }))).toEqual({
      status: 'unknown',
      message: 'No vehicle is known under those details.',
    });
    expect((await client().estimate(input({}))).status).toBe('unknown');
  });

  it('fails with 502 naming MARKET_PRICE_API_KEY when the key is refused', async () => {
    const e = await client('', { apiKey: 'wrong' })
      .estimate(input({ make: 'Toyota', year: 2020 }))
      .catch((x) => x);
    expect(e).toBeInstanceOf(MarketProviderError);
    expect(e).toMatchObject({ status: 502, message: expect.stringContaining('MARKET_PRICE_API_KEY') });
  });

  it('fails with 503 when the provider does not answer in time', async () => {
    const started = Date.now();
    const e = await client('/hang', { timeoutMs: 300 })
      .estimate(input({ make: 'Toyota', year: 2020 }))
      .catch((x) => x);
    expect(e).toMatchObject({ status: 503, message: 'The market-price provider did not answer within 300 ms.' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('fails with 502 on an answer without a range, and on a server error page', async () => {
    const garbled = await client('/garbled')
      .estimate(input({ make: 'Toyota', year: 2020 }))
      .catch((x) => x);
    expect(garbled).toMatchObject({
      status: 502,
      message: 'The market-price provider answered without a retail range.',
    });
    const broken = await client('/broken')
      .estimate(input({ make: 'Toyota', year: 2020 }))
      .catch((x) => x);
    expect(broken).toMatchObject({ status: 502, message: expect.stringContaining('HTTP 500') });
  });

  it('fails with 503 when nothing listens', async () => {
    const gone = httpMarketProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 2_000 });
    await expect(gone.estimate(input({ make: 'Toyota', year: 2020 }))).rejects.toMatchObject({ status: 503 });
  });
});

describe('the provider chosen by the environment', () => {
  it('is the local model without MARKET_PRICE_PROVIDER_URL', () => {
    expect(marketProviderFromEnv({}).describe).toBe('local model');
  });
  it('is the HTTP client with a URL and key, and refuses a URL without a key or a bad URL', async () => {
    const p = marketProviderFromEnv({ MARKET_PRICE_PROVIDER_URL: standIn.url, MARKET_PRICE_API_KEY: 'right-key' });
    expect(p.describe).toBe(standIn.url);
    expect((await p.estimate(input({ vin: 'JTMRBREV10D123456' }))).status).toBe('valued');
    expect(() => marketProviderFromEnv({ MARKET_PRICE_PROVIDER_URL: standIn.url })).toThrow(/MARKET_PRICE_API_KEY/);
    expect(() => marketProviderFromEnv({ MARKET_PRICE_PROVIDER_URL: 'ftp://x', MARKET_PRICE_API_KEY: 'k' })).toThrow(
      /MARKET_PRICE_PROVIDER_URL/,
    );
  });
});

describe('the local model', () => {
  it('is sure only of a model its table knows with known kilometres; a VIN alone names nothing', async () => {
    const known = await localMarketProvider().estimate(
      input({ make: 'Toyota', model: 'RAV4', year: 2019, km: 85_000 }),
    );
    expect(known.status === 'valued' && known.estimate.confidence).toBe('high');
    const noKm = await localMarketProvider().estimate(input({ make: 'Toyota', model: 'RAV4', year: 2019 }));
    expect(noKm.status === 'valued' && noKm.estimate.confidence).toBe('medium');
    const makeOnly = await localMarketProvider().estimate(input({ make: 'Toyota', model: 'Zzz', year: 2019, km: 1 }));
    expect(makeOnly.status === 'valued' && makeOnly.estimate.confidence).toBe('low');
    expect((await localMarketProvider().estimate(input({ vin: 'JTMRBREV10D123456' }))).status).toBe('unknown');
  });
  it('gives a retail range 8% either side of the valuation model’s retail value, above its trade-in', async () => {
    const a = await localMarketProvider().estimate(input({ make: 'Toyota', model: 'RAV4', year: 2019, km: 85_000 }));
    if (a.status !== 'valued') throw new Error('expected a valuation');
    expect(a.estimate.high / a.estimate.low).toBeCloseTo(1.08 / 0.92, 1);
  });
});
