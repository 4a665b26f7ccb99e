/**
 * Find my car in the deal's trade-in step: the deal page's call of POST /api/rego-lookup through
 * the real API (the real rego client on the rego stand-in) finds a car, says a plate is not found
 * or badly written in the lookup's words, and says "unavailable" when the API cannot be reached;
 * it fills the fields and says what it found exactly as the trade-in and valuation forms do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { FetchLike } from '../../../contract/fetch.ts';
import { httpRegoProvider } from '../../rego-lookup/server/rego-provider.ts';
import { foundText, NOT_FOUND_MESSAGE, prefillOf, UNAVAILABLE_MESSAGE } from '../../rego-lookup/rules/rego.ts';
import { startRegoStandIn, type StandIn } from '../../../../scripts/standins/rego-standin.ts';
import { testDeps, testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';
import { CAR_NOT_FOUND_BY_REGO, findCar, foundCar, tradePrefill } from '../ui/deal-client.ts';

const HOST = 'mini-motors.localhost';
let standIn: StandIn;
let t: TestDb;
let fetchApi: FetchLike;

beforeAll(async () => {
  standIn = await startRegoStandIn({ apiKey: 'deal-rego' });
  t = await testDatabases[0]!.open();
  const app = createApp(
    await testDeps(t.db, {
      regoProvider: httpRegoProvider({ baseUrl: standIn.url, apiKey: 'deal-rego', timeoutMs: 5000 }),
    }),
  );
  // The page's own origin, as the deal page calls it.
  fetchApi = async (url, init) =>
    await app.fetch(
      new Request(`http://${HOST}${url}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), origin: `http://${HOST}:4321` },
      }),
    );
});
afterAll(async () => {
  await standIn.close();
  await t.cleanup();
});

describe('Find my car in the deal', () => {
  it('finds a car by rego and state, and fills make, model, variant and year as the forms do', async () => {
    const answer = await findCar({ rego: 'abc 123', state: 'NSW' }, { fetch: fetchApi });
    expect(answer.status).toBe('found');
    if (answer.status !== 'found') return;
    expect(tradePrefill(answer.vehicle)).toEqual({
      make: 'Toyota',
      model: 'Corolla',
      variant: 'Ascent Sport',
      year: '2019',
    });
    expect(tradePrefill(answer.vehicle)).toEqual(prefillOf(answer.vehicle));
    expect(foundCar(answer.vehicle)).toBe('2019 Toyota Corolla Ascent Sport');
    expect(foundCar(answer.vehicle)).toBe(foundText(answer.vehicle));
    expect(tradePrefill({ make: 'Kia', model: 'Rio' })).toEqual(prefillOf({ make: 'Kia', model: 'Rio' }));
  });

  it('says a plate is not found, or badly written, in the lookup’s words', async () => {
    expect(await findCar({ rego: 'ABC123', state: 'VIC' }, { fetch: fetchApi })).toEqual({
      status: 'not_found',
      message: NOT_FOUND_MESSAGE,
    });
    const bad = await findCar({ rego: 'TOO-LONG-PLATE', state: 'NSW' }, { fetch: fetchApi });
    expect(bad).toEqual({
      status: 'not_found',
      message: 'Enter the rego as it is on the plate: up to 9 letters and digits.',
    });
  });

  it('is unavailable, in the lookup’s words, when the API cannot be reached', async () => {
    expect(CAR_NOT_FOUND_BY_REGO).toBe(UNAVAILABLE_MESSAGE);
    const down: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    expect(await findCar({ rego: 'ABC123', state: 'NSW' }, { fetch: down })).toEqual({
      status: 'unavailable',
      message: UNAVAILABLE_MESSAGE,
    });
  });
});
