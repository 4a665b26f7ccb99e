/**
 * Search requests as SQL, one statement (one round trip) per group of requests with the same
 * query words and text settings: a CTE of the site's rows matching the words (full text by
 * prefix, with typos, sql-text.ts), one CTE per request with its filters (sql-filter.ts), and
 * from each the page of hits in the index's order and every group of its facets (GROUP BY
 * GROUPING SETS: one set per facet, or per pair of facets that are counted together);
 * search.ts turns the groups into the hit count, facet counts and stats. Plain PostgreSQL: the
 * same text runs on PGlite and on a server.
 */
import type { SearchRequest } from '../contract/search-params.ts';
import type { RetrievePlan } from './retrieve.ts';
import { FACET_PAIRS } from './schema.ts';
import { columnsRead, compileFilter, groupedOn } from './sql-filter.ts';
import { queryTerms, textMatch, typoLimit } from './sql-text.ts';
import type { TermMatch } from './typos.ts';

export { queryTerms } from './sql-text.ts';
export { facetText, numericExpr } from './sql-filter.ts';

/**
 * The grouping sets of a request's facets, as indexes into its facet list: FACET_PAIRS that
 * the request asks for both of share a set, every other facet has its own.
 */
export function groupingSets(facets: string[], pairs: [string, string][]): number[][] {
  const sets: number[][] = [];
  const taken = new Set<number>();
  facets.forEach((a, k) => {
    if (taken.has(k)) return;
    taken.add(k);
    const partner = pairs
      .flatMap(([x, y]) => (x === a ? [y] : y === a ? [x] : []))
      .map((p) => facets.indexOf(p))
      .find((j) => j > k && !taken.has(j));
    if (partner === undefined) sets.push([k]);
    else {
      taken.add(partner);
      sets.push([k, partner]);
    }
  });
  return sets;
}

/**
 * Where one request's answer sits in the batch row: hits{i} (when it asks for hits), and
 * agg{i} = [[GROUPING bits…], [value…], [partner value…], [count…]], one entry per group of
 * each grouping set, when it asks for facets, else nb{i} = the hit count. A slot's values are
 * codes, decoded with the row's `slots` (search_sources.slot_values of the record kind).
 */
export interface CompiledPart {
  /** Facet attributes in the order of their GROUPING bits. */
  facets: string[];
  /** The grouping sets, as indexes into `facets`: one facet, or a pair (value, partner value). */
  sets: number[][];
}

export interface CompiledBatch {
  sql: string;
  params: unknown[];
  parts: CompiledPart[];
}

/** Requests answered by one statement: same record kind, query words and text settings. */
export function batchKey(req: SearchRequest): string {
  return JSON.stringify([req.index.kind, queryTerms(req.query), req.text]);
}

/** The hits a request asks for: a page, or `length` from `offset`. */
export function hitWindow(req: SearchRequest): { limit: number; offset: number } {
  return req.offset === undefined
    ? { limit: req.hitsPerPage, offset: req.page * req.hitsPerPage }
    : { limit: req.length ?? req.hitsPerPage, offset: req.offset };
}

/** A record as the hit needs it: the plan's keys only, or all but the ones never returned. */
function recordExpr(plan: RetrievePlan, param: (v: unknown) => string): string {
  if (plan.keep)
    return `(SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(h.record) e WHERE e.key = ANY (${param(plan.keep)}::text[]))`;
  return plan.drop.length ? `(h.record - ${param(plan.drop)}::text[])` : 'h.record';
}

/**
 * One statement for requests that share a batchKey (InstantSearch's main request and its
 * disjunctive-facet requests): the full-text match runs once into CTE `b`, each request filters
 * `b` into its own CTE and reads its page of hits and its facet groups (or its count) from it.
 * `terms` are the query words with their typo words (typos.ts); `plans` what each hit carries.
 */
