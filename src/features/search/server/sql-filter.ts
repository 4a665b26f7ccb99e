/**
 * Filter trees as SQL conditions on the matched rows, and the columns those conditions and the
 * facet counts read. Facet values are compared as Algolia compares them: without regard to case
 * ("make:toyota" finds Toyota). A slot attribute is tested on its integer code: the codes of the
 * site's values equal to the filter's, case aside, are looked up once per statement.
 */
import type { Filter } from '../rules/filters.ts';
import type { AttributeDef, IndexDef } from '../rules/indexes.ts';
import type { SearchRequest } from '../contract/search-params.ts';
import { codeOf } from './schema.ts';

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

/** The attributes a request's filters test, and how (a facet value, or a number). */
function filteredAttributes(req: SearchRequest): Map<string, Set<Filter['kind']>> {
  const attrs = new Map<string, Set<Filter['kind']>>();
  const walk = (f: Filter | undefined): void => {
    if (!f) return;
    if ('items' in f) f.items.forEach(walk);
    else if ('item' in f) walk(f.item);
    else attrs.set(f.attr, (attrs.get(f.attr) ?? new Set()).add(f.kind));
  };
  walk(req.filter);
  return attrs;
}

/** The column a facet is grouped on: its slot's code, its typed column, else the `facets` jsonb. */
export const groupColumn = (def: AttributeDef) => (def.slot ? codeOf(def.slot) : (def.column ?? 'facets'));

/** What a facet is grouped on, as SQL: groupColumn, the jsonb read as the attribute's text. */
export function groupedOn(attr: string, def: AttributeDef): string {
  const column = groupColumn(def);
  return column === 'facets' ? `(facets->>${key(attr)})` : column;
}

/**
 * The columns of search_records the requests read besides object_id: the order column and
 * position of the ones that ask for hits, what each facet is grouped on, and what each filter tests (a slot's
 * code for a facet value, its text for a number). The match CTE carries only these, as it may be
 * kept in memory and read several times.
 */
export function columnsRead(reqs: SearchRequest[]): string[] {
  const read = new Set<string>();
  for (const req of reqs) {
    if (req.hitsPerPage > 0 || req.length) read.add(req.index.order).add('position');
    for (const a of req.facets) {
      const def = req.index.attributes[a];
      if (def) read.add(groupColumn(def));
    }
    for (const [a, kinds] of filteredAttributes(req)) {
      const def = req.index.attributes[a];
      if (!def) continue;
      if (def.slot) {
        if (kinds.has('facet')) read.add(codeOf(def.slot));
        if (kinds.has('num') || kinds.has('range')) read.add(def.slot);
      } else read.add(def.column ?? 'facets');
    }
  }
  return [...read].sort();
}

const SQL_OPS = { '=': '=', '!=': 'IS DISTINCT FROM', '<': '<', '<=': '<=', '>': '>', '>=': '>=' } as const;

/** A facet value test; `param` adds a parameter and names it. */
function facetTest(f: Extract<Filter, { kind: 'facet' }>, index: IndexDef, param: (v: unknown) => string): string {
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
  if (def.slot) {
    // Slots hold String(value), so "5.0" finds 5 and "TRUE" finds true.
    const codes = `ARRAY(SELECT v.o::int FROM search_sources s, jsonb_array_elements_text(s.slot_values -> $2 -> '${def.slot}') WITH ORDINALITY AS v(x, o)
      WHERE s.site_slug = $1 AND lower(v.x) = lower(${param(String(value))}))`;
    return `coalesce(${codeOf(def.slot)} = ANY (${codes}), false)`;
  }
  if (def.type === 'string') return `coalesce(lower(facets->>${key(f.attr)}) = lower(${param(value)}), false)`;
  return `(facets @> ${param(JSON.stringify({ [f.attr]: value }))}::jsonb)`;
}

export function compileFilter(f: Filter, index: IndexDef, params: unknown[]): string {
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
    case 'facet':
      return facetTest(f, index, param);
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
