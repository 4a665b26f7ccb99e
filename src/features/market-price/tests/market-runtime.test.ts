/**
 * The runtime's part, with the provider chosen by MARKET_PRICE_PROVIDER_URL (the stand-in, over
 * HTTP): at start the snapshot cars of a dealer that shows market prices get their estimates (in
 * the API's content and its search hits); a stock push has its new car asked about, and the API's
 * dealer and search hit carry the answer without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../../api/runtime.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../../stock/server/signature.ts';
import { fixtureDealers, testDatabases, unusedFinanceProvider, type TestDb } from '../../../../tests/helpers/db.ts';
import { startMarketPriceStandIn, type MarketPriceStandIn } from '../../../../scripts/standins/market-price-standin.ts';
import type { WithMarketEstimate } from '../contract/market-price.ts';

const SITE = 'mini-motors';
const KEY = 'runtime-key';

let standIn: MarketPriceStandIn;
beforeAll(async () => {
  standIn = await startMarketPriceStandIn({ apiKey: 'mp-key' });
});
afterAll(() => standIn.close());

describe.each(testDatabases)('market prices in the runtime on $label', (database) => {
  let t: TestDb;
  let rt: Runtime;
  beforeAll(async () => {
    t = await database.open();
    const dealers = structuredClone(await fixtureDealers());
    for (const d of dealers) if (d.slug === SITE) d.site.market_price = { enabled: true };
    rt = await startRuntime({
      dealers,
      dataDir: '/nonexistent',
      financeProvider: unusedFinanceProvider,
      env: {
        STOCK_FEED_SECRET_MINI_MOTORS: KEY,
        MARKET_PRICE_PROVIDER_URL: standIn.url,
        MARKET_PRICE_API_KEY: 'mp-key',
      },
      workerIntervalMs: false,
      db: t.db,
    });
  });
  afterAll(async () => {
    await rt.close().catch(() => {});
    await t.cleanup();
  });

  const dealer = () => rt.deps.dealers.find((d) => d.slug === SITE)!;
  async function hit(id: string): Promise<Record<string, unknown> | undefined> {
    const res = await rt.app.fetch(
      new Request(`http://${SITE}.localhost/api/search/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ indexName: 'cars', params: 'hitsPerPage=500' }] }),
      }),
    );
    const body = (await res.json()) as { results: { hits: Record<string, unknown>[] }[] };
    return body.results[0]!.hits.find((h) => h.objectID === id);
  }

  it('gives the snapshot used cars their estimates at start, through the provider', async () => {
    const used = dealer().cars.filter((c) => c.car_type === 'used' && (c.status ?? 'available') === 'available');
    expect(used.length).toBeGreaterThan(0);
    expect(standIn.requests.length).toBeGreaterThanOrEqual(used.length);
    const withEstimate = used.filter((c) => (c as WithMarketEstimate).market_estimate);
    expect(withEstimate.length).toBeGreaterThan(0);
    const first = withEstimate[0]!;
    expect((await hit(String(first.id)))?.market_estimate).toMatchObject({ source: 'Stand-in market-price service' });
    // Other dealers do not show it: none of their cars was asked about.
    const other = rt.deps.dealers.find((d) => d.slug !== SITE)!;
    expect(other.cars.some((c) => (c as WithMarketEstimate).market_estimate)).toBe(false);
  });

  it('asks about a pushed car and serves its estimate without a restart', async () => {
    const body = JSON.stringify({
      mode: 'delta',
      cars: [
        {
          stock_number: 'MP1',
          vin: 'JTMRBREV10D123456',
          make: 'Toyota',
          model: 'RAV4',
          year: 2019,
          odometer: 85_300,
          price: 27_990,
        },
      ],
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await rt.app.fetch(
      new Request(`http://${SITE}.localhost/api/stock`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: ts,
          [SIGNATURE_HEADER]: stockSignature(ts, '', body, KEY),
        },
        body,
      }),
    );
    expect(res.status).toBe(200);
    await expect
      .poll(() => (dealer().cars.find((c) => c.id === 'MP1') as WithMarketEstimate | undefined)?.market_estimate?.low, {
        timeout: 10_000,
      })
      .toBe(28_400);
    // The search record follows the dealer's content in the same run.
    await expect
      .poll(async () => (await hit('MP1'))?.market_estimate, { timeout: 10_000 })
      .toMatchObject({ low: 28_400, high: 32_100, confidence: 'high' });
  });
});