export function compileBatch(
  site: string,
  reqs: SearchRequest[],
  terms: TermMatch[],
  plans: RetrievePlan[],
): CompiledBatch {
  const first = reqs[0]!;
  const params: unknown[] = [site, first.index.kind];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const text = textMatch(terms, first.text, params);
  const ranked = !!text && reqs.some((r) => r.index.relevance && hitWindow(r).limit > 0);
  const limit = text ? typoLimit(first.text, 'a') : undefined;
  const typos = text?.typos && (ranked || limit) ? text.typos : limit ? '0' : undefined;
  const select = [
    'object_id',
    ...columnsRead(reqs),
    ...(ranked ? [`${text.rank} AS rank`] : []),
    ...(typos ? [`${typos} AS typos`] : []),
  ];
  const from = `SELECT ${select.join(', ')} FROM search_records WHERE ${['site_slug = $1', 'kind = $2', ...(text?.where ?? [])].join(' AND ')}`;
  // typoTolerance "min"/"strict" keep the rows with the fewest typos: a second CTE over the first.
  const ctes = limit ? [`a AS (${from})`, `b AS (SELECT * FROM a WHERE ${limit})`] : [`b AS (${from})`];
  const columns: string[] = [];
  const parts = reqs.map((req, i): CompiledPart => {
    const { index } = req;
    let m = 'b';
    if (req.filter) {
      m = `m${i}`;
      ctes.push(`${m} AS (SELECT * FROM b WHERE ${compileFilter(req.filter, index, params)})`);
    }
    const { limit: count, offset } = hitWindow(req);
    if (count > 0) {
      const relevance = ranked && index.relevance;
      // Sort keys tie (a price shared by many cars): the listing position, then the id, decide.
      const ties = [...new Set([index.order, 'position', 'object_id'])];
      const order = [...(relevance && typos ? ['typos'] : []), ...(relevance ? ['rank DESC'] : []), ...ties].join(', ');
      const page = `LIMIT ${param(count)} OFFSET ${param(offset)}`;
      const carried = [
        index.order,
        'position',
        ...(relevance ? ['rank'] : []),
        ...(relevance && typos ? ['typos'] : []),
      ];
      // A bounded sort for the page, then a key lookup per hit (at most 250) whatever the
      // planner knows of search_hits.
      columns.push(`(SELECT coalesce(json_agg((SELECT ${recordExpr(plans[i]!, param)} FROM search_hits h
          WHERE h.site_slug = $1 AND h.kind = $2 AND h.object_id = p.object_id) ORDER BY ${order}), '[]'::json)
        FROM (SELECT object_id, ${[...new Set(carried)].join(', ')} FROM ${m} ORDER BY ${order} ${page}) p) AS hits${i}`);
    }
    const facets = req.facets;
    if (!facets.length) {
      columns.push(`(SELECT count(*)::int FROM ${m}) AS nb${i}`);
      return { facets, sets: [] };
    }
    // One pass over the matches groups them by each facet, or pair of facets (GROUPING SETS;
    // a plain GROUP BY for one facet, which plans much faster), and every group comes back in
    // arrays: the GROUPING bits, the value as text, the partner's value, the count. search.ts
    // derives the rest: the hit count (any set's counts add up to it), each facet's values and
    // the stats of numeric facets. Typed columns are grouped as they are and turned into text
    // per group, not per row.
    const n = facets.length;
    const names = facets.map((_, k) => `g${k}`);
    const sets = n === 1 ? [[0]] : groupingSets(facets, FACET_PAIRS[index.kind]);
    const cols = facets.map((a, k) => `${groupedOn(a, index.attributes[a]!)} AS g${k}`);
    const grouping = n === 1 ? '0' : `GROUPING(${names.join(', ')})`;
    const groupBy =
      n === 1 ? 'g0' : `GROUPING SETS (${sets.map((set) => `(${set.map((k) => names[k]).join(', ')})`).join(', ')})`;
    const asText = (k: number) =>
      index.attributes[facets[k]!]!.slot || index.attributes[facets[k]!]!.column ? `g${k}::text` : `g${k}`;
    const values = (list: number[]) =>
      list.length
        ? `array_agg(${list.length === 1 ? asText(list[0]!) : `coalesce(${list.map(asText).join(', ')})`})`
        : 'NULL';
    columns.push(`(SELECT json_build_array(array_agg(g), ${values(sets.map((set) => set[0]!))}, ${values(sets.flatMap((set) => set.slice(1)))}, array_agg(n))
      FROM (SELECT ${grouping} AS g, ${names.join(', ')}, count(*)::int AS n FROM (SELECT ${cols.join(', ')} FROM ${m}) x GROUP BY ${groupBy}) c) AS agg${i}`);
    return { facets, sets };
  });
  if (reqs.some((r) => r.facets.some((a) => r.index.attributes[a]?.slot))) {
    columns.push(`(SELECT slot_values -> $2 FROM search_sources WHERE site_slug = $1) AS slots`);
  }
  return { sql: `WITH ${ctes.join(',\n')}\nSELECT ${columns.join(',\n')}`, params, parts };
}
