/**
 * Runs parsed search requests for one site and answers each in Algolia's result shape, so the
 * InstantSearch islands read our answers and Algolia's alike.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../deps.ts';
import type { SearchRequest } from './params.ts';
import type { SlotValues } from './schema.ts';
import { batchKey, compileBatch, queryTerms, type CompiledPart } from './sql.ts';

type Hit = Record<string, unknown>;

/** Attributes given a `_highlightResult` (the ones a card shows as a title). */
const HIGHLIGHTED = ['name', 'make', 'model', 'badge'];

interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
}

/** Wraps the start of each word that a query term begins. No HTML escaping: InstantSearch escapes. */
export function highlightText(value: string, terms: string[], pre: string, post: string): HighlightValue {
  const matched = new Set<string>();
  const out = value.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const lower = word.toLowerCase();
    let best = '';
    for (const t of terms) {
      if (lower.startsWith(t) && t.length > best.length) best = t;
    }
    for (const t of terms) if (lower.startsWith(t)) matched.add(t);
    // Lowercasing keeps the length for the letters a car name uses; cut on the original word.
    return best ? `${pre}${word.slice(0, best.length)}${post}${word.slice(best.length)}` : word;
  });
  const matchLevel = !matched.size ? 'none' : matched.size === terms.length ? 'full' : 'partial';
  return { value: out, matchLevel, matchedWords: [...matched] };
}

function withHighlight(hit: Hit, terms: string[], req: SearchRequest): Hit {
  const result: Record<string, HighlightValue> = {};
  for (const attr of HIGHLIGHTED) {
    const v = hit[attr];
    if (typeof v === 'string') result[attr] = highlightText(v, terms, req.highlightPreTag, req.highlightPostTag);
  }
  return { ...hit, _highlightResult: result };
}

type Row = Record<string, unknown>;

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

export interface FacetStats { min: number; max: number; avg: number; sum: number }

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
  groups: Groups, attrs: string[], sets: number[][], decode: (k: number, value: string) => string | undefined,
  numeric: (attr: string) => boolean, max: number,
): FacetResults {
  const n = attrs.length;
  const setOf = new Map(sets.map((set, s) => [set.reduce((bits, k) => bits & ~(1 << (n - 1 - k)), (1 << n) - 1), s]));
  const counted: Map<string, number>[] = attrs.map(() => new Map());
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
    facets[attr] = Object.fromEntries(topValues(list, max));
  });
  return { nbHits, facets, stats };
}

/** The request as planned: a facet search counts its one facet and returns no hits. */
function planOf(req: SearchRequest): SearchRequest {
  return req.type === 'facet' ? { ...req, facets: [req.facet!], hitsPerPage: 0 } : req;
}

/** One request's answer from its columns of the batch row. */
function shape(req: SearchRequest, row: Row, i: number, part: CompiledPart, processingTimeMS: number): Record<string, unknown> {
  type Column<T> = T[] | null | undefined;
  const [bits, values, partners, counts] = (row[`agg${i}`] as [Column<number>, Column<string | null>, Column<string | null>, Column<number>] | undefined) ?? [];
  const numeric = (attr: string) => req.index.attributes[attr]?.type === 'number';
  const slotValues = (row.slots ?? {}) as SlotValues;
  const decode = (k: number, stored: string) => {
    const slot = req.index.attributes[part.facets[k]!]?.slot;
    return slot ? slotValues[slot]?.[Number(stored) - 1] : stored;
  };
  // A facet search looks through all of its facet's values, not the most frequent ones only.
  const results = facetResults({ bits: bits ?? [], values: values ?? [], partners: partners ?? [], counts: counts ?? [] },
    part.facets, part.sets, decode, numeric, req.type === 'facet' ? Infinity : req.maxValuesPerFacet);
  const { facets } = results;
  const nbHits = part.facets.length ? results.nbHits : (row[`nb${i}`] as number);
  if (req.type === 'facet') {
    const q = req.facetQuery.trim().toLowerCase();
    const terms = queryTerms(q);
    const values = Object.entries(facets[req.facet!] ?? {})
      .filter(([v]) => !q || v.toLowerCase().startsWith(q) || v.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(q)))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, req.maxFacetHits);
    return {
      facetHits: values.map(([value, count]) => ({
        value, count, highlighted: terms.length ? highlightText(value, terms, req.highlightPreTag, req.highlightPostTag).value : value,
      })),
      exhaustiveFacetsCount: true,
      exhaustive: { facetsCount: true },
      processingTimeMS,
    };
  }

  const terms = queryTerms(req.query);
  return {
    hits: ((row[`hits${i}`] as Hit[] | null | undefined) ?? []).map((h) => withHighlight(h, terms, req)),
    nbHits,
    page: req.page,
    nbPages: req.hitsPerPage ? Math.ceil(nbHits / req.hitsPerPage) : 0,
    hitsPerPage: req.hitsPerPage,
    facets,
    facets_stats: results.stats,
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { facetsCount: true, nbHits: true },
    processingTimeMS,
    query: req.query,
    params: req.params,
    index: req.indexName,
    renderingContent: {},
  };
}

/**
 * Answers a multi-query for one site, in request order. Requests with the same record kind and
 * query words (InstantSearch's main and disjunctive-facet requests) share one statement; the
 * groups run concurrently (a PostgreSQL pool runs them in parallel; PGlite in turn).
 */
export async function runSearches(db: Db, site: string, requests: SearchRequest[]): Promise<Record<string, unknown>[]> {
  const groups = new Map<string, number[]>();
  requests.forEach((r, i) => {
    const key = batchKey(r);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const results: Record<string, unknown>[] = new Array(requests.length);
  await Promise.all([...groups.values()].map(async (members) => {
    const started = performance.now();
    const plans = members.map((i) => planOf(requests[i]!));
    const compiled = compileBatch(site, plans);
    const { rows } = await db.query<Row>(compiled.sql, compiled.params);
    const ms = Math.round(performance.now() - started);
    members.forEach((i, k) => {
      results[i] = shape(requests[i]!, rows[0]!, k, compiled.parts[k]!, ms);
    });
  }));
  return results;
}
