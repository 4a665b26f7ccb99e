/**
 * The search route under algoliasearch-helper, the state machine InstantSearch's widgets drive,
 * on Algolia's official client: disjunctive facets (one request per refined facet), facet
 * exclusions, numeric refinements with their facet stats (range widgets), pagination, sort
 * replicas (setIndex), searching facet values of a refined facet, highlighting with
 * InstantSearch's tags, attributesToRetrieve and clickAnalytics.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResults } from 'algoliasearch-helper';
import { testDatabases } from '../../../../tests/helpers/db.ts';
import { helperFor, serveSearch } from '../../../../tests/helpers/search-clients.ts';
import { idsWhere, LISTED } from '../../../../tests/helpers/search-stock.ts';

const AIS = { highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' };
const ids = (content: SearchResults) => content.hits.map((h) => String(h.objectID));
/** A facet's values as [name, count, refined] (or excluded), most frequent first. */
function values(content: SearchResults, facet: string, flag: 'isRefined' | 'isExcluded' = 'isRefined') {
  const list = content.getFacetValues(facet, { sortBy: ['count:desc', 'name:asc'] }) as SearchResults.FacetValue[];
  return list.map((v) => [v.name, v.count, v[flag]]);
}

describe.each(testDatabases)('algoliasearch-helper over algoliasearch v5 on $label', (database) => {
  const served = serveSearch(database);

  it('counts a refined disjunctive facet as if it were not refined, and every other facet under the refinement', async () => {
    const helper = helperFor(served.client, 'cars', {
      disjunctiveFacets: ['make', 'simple_body'],
      facets: ['simple_fuel'],
      hitsPerPage: 20,
      ...AIS,
    });
    helper.addDisjunctiveFacetRefinement('make', 'Toyota').addDisjunctiveFacetRefinement('make', 'Mazda');
    const { content } = await helper.searchOnce({});
    expect(content._rawResults).toHaveLength(2);
    expect(content.nbHits).toBe(6);
    expect(ids(content).sort((a, b) => +a - +b)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(values(content, 'make').slice(0, 4)).toEqual([
      ['Toyota', 4, true],
      ['Hyundai', 2, false],
      ['Mazda', 2, true],
      ['Mitsubishi', 2, false],
    ]);
    expect(values(content, 'make')).toHaveLength(10);
    expect(values(content, 'simple_body')).toEqual([
      ['SUV', 3, false],
      ['Hatch', 2, false],
      ['Ute', 1, false],
    ]);
    expect(values(content, 'simple_fuel')).toEqual([
      ['Petrol', 3, false],
      ['Diesel', 2, false],
      ['Hybrid', 1, false],
    ]);
    // Two refined disjunctive facets: each counted without its own refinement, under the other's.
    helper.addDisjunctiveFacetRefinement('simple_body', 'SUV');
    const both = (await helper.searchOnce({})).content;
    expect(both._rawResults).toHaveLength(3);
    expect(ids(both).sort((a, b) => +a - +b)).toEqual(['2', '4', '5']);
    expect(values(both, 'make').slice(0, 3)).toEqual([
      ['Toyota', 2, true],
      ['Hyundai', 1, false],
      ['Mazda', 1, true],
    ]);
    expect(values(both, 'simple_body')).toEqual([
      ['SUV', 3, true],
      ['Hatch', 2, false],
      ['Ute', 1, false],
    ]);
  });

  it('leaves out excluded values (negative facet filters), and keeps them in the facet as excluded', async () => {
    const helper = helperFor(served.client, 'cars', { facets: ['make', 'simple_body'], hitsPerPage: 50 });
    helper.addFacetExclusion('make', 'Toyota');
    helper.setState(helper.state.addExcludeRefinement('simple_body', 'Ute'));
    const { content } = await helper.searchOnce({});
    expect(content._rawResults[0]!.params).toContain(
      encodeURIComponent(JSON.stringify(['make:-Toyota', 'simple_body:-Ute'])),
    );
    expect(ids(content).sort((a, b) => +a - +b)).toEqual(
      idsWhere((c) => c.make !== 'Toyota' && c.simple_body !== 'Ute'),
    );
    expect(values(content, 'make', 'isExcluded')).toContainEqual(['Toyota', 0, true]);
    expect(values(content, 'make', 'isExcluded')).toContainEqual(['Mazda', 2, false]);
  });

  it('applies numeric refinements, with the range of the whole stock for a range widget', async () => {
    const helper = helperFor(served.client, 'cars', { disjunctiveFacets: ['price', 'year'], hitsPerPage: 50 });
    helper
      .addNumericRefinement('price', '>=', 30_000)
      .addNumericRefinement('price', '<=', 50_000)
      .addNumericRefinement('year', '=', 2021);
    const { content } = await helper.searchOnce({});
    const expected = idsWhere((c) => c.price >= 30_000 && c.price <= 50_000 && c.year === 2021);
    expect(ids(content).sort((a, b) => +a - +b)).toEqual(expected);
    const prices = LISTED.filter((c) => c.year === 2021).map((c) => c.price);
    // The price request leaves out the price refinement (it keeps the year's), as a slider needs.
    expect(content.getFacetStats('price')).toMatchObject({ min: Math.min(...prices), max: Math.max(...prices) });
  });

  it('pages through the hits, and switches to a sort replica keeping every refinement', async () => {
    const helper = helperFor(served.client, 'cars', { disjunctiveFacets: ['make'], hitsPerPage: 5 });
    helper.setPage(2);
    const page = (await helper.searchOnce({})).content;
    expect(page).toMatchObject({ page: 2, nbPages: 4, hitsPerPage: 5, nbHits: 16, index: 'cars' });
    expect(ids(page)).toEqual(
      LISTED.map((c) => String(c.id))
        .reverse()
        .slice(10, 15),
    );
    helper.setIndex('cars_price_asc').setPage(0).addDisjunctiveFacetRefinement('make', 'Toyota');
    const sorted = (await helper.searchOnce({})).content;
    expect(sorted.index).toBe('cars_price_asc');
    expect(ids(sorted)).toEqual(['1', '2', '3', '4']);
    expect(values(sorted, 'make')[0]).toEqual(['Toyota', 4, true]);
  });

  it("searches a refined facet's values without its own refinement, under the others (searchable refinement list)", async () => {
    const helper = helperFor(served.client, 'cars', { disjunctiveFacets: ['make', 'model'], ...AIS });
    helper.addDisjunctiveFacetRefinement('make', 'Toyota').addDisjunctiveFacetRefinement('model', 'Corolla');
    const found = await helper.searchForFacetValues('model', 'c', 10);
    expect(found.facetHits.map((h) => [h.value, h.count, h.isRefined, h.highlighted])).toEqual([
      ['Corolla', 1, true, '__ais-highlight__C__/ais-highlight__orolla'],
      [
        'Corolla Cross',
        1,
        false,
        '__ais-highlight__C__/ais-highlight__orolla __ais-highlight__C__/ais-highlight__ross',
      ],
    ]);
  });

  it('highlights with the tags InstantSearch sends, typos included, and retrieves what it is told', async () => {
    const helper = helperFor(served.client, 'cars', {
      query: 'toyta hilux',
      attributesToRetrieve: ['make', 'model', 'price'],
      ...AIS,
    });
    const { content } = await helper.searchOnce({});
    expect(ids(content)).toEqual(['3']);
    expect(Object.keys(content.hits[0]).sort()).toEqual(['_highlightResult', 'make', 'model', 'objectID', 'price']);
    expect(content.hits[0]!._highlightResult).toMatchObject({
      make: { value: '__ais-highlight__Toyota__/ais-highlight__', matchLevel: 'partial', matchedWords: ['toyta'] },
      model: { value: '__ais-highlight__HiLux__/ais-highlight__', matchLevel: 'partial', matchedWords: ['hilux'] },
    });
  });

  it('gives the main request a queryID with clickAnalytics, and the facet requests none (the helper turns it off)', async () => {
    const helper = helperFor(served.client, 'cars', { disjunctiveFacets: ['make'], clickAnalytics: true });
    helper.addDisjunctiveFacetRefinement('make', 'Kia');
    const { content } = await helper.searchOnce({});
    expect(content.queryID).toMatch(/^[0-9a-f]{32}$/);
    expect(content._rawResults[1]).not.toHaveProperty('queryID');
    expect(ids(content)).toEqual(['7']);
  });
});
