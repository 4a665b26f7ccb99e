import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { liteClient } from 'algoliasearch/lite';
import { createApp } from '../../../api/app.ts';
import { serveFetch } from '../../../api/node-adapter.ts';
import { indexContent } from '../server/index-content.ts';
import { createSearchClient } from '../ui/client.ts';
import { indexNameFor, loadSearchClient, searchConfigFromEnv } from '../ui/config.ts';
import type { Car } from '../../../content/entities.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const CARS = [
  {
    id: 1,
    name: '2021 Toyota Corolla',
    make: 'Toyota',
    model: 'Corolla',
    simple_body: 'Hatch',
    year: 2021,
    price: 27_990,
    certified: true,
  },
  { id: 2, name: '2022 Toyota RAV4', make: 'Toyota', model: 'RAV4', simple_body: 'SUV', year: 2022, price: 41_990 },
  {
    id: 3,
    name: '2020 Mazda CX-5',
    make: 'Mazda',
    model: 'CX-5',
    simple_body: 'SUV',
    year: 2020,
    price: 31_990,
    certified: true,
  },
  {
    id: 4,
    name: '2019 Mazda 3',
    make: 'Mazda',
    model: '3',
    simple_body: 'Hatch',
    year: 2019,
    price: 18_990,
    status: 'sold',
  },
].map(
  (c, i) =>
    ({
      slug: `car-${c.id}`,
      km: 20_000,
      photos: [],
      photos_count: 1,
      car_type: 'used',
      status: 'available',
      created_at_timestamp: 1_700_000_000 + i,
      ...c,
    }) as unknown as Car,
);

/** What InstantSearch sends for "toyota" with the body refinement list refined to SUV (disjunctive). */
const INSTANTSEARCH_REQUESTS = [
  {
    indexName: 'cars',
    params: {
      query: 'toyota',
      facets: ['make', 'simple_body'],
      facetFilters: [['simple_body:SUV']],
      hitsPerPage: 3,
      page: 0,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      numericFilters: ['price>=20000'],
    },
  },
  {
    indexName: 'cars',
    params: {
      query: 'toyota',
      facets: ['simple_body'],
      hitsPerPage: 0,
      page: 0,
      analytics: false,
      clickAnalytics: false,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      numericFilters: ['price>=20000'],
    },
  },
];

/** Fields that may differ between two identical searches. */
const stable = (r: Record<string, unknown>) => ({
  ...r,
  processingTimeMS: undefined,
  params: undefined,
  serverTimeMS: undefined,
});

describe.each(testDatabases)('search clients against the API on $label', (database) => {
  let t: TestDb;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    t = await database.open();
    const dealers = (await fixtureDealers()).map((d) => ({ ...d, cars: d.slug === 'mini-motors' ? CARS : [] }));
    await indexContent(t.db, dealers);
    const app = createApp(await testDeps(t.db, { dealers }));
    server = createServer(
      (req, res) => void serveFetch(req, res, app.fetch, `http://${req.headers.host ?? '127.0.0.1'}`),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.cleanup();
  });

  it('our client answers InstantSearch requests over HTTP, from memory when repeated', async () => {
    let posts = 0;
    const client = createSearchClient({
      apiBase: `${origin}/api`,
      site: 'mini-motors',
      fetch: (...a) => (posts++, fetch(...a)),
    });
    const { results } = await client.search(INSTANTSEARCH_REQUESTS);
    expect(results[0]!.hits.map((h) => h.objectID)).toEqual(['2']);
    expect(results[0]!.hits[0]!._highlightResult).toMatchObject({
      make: { value: '__ais-highlight__Toyota__/ais-highlight__' },
    });
    expect(results[0]!.facets).toEqual({ make: { Toyota: 1 }, simple_body: { SUV: 1 } });
    expect(results[1]!.facets).toEqual({ simple_body: { Hatch: 1, SUV: 1 } });
    await client.search(INSTANTSEARCH_REQUESTS);
    expect(posts).toBe(1);
    client.clearCache();
    await client.search(INSTANTSEARCH_REQUESTS);
    expect(posts).toBe(2);

    const [facet] = await client.searchForFacetValues([
      { indexName: 'cars', params: { facetName: 'model', facetQuery: 'c' } },
    ]);
    expect(facet!.facetHits.map((h) => h.value)).toEqual(['Corolla', 'CX-5']);
  });

  it('rejects with the API message on a bad request, and retries it next time', async () => {
    const client = createSearchClient({ apiBase: `${origin}/api`, site: 'mini-motors' });
    await expect(client.search([{ indexName: 'trucks' }])).rejects.toThrow(/indexName/);
    await expect(client.search([{ indexName: 'trucks' }])).rejects.toMatchObject({ status: 404 });
  });

  it("Algolia's own client (algoliasearch v5 lite) reads the route as Algolia and gets the same results", async () => {
    const port = Number(new URL(origin).port);
    // The route answers Algolia's path under /api/search: a local stand-in for Algolia's hosts.
    const algolia = liteClient('APPID', 'search-key', {
      hosts: [{ url: `127.0.0.1:${port}/api/search`, protocol: 'http', accept: 'read' }],
      // As shipped: it posts its JSON as text/plain (no CORS preflight), which the route takes.
      baseHeaders: { host: 'mini-motors.localhost' },
    });
    const ours = createSearchClient({ apiBase: `${origin}/api`, site: 'mini-motors' });
    const theirs = await algolia.search(INSTANTSEARCH_REQUESTS);
    const mine = await ours.search(INSTANTSEARCH_REQUESTS);
    expect(theirs.results).toHaveLength(2);
    expect((theirs.results as Record<string, unknown>[]).map(stable)).toEqual(mine.results.map(stable));

    const sffv = await algolia.search([
      { indexName: 'cars', type: 'facet', params: { facet: 'model', facetQuery: 'c' } },
    ] as never);
    const [own] = await ours.searchForFacetValues([
      { indexName: 'cars', params: { facetName: 'model', facetQuery: 'c' } },
    ]);
    expect(stable(sffv.results[0] as Record<string, unknown>)).toEqual(
      stable(own as unknown as Record<string, unknown>),
    );
  });

  it('chooses Algolia only when both build-time credentials are set', async () => {
    expect(searchConfigFromEnv('mini-motors', {})).toEqual({ backend: 'api', apiBase: '/api' });
    expect(searchConfigFromEnv('mini-motors', { ALGOLIA_APP_ID: 'A' })).toEqual({ backend: 'api', apiBase: '/api' });
    const algolia = searchConfigFromEnv('mini-motors', {
      ALGOLIA_APP_ID: 'A',
      ALGOLIA_SEARCH_KEY: 'k',
      ALGOLIA_INDEX_PREFIX: 'prod_{site}_',
    });
    expect(algolia).toEqual({ backend: 'algolia', appId: 'A', searchKey: 'k', indexPrefix: 'prod_mini-motors_' });
    expect(indexNameFor(algolia, 'cars_price_asc')).toBe('prod_mini-motors_cars_price_asc');
    expect(indexNameFor({ backend: 'api', apiBase: '/api' }, 'offers')).toBe('offers');
    const client = await loadSearchClient(algolia);
    expect(typeof client.search).toBe('function');
  });
});
