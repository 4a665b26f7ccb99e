/**
 * A price on application car in search (content format 1.3): listed and found like any car, after
 * every priced car in both price sorts, and in no price range or price statistics; the API's index
 * and the build's first page (src/features/search/ui/cars-static-search.ts) agree. Its hit carries what the
 * card needs to say "Price on application", and a priced car's hit its drive-away price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { indexContent } from '../server/index-content.ts';
import type { Car } from '../../../content/entities.ts';
import { carCard, type CarHit } from '../rules/cars-search.ts';
import { parseSearchRequest } from '../contract/search-params.ts';
import { answerCarsRequest } from '../ui/cars-static-search.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const ORIGIN = 'http://mini-motors.localhost:4321';
const PATH = '/api/search/1/indexes/*/queries';

function car(id: number, over: Partial<Car>): Car {
  return {
    id,
    name: `2021 Toyota Corolla ${id}`,
    slug: `corolla-${id}`,
    make: 'Toyota',
    model: 'Corolla',
    year: 2021,
    km: 20_000,
    price: 20_000,
    photos: [],
    photos_count: 0,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + id,
    features: [],
    ...over,
  } as Car;
}

// The POA car is the newest, so it leads the default order and only a price sort moves it.
const CARS = [
  car(1, { price: 15_000 }),
  car(2, { price: 30_990, price_drive_away: 33_990 }),
  car(3, { price: 0, price_on_application: true }),
];

type Answer = { hits: CarHit[]; nbHits: number; facets_stats?: Record<string, { min: number; max: number }> };
const ids = (a: Answer) => a.hits.map((h) => h.objectID);

function checks(search: (indexName: string, params: Record<string, unknown>) => Promise<Answer>) {
  it('lists the POA car, after the priced cars in both price sorts', async () => {
    expect(ids(await search('cars', {}))).toEqual(['3', '2', '1']);
    expect(ids(await search('cars_price_asc', {}))).toEqual(['1', '2', '3']);
    expect(ids(await search('cars_price_desc', {}))).toEqual(['2', '1', '3']);
    expect(ids(await search('cars', { query: 'corolla 3' }))).toEqual(['3']);
  });

  it('counts the POA car in no price range and no price statistics', async () => {
    const all = await search('cars', { facets: ['price'] });
    expect(all.nbHits).toBe(3);
    // Prices as the cards show them: the drive-away $33,990 of the car whose `price` is $30,990.
    expect(all.facets_stats?.price).toMatchObject({ min: 15_000, max: 33_990 });
    const cheap = await search('cars', { numericFilters: ['price>=0', 'price<=20000'] });
    expect(ids(cheap)).toEqual(['1']);
  });

  it("gives the cards their page's headline price, or Price on application", async () => {
    const cards = (await search('cars', {})).hits.map((h) => carCard(h).price);
    expect(cards).toEqual(['Price on application', '$33,990', '$15,000']);
  });
}

describe('the build-time first page', () => {
  checks(
    async (indexName, params) =>
      answerCarsRequest(
        CARS,
        parseSearchRequest({ indexName, params: { hitsPerPage: 10, ...params } }),
      ) as unknown as Answer,
  );
});

describe.each(testDatabases)('the search API on $label', (database) => {
  let t: TestDb;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await database.open();
    const dealers = (await fixtureDealers()).map((d) => ({ ...d, cars: d.slug === 'mini-motors' ? CARS : [] }));
    await indexContent(t.db, dealers);
    app = createApp(await testDeps(t.db, { dealers }));
  });
  afterAll(() => t.cleanup());

  checks(async (indexName, params) => {
    const res = await app.fetch(
      new Request(ORIGIN + PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ indexName, params: { hitsPerPage: 10, ...params } }] }),
      }),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Answer[] }).results[0]!;
  });
});
