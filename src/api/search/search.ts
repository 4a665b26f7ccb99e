/**
 * Runs parsed search requests for one site and answers each in Algolia's result shape, so the
 * InstantSearch islands read our answers and Algolia's alike.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../deps.ts';
import type { SearchRequest } from './params.ts';
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

type Stats = [number | string | null, number | string | null, number | string | null, number | string | null];
type Row = Record<string, unknown>;

const num = (v: number | string | null): number => (v === null ? 0 : Number(v));

/** The request as planned: a facet search counts its one facet and returns no hits. */
function planOf(req: SearchRequest): SearchRequest {
  return req.type === 'facet' ? { ...req, facets: [req.facet!], hitsPerPage: 0 } : req;
}

/** One request's answer from its columns of the batch row. */
function shape(req: SearchRequest, row: Row, i: number, part: CompiledPart, processingTimeMS: number): Record<string, unknown> {
  const facets: Record<string, Record<string, number>> = {};
  for (const a of part.facets) facets[a] = {};
  const n = part.facets.length;
  for (const [g, value, count] of (row[`facets${i}`] as [number, string, number][] | null) ?? []) {
    // GROUPING(f0..fn-1) sets the bit of every column not grouped: the clear bit names the facet.
    let k = 0;
    while (k < n && (g >> (n - 1 - k)) & 1) k++;
    const attr = part.facets[k];
    if (attr) facets[attr]![String(value)] = count;
  }

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

  const facetsStats: Record<string, { min: number; max: number; avg: number; sum: number }> = {};
  const stats = row[`stats${i}`] as Stats[] | null | undefined;
  part.stats.forEach((attr, k) => {
    const cell = stats?.[k];
    if (cell && cell[0] !== null) facetsStats[attr] = { min: num(cell[0]), max: num(cell[1]), avg: num(cell[2]), sum: num(cell[3]) };
  });
  const terms = queryTerms(req.query);
  const nbHits = row[`nb${i}`] as number;
  return {
    hits: ((row[`hits${i}`] as Hit[] | null | undefined) ?? []).map((h) => withHighlight(h, terms, req)),
    nbHits,
    page: req.page,
    nbPages: req.hitsPerPage ? Math.ceil(nbHits / req.hitsPerPage) : 0,
    hitsPerPage: req.hitsPerPage,
    facets,
    facets_stats: facetsStats,
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
    const compiled = compileBatch(site, plans, members.map((i) => (requests[i]!.type === 'facet' ? 1000 : requests[i]!.maxValuesPerFacet)));
    const { rows } = await db.query<Row>(compiled.sql, compiled.params);
    const ms = Math.round(performance.now() - started);
    members.forEach((i, k) => {
      results[i] = shape(requests[i]!, rows[0]!, k, compiled.parts[k]!, ms);
    });
  }));
  return results;
}
