/**
 * Search requests as SQL, one statement (one round trip) per group of requests with the same
 * query words: a CTE of the site's rows matching the words (full text by prefix), one CTE per
 * request with its filters, and from each the hit count, the page of hits in the index's order,
 * the facet counts (GROUP BY GROUPING SETS, one set per requested facet, the top
 * maxValuesPerFacet of each) and the stats of numeric facets. Plain PostgreSQL: the same text
 * runs on PGlite and on a server.
 */
import type { Filter } from './filters.ts';
import type { SearchRequest } from './params.ts';
import { SLOTS, type AttributeDef, type IndexDef } from './schema.ts';

/** Words of a query, lowercased: letters and digits only, so nothing reaches tsquery syntax. */
export function queryTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}

/** Every term must match the start of a word: "cor toy" → 'cor':* & 'toy':*. */
export function tsQuery(terms: string[]): string {
  return terms.map((t) => `'${t}':*`).join(' & ');
}

/** A quoted JSON key for `facets->>`, never interpolated from unchecked input. */
const key = (attr: string) => `'${attr.replace(/'/g, "''")}'`;

/** The attribute's facet text: "Toyota", "5", "true". */
export function facetText(attr: string, def: AttributeDef): string {
  if (def.column) return `(${def.column}::text)`;
  return def.slot ?? `(facets->>${key(attr)})`;
}

/** The attribute as a number: its typed column, else its facet text (booleans as 0/1). */
export function numericExpr(attr: string, def: AttributeDef): string {
  if (def.column) return def.column;
  const text = facetText(attr, def);
  return def.type === 'boolean' ? `(${text}::boolean)::int` : `(${text}::float8)`;
}

/** Whether a request reads the `facets` jsonb (an attribute without slot or column). */
function usesJsonb(req: SearchRequest): boolean {
  const attrs = new Set(req.facets);
  const walk = (f: Filter | undefined): void => {
    if (!f) return;
    if ('items' in f) f.items.forEach(walk);
    else if ('item' in f) walk(f.item);
    else attrs.add(f.attr);
  };
  walk(req.filter);
  return [...attrs].some((a) => {
    const def = req.index.attributes[a];
    return def && !def.slot && !def.column;
  });
}

const SQL_OPS = { '=': '=', '!=': 'IS DISTINCT FROM', '<': '<', '<=': '<=', '>': '>', '>=': '>=' } as const;

