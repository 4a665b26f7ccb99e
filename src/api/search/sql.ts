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

/** The attributes a request reads: its facets and the attributes its filters test. */
function attributesOf(req: SearchRequest): Set<string> {
  const attrs = new Set(req.facets);
  const walk = (f: Filter | undefined): void => {
    if (!f) return;
    if ('items' in f) f.items.forEach(walk);
    else if ('item' in f) walk(f.item);
    else attrs.add(f.attr);
  };
  walk(req.filter);
  return attrs;
}

/**
 * The columns of search_records the requests read besides object_id: the order column of the
 * ones that ask for hits, and the column, slot or `facets` jsonb of each attribute they read.
 * The match CTE carries only these, as it may be kept in memory and read several times.
 */
function columnsRead(reqs: SearchRequest[]): string[] {
  const read = new Set<string>();
  for (const req of reqs) {
    if (req.hitsPerPage > 0) read.add(req.index.order);
    for (const a of attributesOf(req)) {
      const def = req.index.attributes[a];
      if (def) read.add(def.column ?? def.slot ?? 'facets');
    }
  }
  return [...read].sort();
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

/**
 * Where one request's answer sits in the batch row: hits{i} (when it asks for hits), and
 * agg{i} = [[GROUPING bits…], [value…], [count…]], one entry per group of every facet, when
 * it asks for facets, else nb{i} = the hit count.
 */
export interface CompiledPart {
  /** Facet attributes in the order of their GROUPING bits. */
  facets: string[];
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
export function compileBatch(site: string, reqs: SearchRequest[]): CompiledBatch {
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
  const ctes = [`b AS (SELECT ${['object_id', ...columnsRead(reqs)].join(', ')}${rank}
    FROM search_records WHERE ${where.join(' AND ')})`];
  const columns: string[] = [];
  const parts = reqs.map((req, i): CompiledPart => {
    const { index } = req;
    let m = 'b';
    if (req.filter) {
      m = `m${i}`;
      ctes.push(`${m} AS (SELECT * FROM b WHERE ${compileFilter(req.filter, index, params)})`);
    }
    if (req.hitsPerPage > 0) {
      const order = ranked && index.relevance ? `rank DESC, ${index.order}` : index.order;
      params.push(req.hitsPerPage, req.page * req.hitsPerPage);
      const limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
      // A bounded sort for the page, then a key lookup per hit (at most 250) whatever the
      // planner knows of search_hits.
      columns.push(`(SELECT coalesce(json_agg((SELECT h.record FROM search_hits h
          WHERE h.site_slug = $1 AND h.kind = $2 AND h.object_id = p.object_id) ORDER BY ${order}), '[]'::json)
        FROM (SELECT object_id, ${index.order}${ranked ? ', rank' : ''} FROM ${m} ORDER BY ${order} ${limit}) p) AS hits${i}`);
    }
    const facets = req.facets;
    if (!facets.length) {
      columns.push(`(SELECT count(*)::int FROM ${m}) AS nb${i}`);
      return { facets };
    }
    // One pass over the matches groups them by each facet (GROUPING SETS; a plain GROUP BY for
    // one facet, which plans much faster), and every group comes back as three arrays: the
    // GROUPING bits, the value as text and the count. search.ts derives the rest from them:
    // the hit count (the first facet's counts, its NULL group included), the top
    // maxValuesPerFacet values of each facet and the stats of numeric facets. Typed columns
    // are grouped as they are and turned into text per group, not per row.
    const n = facets.length;
    const names = facets.map((_, k) => `g${k}`);
    const cols = facets.map((a, k) => `${index.attributes[a]!.column ?? facetText(a, index.attributes[a]!)} AS g${k}`);
    const grouping = n === 1 ? '0' : `GROUPING(${names.join(', ')})`;
    const groupBy = n === 1 ? 'g0' : `GROUPING SETS (${names.map((name) => `(${name})`).join(', ')})`;
    const text = (a: string, k: number) => (index.attributes[a]!.column ? `g${k}::text` : `g${k}`);
    columns.push(`(SELECT json_build_array(array_agg(g), array_agg(coalesce(${facets.map(text).join(', ')})), array_agg(n))
      FROM (SELECT ${grouping} AS g, ${names.join(', ')}, count(*)::int AS n FROM (SELECT ${cols.join(', ')} FROM ${m}) x GROUP BY ${groupBy}) c) AS agg${i}`);
    return { facets };
  });
  return { sql: `WITH ${ctes.join(',\n')}\nSELECT ${columns.join(',\n')}`, params, parts };
}
