/**
 * Large stock imports (src/features/stock/server/import.ts): a change of more than STEP cars is written in
 * steps, other dealers' requests are answered between them, two imports of one dealer take turns
 * (the import lease) and a lease left by a crashed import runs out; 50,000 cars import and search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { indexDealer } from '../../search/server/index-content.ts';
import { applyStockFeed, STEP, type StockFeed } from '../server/import.ts';
import { takeLease } from '../server/lease.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const MAKES = ['Toyota', 'Mazda', 'Kia', 'Ford', 'Hyundai', 'Subaru', 'Audi', 'Volvo'];

function car(n: number, tag = ''): Car {
  const make = MAKES[n % MAKES.length]!;
  const c: Partial<Car> = {
    id: `${tag}x${n}`,
    name: `2020 ${make} Model ${n % 13}`,
    slug: `${tag}car-${n}`,
    make,
    model: `Model ${n % 13}`,
    year: 2010 + (n % 15),
    km: (n * 7919) % 200_000,
    price: 10_000 + ((n * 104_729) % 60_000),
    photos: [],
    photos_count: 0,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + n,
    features: [],
    stock_number: `${tag}S${n}`,
  };
  return c as Car;
}

const yard = (count: number, tag = '') => Array.from({ length: count }, (_, n) => car(n, tag));
const full = (cars: Car[]): StockFeed => ({ mode: 'full', cars, skipped: 0 });

function dealer(id: number, slug: string): DealerContent {
  return dealerOf({ id, slug, name: slug, url: `https://www.${slug}.example`, country: 'AU' });
}

async function search(t: TestDb, d: DealerContent, params: string) {
  const app = createApp(await testDeps(t.db, { dealers: [d] }));
  const res = await app.fetch(
    new Request(`http://${d.slug}.localhost/api/search/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: 'cars_price_asc', params }] }),
    }),
  );
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      results: { nbHits: number; hits: (Car & { objectID: string })[]; facets: Record<string, unknown> }[];
    }
  ).results[0]!;
}

describe.each(testDatabases)('large stock imports on $label', (database) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());

  it("answers another dealer's searches between the steps of a large import", async () => {
    const other = dealerOf(
      { id: 61, slug: 'other-motors', name: 'Other Motors', url: 'https://www.other-motors.example', country: 'AU' },
      { cars: yard(20, 'o') },
    );
    await indexDealer(t.db, other);
    const big = dealer(62, 'big-motors');
    await indexDealer(t.db, big);
    let importing = true;
    const imported = applyStockFeed(t.db, big, full(yard(6 * STEP)), { source: 'cli' }).finally(() => {
      importing = false;
    });
    let answered = 0;
    while (importing) {
      // A request comes in through the event loop, as a visitor's would over the network.
      await new Promise((resolve) => setImmediate(resolve));
      expect((await search(t, other, 'hitsPerPage=5')).nbHits).toBe(20);
      if (importing) answered++;
    }
    expect(await imported).toMatchObject({ added: 6 * STEP, listed: 6 * STEP });
    // One transaction would answer none until it committed: steps let several through.
    expect(answered).toBeGreaterThanOrEqual(3);
    expect((await search(t, big, 'hitsPerPage=1')).nbHits).toBe(6 * STEP);
  });

  it('lets two large imports of one dealer take turns, each planned on the stock the other left', async () => {
    const d = dealer(63, 'turns-motors');
    await indexDealer(t.db, d);
    const [a, b] = await Promise.all([
      applyStockFeed(t.db, d, full(yard(2 * STEP, 'a')), { source: 'cli', force: true }),
      applyStockFeed(t.db, d, full(yard(2 * STEP, 'b')), { source: 'cli', force: true }),
    ]);
    // Whichever went first withdrew nothing; the second withdrew all the first had added.
    expect([a.withdrawn, b.withdrawn].sort()).toEqual([0, 2 * STEP]);
    const last = a.withdrawn ? 'a' : 'b';
    const found = await search(t, d, 'hitsPerPage=1000');
    expect(found.nbHits).toBe(2 * STEP);
    expect(found.hits.every((h) => String(h.objectID).startsWith(`${last}x`))).toBe(true);
  });

  it("waits for another import's lease, and takes one a crashed import left once it has run out", async () => {
    const d = dealer(64, 'lease-motors');
    await indexDealer(t.db, d);
    await t.db.query(
      `INSERT INTO stock_import_leases (site_slug, holder, expires_at) VALUES ($1, 'crashed', now() + interval '1 hour')`,
      [d.slug],
    );
    await expect(takeLease(t.db, d.slug, 50)).rejects.toThrow(/Another stock import of lease-motors/);
    await t.db.query(`UPDATE stock_import_leases SET expires_at = now() - interval '1 second' WHERE site_slug = $1`, [
      d.slug,
    ]);
    expect(await applyStockFeed(t.db, d, full(yard(3)), { source: 'cli' })).toMatchObject({ added: 3 });
    expect((await t.db.query('SELECT * FROM stock_import_leases WHERE site_slug = $1', [d.slug])).rows).toEqual([]);
  });

  it(
    'imports 50,000 cars into one yard, then a second feed changing 5,000 of them, and searches them',
    { timeout: 240_000 },
    async () => {
      const d = dealer(65, 'fifty-motors');
      await indexDealer(t.db, d);
      const cars = yard(50_000);
      expect(await applyStockFeed(t.db, d, full(cars), { source: 'cli' })).toMatchObject({
        added: 50_000,
        listed: 50_000,
      });
      const changed = cars.map((c, n) => (n % 10 ? c : { ...c, price: 5_000 + n / 10 }));
      expect(await applyStockFeed(t.db, d, full(changed), { source: 'cli' })).toMatchObject({
        updated: 5_000,
        unchanged: 45_000,
        listed: 50_000,
      });
      const found = await search(t, d, 'hitsPerPage=3&facets=["make"]&filters=make:Kia');
      expect(found.nbHits).toBe(50_000 / MAKES.length);
      expect(found.hits.map((h) => h.price)).toEqual([5_001, 5_005, 5_009]);
    },
  );
});
