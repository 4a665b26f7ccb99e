/**
 * One entry of a multi-query body as a typed request. The parameters may come as Algolia's
 * URL-encoded `params` string (algoliasearch v4, arrays as JSON), as a `params` object, or
 * flattened onto the entry (algoliasearch v5). Parameters the route does not use (analytics,
 * clickAnalytics, attributesToSnippet, …) are ignored; a parameter it uses with a wrong value
 * is a ParamError naming it (400).
 */
import { CONTROL_CHARACTERS, RESERVED_KEYS, parseWith } from '../../contract/parse.ts';
import { searchEntry } from '../../contract/search.ts';
import { FilterError, parseFacetFilters, parseFilters, parseNumericFilters, type Filter } from './filters.ts';
import { INDEXES, type IndexDef } from './schema.ts';

export class ParamError extends Error {
  constructor(readonly param: string, message: string) {
    super(message);
  }
}

export interface SearchRequest {
  indexName: string;
  index: IndexDef;
  /** 'facet': search for facet values (`facet`, `facetQuery`, `maxFacetHits`). */
  type: 'default' | 'facet';
  query: string;
  /** Facet attributes to count (declared ones only; "*" = all declared). */
  facets: string[];
  filter?: Filter;
  hitsPerPage: number;
  page: number;
  maxValuesPerFacet: number;
  highlightPreTag: string;
  highlightPostTag: string;
  facet?: string;
  facetQuery: string;
  maxFacetHits: number;
  /** The parameters as received, as Algolia echoes them in `params`. */
  params: string;
}

const PARAM_KEYS_OF_ENTRY = new Set(['indexName', 'params', 'type']);

/** Parameters whose text reaches the database (as a pattern or a compared value). */
const TEXT_PARAMS = ['query', 'facetQuery', 'facetFilters', 'numericFilters', 'filters', 'facets', 'facet'];

/** Whether `value` (text, or lists of text) holds a control character. */
function hasControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value);
  return Array.isArray(value) && depth < 4 && value.some((v) => hasControl(v, depth + 1));
}

/**
 * The entry's parameters as one object without a prototype (a parameter named "__proto__" or
 * "constructor" is ignored, as Algolia ignores names it does not know); values from a params
 * string stay strings. Control characters in a parameter that reaches the database are refused.
 */
function rawParams(entry: Record<string, unknown>): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  const put = (k: string, v: unknown) => {
    if (!RESERVED_KEYS.has(k) && v !== undefined) out[k] = v;
  };
  for (const [k, v] of Object.entries(entry)) if (!PARAM_KEYS_OF_ENTRY.has(k)) put(k, v);
  const p = entry.params;
  if (typeof p === 'string') {
    for (const [k, v] of new URLSearchParams(p)) put(k, v);
  } else if (p && typeof p === 'object' && !Array.isArray(p)) {
    for (const [k, v] of Object.entries(p)) put(k, v);
  }
  for (const name of TEXT_PARAMS) {
    if (hasControl(out[name])) throw new ParamError(name, `${name} holds a control character.`);
  }
  return out;
}

function integer(params: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const v = params[name];
  if (v === undefined || v === null || v === '') return fallback;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isInteger(n) || n < min) throw new ParamError(name, `${name} must be a whole number of at least ${min}.`);
  return Math.min(n, max);
}

function text(params: Record<string, unknown>, name: string, fallback: string): string {
  const v = params[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string') throw new ParamError(name, `${name} must be a string.`);
  return v;
}

/** A list parameter: a list of strings, a JSON list in a string, or a comma-separated string. */
function stringList(params: Record<string, unknown>, name: string): string[] {
  let v = params[name];
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'string') {
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        v = JSON.parse(t);
      } catch {
        throw new ParamError(name, `${name} is not a valid JSON list.`);
      }
    } else return t.split(',').map((s) => s.trim()).filter(Boolean);
  }
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new ParamError(name, `${name} must be a list of strings.`);
  return v as string[];
}

function serialize(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}

/** Filters name declared attributes only; numeric operators need a number or boolean attribute. */
function checkAttributes(param: string, f: Filter, index: IndexDef, indexName: string): void {
  if ('items' in f) return f.items.forEach((item) => checkAttributes(param, item, index, indexName));
  if ('item' in f) return checkAttributes(param, f.item, index, indexName);
  const def = index.attributes[f.attr];
  if (!def) {
    throw new ParamError(param, `${param}: "${f.attr}" is not a filterable attribute of ${indexName} (${Object.keys(index.attributes).join(', ')}).`);
  }
  if (f.kind !== 'facet' && def.type === 'string') throw new ParamError(param, `${param}: "${f.attr}" is not numeric.`);
}

export function parseSearchRequest(entry: unknown): SearchRequest {
  const parsed = parseWith(searchEntry, entry);
  if (!parsed.ok) {
    const [param = 'requests'] = Object.keys(parsed.problem.fields).filter(Boolean);
    throw new ParamError(param, parsed.problem.message);
  }
  const e = parsed.value as Record<string, unknown> & { indexName: string };
  const index = Object.hasOwn(INDEXES, e.indexName) ? INDEXES[e.indexName] : undefined;
  if (!index) throw new ParamError('indexName', `There is no index "${e.indexName.slice(0, 100)}"; the indexes are ${Object.keys(INDEXES).join(', ')}.`);
  const params = rawParams(e);
  const type = e.type ?? params.type ?? 'default';
  if (type !== 'default' && type !== 'facet') throw new ParamError('type', 'type must be "default" or "facet".');

  const declared = Object.keys(index.attributes);
  const facets = stringList(params, 'facets');
  const filters: Filter[] = [];
  try {
    const parsed: [string, Filter | undefined][] = [
      ['facetFilters', parseFacetFilters(params.facetFilters)],
      ['numericFilters', parseNumericFilters(params.numericFilters)],
      ['filters', parseFilters(params.filters)],
    ];
    for (const [name, f] of parsed) {
      if (!f) continue;
      checkAttributes(name, f, index, e.indexName);
      filters.push(f);
    }
  } catch (err) {
    if (err instanceof FilterError) throw new ParamError(err.param, err.message);
    throw err;
  }
  const request: SearchRequest = {
    indexName: e.indexName,
    index,
    type,
    query: text(params, 'query', ''),
    facets: facets.includes('*') ? declared : [...new Set(facets)].filter((f) => index.attributes[f]),
    filter: filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : { kind: 'and', items: filters },
    hitsPerPage: integer(params, 'hitsPerPage', 20, 0, index.maxHitsPerPage),
    page: integer(params, 'page', 0, 0, 1000),
    maxValuesPerFacet: integer(params, 'maxValuesPerFacet', 100, 1, 1000),
    highlightPreTag: text(params, 'highlightPreTag', '<em>'),
    highlightPostTag: text(params, 'highlightPostTag', '</em>'),
    facetQuery: text(params, 'facetQuery', ''),
    maxFacetHits: integer(params, 'maxFacetHits', 10, 1, 100),
    params: typeof e.params === 'string' ? e.params : serialize(params),
  };
  if (request.query.length > 512) throw new ParamError('query', 'query is longer than 512 characters.');
  if (type === 'facet') {
    const facet = params.facet ?? e.facet;
    if (typeof facet !== 'string' || !index.attributes[facet]) {
      throw new ParamError('facet', `facet must name one of the facet attributes of ${e.indexName}: ${declared.join(', ')}.`);
    }
    request.facet = facet;
  }
  return request;
}
