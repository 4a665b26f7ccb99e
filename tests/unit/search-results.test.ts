import { describe, expect, it } from 'vitest';
import { ordinals, type SearchRow } from '../../src/api/search/schema.ts';
import { facetResults } from '../../src/api/search/search.ts';

/** Groups as the statement returns them for facets [make, price]: bits 1 = make's set, 2 = price's. */
function groups(entries: [number, string | null, number][]) {
  return { bits: entries.map((e) => e[0]), values: entries.map((e) => e[1]), counts: entries.map((e) => e[2]) };
}
const numeric = (a: string) => a === 'price' || a === 'seats';

describe('facet results from grouped counts', () => {
  const g = groups([
    [1, 'Toyota', 3], [1, 'Mazda', 3], [1, 'Kia', 1], [1, null, 2],
    [2, '30000', 2], [2, '9990', 2], [2, '45000', 1], [2, '12000', 3], [2, null, 1],
  ]);

  it('counts the hits from the first facet, its missing values included', () => {
    expect(facetResults(g, ['make', 'price'], numeric, 50).nbHits).toBe(9);
  });

  it('keeps the most frequent values, ties in byte order of the value', () => {
    const { facets } = facetResults(g, ['make', 'price'], numeric, 2);
    expect(facets.make).toEqual({ Mazda: 3, Toyota: 3 });
    // "30000" < "9990" as text: the tie is broken on the value as written, not its number.
    expect(facets.price).toEqual({ 12000: 3, 30000: 2 });
  });

  it('works out numeric stats over every value, not only the ones returned', () => {
    const { stats } = facetResults(g, ['make', 'price'], numeric, 1);
    expect(stats).toEqual({ price: { min: 9990, max: 45000, sum: 60000 + 19980 + 45000 + 36000, avg: (60000 + 19980 + 45000 + 36000) / 8 } });
  });

  it('orders astral characters after the rest of the basic plane, as PostgreSQL\'s "C" collation does', () => {
    const { facets } = facetResults(groups([[0, '\u{1F697} Cars', 1], [0, '\uFF21uto', 1]]), ['make'], numeric, 1);
    expect(Object.keys(facets.make!)).toEqual(['\uFF21uto']);
  });

  it('answers an empty match with no hits, empty facets and no stats', () => {
    expect(facetResults(groups([]), ['make', 'price'], numeric, 10)).toEqual({ nbHits: 0, facets: { make: {}, price: {} }, stats: {} });
  });
});

describe('sort ordinals', () => {
  const row = (price: number | null, year: number | null, km: number | null, created_at: number | null) =>
    ({ price, year, km, created_at }) as Pick<SearchRow, 'price' | 'year' | 'km' | 'created_at'>;
  const rows = [row(30_000, 2020, 50_000, 3), row(null, 2022, null, 1), row(20_000, 2020, 10_000, null), row(20_000, null, 10_000, 2)];

  it('places each row in every order: keys in turn, NULLs last, then snapshot position', () => {
    const places = ordinals(rows);
    const order = (column: keyof (typeof places)[number]) => places.map((p, i) => [p[column], i]).sort((a, b) => a[0]! - b[0]!).map((x) => x[1]);
    expect(order('o_price_asc')).toEqual([2, 3, 0, 1]);
    expect(order('o_price_desc')).toEqual([0, 2, 3, 1]);
    expect(order('o_newest')).toEqual([0, 3, 1, 2]);
    // Year descending, then newest first among the 2020 cars (row 2 has no date: last of them).
    expect(order('o_year_desc')).toEqual([1, 0, 2, 3]);
    expect(order('o_km_asc')).toEqual([2, 3, 0, 1]);
  });
});