function compileFilter(f: Filter, index: IndexDef, params: unknown[]): string {
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  switch (f.kind) {
    case 'and':
    case 'or':
      return `(${f.items.map((i) => compileFilter(i, index, params)).join(f.kind === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      return `NOT ${compileFilter(f.item, index, params)}`;
    case 'facet': {
      const def = index.attributes[f.attr]!;
      let value: string | number | boolean = f.value;
      if (def.type === 'number') {
        value = Number(f.value);
        if (!f.value.trim() || !Number.isFinite(value)) return 'false';
      } else if (def.type === 'boolean') {
        const v = f.value.trim().toLowerCase();
        if (v !== 'true' && v !== 'false') return 'false';
        value = v === 'true';
      }
      if (def.column) return `coalesce(${def.column} = ${param(value)}::float8, false)`;
      // Slots hold String(value), so "5.0" finds 5 and "TRUE" finds true.
      if (def.slot) return `coalesce(${def.slot} = ${param(String(value))}, false)`;
      return `(facets @> ${param(JSON.stringify({ [f.attr]: value }))}::jsonb)`;
    }
    case 'num': {
      const expr = numericExpr(f.attr, index.attributes[f.attr]!);
      const test = `${expr} ${SQL_OPS[f.op]} ${param(f.value)}::float8`;
      return f.op === '!=' ? `(${test})` : `coalesce(${test}, false)`;
    }
    case 'range': {
      const expr = numericExpr(f.attr, index.attributes[f.attr]!);
      return `coalesce(${expr} BETWEEN ${param(f.lo)}::float8 AND ${param(f.hi)}::float8, false)`;
    }
  }
}

/** Where one request's answer sits in the batch row: columns nb{i}, hits{i}, facets{i}, stats{i}. */
export interface CompiledPart {
  /** Facet attributes in the order of their GROUPING bits. */
  facets: string[];
  /** Numeric facets whose stats are computed. */
  stats: string[];
}

export interface CompiledBatch {
  sql: string;
  params: unknown[];
  parts: CompiledPart[];
}

/** Requests answered by one statement: same record kind and same query words. */
export function batchKey(req: SearchRequest): string {
  return `${req.index.kind}\u0000${queryTerms(req.query).join(' ')}`;
}

/**
 * One statement for requests that share a batchKey (InstantSearch's main request and its
 * disjunctive-facet requests): the full-text match runs once into CTE `b`, each request filters
 * `b` into its own CTE and reads its count, page of hits, facet counts and stats from it.
 */
export function compileBatch(site: string, reqs: SearchRequest[], maxValuesPerFacet: number[]): CompiledBatch {
  const first = reqs[0]!;
  const params: unknown[] = [site, first.index.kind];
  const where = ['site_slug = $1', 'kind = $2'];
  const terms = queryTerms(first.query);
  const ranked = terms.length > 0 && reqs.some((r) => r.index.relevance && r.hitsPerPage > 0);
  let rank = '';
  if (terms.length) {
    params.push(tsQuery(terms));
    const q = `to_tsquery('simple', $${params.length})`;
    where.push(`search @@ ${q}`);
    if (ranked) rank = `, ts_rank(search, ${q}) AS rank`;
  }
  const jsonb = reqs.some(usesJsonb) ? ', facets' : '';
  const ctes = [`b AS MATERIALIZED (SELECT object_id, position, price, year, km, created_at, ${SLOTS.join(', ')}${jsonb}${rank}
    FROM search_records WHERE ${where.join(' AND ')})`];
  const columns: string[] = [];
  const parts = reqs.map((req, i): CompiledPart => {
    const { index } = req;
    let m = 'b';
    if (req.filter) {
      m = `m${i}`;
      ctes.push(`${m} AS MATERIALIZED (SELECT * FROM b WHERE ${compileFilter(req.filter, index, params)})`);
    }
    columns.push(`(SELECT count(*)::int FROM ${m}) AS nb${i}`);
    if (req.hitsPerPage > 0) {
      const order = ranked && index.relevance ? `rank DESC, ${index.orderBy}` : index.orderBy;
      params.push(req.hitsPerPage, req.page * req.hitsPerPage);
      const limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
      // A bounded sort for the page, then a key lookup per hit (at most 250) whatever the
      // planner knows of search_hits.
      columns.push(`(SELECT coalesce(json_agg((SELECT h.record FROM search_hits h
          WHERE h.site_slug = $1 AND h.kind = $2 AND h.object_id = p.object_id) ORDER BY ${order}), '[]'::json)
        FROM (SELECT object_id, position, price, year, km, created_at${ranked ? ', rank' : ''} FROM ${m} ORDER BY ${order} ${limit}) p) AS hits${i}`);
    }
    const facets = req.facets;
    if (facets.length === 1) {
      // One facet (InstantSearch's disjunctive requests): a plain GROUP BY plans much faster.
      params.push(maxValuesPerFacet[i]);
      columns.push(`(SELECT coalesce(json_agg(json_build_array(0, v, n)), '[]'::json) FROM (
          SELECT v, count(*)::int AS n FROM (SELECT ${facetText(facets[0]!, index.attributes[facets[0]!]!)} AS v FROM ${m}) x
          WHERE v IS NOT NULL GROUP BY v ORDER BY n DESC, v COLLATE "C" LIMIT $${params.length}
        ) s) AS facets${i}`);
    } else if (facets.length) {
      const cols = facets.map((a, k) => `${facetText(a, index.attributes[a]!)} AS g${k}`).join(', ');
      const names = facets.map((_, k) => `g${k}`);
      params.push(maxValuesPerFacet[i]);
      columns.push(`(SELECT coalesce(json_agg(json_build_array(g, v, n)), '[]'::json) FROM (
          SELECT g, v, n, row_number() OVER (PARTITION BY g ORDER BY n DESC, v COLLATE "C") AS k FROM (
            SELECT GROUPING(${names.join(', ')}) AS g, coalesce(${names.join(', ')}) AS v, count(*)::int AS n
            FROM (SELECT ${cols} FROM ${m}) x GROUP BY GROUPING SETS (${names.map((n) => `(${n})`).join(', ')})
          ) s WHERE v IS NOT NULL
        ) t WHERE k <= $${params.length}) AS facets${i}`);
    }
    const stats = facets.filter((a) => index.attributes[a]!.type === 'number');
    if (stats.length) {
      const cells = stats.map((a) => {
        const e = numericExpr(a, index.attributes[a]!);
        return `json_build_array(min(${e}), max(${e}), avg(${e}), sum(${e}))`;
      });
      columns.push(`(SELECT json_build_array(${cells.join(', ')}) FROM ${m}) AS stats${i}`);
    }
    return { facets, stats };
  });
  return { sql: `WITH ${ctes.join(',\n')}\nSELECT ${columns.join(',\n')}`, params, parts };
}
