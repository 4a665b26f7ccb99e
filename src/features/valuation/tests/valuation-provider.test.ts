import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import {
  ValuationProviderError,
  httpValuationProvider,
  localValuationProvider,
  valuationProviderFromEnv,
  type ValuationInput,
  type ValuationProvider,
} from '../server/valuation-provider.ts';
import { estimate } from '../server/valuation-model.ts';
import {
  STANDIN_SOURCE,
  startValuationStandIn,
  type ValuationStandIn,
} from '../../../../scripts/standins/valuation-standin.ts';
import type { ValuationAnswer } from '../contract/valuation.ts';

const AS_AT = '2025-06-15';
const input = (query: ValuationInput['query'], country: 'AU' | 'NZ' = 'AU'): ValuationInput => ({
  query,
  country,
  asAt: AS_AT,
});
const corolla = { make: 'Toyota', model: 'Corolla', year: 2019, km: 85_000, condition: 'good' as const };

let standIn: ValuationStandIn;
let provider: ValuationProvider;

beforeAll(async () => {
  standIn = await startValuationStandIn({ port: 0, apiKey: 'test-key' });
  provider = httpValuationProvider({ baseUrl: standIn.url, apiKey: 'test-key' });
});
afterAll(() => standIn.close());

function valued(answer: ValuationAnswer) {
  if (answer.status !== 'valued') throw new Error(`expected a range, got: ${answer.message}`);
  return answer;
}

/** The error a call fails with. */
async function failure(call: Promise<unknown>): Promise<ValuationProviderError> {
  try {
    await call;
  } catch (e) {
    expect(e).toBeInstanceOf(ValuationProviderError);
    return e as ValuationProviderError;
  }
  throw new Error('expected the call to fail');
}

describe('valuations through the real client and the stand-in service', () => {
  it('values a make, model and year with the range, date, source and disclaimer the service sends', async () => {
    const answer = valued(await provider.value(input(corolla)));
    const model = valued(estimate(corolla, { asAt: AS_AT, country: 'AU' }).answer);
    expect(answer.tradeIn).toEqual({ ...model.tradeIn, source: STANDIN_SOURCE });
    expect(answer.tradeIn).toMatchObject({ low: 14_900, high: 16_500, currency: 'AUD', asAt: AS_AT });
    expect(answer.vehicle).toEqual({ year: 2019, make: 'Toyota', model: 'Corolla', km: 85_000, condition: 'good' });
  });

  it('sends the documented request: country, date, vehicle, odometer in km and condition, with the key', async () => {
    standIn.requests.length = 0;
    await provider.value(input({ rego: 'ABC123', state: 'NSW', ...corolla }));
    expect(standIn.requests).toEqual([
      {
        country: 'AU',
        valuationDate: AS_AT,
        vehicle: { rego: 'ABC123', state: 'NSW', make: 'Toyota', model: 'Corolla', year: 2019 },
        odometer: { value: 85_000, unit: 'km' },
        condition: 'good',
      },
    ]);
  });

  it('finds a vehicle by rego and state, or by VIN, and names its variant', async () => {
    const byRego = valued(await provider.value(input({ rego: 'ABC123', state: 'NSW', km: 85_000 })));
    expect(byRego.vehicle).toEqual({
      year: 2019,
      make: 'Toyota',
      model: 'Corolla',
      variant: 'Ascent Sport',
      km: 85_000,
    });
    const byVin = valued(await provider.value(input({ vin: 'JTNKB3BE00J012345' })));
    expect(byVin.vehicle).toMatchObject({ year: 2018, make: 'Toyota', model: 'HiLux', variant: 'SR5' });
    const nz = valued(await provider.value(input({ rego: 'KTR42' }, 'NZ')));
    expect(nz.tradeIn.currency).toBe('NZD');
  });

  it('answers no valuation for a plate of another state, an unknown make, or details that name no vehicle', async () => {
    expect(await provider.value(input({ rego: 'ABC123', state: 'VIC' }))).toEqual({
      status: 'unknown',
      message: 'No vehicle is registered under those details.',
    });
    expect(await provider.value(input({ make: 'Lada', year: 2019 }))).toEqual({
      status: 'unknown',
      message: 'We have no figures for Lada vehicles.',
    });
    expect(await provider.value(input({ km: 85_000 }))).toEqual({
      status: 'unknown',
      message: 'Give a rego and state, a VIN, or a make and year.',
    });
  });
});

