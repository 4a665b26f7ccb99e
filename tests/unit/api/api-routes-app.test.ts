import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/api/app.ts';
import { httpFinanceProvider } from '../../../src/features/finance/server/finance-provider.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../scripts/standins/finance-standin.ts';
import { groupDealers, unreachableProvider } from './api-routes-harness.ts';
import type { Db } from '../../../src/api/core/deps.ts';

let standIn: FinanceStandIn;
beforeAll(async () => {
  standIn = await startFinanceStandIn({ port: 0 });
});
afterAll(() => standIn.close());

const db = {} as Db;

function app(financeProvider = unreachableProvider) {
  const api = createApp({ db, dealers: groupDealers(), now: () => new Date('2025-06-15T00:00:00Z'), financeProvider });
  return (method: string, path: string, body?: unknown) =>
    api.fetch(
      new Request(`http://harbour-toyota.localhost${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      }),
    );
}

describe('the catalogue routes inside the API app', () => {
  it('answer under /api on the app every entry point serves', async () => {
    const call = app(httpFinanceProvider({ baseUrl: standIn.url, apiKey: 'k' }));
    expect((await call('GET', '/api/models/corolla')).status).toBe(200);
    expect((await (await call('GET', '/api/manufacturer-locations')).json()).ok).toBe(true);
    expect((await call('GET', '/api/reviews?websiteId=101&gmbId=Harbour%20Toyota%20Sydney')).status).toBe(200);
    const finance = await call('POST', '/api/send-to-taurus', {
      first_name: 'Al',
      email: 'al@example.com',
      phone: '0412345678',
    });
    expect((await finance.json()).customerKey).toMatch(/^ck_/);
    expect((await call('POST', '/api/finance-locations', { carId: 2 })).status).toBe(200);
  });

  it('a GET on the finance routes is 405 and says POST is allowed', async () => {
    const call = app();
    for (const path of ['/api/send-to-taurus', '/api/finance-locations']) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow'), path).toBe('POST');
    }
  });

  it('an unknown endpoint is 404, not taken for a finance provider', async () => {
    const call = app();
    const res = await call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    const reviews = await call('POST', '/api/reviews');
    expect(reviews.status).toBe(405);
    expect(reviews.headers.get('allow')).toBe('GET, HEAD');
  });
});
