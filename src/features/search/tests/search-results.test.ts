import { describe, expect, it } from 'vitest';
import { FACET_PAIRS } from '../server/schema.ts';
import { facetResults, type Groups } from '../server/search.ts';
import { groupingSets } from '../server/sql.ts';

/** Groups as a statement returns them: [GROUPING bits, value, partner value, count]. */
function groups(entries: [number, string | null, string | null, number][]): Groups {
  return {
    bits: entries.map((e) => e[0]),
    values: entries.map((e) => e[1]),
    partners: entries.map((e) => e[2]),
    counts: entries.map((e) => e[3]),
  };
}
const numeric = (a: string) => a === 'price' || a === 'seats';
const asIs = (_: number, v: string) => v;

describe('facet results from grouped counts', () => {
  // Facets [make, price], one set each: make's groups have bits 0b01, price's 0b10.
  const g = groups([
    [1, 'Toyota', null, 3],
    [1, 'Mazda', null, 3],
    [1, 'Kia', null, 1],
    [1, null, null, 2],
    [2, '30000', null, 2],
    [2, '9990', null, 2],
    [2, '45000', null, 1],
    [2, '12000', null, 3],
    [2, null, null, 1],
  ]);
  const results = (max: number) => facetResults(g, ['make', 'price'], [[0], [1]], asIs, numeric, max);

  it('counts the hits from the first set, its missing values included', () => {
    expect(results(50).nbHits).toBe(9);
  });

  it('keeps the most frequent values, ties in byte order of the value', () => {
    const { facets } = results(2);
    expect(facets.make).toEqual({ Mazda: 3, Toyota: 3 });
    // "30000" < "9990" as text: the tie is broken on the value as written, not its number.
    expect(facets.price).toEqual({ 12000: 3, 30000: 2 });
  });

  it('works out numeric stats over every value, not only the ones returned', () => {
    const sum = 60000 + 19980 + 45000 + 36000;
    expect(results(1).stats).toEqual({ price: { min: 9990, max: 45000, sum, avg: sum / 8 } });
  });

  it('adds up a paired facet over its partner, and decodes stored values', () => {
    // Facets [make, model, seats] with sets [[0, 1], [2]]: pair groups have bits 0b001, seats' 0b110.
    const makes = ['Mazda', 'Toyota'];
    const decode = (k: number, v: string) => (k === 0 ? makes[Number(v) - 1] : v);
    const pairs = groups([
      [1, '2', 'Corolla', 4],
      [1, '2', 'Camry', 1],
      [1, '1', 'CX-5', 2],
      [1, '1', null, 1],
      [1, null, 'Mystery', 1],
      [6, '5', null, 7],
      [6, '7', null, 1],
      [6, null, null, 1],
    ]);
    const r = facetResults(pairs, ['make', 'model', 'seats'], [[0, 1], [2]], decode, numeric, 10);
    expect(r.nbHits).toBe(9);
    expect(r.facets).toEqual({
      make: { Toyota: 5, Mazda: 3 },
      model: { Corolla: 4, 'CX-5': 2, Camry: 1, Mystery: 1 },
      seats: { 5: 7, 7: 1 },
    });
    expect(r.stats.seats).toEqual({ min: 5, max: 7, sum: 42, avg: 42 / 8 });
  });

  it('orders astral characters after the rest of the basic plane, as PostgreSQL\'s "C" collation does', () => {
    const { facets } = facetResults(
      groups([
        [0, '\u{1F697} Cars', null, 1],
        [0, '\uFF21uto', null, 1],
      ]),
      ['make'],
      [[0]],
      asIs,
      numeric,
      1,
    );
    expect(Object.keys(facets.make!)).toEqual(['\uFF21uto']);
  });

  it('answers an empty match with no hits, empty facets and no stats', () => {
    expect(facetResults(groups([]), ['make', 'price'], [[0], [1]], asIs, numeric, 10)).toEqual({
      nbHits: 0,
      facets: { make: {}, price: {} },
      stats: {},
    });
  });
});

describe('grouping sets', () => {
  it('pairs the facets of FACET_PAIRS that a request asks for both of, and leaves the rest alone', () => {
    const facets = ['make', 'price', 'seats', 'model', 'simple_body', 'certified'];
    expect(groupingSets(facets, FACET_PAIRS.car)).toEqual([[0, 3], [1], [2, 4], [5]]);
    expect(groupingSets(['model', 'year'], FACET_PAIRS.car)).toEqual([[0], [1]]);
  });
});
