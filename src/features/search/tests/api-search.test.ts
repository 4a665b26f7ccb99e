import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { migrate } from '../../../api/db/migrate.ts';
import { loadMigrations } from '../../../api/db/migrations.ts';
import { indexContent, indexDealer } from '../server/index-content.ts';
import type { Car, Offer } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const MINI = 'http://mini-motors.localhost:4321';
const GROUP = 'http://group-motors.localhost:4321';
const PATH = '/api/search/1/indexes/*/queries';

let created = 1_700_000_000;
function car(id: number, make: string, model: string, extra: Partial<Car> = {}): Car {
  return {
    id,
    name: `${extra.year ?? 2020} ${make} ${model}`,
    slug: `car-${id}`,
    make,
    model,
    year: 2020,
    km: 10_000,
    price: 20_000,
    photos: [],
    photos_count: 3,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: created++,
    ...extra,
  } as Car;
}

/** Mini Motors' stock for these tests: 7 listed cars, one sold, one hidden. */
const MINI_CARS: Car[] = [
  car(1, 'Toyota', 'Corolla', {
    year: 2021,
    price: 27_990,
    km: 35_000,
    simple_body: 'Hatch',
    simple_fuel: 'Petrol',
    seats: 5,
    certified: true,
    location_name: 'Parramatta',
  }),
  car(2, 'Toyota', 'Corolla Cross', {
    year: 2022,
    price: 36_990,
    km: 12_000,
    simple_body: 'SUV',
    simple_fuel: 'Hybrid',
    seats: 5,
    certified: false,
    location_name: 'Parramatta',
  }),
  car(3, 'Toyota', 'HiLux', {
    year: 2019,
    price: 45_990,
    km: 80_000,
    simple_body: 'Ute',
    simple_fuel: 'Diesel',
    seats: 5,
    certified: true,
    location_name: 'Penrith',
  }),
  car(4, 'Mazda', 'CX-5', {
    year: 2020,
    price: 31_990,
    km: 40_000,
    simple_body: 'SUV',
    simple_fuel: 'Petrol',
    seats: 5,
    certified: true,
    location_name: 'Penrith',
  }),
  car(5, 'Mazda', '3', {
    year: 2018,
    price: 18_990,
    km: 70_000,
    simple_body: 'Hatch',
    simple_fuel: 'Petrol',
    seats: 5,
    location_name: 'Parramatta',
  }),
  car(6, 'Kia', 'Carnival', {
    year: 2021,
    price: 49_990,
    km: 30_000,
    simple_body: 'People Mover',
    simple_fuel: 'Diesel',
    seats: 8,
    certified: false,
    location_name: 'Penrith',
    dealercomments: 'One owner, full service history.',
  }),
  car(7, 'Ford', 'Ranger', {
    year: 2023,
    price: 59_990,
    km: 5_000,
    simple_body: 'Ute',
    simple_fuel: 'Diesel',
    seats: 5,
    certified: true,
    location_name: 'Parramatta',
  }),
  car(8, 'Toyota', 'Corolla', {
    year: 2017,
    price: 12_990,
    simple_body: 'Hatch',
    status: 'sold',
    location_name: 'Parramatta',
  }),
  car(9, 'Toyota', 'Camry', {
    year: 2020,
    price: 22_990,
    simple_body: 'Sedan',
    status: 'hidden',
    location_name: 'Penrith',
  }),
];
const GROUP_CARS = [car(101, 'Toyota', 'Corolla', { year: 2020, simple_body: 'Hatch', location_name: 'Richmond' })];

/** 205 offers, one of them excluded from Mini Motors (website id 901). */
const MINI_OFFERS: Offer[] = Array.from({ length: 205 }, (_, i) => ({
  id: `o${i}`,
  name: i === 0 ? 'Corolla finance offer' : `Offer ${i}`,
  category: i % 2 ? 'Finance offer' : 'Service offer',
  manufacturer: 'Toyota',
  excluded_website_ids: i === 204 ? [901] : [],
})) as Offer[];

function withStock(
  dealers: DealerContent[],
  cars: Record<string, Car[]>,
  offers: Record<string, Offer[]> = {},
): DealerContent[] {
  return dealers.map((d) => ({ ...d, cars: cars[d.slug] ?? [], offers: offers[d.slug] ?? [] }));
}