describe('valuation service failures', () => {
  it('a service that never answers ends in a 503 error after the timeout, not a hang', async () => {
    const slow = httpValuationProvider({ baseUrl: `${standIn.url}/hang`, apiKey: 'test-key', timeoutMs: 300 });
    const started = Date.now();
    const error = await failure(slow.value(input(corolla)));
    expect(error.status).toBe(503);
    expect(error.message).toBe('The valuation provider did not answer within 300 ms.');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a service error page (HTTP 500) is a 502 error', async () => {
    const broken = httpValuationProvider({ baseUrl: `${standIn.url}/broken`, apiKey: 'test-key' });
    const error = await failure(broken.value(input(corolla)));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The valuation provider could not handle the request (HTTP 500).');
  });

  it('an answer without a usable range is a 502 error, never a range of nonsense', async () => {
    const garbled = httpValuationProvider({ baseUrl: `${standIn.url}/garbled`, apiKey: 'test-key' });
    expect((await failure(garbled.value(input(corolla)))).message).toBe(
      'The valuation provider answered without a trade-in range.',
    );
  });

  it('a service that cannot be reached is a 503 error', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const gone = httpValuationProvider({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'test-key' });
    const error = await failure(gone.value(input(corolla)));
    expect(error).toMatchObject({ status: 503, message: 'The valuation provider cannot be reached.' });
  });

  it('a wrong API key is reported as such', async () => {
    const wrong = httpValuationProvider({ baseUrl: standIn.url, apiKey: 'nope' });
    const error = await failure(wrong.value(input(corolla)));
    expect(error.status).toBe(502);
    expect(error.message).toContain('VALUATION_API_KEY');
  });
});

describe('the local model as a provider', () => {
  it('values a make and year without any network, and asks for them when only a plate is known', async () => {
    const local = localValuationProvider();
    expect(local.describe).toBe('local model');
    expect(valued(await local.value(input(corolla))).tradeIn).toMatchObject({
      low: 14_900,
      high: 16_500,
      source: 'Dealer estimate',
    });
    expect((await local.value(input({ rego: 'ABC123', state: 'NSW' }))).status).toBe('unknown');
  });
});

describe('provider chosen from the environment', () => {
  it('is the local model without VALUATION_PROVIDER_URL', () => {
    expect(valuationProviderFromEnv({}).describe).toBe('local model');
  });

  it('is the HTTP client with VALUATION_PROVIDER_URL and VALUATION_API_KEY', async () => {
    const chosen = valuationProviderFromEnv({
      VALUATION_PROVIDER_URL: `${standIn.url}/`,
      VALUATION_API_KEY: 'test-key',
      VALUATION_TIMEOUT_MS: '4000',
    });
    expect(chosen.describe).toBe(standIn.url);
    expect(valued(await chosen.value(input(corolla))).tradeIn.source).toBe(STANDIN_SOURCE);
  });

  it('stops the start with a message naming the variable that is wrong', () => {
    expect(() => valuationProviderFromEnv({ VALUATION_PROVIDER_URL: 'https://valuations.example.com' })).toThrow(
      'VALUATION_API_KEY must be set with VALUATION_PROVIDER_URL',
    );
    expect(() =>
      valuationProviderFromEnv({ VALUATION_PROVIDER_URL: 'valuations.example.com', VALUATION_API_KEY: 'k' }),
    ).toThrow('VALUATION_PROVIDER_URL must be an http(s) address');
    expect(() =>
      valuationProviderFromEnv({
        VALUATION_PROVIDER_URL: 'https://v.example.com',
        VALUATION_API_KEY: 'k',
        VALUATION_TIMEOUT_MS: '0',
      }),
    ).toThrow('VALUATION_TIMEOUT_MS must be a whole number of milliseconds from 1 to 60000, not "0".');
  });
});
