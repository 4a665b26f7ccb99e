/**
 * Search requests as SQL, one statement (one round trip) per group of requests with the same
 * query words: a CTE of the site's rows matching the words (full text by prefix), one CTE per
 * request with its filters, and from each the page of hits in the index's order and every
 * group of its facets (GROUP BY GROUPING SETS: one set per facet, or per pair of facets that
 * are counted together); search.ts turns the groups into the hit count, facet counts and
 * stats. Plain PostgreSQL: the same text runs on PGlite and on a server.
 */
import type { Filter } from './filters.ts';
import type { SearchRequest } from './params.ts';
import { codeOf, FACET_PAIRS, type AttributeDef, type IndexDef } from './schema.ts';

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

/** The attributes a request's filters test. */
function filteredAttributes(req: SearchRequest): Set<string> {
  const attrs = new Set<string>();
  const walk = (f: Filter | undefined): void => {
    if (!f) return;
    if ('items' in f) f.items.forEach(walk);
    else if ('item' in f) walk(f.item);
    else attrs.add(f.attr);
  };
  walk(req.filter);
  return attrs;
}

/** The column a facet is grouped on: its slot's code, its typed column, else the `facets` jsonb. */
const groupColumn = (def: AttributeDef) => (def.slot ? codeOf(def.slot) : def.column ?? 'facets');

/** What a facet is grouped on, as SQL: groupColumn, the jsonb read as the attribute's text. */
function groupedOn(attr: string, def: AttributeDef): string {
  const column = groupColumn(def);
  return column === 'facets' ? `(facets->>${key(attr)})` : column;
}

/**
 * The columns of search_records the requests read besides object_id: the order column of the
 * ones that ask for hits, what each facet is grouped on, and the column, slot or `facets`
 * jsonb each filter tests. The match CTE carries only these, as it may be kept in memory and
 * read several times.
 */
function columnsRead(reqs: SearchRequest[]): string[] {
  const read = new Set<string>();
  for (const req of reqs) {
    if (req.hitsPerPage > 0) read.add(req.index.order);
    for (const a of req.facets) {
      const def = req.index.attributes[a];
      if (def) read.add(groupColumn(def));
    }
    for (const a of filteredAttributes(req)) {
      const def = req.index.attributes[a];
      if (def) read.add(def.column ?? def.slot ?? 'facets');
    }
  }
  return [...read].sort();
}

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
    const partner = pairs.flatMap(([x, y]) => (x === a ? [y] : y === a ? [x] : [])).map((p) => facets.indexOf(p)).find((j) => j > k && !taken.has(j));
    if (partner === undefined) sets.push([k]);
    else {
      taken.add(partner);
      sets.push([k, partner]);
    }
  });
  return sets;
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
      if (!f.items.length) return f.kind === 'and' ? 'true' : 'false';
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

/** Requests answered by one statement: same record kind and same query words. */
export function batchKey(req: SearchRequest): string {
  return `${req.index.kind}\u0000${queryTerms(req.query).join(' ')}`;
}

/**
 * One statement for requests that share a batchKey (InstantSearch's main request and its
 * disjunctive-facet requests): the full-text match runs once into CTE `b`, each request filters
 * `b` into its own CTE and reads its page of hits and its facet groups (or its count) from it.
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
      return { facets, sets: [] };
    }
    // One pass over the matches groups them by each facet, or pair of facets (GROUPING SETS;
    // a plain GROUP BY for one facet, which plans much faster), and every group comes back in
    // arrays: the GROUPING bits, the value as text, the partner's value, the count. search.ts
    // derives the rest: the hit count (any set's counts add up to it), each facet's top
    // maxValuesPerFacet values and the stats of numeric facets. Typed columns are grouped as
    // they are and turned into text per group, not per row.
    const n = facets.length;
    const names = facets.map((_, k) => `g${k}`);
    const sets = n === 1 ? [[0]] : groupingSets(facets, FACET_PAIRS[index.kind]);
    const cols = facets.map((a, k) => `${groupedOn(a, index.attributes[a]!)} AS g${k}`);
    const grouping = n === 1 ? '0' : `GROUPING(${names.join(', ')})`;
    const groupBy = n === 1 ? 'g0' : `GROUPING SETS (${sets.map((set) => `(${set.map((k) => names[k]).join(', ')})`).join(', ')})`;
    const text = (k: number) => (index.attributes[facets[k]!]!.slot || index.attributes[facets[k]!]!.column ? `g${k}::text` : `g${k}`);
    const values = (list: number[]) => (list.length ? `array_agg(${list.length === 1 ? text(list[0]!) : `coalesce(${list.map(text).join(', ')})`})` : 'NULL');
    columns.push(`(SELECT json_build_array(array_agg(g), ${values(sets.map((set) => set[0]!))}, ${values(sets.flatMap((set) => set.slice(1)))}, array_agg(n))
      FROM (SELECT ${grouping} AS g, ${names.join(', ')}, count(*)::int AS n FROM (SELECT ${cols.join(', ')} FROM ${m}) x GROUP BY ${groupBy}) c) AS agg${i}`);
    return { facets, sets };
  });
  if (reqs.some((r) => r.facets.some((a) => r.index.attributes[a]?.slot))) {
    columns.push(`(SELECT slot_values -> $2 FROM search_sources WHERE site_slug = $1) AS slots`);
  }
  return { sql: `WITH ${ctes.join(',\n')}\nSELECT ${columns.join(',\n')}`, params, parts };
}