describe.each(testDatabases)('search route on $label', (database) => {
  let t: TestDb;
  let deps: ApiDeps;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await database.open();
    const dealers = withStock(
      await fixtureDealers(),
      { 'mini-motors': MINI_CARS, 'group-motors': GROUP_CARS },
      { 'mini-motors': MINI_OFFERS },
    );
    deps = await testDeps(t.db, { dealers });
    await indexContent(t.db, dealers);
    app = createApp(deps);
  });
  afterAll(() => t.cleanup());

  function post(body: unknown, origin = MINI) {
    return app.fetch(
      new Request(origin + PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  }
  async function search(params: Record<string, unknown>, indexName = 'cars', origin = MINI) {
    const res = await post({ requests: [{ indexName, params }] }, origin);
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Record<string, any>[] }).results[0]!;
  }
  const ids = async (params: Record<string, unknown>, indexName = 'cars') =>
    ((await search({ hitsPerPage: 250, ...params }, indexName)).hits as { objectID: string }[]).map((h) => h.objectID);
  const sorted = async (params: Record<string, unknown>) => (await ids(params)).sort((a, b) => Number(a) - Number(b));

  it('finds cars by the start of any word, every word of the query required', async () => {
    expect(await sorted({ query: 'cor' })).toEqual(['1', '2']);
    expect(await sorted({ query: 'Toy COR' })).toEqual(['1', '2']);
    expect(await sorted({ query: 'cross toyota' })).toEqual(['2']);
    expect(await sorted({ query: 'ute' })).toEqual(['3', '7']);
    expect(await sorted({ query: 'cx-5' })).toEqual(['4']);
    expect(await sorted({ query: 'service history' })).toEqual(['6']);
    expect(await sorted({ query: 'parra' })).toEqual(['1', '2', '5', '7']);
    expect(await sorted({ query: 'corolla zzz' })).toEqual([]);
    expect(await sorted({ query: '  ' })).toHaveLength(7);
  });

  it('counts facet values over the matching cars, with stats for numeric facets', async () => {
    const all = await search({
      facets: ['make', 'simple_body', 'certified', 'seats', 'location_name', 'status', 'unknown'],
      hitsPerPage: 0,
    });
    expect(all.nbHits).toBe(7);
    expect(all.hits).toEqual([]);
    expect(all.facets).toEqual({
      make: { Toyota: 3, Mazda: 2, Kia: 1, Ford: 1 },
      simple_body: { SUV: 2, Hatch: 2, Ute: 2, 'People Mover': 1 },
      certified: { true: 4, false: 2 },
      seats: { 5: 6, 8: 1 },
      location_name: { Parramatta: 4, Penrith: 3 },
    });
    expect(all.facets_stats).toEqual({ seats: { min: 5, max: 8, avg: 38 / 7, sum: 38 } });
    expect(Object.keys(all.facets.make)).toEqual(['Toyota', 'Mazda', 'Ford', 'Kia']);

    const toyota = await search({ query: 'toyota', facets: '*', maxValuesPerFacet: 2 });
    expect(toyota.facets.model).toEqual({ Corolla: 1, 'Corolla Cross': 1 });
    expect(toyota.facets.make).toEqual({ Toyota: 3 });
    expect(toyota.facets_stats.price).toMatchObject({ min: 27_990, max: 45_990 });
  });

  it('applies facetFilters: a list is AND, a nested list is OR, "-" before the value negates', async () => {
    expect(await sorted({ facetFilters: ['make:Toyota'] })).toEqual(['1', '2', '3']);
    expect(await sorted({ facetFilters: [['make:Toyota', 'make:Mazda'], 'simple_body:SUV'] })).toEqual(['2', '4']);
    expect(await sorted({ facetFilters: ['make:-Toyota'] })).toEqual(['4', '5', '6', '7']);
    expect(await sorted({ facetFilters: [['make:Kia', 'certified:-true'], 'location_name:Penrith'] })).toEqual(['6']);
    // Algolia reads "-make:Toyota" as a filter on an attribute "-make": refused, naming the right form.
    const before = await post({ requests: [{ indexName: 'cars', params: { facetFilters: ['-make:Toyota'] } }] });
    expect(before.status).toBe(400);
    expect((await before.json()).error.message).toMatch(/make:-Toyota/);
    expect(await sorted({ facetFilters: 'simple_body:People Mover' })).toEqual(['6']);
    expect(await sorted({ facetFilters: ['certified:true', 'seats:5'] })).toEqual(['1', '3', '4', '7']);
    expect(await sorted({ facetFilters: ['make:Holden'] })).toEqual([]);
  });

  it('applies numericFilters and the supported filters syntax', async () => {
    expect(await sorted({ numericFilters: ['price>=30000', 'year<=2021'] })).toEqual(['3', '4', '6']);
    expect(await sorted({ numericFilters: ['certified=1'] })).toEqual(['1', '3', '4', '7']);
    expect(await sorted({ numericFilters: ['km:0 TO 30000'] })).toEqual(['2', '6', '7']);
    expect(await sorted({ numericFilters: [['year=2018', 'year=2023']] })).toEqual(['5', '7']);
    expect(await sorted({ filters: 'make:Toyota AND (simple_body:Ute OR year >= 2022)' })).toEqual(['2', '3']);
    expect(await sorted({ filters: 'NOT make:Toyota AND simple_body:"People Mover"' })).toEqual(['6']);
    expect(await sorted({ filters: 'price:20000 TO 32000' })).toEqual(['1', '4']);
  });

  it('orders hits by each sort replica', async () => {
    expect(await ids({}, 'cars_price_asc')).toEqual(['5', '1', '4', '2', '3', '6', '7']);
    expect(await ids({}, 'cars_price_desc')).toEqual(['7', '6', '3', '2', '4', '1', '5']);
    expect(await ids({}, 'cars_year_desc')).toEqual(['7', '2', '6', '1', '4', '3', '5']);
    expect(await ids({}, 'cars_km_asc')).toEqual(['7', '2', '6', '1', '4', '5', '3']);
    expect(await ids({}, 'cars_newest')).toEqual(['7', '6', '5', '4', '3', '2', '1']);
    expect(await ids({}, 'cars')).toEqual(['7', '6', '5', '4', '3', '2', '1']);
  });

  it('pages hits, and caps hitsPerPage at 250 for cars and 200 for offers', async () => {
    const page = await search({ hitsPerPage: 3, page: 1 }, 'cars_newest');
    expect(page.hits.map((h: { objectID: string }) => h.objectID)).toEqual(['4', '3', '2']);
    expect(page).toMatchObject({ nbHits: 7, nbPages: 3, page: 1, hitsPerPage: 3, index: 'cars_newest' });
    expect((await search({ hitsPerPage: 3, page: 5 })).hits).toEqual([]);
    expect((await search({ hitsPerPage: 1000 })).hitsPerPage).toBe(250);
    const offers = await search({ hitsPerPage: 1000 }, 'offers');
    expect(offers).toMatchObject({ hitsPerPage: 200, nbHits: 204, nbPages: 2 });
    expect(offers.hits).toHaveLength(200);
    expect(offers.hits[0]).toMatchObject({ objectID: 'o0', name: 'Corolla finance offer' });
    expect(
      (await search({ facetFilters: ['category:Finance offer'], facets: ['category'] }, 'offers')).facets.category,
    ).toEqual({ 'Finance offer': 102 });
  });

  it('never returns sold or hidden cars, whatever the filters ask', async () => {
    const every = await ids({});
    expect(every).not.toContain('8');
    expect(every).not.toContain('9');
    expect(await ids({ query: 'camry' })).toEqual([]);
    expect(await ids({ numericFilters: ['year<=2017'] })).toEqual([]);
    const status = await post({ requests: [{ indexName: 'cars', params: { facetFilters: ['status:sold'] } }] });
    expect(status.status).toBe(400);
    expect((await status.json()).error.message).toMatch(/facetFilters.*status/);
  });

  it('answers each site with its own cars only', async () => {
    expect(await ids({ query: 'corolla' })).not.toContain('101');
    const group = await search({ query: 'corolla', hitsPerPage: 10 }, 'cars', GROUP);
    expect(group.hits.map((h: { objectID: string }) => h.objectID)).toEqual(['101']);
    const res = await post({ requests: [{ indexName: 'cars' }] }, 'http://unknown.example');
    expect(res.status).toBe(404);
  });

  it('reads params as a URL-encoded string, an object, or flattened, alike', async () => {
    const params = {
      query: 'toyota',
      facets: ['make', 'simple_body'],
      facetFilters: [['simple_body:SUV', 'simple_body:Ute']],
      hitsPerPage: 5,
    };
    const encoded = Object.entries(params)
      .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&');
    const res = await post({
      requests: [
        { indexName: 'cars', params: encoded },
        { indexName: 'cars', params },
        { indexName: 'cars', ...params },
      ],
    });
    const { results } = (await res.json()) as { results: Record<string, any>[] };
    const strip = (r: Record<string, any>) => ({ ...r, params: undefined, processingTimeMS: undefined });
    expect(results[0]!.hits.map((h: { objectID: string }) => h.objectID).sort()).toEqual(['2', '3']);
    expect(strip(results[1]!)).toEqual(strip(results[0]!));
    expect(strip(results[2]!)).toEqual(strip(results[0]!));
    expect(results[0]!.params).toBe(encoded);
    expect(results[0]!.hits[0]._highlightResult.make).toMatchObject({ value: '<em>Toyota</em>', matchLevel: 'full' });
  });

  it('searches facet values (type "facet")', async () => {
    const res = await post({
      requests: [{ indexName: 'cars', type: 'facet', facet: 'model', facetQuery: 'cor', query: '' }],
    });
    const { results } = (await res.json()) as { results: Record<string, any>[] };
    expect(results[0]!.facetHits).toEqual([
      { value: 'Corolla', count: 1, highlighted: '<em>Cor</em>olla' },
      { value: 'Corolla Cross', count: 1, highlighted: '<em>Cor</em>olla Cross' },
    ]);
  });

  it('refuses bad parameters with 400 naming the parameter', async () => {
    const cases: [unknown, RegExp][] = [
      [{ requests: [{ indexName: 'cars', params: { hitsPerPage: 'many' } }] }, /hitsPerPage/],
      [{ requests: [{ indexName: 'cars', params: 'page=-1' }] }, /page/],
      [{ requests: [{ params: {} }] }, /indexName/],
      [{ requests: [{ indexName: 'cars', params: { facetFilters: 5 } }] }, /facetFilters/],
      [{ requests: [{ indexName: 'cars', params: { facetFilters: 'make' } }] }, /facetFilters/],
      [{ requests: [{ indexName: 'cars', params: { numericFilters: ['price>>3'] } }] }, /numericFilters/],
      [{ requests: [{ indexName: 'cars', params: { numericFilters: ['make>3'] } }] }, /numericFilters.*make/],
      [{ requests: [{ indexName: 'cars', params: { filters: '_tags:new' } }] }, /filters/],
      [{ requests: [{ indexName: 'cars', params: { filters: 'make:Toyota AND (' } }] }, /filters/],
      [{ requests: [{ indexName: 'cars', params: { query: 42 } }] }, /query/],
      [{ requests: [{ indexName: 'cars', params: { facets: [1] } }] }, /facets/],
      [{ requests: [{ indexName: 'cars', type: 'facet', facet: 'vin' }] }, /facet/],
      [{ requests: [] }, /requests/],
      [{ requests: 'all' }, /requests/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = (await res.json()) as { error: { status: number; message: string } };
      expect(json.error.status).toBe(400);
      expect(json.error.message).toMatch(message);
    }
    const notJson = await app.fetch(
      new Request(MINI + PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' }),
    );
    expect(notJson.status).toBe(400);
    // text/plain is how Algolia's clients post their JSON: a search only reads, so it is answered
    // (the leads, finance and valuation routes refuse it); a form post is not JSON at all.
    const plain = await app.fetch(
      new Request(MINI + PATH, { method: 'POST', body: JSON.stringify({ requests: [{ indexName: 'cars' }] }) }),
    );
    expect(plain.headers.get('content-type') ?? '', 'answered as JSON').toContain('application/json');
    expect(plain.status).toBe(200);
    const form = await app.fetch(
      new Request(MINI + PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'requests=cars',
      }),
    );
    expect(form.status).toBe(415);
    const control = await post({
      requests: [{ indexName: 'cars', params: 'facetFilters=%5B%22make%3AToy%00ota%22%5D' }],
    });
    expect(control.status).toBe(400);
    expect(((await control.json()) as { error: { message: string } }).error.message).toMatch(
      /facetFilters holds a control character/,
    );
    const unknown = await post({ requests: [{ indexName: 'cars' }, { indexName: 'trucks' }] });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /requests\[1\]\.indexName: There is no index "trucks"/,
    );
    const proto = await post({ requests: [{ indexName: '__proto__' }, { indexName: 'constructor' }] });
    expect(proto.status).toBe(404);
    expect(((await proto.json()) as { error: { message: string } }).error.message).toMatch(
      /There is no index "__proto__"/,
    );
    const inherited = await post({
      requests: [
        { indexName: 'cars', params: { facets: ['constructor', 'toString'], facetFilters: ['constructor:x'] } },
      ],
    });
    expect(inherited.status).toBe(400);
    expect(((await inherited.json()) as { error: { message: string } }).error.message).toMatch(
      /"constructor" is not a filterable attribute/,
    );
  });

  it("re-indexing replaces a site's cars: a removed car disappears without a rebuild", async () => {
    expect(await ids({ query: 'ranger' })).toEqual(['7']);
    const mini = deps.dealers.find((d) => d.slug === 'mini-motors')!;
    const report = await indexDealer(t.db, { ...mini, cars: MINI_CARS.filter((c) => c.id !== 7) });
    expect(report).toEqual({ site: 'mini-motors', cars: 6, offers: 204, skipped: 3, changed: true });
    expect(await ids({ query: 'ranger' })).toEqual([]);
    expect((await search({ hitsPerPage: 0 })).nbHits).toBe(6);
    expect((await search({ hitsPerPage: 0 }, 'cars', GROUP)).nbHits).toBe(1);
    await indexDealer(t.db, mini);
    expect(await ids({ query: 'ranger' })).toEqual(['7']);
  });

  it('leaves a site whose stock is unchanged as it is, and rewrites it when told to or when a car changes', async () => {
    const mini = deps.dealers.find((d) => d.slug === 'mini-motors')!;
    const written = async () =>
      (
        await t.db.query<{ indexed_at: Date }>('SELECT indexed_at FROM search_sources WHERE site_slug = $1', [
          'mini-motors',
        ])
      ).rows[0]!.indexed_at.getTime();
    const before = await written();
    await new Promise((r) => setTimeout(r, 20));
    expect(await indexContent(t.db, [mini])).toEqual([
      { site: 'mini-motors', cars: 7, offers: 204, skipped: 3, changed: false },
    ]);
    expect(await written()).toBe(before);
    expect(await ids({ query: 'ranger' })).toEqual(['7']);

    const repriced = MINI_CARS.map((c) => (c.id === 7 ? { ...c, price: c.price + 1000 } : c));
    expect((await indexDealer(t.db, { ...mini, cars: repriced })).changed).toBe(true);
    expect(await written()).toBeGreaterThan(before);
    expect((await indexDealer(t.db, mini)).changed).toBe(true);
    expect((await indexDealer(t.db, mini, { force: true })).changed).toBe(true);
    expect((await indexDealer(t.db, mini)).changed).toBe(false);
  });
});

