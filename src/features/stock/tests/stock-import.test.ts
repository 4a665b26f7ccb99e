/**
 * Applying stock feeds to a dealer's stock (src/features/stock/server/import.ts) on both databases: the first
 * feed starts from the snapshot's cars, full feeds withdraw (never delete), a cut-off full feed is
 * refused and changes nothing, a delta changes only what it lists, a feed_id is applied once, and
 * the search route answers the new stock as soon as the import returns, never half of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { indexDealer } from '../../search/server/index-content.ts';
import { applyStockFeed, type StockFeed } from '../server/import.ts';
import { carsOf, stockRows, withImportedStock } from '../server/store.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const SLUG = 'yard-motors';

function car(n: number, extra: Partial<Car> = {}): Car {
  return {
    id: `c${n}`,
    name: `2020 Toyota Corolla ${n}`,
    slug: `2020-toyota-corolla-s${n}`,
    make: 'Toyota',
    model: 'Corolla',
    year: 2020,
    km: 10_000 + n,
    price: 20_000 + n,
    photos: [],
    photos_count: 0,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + n,
    features: [],
    stock_number: `S${n}`,
    ...extra,
  } as Car;
}

/** A car as a feed brings it: new id and slug (the import keeps the known ones). */
const fed = (n: number, extra: Partial<Car> = {}) =>
  car(n, { id: `feed-${n}`, slug: `feed-slug-${n}`, created_at_timestamp: 1_800_000_000, ...extra });

const full = (cars: Car[], feedId?: string): StockFeed => ({
  mode: 'full',
  cars,
  skipped: 0,
  ...(feedId ? { feedId } : {}),
});

function dealer(cars: Car[]): DealerContent {
  return dealerOf(
    { id: 77, slug: SLUG, name: 'Yard Motors', url: 'https://www.yard-motors.example', country: 'AU' },
    { cars },
  );
}

