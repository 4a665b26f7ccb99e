/**
 * The search index kept by stock imports (src/features/search/server/index-update.ts) on both databases: after
 * a run of feeds (cars added, prices changed, sold, withdrawn and back, new makes, POA) every
 * index, facet, filter, query and typo answers exactly what a whole re-index of the same stock
 * answers; and the sort keys order cars as the indexes promise, NULLs last, ties by listing order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { indexDealer } from '../server/index-content.ts';
import { applyStockFeed, type StockFeed } from '../../stock/server/import.ts';
import { carsOf } from '../../stock/server/store.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const SLUG = 'update-motors';
const MODELS: Record<string, string[]> = { Toyota: ['Corolla', 'RAV4'], Mazda: ['CX-5', '3'], Kia: ['Cerato'] };

function car(n: number, make: string, extra: Partial<Car> = {}): Car {
  const model = MODELS[make]?.[n % (MODELS[make]?.length ?? 1)] ?? 'Sedan';
  return {
    id: `u${n}`,
    name: `2019 ${make} ${model} ${n}`,
    slug: `${make.toLowerCase()}-${n}`,
    make,
    model,
    year: 2015 + (n % 6),
    km: 5_000 * (n % 7),
    // Few distinct prices: many ties, decided by the listing order.
    price: 15_000 + 1_000 * (n % 4),
    photos: [],
    photos_count: 0,
    car_type: n % 3 ? 'used' : 'demo',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + (n % 5),
    features: [],
    stock_number: `U${n}`,
    ...extra,
  } as Car;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const full = (cars: Car[]): StockFeed => ({ mode: 'full', cars, skipped: 0 });
const delta = (cars: Car[]): StockFeed => ({ mode: 'delta', cars, skipped: 0 });

const INDEXES = ['cars', 'cars_newest', 'cars_price_asc', 'cars_price_desc', 'cars_year_desc', 'cars_km_asc'];
const REQUESTS: { indexName: string; params: string; type?: 'facet'; facet?: string }[] = [
  ...INDEXES.map((indexName) => ({ indexName, params: 'hitsPerPage=250&facets=["make","model","car_type","price"]' })),
  { indexName: 'cars_price_asc', params: 'hitsPerPage=250&filters=make:Audi OR make:Kia&facets=["make"]' },
  { indexName: 'cars', params: 'query=corolla&hitsPerPage=250&facets=["model"]' },
  { indexName: 'cars', params: 'query=mazdda&hitsPerPage=250' },
  { indexName: 'cars_year_desc', params: 'hitsPerPage=7&page=3&facetFilters=[["car_type:demo"]]&facets=["make"]' },
  { indexName: 'cars', params: '', type: 'facet', facet: 'make' },
];

/** Every request's answer, without what differs between two runs (timing, query ids). */
async function answers(t: TestDb, d: DealerContent): Promise<unknown[]> {
  const app = createApp(await testDeps(t.db, { dealers: [d] }));
  const out: unknown[] = [];
  for (const r of REQUESTS) {
    const facet = r.type === 'facet';
    const res = await app.fetch(
      new Request(
        `http://${SLUG}.localhost/api/search/1/indexes/${facet ? `${r.indexName}/facets/${r.facet}/query` : '*/queries'}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(facet ? { params: 'facetQuery=a' } : { requests: [r] }),
        },
      ),
    );
    expect(res.status).toBe(200);
    const body = JSON.parse((await res.text()).replace(/"processingTimeMS":\d+/g, '"processingTimeMS":0')) as {
      results?: unknown[];
    };
    out.push(body.results?.[0] ?? body);
  }
  return out;
}

describe.each(testDatabases)('search index kept by imports on $label', (database) => {
  let t: TestDb;
  let d: DealerContent;
  beforeAll(async () => {
    t = await database.open();
    d = dealerOf(
      { id: 91, slug: SLUG, name: 'Update Motors', url: 'https://www.update-motors.example', country: 'AU' },
      { cars: range(0, 30).map((n) => car(n, n % 2 ? 'Toyota' : 'Mazda')) },
    );
    await indexDealer(t.db, d);
  });
  afterAll(() => t.cleanup());

  it('answers after a run of feeds exactly as a whole re-index of the same stock answers', async () => {
    const snapshot = d.cars;
    const apply = (feed: StockFeed) => applyStockFeed(t.db, d, feed, { source: 'cli', force: true });
    // The first feed: every snapshot car but five, and new cars of a make sorted before the others.
    await apply(full([...snapshot.slice(5), ...range(30, 45).map((n) => car(n, 'Audi'))]));
    // Prices changed, a car sold, one price on application, a new make.
    await apply(
      delta([
        car(6, 'Mazda', { price: 9_999 }),
        car(7, 'Toyota', { status: 'sold' }),
        car(8, 'Mazda', { price_on_application: true }),
        car(50, 'Kia'),
        car(51, 'Kia', { price: 15_000 }),
      ]),
    );
    // A withdrawn car back through a delta: it keeps its old position, which a listed car now has.
    await apply(delta([car(2, 'Mazda', { status: 'available' })]));
    const versions = async () =>
      new Map(
        (
          await t.db.query<{ object_id: string; v: string }>(
            `SELECT object_id, xmin::text AS v FROM search_records WHERE site_slug = $1`,
            [SLUG],
          )
        ).rows.map((r) => [r.object_id, r.v]),
      );
    const was = await versions();
    await apply(delta([car(31, 'Audi', { status: 'hidden' }), car(52, 'Kia', { year: 2024, km: 0 })]));
    // Only the two cars of that feed changed records: every other record is the one written before.
    const now = await versions();
    expect([...was.keys()].filter((id) => now.get(id) !== was.get(id))).toEqual(['u31']);
    expect([...now.keys()].filter((id) => now.get(id) !== was.get(id))).toEqual(['u52']);

    const live = { ...d, cars: await carsOf(t.db, d) };
    const kept = await answers(t, live);
    const { rows: before } = await t.db.query<{ content_hash: string }>(
      'SELECT content_hash FROM search_sources WHERE site_slug = $1',
      [SLUG],
    );
    expect((await indexDealer(t.db, live)).changed).toBe(true);
    expect(before[0]!.content_hash).not.toBe(
      (
        await t.db.query<{ content_hash: string }>('SELECT content_hash FROM search_sources WHERE site_slug = $1', [
          SLUG,
        ])
      ).rows[0]!.content_hash,
    );
    const whole = await answers(t, live);
    expect(kept).toEqual(whole);
    // The answers are those of the stock: the sold and hidden cars are gone, the new makes counted.
    const all = kept[0] as { nbHits: number; facets: { make: Record<string, number> } };
    // 25 snapshot cars and 15 Audis; one sold, two Kias, one back; one hidden, a third Kia.
    expect(all.nbHits).toBe(25 + 15 - 1 + 2 + 1 - 1 + 1);
    expect(all.facets.make).toMatchObject({ Audi: 14, Kia: 3 });
    const cheapest = kept[2] as { hits: { objectID: string; price: number }[] };
    expect(cheapest.hits[0]).toMatchObject({ objectID: 'u6', price: 9_999 });
    // Price on application: after every priced car.
    expect(cheapest.hits.at(-1)!.objectID).toBe('u8');
  });

  it('orders by each sort key with NULLs last and ties in listing order', async () => {
    const slug = 'keys-motors';
    const keyed = (id: string, price: number | null, year: number | null, km: number | null, at: number | null) =>
      ({
        id,
        slug: id,
        price,
        year,
        km,
        created_at_timestamp: at,
        make: 'Kia',
        model: 'Rio',
        status: 'available',
      }) as Car;
    const k = dealerOf(
      { id: 92, slug, name: 'Keys Motors', url: 'https://www.keys-motors.example', country: 'AU' },
      {
        cars: [
          keyed('a', 30_000, 2020, 50_000, 3),
          keyed('b', null, 2022, null, 1),
          keyed('c', 20_000, 2020, 10_000, null),
          keyed('d', 20_000, null, 10_000, 2),
        ],
      },
    );
    await indexDealer(t.db, k);
    const order = async (column: string) =>
      (
        await t.db.query<{ object_id: string }>(
          `SELECT object_id FROM search_records WHERE site_slug = $1 ORDER BY ${column}, position, object_id`,
          [slug],
        )
      ).rows.map((r) => r.object_id);
    expect(await order('o_price_asc')).toEqual(['c', 'd', 'a', 'b']);
    expect(await order('o_price_desc')).toEqual(['a', 'c', 'd', 'b']);
    expect(await order('o_newest')).toEqual(['a', 'd', 'b', 'c']);
    // Year descending, then newest first among the 2020 cars (c has no date: last of them).
    expect(await order('o_year_desc')).toEqual(['b', 'a', 'c', 'd']);
    expect(await order('o_km_asc')).toEqual(['c', 'd', 'a', 'b']);
  });
});
