/**
 * The search route as Algolia's official client (algoliasearch v5) sees it over HTTP: the result
 * fields Algolia documents for a search, pagination (page and offset/length), the filters
 * syntaxes with their negations and ranges, facet values matched without regard to case, sort
 * replicas, and errors. Hits, highlighting and facet searches: search-conformance-hits; typo
 * tolerance: search-conformance-typos; algoliasearch-helper: search-conformance-helper.
 */
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../tests/helpers/db.ts';
import { idsOf, serveSearch, searchOne } from '../../../../tests/helpers/search-clients.ts';
import { idsWhere, LISTED } from '../../../../tests/helpers/search-stock.ts';

/** Listed cars by a numeric key, ties in stock order (the sort replicas' order). */
const ordered = (key: (c: (typeof LISTED)[number]) => number) =>
  LISTED.map((c, i) => ({ c, i }))
    .sort((a, b) => key(a.c) - key(b.c) || a.i - b.i)
    .map(({ c }) => String(c.id));
const newestFirst = LISTED.map((c) => String(c.id)).reverse();

describe.each(testDatabases)('the search route through algoliasearch v5 on $label', (database) => {
  const served = serveSearch(database);

  it("answers with Algolia's result fields: counts, page, facets, stats, exhaustiveness, timing, echo", async () => {
    const r = await searchOne(served.client, 'cars', { query: '', facets: ['make', 'price'], hitsPerPage: 5, page: 1 });
    expect(r).toMatchObject({
      nbHits: LISTED.length,
      page: 1,
      nbPages: Math.ceil(LISTED.length / 5),
      hitsPerPage: 5,
      index: 'cars',
      query: '',
      exhaustiveFacetsCount: true,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { facetsCount: true, nbHits: true, typo: true },
    });
    expect(typeof r.processingTimeMS).toBe('number');
    expect(r.params).toMatch(/(^|&)hitsPerPage=5(&|$)/);
    expect(idsOf(r)).toEqual(newestFirst.slice(5, 10));
    expect(r.facets!.make).toEqual({
      Toyota: 4,
      Hyundai: 2,
      Mazda: 2,
      Mitsubishi: 2,
      Ford: 1,
      Kia: 1,
      Nissan: 1,
      Subaru: 1,
      Tesla: 1,
      Volkswagen: 1,
    });
    // Most frequent first, ties in the values' order.
    expect(Object.keys(r.facets!.make!).slice(0, 4)).toEqual(['Toyota', 'Hyundai', 'Mazda', 'Mitsubishi']);
    const prices = LISTED.map((c) => c.price);
    const sum = prices.reduce((a, b) => a + b, 0);
    expect(r.facets_stats!.price).toEqual({
      min: Math.min(...prices),
      max: Math.max(...prices),
      avg: sum / prices.length,
      sum,
    });
    expect(r.queryID).toBeUndefined();
  });

  it('answers every request of a multi-query, in order', async () => {
    const { results } = await served.client.search({
      requests: [
        { indexName: 'cars', query: 'toyota', hitsPerPage: 2 },
        { indexName: 'offers', query: 'hilux' },
        { indexName: 'cars', facets: ['simple_body'], hitsPerPage: 0, facetFilters: [['make:Toyota']] },
      ],
    });
    expect(results.map((r) => ('index' in r ? r.index : undefined))).toEqual(['cars', 'offers', 'cars']);
    expect(results[0]).toMatchObject({ nbHits: 4, hits: [{ objectID: '4' }, { objectID: '3' }] });
    expect(results[1]).toMatchObject({ nbHits: 1, hits: [{ objectID: 'o2' }] });
    expect(results[2]).toMatchObject({ hits: [], nbHits: 4, facets: { simple_body: { SUV: 2, Hatch: 1, Ute: 1 } } });
  });

  it('applies facetFilters: a list is AND, an inner list OR, "attr:-value" leaves a value out', async () => {
    const ids = async (facetFilters: unknown) =>
      idsOf(await searchOne(served.client, 'cars_newest', { facetFilters, hitsPerPage: 100 })).sort((a, b) => +a - +b);
    expect(await ids(['make:-Toyota'])).toEqual(idsWhere((c) => c.make !== 'Toyota'));
    expect(await ids([['make:Toyota', 'make:Mazda'], 'simple_body:SUV'])).toEqual(['2', '4', '5']);
    expect(await ids([['make:Toyota', 'make:Mazda'], 'simple_body:-SUV', 'certified:true'])).toEqual(['1', '3']);
    expect(await ids('seats:7')).toEqual(['4', '14']);
    // "\-" is a value that starts with "-", not a negation.
    expect(await ids(['make:\\-Toyota'])).toEqual([]);
  });

  it('matches facet values without regard to case, as Algolia does (attribute names are exact)', async () => {
    const ids = async (params: Record<string, unknown>) =>
      idsOf(await searchOne(served.client, 'cars_newest', { hitsPerPage: 100, ...params })).sort((a, b) => +a - +b);
    expect(await ids({ facetFilters: ['make:toyota'] })).toEqual(['1', '2', '3', '4']);
    expect(await ids({ facetFilters: ['colour:WHITE'] })).toEqual(['1', '3']);
    expect(await ids({ filters: 'simple_body:"people mover" OR make:KIA' })).toEqual(['7']);
    expect(await ids({ facetFilters: ['certified:TRUE', 'make:-TOYOTA'] })).toEqual(
      idsWhere((c) => c.certified === true && c.make !== 'Toyota'),
    );
    await expect(searchOne(served.client, 'cars', { facetFilters: ['Make:Toyota'] })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('applies the filters syntax (AND, OR, NOT, quotes, ranges, comparisons) and numericFilters', async () => {
    const ids = async (params: Record<string, unknown>) =>
      idsOf(await searchOne(served.client, 'cars_newest', { hitsPerPage: 100, ...params })).sort((a, b) => +a - +b);
    expect(await ids({ filters: '(make:Toyota OR make:Mazda) AND NOT simple_body:SUV AND price < 40000' })).toEqual([
      '1',
      '6',
    ]);
    expect(await ids({ filters: 'year:2019 TO 2021 AND certified:true' })).toEqual(
      idsWhere((c) => c.year >= 2019 && c.year <= 2021 && c.certified === true),
    );
    expect(await ids({ numericFilters: ['price>=40000', 'price<=60000'] })).toEqual(
      idsWhere((c) => c.price >= 40_000 && c.price <= 60_000),
    );
    expect(await ids({ numericFilters: [['year=2018', 'year=2023']] })).toEqual(
      idsWhere((c) => c.year === 2018 || c.year === 2023),
    );
    expect(await ids({ numericFilters: 'km:0 TO 20000' })).toEqual(idsWhere((c) => c.km <= 20_000));
    expect(await ids({ numericFilters: ['seats!=5'] })).toEqual(idsWhere((c) => c.seats !== 5));
    // The three parameters together are ANDed.
    expect(
      await ids({ facetFilters: ['make:Toyota'], numericFilters: ['year>2018'], filters: 'NOT simple_body:Ute' }),
    ).toEqual(['1', '2']);
  });

  it('pages by page and hitsPerPage, or by offset and length (then without page fields)', async () => {
    const page = await searchOne(served.client, 'cars_price_asc', { hitsPerPage: 4, page: 3 });
    expect(page).toMatchObject({ page: 3, hitsPerPage: 4, nbPages: 4, nbHits: 16 });
    expect(idsOf(page)).toEqual(ordered((c) => c.price).slice(12, 16));
    expect(idsOf(await searchOne(served.client, 'cars_price_asc', { hitsPerPage: 4, page: 4 }))).toEqual([]);
    const slice = await searchOne(served.client, 'cars_price_asc', { offset: 3, length: 5, page: 2, hitsPerPage: 4 });
    expect(idsOf(slice)).toEqual(ordered((c) => c.price).slice(3, 8));
    expect(slice).toMatchObject({ offset: 3, length: 5, nbHits: 16 });
    expect(slice).not.toHaveProperty('page');
    // Without length, offset takes hitsPerPage hits.
    expect(idsOf(await searchOne(served.client, 'cars_price_asc', { offset: 14, hitsPerPage: 4 }))).toEqual(
      ordered((c) => c.price).slice(14, 18),
    );
  });

  it('orders every sort replica by its attribute, relevance and newest first on the primary index', async () => {
    const all = async (indexName: string, query = '') =>
      idsOf(await searchOne(served.client, indexName, { query, hitsPerPage: 100 }));
    expect(await all('cars')).toEqual(newestFirst);
    expect(await all('cars_newest')).toEqual(newestFirst);
    expect(await all('cars_price_asc')).toEqual(ordered((c) => c.price));
    expect(await all('cars_price_desc')).toEqual(ordered((c) => -c.price));
    expect(await all('cars_km_asc')).toEqual(ordered((c) => c.km));
    expect(await all('cars_year_desc')).toEqual(ordered((c) => -(c.year * 1e10 + c.created_at_timestamp)));
    expect(await all('cars_price_asc', 'toyota')).toEqual(['1', '2', '3', '4']);
  });

  it('refuses what Algolia refuses, with the status on the served.client error', async () => {
    await expect(searchOne(served.client, 'cars', { facetFilters: ['-make:Toyota'] })).rejects.toMatchObject({
      status: 400,
    });
    await expect(searchOne(served.client, 'cars', { numericFilters: ['make>3'] })).rejects.toMatchObject({
      status: 400,
    });
    await expect(searchOne(served.client, 'cars', { filters: 'make:Toyota AND (' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(searchOne(served.client, 'cars', { sortFacetValuesBy: 'size' })).rejects.toMatchObject({
      status: 400,
    });
    // An index that does not exist fails the whole call with 404, as Algolia answers ("Index … does not exist").
    await expect(
      served.client.search({ requests: [{ indexName: 'cars' }, { indexName: 'trucks' }] }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