describe.each(testDatabases)(
  'sort places and value codes of an index written before they existed, on $label',
  (database) => {
    it('are worked out by the next indexing: migration 0005 forgets what each site was indexed from', async () => {
      const t = await database.open({ migrated: false });
      try {
        const migrations = await loadMigrations();
        await migrate(
          t.db,
          migrations.filter((m) => m.version <= '0004'),
        );
        const dealers = withStock(await fixtureDealers(), { 'mini-motors': MINI_CARS });
        const [mini] = dealers.filter((d) => d.slug === 'mini-motors');
        // As the indexing before 0005 left it: records without places or codes, and the hash of their content.
        await t.db.query(
          `INSERT INTO search_sources (site_slug, content_hash, cars, offers, indexed_at) VALUES ('mini-motors', 'old', 7, 0, now())`,
        );
        await migrate(t.db, migrations);
        expect((await t.db.query('SELECT * FROM search_sources')).rows).toEqual([]);
        expect((await indexDealer(t.db, mini!)).changed).toBe(true);
        const { rows } = await t.db.query<{ object_id: string }>(
          `SELECT object_id FROM search_records WHERE site_slug = 'mini-motors' AND kind = 'car' ORDER BY o_price_asc`,
        );
        expect(rows.map((r) => r.object_id)).toEqual(['5', '1', '4', '2', '3', '6', '7']);
        const {
          rows: [sources],
        } = await t.db.query<{ makes: string[] }>(`SELECT slot_values -> 'car' -> 'f1' AS makes FROM search_sources`);
        expect(sources!.makes).toEqual(['Ford', 'Kia', 'Mazda', 'Toyota']);
        const { rows: codes } = await t.db.query<{ f1: string; c1: number }>(
          `SELECT DISTINCT f1, c1 FROM search_records WHERE kind = 'car' ORDER BY c1`,
        );
        expect(codes).toEqual([
          { f1: 'Ford', c1: 1 },
          { f1: 'Kia', c1: 2 },
          { f1: 'Mazda', c1: 3 },
          { f1: 'Toyota', c1: 4 },
        ]);
      } finally {
        await t.cleanup();
      }
    });
  },
);
