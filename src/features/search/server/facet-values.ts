/**
 * A request's facet counts from the groups its statement returned: the hit count, each facet's
 * values (the most frequent, or the first in alphabetical order, as sortFacetValuesBy asks) and
 * the stats of numeric facets.
 */
import type { FacetOrder } from '../contract/search-params.ts';

/**
 * PostgreSQL's "C" collation order (UTF-8 bytes, i.e. code points). JavaScript's < compares
 * UTF-16 units, which puts astral characters (surrogate pairs) before U+E000–U+FFFF: a
 * surrogate is placed after every other unit here.
 */
export function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  const sx = x >= 0xd800 && x <= 0xdfff;
  const sy = y >= 0xd800 && y <= 0xdfff;
  return sx === sy ? x - y : sx ? 1 : -1;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The `max` most frequent values, ties in value order. Only the values counted at least as
 * often as the max-th most frequent one can make the cut: those counted more often are sorted,
 * and of those counted exactly that often only the first ones by value are taken. A price
 * facet has thousands of values, most of them counted once or twice.
 */
function topValues(list: [string, number][], max: number): [string, number][] {
  if (max <= 0) return [];
  let least = 0;
  if (list.length > max) {
    const counts = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) counts[i] = list[i]![1];
    least = counts.sort()[counts.length - max]!;
  }
  const above: [string, number][] = [];
  const ties: string[] = [];
  for (const entry of list) {
    if (entry[1] > least) above.push(entry);
    else if (entry[1] === least) ties.push(entry[0]);
  }
  // Without surrogates JavaScript's own string order is code-point order, and much faster.
  const astral = list.some((e) => SURROGATE.test(e[0]));
  const compare = astral ? byCodePoint : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  above.sort((a, b) => b[1] - a[1] || compare(a[0], b[0]));
  if (above.length >= max) return above.slice(0, max);
  const first = (astral ? ties.sort(byCodePoint) : ties.sort()).slice(0, max - above.length);
  return [...above, ...first.map((v): [string, number] => [v, least])];
}

/** The first `max` values in code-point order (sortFacetValuesBy "alpha"), whatever their counts. */
function firstValues(list: [string, number][], max: number): [string, number][] {
  if (max <= 0) return [];
  const astral = list.some((e) => SURROGATE.test(e[0]));
  const compare = astral ? byCodePoint : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...list].sort((a, b) => compare(a[0], b[0])).slice(0, max);
}

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

export interface FacetResults {
  nbHits: number;
  /** Each facet's `max` most frequent values (ties by value) with their counts. */
  facets: Record<string, Record<string, number>>;
  /** Over all of a numeric facet's values, not the top ones only. */
  stats: Record<string, FacetStats>;
}

/** The groups of a request's statement, one entry each (see CompiledPart). */
export interface Groups {
  bits: number[];
  values: (string | null)[];
  partners: (string | null)[];
  counts: number[];
}

/**
 * A request's hit count, facet counts and stats from its statement's groups: every value (or
 * pair of values) of every grouping set, NULL groups included. GROUPING(f0..fn-1) sets the
 * bit of every column not grouped, so the clear bits name the set. Every match is in one
 * group of each set, so the first set's counts add up to the hit count; a facet paired with
 * another is counted by adding up its pairs. `decode` turns a stored value into the facet's
 * text (a slot's code into its value).
 */
export function facetResults(
  groups: Groups,
  attrs: string[],
  sets: number[][],
  decode: (k: number, value: string) => string | undefined,
  numeric: (attr: string) => boolean,
  max: number,
  order: FacetOrder = 'count',
): FacetResults {
  const n = attrs.length;
  const setOf = new Map(sets.map((set, s) => [set.reduce((bits, k) => bits & ~(1 << (n - 1 - k)), (1 << n) - 1), s]));
  const counted = attrs.map(() => new Map<string, number>());
  let nbHits = 0;
  groups.bits.forEach((g, i) => {
    const s = setOf.get(n === 1 ? 0 : g);
    if (s === undefined) return;
    const count = groups.counts[i]!;
    if (s === 0) nbHits += count;
    sets[s]!.forEach((k, member) => {
      const stored = member === 0 ? groups.values[i] : groups.partners[i];
      const value = stored === null || stored === undefined ? undefined : decode(k, String(stored));
      if (value !== undefined) counted[k]!.set(value, (counted[k]!.get(value) ?? 0) + count);
    });
  });
  const facets: Record<string, Record<string, number>> = {};
  const stats: Record<string, FacetStats> = {};
  attrs.forEach((attr, k) => {
    const list = [...counted[k]!];
    if (numeric(attr) && list.length) {
      let lo = Infinity;
      let hi = -Infinity;
      let sum = 0;
      let count = 0;
      for (const [value, c] of list) {
        const x = Number(value);
        if (x < lo) lo = x;
        if (x > hi) hi = x;
        sum += x * c;
        count += c;
      }
      stats[attr] = { min: lo, max: hi, avg: sum / count, sum };
    }
    facets[attr] = Object.fromEntries(order === 'alpha' ? firstValues(list, max) : topValues(list, max));
  });
  return { nbHits, facets, stats };
}
