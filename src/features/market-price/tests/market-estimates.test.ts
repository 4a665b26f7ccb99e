/**
 * Fed stock's market prices on PGlite (and PostgreSQL with TEST_DATABASE_URL): an import's cars
 * are asked about through the real HTTP client against the stand-in, kept in market_prices, and
 * reach the dealer's stock (what the build and the API read) and its search hits; the schedule
 * asks again only what is older than the refresh age; a dealer that turns it off is forgotten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { indexDealer } from '../../search/server/index-content.ts';
import { applyStockFeed } from '../../stock/server/import.ts';
import { stockRows } from '../../stock/server/store.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { startMarketPriceStandIn, type MarketPriceStandIn } from '../../../../scripts/standins/market-price-standin.ts';
import { afterStockImport, refreshMarketPrices } from '../server/market-estimates.ts';
import { httpMarketProvider, type MarketProvider } from '../server/market-provider.ts';
import type { WithMarketEstimate } from '../contract/market-price.ts';
import { carCard, type CarHit } from '../../search/rules/cars-search.ts';

const SLUG = 'price-motors';
const DAY = 86_400_000;

const car = (n: number, extra: Partial<Car> = {}): Car =>
  ({
    id: `p${n}`,
    name: `2019 Toyota RAV4 ${n}`,
    slug: `2019-toyota-rav4-p${n}`,
    make: 'Toyota',
    model: 'RAV4',
    year: 2019,
    km: 85_300,
    price: 27_990,
    price_qualifier: 'drive_away',
    photos: [],
    photos_count: 0,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + n,
    stock_number: `P${n}`,
    vin: n === 1 ? 'JTMRBREV10D123456' : undefined,
    ...extra,
  }) as Car;

const dealer = (enabled: boolean, cars: Car[] = []): DealerContent =>
  dealerOf(
    {
      id: 91,
      slug: SLUG,
      name: 'Price Motors',
      url: 'https://www.price-motors.example',
      country: 'AU',
      market_price: { enabled },
    },
    { cars },
  );

async function hits(t: TestDb, d: DealerContent): Promise<(CarHit & Record<string, unknown>)[]> {
  const app = createApp(await testDeps(t.db, { dealers: [d] }));
  const res = await app.fetch(
    new Request(`http://${SLUG}.localhost/api/search/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: 'cars', params: 'hitsPerPage=100' }] }),
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { hits: (CarHit & Record<string, unknown>)[] }[] }).results[0]!.hits;
}

let standIn: MarketPriceStandIn;
let provider: MarketProvider;
beforeAll(async () => {
  standIn = await startMarketPriceStandIn({ apiKey: 'k' });
  provider = httpMarketProvider({ baseUrl: standIn.url, apiKey: 'k', timeoutMs: 2_000 });
});
afterAll(() => standIn.close());

describe.each(testDatabases)('market prices of fed stock on $label', (database) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());
  const log: string[] = [];
  const now = new Date('2026-12-03T01:00:00Z');

  it('asks about the used cars an import brings, and their estimates reach the stock and the search hits', async () => {
    const d = dealer(true, [car(1)]);
    await indexDealer(t.db, d);
    const cars = [
      car(1),
      car(2, { make: 'Mazda', model: 'CX-5', year: 2020, km: 40_000 }),
      car(3, { car_type: 'new' }),
    ];
    await applyStockFeed(t.db, d, { mode: 'full', cars, skipped: 0 }, { source: 'push', force: true, now });
    const before = standIn.requests.length;
    const run = await afterStockImport(t.db, d, provider, { now, maxAgeDays: 7, log: (l) => log.push(l) });
    expect(run).toMatchObject({ asked: 2, valued: 2, failed: 0 });
    expect(standIn.requests.length - before).toBe(2);
    expect(log.at(-1)).toBe(`Market prices of ${SLUG}: 2 asked, 2 valued, 2 changed`);

    const rows = await stockRows(t.db, SLUG);
    const byId = Object.fromEntries(rows.map((r) => [r.car.id, r.car as Car & WithMarketEstimate]));
    expect(byId.p1!.market_estimate).toMatchObject({ low: 28_400, high: 32_100, confidence: 'high' });
    expect(byId.p2!.market_estimate?.source).toBe('Stand-in market-price service');
    expect(byId.p3!.market_estimate).toBeUndefined();
    // The API's dealer was given the stock in place, and its search hit carries the estimate.
    const hit = (await hits(t, d)).find((h) => h.objectID === 'p1')!;
    expect(hit.market_estimate).toMatchObject({ low: 28_400, high: 32_100 });
    expect(carCard(hit).market?.label).toBe('Below market');
  });

  it('asks nothing again while the estimates are fresh, and again once older than the refresh age', async () => {
    const d = dealer(true);
    const before = standIn.requests.length;
    const fresh = await refreshMarketPrices(t.db, [d], provider, {
      now: new Date(now.getTime() + 6 * DAY),
      maxAgeDays: 7,
      log: () => {},
    });
    expect(fresh.map((r) => r.asked)).toEqual([0]);
    expect(standIn.requests.length).toBe(before);
    const due = await refreshMarketPrices(t.db, [d], provider, {
      now: new Date(now.getTime() + 8 * DAY),
      maxAgeDays: 7,
      log: () => {},
    });
    expect(due.map((r) => r.asked)).toEqual([2]);
    expect(standIn.requests.length - before).toBe(2);
    expect((standIn.requests.at(-1) as { asAt: string }).asAt).toBe('2026-12-11');
  });

  it('asks again about a car whose facts change, and keeps going when the provider fails', async () => {
    const d = dealer(true);
    await applyStockFeed(
      t.db,
      d,
      { mode: 'delta', cars: [{ ...car(2, { make: 'Mazda', model: 'CX-5', year: 2020 }), km: 52_000 }], skipped: 0 },
      { source: 'push', now },
    );
    const down = httpMarketProvider({ baseUrl: `${standIn.url}/broken`, apiKey: 'k' });
    const lines: string[] = [];
    const failed = await afterStockImport(t.db, d, down, {
      now: new Date(now.getTime() + 8 * DAY),
      maxAgeDays: 7,
      log: (l) => lines.push(l),
    });
    expect(failed).toMatchObject({ asked: 1, failed: 1 });
    expect(lines[0]).toMatch(/1 failed \(.*HTTP 500.*\); tried again on the next run/);
    const again = await afterStockImport(t.db, d, provider, {
      now: new Date(now.getTime() + 8 * DAY),
      maxAgeDays: 7,
      log: () => {},
    });
    expect(again).toMatchObject({ asked: 1, valued: 1 });
    const p2 = (await stockRows(t.db, SLUG)).find((r) => r.car.id === 'p2')!.car as Car & WithMarketEstimate;
    expect(p2.market_estimate?.basis?.km).toBe(52_000);
  });

  it('forgets the estimates of a dealer that turned it off, and asks nothing about its cars', async () => {
    const off = dealer(false);
    const before = standIn.requests.length;
    const runs = await refreshMarketPrices(t.db, [off], provider, {
      now: new Date(now.getTime() + 30 * DAY),
      maxAgeDays: 7,
      log: () => {},
    });
    expect(runs).toEqual([]);
    expect(standIn.requests.length).toBe(before);
    const rows = await stockRows(t.db, SLUG);
    expect(rows.some((r) => (r.car as WithMarketEstimate).market_estimate)).toBe(false);
    expect((await hits(t, off)).some((h) => h.market_estimate)).toBe(false);
  });
});
