/**
 * What the hits carry, through Algolia's official client: attributesToRetrieve (the index's
 * default is what a result card needs; VIN and registration only when named),
 * attributesToHighlight and `_highlightResult`, facet value order (sortFacetValuesBy,
 * maxValuesPerFacet), clickAnalytics' queryID, and searching facet values both ways the clients do.
 */
import { describe, expect, it } from 'vitest';
import { CAR_HIT_FIELDS } from '../rules/cars-search.ts';
import { testDatabases } from '../../../../tests/helpers/db.ts';
import { serveSearch, searchOne } from '../../../../tests/helpers/search-clients.ts';
import { STOCK } from '../../../../tests/helpers/search-stock.ts';

const fieldsOf = (hit: Record<string, unknown>) =>
  Object.keys(hit)
    .filter((k) => k !== '_highlightResult')
    .sort();

describe.each(testDatabases)('hits, highlighting and facet values through algoliasearch v5 on $label', (database) => {
  const served = serveSearch(database);
  const first = async (params: Record<string, unknown>, indexName = 'cars') =>
    (await searchOne(served.client, indexName, { hitsPerPage: 1, ...params })).hits[0]!;

  it("retrieves by default exactly what a result card reads, and never a car's VIN or registration", async () => {
    const { hits } = await searchOne(served.client, 'cars_newest', { hitsPerPage: 100 });
    for (const hit of hits) {
      const car = STOCK.find((c) => String(c.id) === hit.objectID)! as unknown as Record<string, unknown>;
      expect(fieldsOf(hit)).toEqual(CAR_HIT_FIELDS.filter((f) => f === 'objectID' || car[f] !== undefined).sort());
    }
    expect(await first({ query: 'corolla' })).toMatchObject({
      objectID: '2',
      slug: 'car-2',
      photos: ['https://cdn.example.com/2-1.jpg', 'https://cdn.example.com/2-2.jpg'],
    });
  });

  it('retrieves the attributes named, "*" for all but those kept back, "-attr" to leave one out', async () => {
    expect(await first({ query: 'hilux', attributesToRetrieve: ['make', 'price'] })).toEqual(
      expect.objectContaining({ objectID: '3', make: 'Toyota', price: 45_990 }),
    );
    expect(fieldsOf(await first({ query: 'hilux', attributesToRetrieve: ['make', 'price', 'nothing'] }))).toEqual([
      'make',
      'objectID',
      'price',
    ]);
    const all = await first({ query: 'hilux', attributesToRetrieve: ['*'] });
    expect(all).toMatchObject({
      dealercomments: 'Serviced and ready to go.',
      stock_number: 'S3',
      colour: 'white',
      status: 'available',
    });
    expect(all).not.toHaveProperty('vin');
    expect(all).not.toHaveProperty('rego');
    const less = await first({ query: 'hilux', attributesToRetrieve: ['*', '-dealercomments', '-photos'] });
    expect(less).not.toHaveProperty('dealercomments');
    expect(less).not.toHaveProperty('photos');
    expect(less).toHaveProperty('stock_number');
    expect(fieldsOf(await first({ query: 'hilux', attributesToRetrieve: ['vin', 'rego'] }))).toEqual([
      'objectID',
      'rego',
      'vin',
    ]);
    expect(await first({ query: 'hilux', attributesToRetrieve: ['*', 'vin'] })).toMatchObject({
      vin: 'VIN3XYZ',
      make: 'Toyota',
    });
    // Offers retrieve everything by default; a dotted path keeps only that part of an object.
    expect(await first({ query: 'corolla' }, 'offers')).toMatchObject({
      objectID: 'o1',
      name: 'Corolla finance offer',
      price: 199,
      model: { slug: 'corolla' },
    });
    expect(fieldsOf(await first({ query: 'corolla', attributesToRetrieve: ['model.name'] }, 'offers'))).toEqual([
      'model',
      'objectID',
    ]);
    expect((await first({ query: 'corolla', attributesToRetrieve: ['model.name'] }, 'offers')).model).toEqual({
      name: 'Corolla',
    });
  });

  it('highlights the matched part of each word, with matchLevel, matchedWords and fullyHighlighted', async () => {
    const hit = await first({ query: 'corolla asc' });
    expect(hit.objectID).toBe('1');
    expect(hit._highlightResult).toEqual({
      name: {
        value: '2021 Toyota <em>Corolla</em> <em>Asc</em>ent',
        matchLevel: 'full',
        matchedWords: ['corolla', 'asc'],
        fullyHighlighted: false,
      },
      make: { value: 'Toyota', matchLevel: 'none', matchedWords: [] },
      model: { value: '<em>Corolla</em>', matchLevel: 'partial', matchedWords: ['corolla'], fullyHighlighted: true },
      badge: { value: '<em>Asc</em>ent', matchLevel: 'partial', matchedWords: ['asc'], fullyHighlighted: false },
    });
    const tagged = await first({
      query: 'ranger',
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    });
    expect(tagged._highlightResult).toMatchObject({
      model: { value: '__ais-highlight__Ranger__/ais-highlight__', matchLevel: 'full' },
    });
  });

  it('highlights the attributes asked for, "*" for every text, none for []; never one kept back', async () => {
    expect(await first({ query: 'hilux', attributesToHighlight: [] })).not.toHaveProperty('_highlightResult');
    const some = await first({ query: 'penrith', attributesToHighlight: ['location_name', 'vin'] });
    expect(some._highlightResult).toEqual({
      location_name: {
        value: '<em>Penrith</em>',
        matchLevel: 'full',
        matchedWords: ['penrith'],
        fullyHighlighted: true,
      },
    });
    const every = (await first({ query: 'serviced', attributesToHighlight: ['*'] }))._highlightResult as Record<
      string,
      { value: string }
    >;
    expect(every.dealercomments!.value).toBe('<em>Serviced</em> and ready to go.');
    expect(Object.keys(every)).toEqual(expect.arrayContaining(['name', 'slug', 'make', 'simple_body', 'stock_number']));
    expect(every).not.toHaveProperty('vin');
    const offer = (await first({ query: 'hilux' }, 'offers'))._highlightResult as Record<string, unknown>;
    expect(offer).toEqual({
      name: {
        value: '<em>HiLux</em> service special',
        matchLevel: 'full',
        matchedWords: ['hilux'],
        fullyHighlighted: false,
      },
      model: { name: { value: '<em>HiLux</em>', matchLevel: 'full', matchedWords: ['hilux'], fullyHighlighted: true } },
    });
  });

  it('returns facet values by count or alphabetically (sortFacetValuesBy), at most maxValuesPerFacet', async () => {
    const byCount = await searchOne(served.client, 'cars', { facets: ['make'], maxValuesPerFacet: 3, hitsPerPage: 0 });
    expect(Object.entries(byCount.facets!.make!)).toEqual([
      ['Toyota', 4],
      ['Hyundai', 2],
      ['Mazda', 2],
    ]);
    const alpha = await searchOne(served.client, 'cars', {
      facets: ['make', 'location_name'],
      maxValuesPerFacet: 3,
      sortFacetValuesBy: 'alpha',
      hitsPerPage: 0,
    });
    expect(Object.entries(alpha.facets!.make!)).toEqual([
      ['Ford', 1],
      ['Hyundai', 2],
      ['Kia', 1],
    ]);
    expect(Object.keys(alpha.facets!.location_name!)).toEqual(['Liverpool', 'Parramatta', 'Penrith']);
  });

  it('answers clickAnalytics with a new 32-digit hexadecimal queryID', async () => {
    const a = await searchOne(served.client, 'cars', { query: 'toyota', clickAnalytics: true });
    const b = await searchOne(served.client, 'cars', { query: 'toyota', clickAnalytics: true });
    expect(a.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(b.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(a.queryID).not.toBe(b.queryID);
    expect(
      (await searchOne(served.client, 'cars', { query: 'toyota', clickAnalytics: false })).queryID,
    ).toBeUndefined();
  });

  it('searches facet values through searchForFacetValues (its own path) and through a "facet" query', async () => {
    const own = await served.client.searchForFacetValues({
      indexName: 'cars',
      facetName: 'model',
      searchForFacetValuesRequest: { facetQuery: 'co', maxFacetHits: 5 },
    });
    expect(own).toMatchObject({
      facetHits: [
        { value: 'Corolla', count: 1, highlighted: '<em>Co</em>rolla' },
        { value: 'Corolla Cross', count: 1, highlighted: '<em>Co</em>rolla Cross' },
      ],
      exhaustiveFacetsCount: true,
    });
    expect(typeof own.processingTimeMS).toBe('number');
    // The other parameters narrow the records whose values are counted.
    const narrowed = await served.client.searchForFacetValues({
      indexName: 'cars',
      facetName: 'make',
      searchForFacetValuesRequest: { params: 'facetQuery=m&filters=simple_body%3ASUV' },
    });
    expect(narrowed.facetHits.map((h) => [h.value, h.count])).toEqual([
      ['Mazda', 1],
      ['Mitsubishi', 1],
    ]);
    const { results } = await served.client.search({
      requests: [{ indexName: 'cars', type: 'facet', facet: 'make', facetQuery: 'm', maxFacetHits: 1 }],
    });
    expect(results[0]).toMatchObject({ facetHits: [{ value: 'Mazda', count: 2, highlighted: '<em>M</em>azda' }] });
    await expect(served.client.searchForFacetValues({ indexName: 'cars', facetName: 'vin' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