async function searchIds(t: TestDb, d: DealerContent): Promise<string[]> {
  const app = createApp(await testDeps(t.db, { dealers: [d] }));
  const res = await app.fetch(
    new Request(`http://${SLUG}.localhost/api/search/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: 'cars', params: 'hitsPerPage=1000' }] }),
    }),
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { hits: { objectID: string }[] }[] };
  return body.results[0]!.hits.map((h) => h.objectID).sort();
}

describe.each(testDatabases)('stock import on $label', (database) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());

  it('starts from the snapshot, keeps known cars their id and slug, withdraws the rest as sold, and is searchable at once', async () => {
    const snapshot = dealer([car(1), car(2), car(3)]);
    await indexDealer(t.db, snapshot);
    expect(await searchIds(t, snapshot)).toEqual(['c1', 'c2', 'c3']);
    // Before any import the snapshot's cars are the dealer's.
    expect(await carsOf(t.db, snapshot)).toBe(snapshot.cars);

    const summary = await applyStockFeed(t.db, snapshot, full([fed(1), fed(2, { price: 19_990 }), fed(4)]), {
      source: 'cli',
      force: true,
    });
    expect(summary).toMatchObject({ added: 1, updated: 1, unchanged: 1, withdrawn: 1, listed: 3 });
    const rows = await stockRows(t.db, SLUG);
    const byStock = Object.fromEntries(rows.map((r) => [r.stock_number, r]));
    expect(byStock.S1!.car.id).toBe('c1');
    expect(byStock.S1!.car.slug).toBe('2020-toyota-corolla-s1');
    expect(byStock.S2!.car).toMatchObject({ id: 'c2', price: 19_990, created_at_timestamp: 1_700_000_002 });
    expect(byStock.S4!.car.id).toBe('feed-4');
    expect(byStock.S3!.car.status).toBe('sold');
    expect(byStock.S3!.withdrawn_at).not.toBeNull();
    expect(await searchIds(t, snapshot)).toEqual(['c1', 'c2', 'feed-4']);
    const [live] = await withImportedStock(t.db, [snapshot]);
    expect(live!.cars.map((c) => c.stock_number)).toEqual(['S1', 'S2', 'S4', 'S3']);
  });

  it("keeps a known car's account and tag, and gives a new car its yard's account", async () => {
    const slug = 'yard-accounts';
    const yard = { account: 'yard-pre-owned', location_name: 'Yard Pre-Owned' };
    const snapshot = dealerOf(
      { id: 78, slug, name: 'Yard Accounts', url: 'https://www.yard-accounts.example', country: 'AU' },
      { cars: [car(1, { ...yard, tag: 'special' }), car(2, yard)] },
    );
    await applyStockFeed(
      t.db,
      snapshot,
      full([fed(1, { location_name: 'Yard Pre-Owned' }), fed(2), fed(5, { location_name: 'Yard Pre-Owned' })]),
      { source: 'cli', force: true },
    );
    const byStock = Object.fromEntries((await stockRows(t.db, slug)).map((r) => [r.stock_number, r.car]));
    expect(byStock.S1).toMatchObject({ account: 'yard-pre-owned', tag: 'special' });
    expect(byStock.S2!.account).toBe('yard-pre-owned');
    expect(byStock.S5!.account).toBe('yard-pre-owned');
  });

  it('refuses a full feed that would withdraw most of the stock, changing nothing, unless forced', async () => {
    const d = dealer([]);
    const before = await stockRows(t.db, SLUG);
    const refused = await applyStockFeed(t.db, d, full([fed(1)]), { source: 'cli' });
    expect(refused.refused).toMatch(/take 2 of the 3 cars/);
    expect(await stockRows(t.db, SLUG)).toEqual(before);
    expect(await searchIds(t, d)).toEqual(['c1', 'c2', 'feed-4']);
    const empty = await applyStockFeed(t.db, d, full([]), { source: 'cli' });
    expect(empty.refused).toMatch(/take 3 of the 3 cars/);
    expect(await stockRows(t.db, SLUG)).toEqual(before);

    const forced = await applyStockFeed(t.db, d, full([fed(1)]), { source: 'cli', force: true });
    expect(forced).toMatchObject({ withdrawn: 2, listed: 1 });
    expect(await searchIds(t, d)).toEqual(['c1']);
    // Withdrawn, never deleted: every car ever listed keeps its row.
    expect((await stockRows(t.db, SLUG)).map((r) => r.stock_number).sort()).toEqual(['S1', 'S2', 'S3', 'S4']);
  });

  it('applies a delta to the cars it lists only, and brings a withdrawn car back', async () => {
    const d = dealer([]);
    const summary = await applyStockFeed(
      t.db,
      d,
      { mode: 'delta', cars: [fed(2, { price: 18_000 }), fed(5)], skipped: 2 },
      { source: 'cli' },
    );
    expect(summary).toMatchObject({ added: 1, updated: 1, withdrawn: 0, skipped: 2, listed: 3 });
    const rows = Object.fromEntries((await stockRows(t.db, SLUG)).map((r) => [r.stock_number, r]));
    expect(rows.S2!.withdrawn_at).toBeNull();
    expect(rows.S2!.car).toMatchObject({ id: 'c2', status: 'available', price: 18_000 });
    expect(await searchIds(t, d)).toEqual(['c1', 'c2', 'feed-5']);
  });

  it('keeps the first of a stock number repeated in one feed', async () => {
    const d = dealer([]);
    const summary = await applyStockFeed(
      t.db,
      d,
      { mode: 'delta', cars: [fed(8, { price: 1 }), fed(8, { price: 2 })], skipped: 0 },
      { source: 'cli' },
    );
    expect(summary).toMatchObject({ added: 1 });
    const rows = await stockRows(t.db, SLUG);
    expect(rows.find((r) => r.stock_number === 'S8')!.car.price).toBe(1);
    // Withdrawn again so the next tests see the stock they expect.
    await applyStockFeed(t.db, d, { mode: 'delta', cars: [fed(8, { status: 'sold' })], skipped: 0 }, { source: 'cli' });
  });

  it('applies a feed_id once', async () => {
    const d = dealer([]);
    const feed = { ...full([fed(1), fed(2), fed(5), fed(6)], 'dms-2026-11-27-0900') };
    const first = await applyStockFeed(t.db, d, feed, { source: 'push' });
    expect(first).toMatchObject({ added: 1 });
    expect(first.duplicate).toBeUndefined();
    const again = await applyStockFeed(t.db, d, { ...feed, cars: [fed(7)] }, { source: 'push' });
    expect(again).toMatchObject({ duplicate: true, added: 1, listed: 4 });
    expect(await searchIds(t, d)).toEqual(['c1', 'c2', 'feed-5', 'feed-6']);
  });

  it('lets a search see the stock before an import or after it, never half', async () => {
    const d = dealer([]);
    const a = [1, 2, 5, 6].map((n) => fed(n));
    const b = [10, 11, 12, 13].map((n) => fed(n));
    const seen = new Set<string>();
    let importing = true;
    const imports = (async () => {
      for (let i = 0; i < 6; i++) await applyStockFeed(t.db, d, full(i % 2 ? a : b), { source: 'cli', force: true });
      importing = false;
    })();
    const searches = (async () => {
      while (importing) seen.add((await searchIds(t, d)).join(','));
    })();
    await Promise.all([imports, searches]);
    const ids = (cars: Car[]) =>
      cars
        .map((c) => (c.stock_number && ['S1', 'S2'].includes(c.stock_number) ? `c${c.stock_number.slice(1)}` : c.id))
        .sort()
        .join(',');
    for (const result of seen) expect([ids(a), ids(b)]).toContain(result);
    expect(await searchIds(t, d)).toEqual(ids(a).split(','));
  });
});
