/**
 * One entry of a multi-query body as a typed request. The parameters may come as Algolia's
 * URL-encoded `params` string (algoliasearch v4, arrays as JSON), as a `params` object, or
 * flattened onto the entry (algoliasearch v5). Parameters the route does not use (analytics,
 * attributesToSnippet, getRankingInfo, …) are ignored; a parameter it uses with a wrong value is
 * a ParamError naming it (400).
 */
import { z } from 'astro/zod';
import { parseWith } from '../../../contract/parse.ts';
import { facetSearchRequest, multiQueryRequest, searchEntry } from './search.ts';
import { FilterError, parseFacetFilters, parseFilters, parseNumericFilters, type Filter } from '../rules/filters.ts';
import {
  boolean,
  integer,
  oneOf,
  optionalInteger,
  optionalList,
  ParamError,
  UnknownIndexError,
  rawParams,
  serialize,
  stringList,
  text,
  type Params,
} from './search-param-values.ts';
import { INDEXES, type IndexDef } from '../rules/indexes.ts';
import { SETTINGS } from '../rules/settings.ts';

export { ParamError } from './search-param-values.ts';

/** sortFacetValuesBy: the most frequent values first, or in alphabetical order. */
export type FacetOrder = 'count' | 'alpha';

export type TypoTolerance = boolean | 'min' | 'strict';
export type QueryType = 'prefixAll' | 'prefixLast' | 'prefixNone';

/** How the query words match the records (Algolia's parameters of the same names). */
export interface TextSettings {
  typoTolerance: TypoTolerance;
  minWordSizefor1Typo: number;
  minWordSizefor2Typos: number;
  allowTyposOnNumericTokens: boolean;
  /** The index's own setting is prefixAll: every word may be the start of a word. */
  queryType: QueryType;
  /** restrictSearchableAttributes as the attributes' numbers (settings.ts searchable); all when undefined. */
  restrict?: number[];
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
  /** offset/length: when offset is given, the hits from there on instead of a page. */
  offset?: number;
  length?: number;
  maxValuesPerFacet: number;
  sortFacetValuesBy: FacetOrder;
  highlightPreTag: string;
  highlightPostTag: string;
  /** As the request names them; the index's settings.ts lists when undefined. */
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  /** Answer with a queryID for click and conversion events. */
  clickAnalytics: boolean;
  text: TextSettings;
  facet?: string;
  facetQuery: string;
  maxFacetHits: number;
  /** The parameters as received, as Algolia echoes them in `params`. */
  params: string;
}

const PARAM_KEYS_OF_ENTRY: ReadonlySet<string> = new Set(['indexName', 'params', 'type']);

/** Filters name declared attributes only; numeric operators need a number or boolean attribute. */
function checkAttributes(param: string, f: Filter, index: IndexDef, indexName: string): void {
  if ('items' in f) return f.items.forEach((item) => checkAttributes(param, item, index, indexName));
  if ('item' in f) return checkAttributes(param, f.item, index, indexName);
  const def = index.attributes[f.attr];
  if (!def) {
    throw new ParamError(
      param,
      `${param}: "${f.attr}" is not a filterable attribute of ${indexName} (${Object.keys(index.attributes).join(', ')}).`,
    );
  }
  if (f.kind !== 'facet' && def.type === 'string') throw new ParamError(param, `${param}: "${f.attr}" is not numeric.`);
}

/** Whether a tagFilters value names a tag: a non-empty string in it, or in its JSON list. */
function namesTags(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') {
    const t = value.trim();
    if (!t.startsWith('[') || depth) return t !== '';
    try {
      return namesTags(JSON.parse(t), depth + 1);
    } catch {
      return true;
    }
  }
  return Array.isArray(value) && depth < 4 && value.some((v) => namesTags(v, depth + 1));
}

/** The three filter parameters as one tree (their AND). */
function filterOf(params: Params, index: IndexDef, indexName: string): Filter | undefined {
  const filters: Filter[] = [];
  try {
    const parsed: [string, Filter | undefined][] = [
      ['facetFilters', parseFacetFilters(params.facetFilters)],
      ['numericFilters', parseNumericFilters(params.numericFilters)],
      ['filters', parseFilters(params.filters)],
    ];
    for (const [name, f] of parsed) {
      if (!f) continue;
      checkAttributes(name, f, index, indexName);
      filters.push(f);
    }
  } catch (err) {
    if (err instanceof FilterError) throw new ParamError(err.param, err.message);
    throw err;
  }
  // The records carry no tags (_tags): a tag filter could only ever be false.
  if (namesTags(params.tagFilters)) {
    throw new ParamError(
      'tagFilters',
      'tagFilters: the records have no tags (_tags); filter on a facet attribute instead.',
    );
  }
  return filters.length === 0 ? undefined : filters.length === 1 ? filters[0] : { kind: 'and', items: filters };
}

function textSettings(params: Params, index: IndexDef, indexName: string): TextSettings {
  const { searchable, allowTyposOnNumericTokens } = SETTINGS[index.kind];
  const restricted = optionalList(params, 'restrictSearchableAttributes');
  const unknown = restricted?.find((a) => !searchable.includes(a));
  if (unknown !== undefined) {
    throw new ParamError(
      'restrictSearchableAttributes',
      `restrictSearchableAttributes: "${unknown.slice(0, 100)}" is not a searchable attribute of ${indexName} (${searchable.join(', ')}).`,
    );
  }
  const minWordSizefor1Typo = integer(params, 'minWordSizefor1Typo', 4, 1, 100);
  return {
    typoTolerance: oneOf<TypoTolerance>(params, 'typoTolerance', [true, false, 'min', 'strict'], true),
    minWordSizefor1Typo,
    minWordSizefor2Typos: Math.max(minWordSizefor1Typo, integer(params, 'minWordSizefor2Typos', 8, 1, 100)),
    allowTyposOnNumericTokens: boolean(params, 'allowTyposOnNumericTokens', allowTyposOnNumericTokens),
    queryType: oneOf<QueryType>(params, 'queryType', ['prefixAll', 'prefixLast', 'prefixNone'], 'prefixAll'),
    restrict: restricted?.length
      ? [...new Set(restricted.map((a) => searchable.indexOf(a)))].sort((a, b) => a - b)
      : undefined,
  };
}

export function parseSearchRequest(entry: unknown): SearchRequest {
  const parsed = parseWith(searchEntry, entry);
  if (!parsed.ok) {
    const [param = 'requests'] = Object.keys(parsed.problem.fields).filter(Boolean);
    throw new ParamError(param, parsed.problem.message);
  }
  const e = parsed.value as Record<string, unknown> & { indexName: string };
  const index = Object.hasOwn(INDEXES, e.indexName) ? INDEXES[e.indexName] : undefined;
  if (!index)
    throw new UnknownIndexError(
      'indexName',
      `There is no index "${e.indexName.slice(0, 100)}"; the indexes are ${Object.keys(INDEXES).join(', ')}.`,
    );
  const params = rawParams(e, PARAM_KEYS_OF_ENTRY);
  const type = e.type ?? params.type ?? 'default';
  if (type !== 'default' && type !== 'facet') throw new ParamError('type', 'type must be "default" or "facet".');

  const declared = Object.keys(index.attributes);
  const facets = stringList(params, 'facets');
  const hitsPerPage = integer(params, 'hitsPerPage', 20, 0, index.maxHitsPerPage);
  // Algolia: without offset, length is ignored; with it, length defaults to hitsPerPage.
  const offset = optionalInteger(params, 'offset', 0, 1_000_000);
  const request: SearchRequest = {
    indexName: e.indexName,
    index,
    type,
    query: text(params, 'query', ''),
    facets: facets.includes('*') ? declared : [...new Set(facets)].filter((f) => index.attributes[f]),
    filter: filterOf(params, index, e.indexName),
    hitsPerPage,
    page: integer(params, 'page', 0, 0, 1000),
    offset,
    length: offset === undefined ? undefined : integer(params, 'length', hitsPerPage, 0, index.maxHitsPerPage),
    maxValuesPerFacet: integer(params, 'maxValuesPerFacet', 100, 1, 1000),
    sortFacetValuesBy: oneOf<FacetOrder>(params, 'sortFacetValuesBy', ['count', 'alpha'], 'count'),
    highlightPreTag: text(params, 'highlightPreTag', '<em>'),
    highlightPostTag: text(params, 'highlightPostTag', '</em>'),
    attributesToRetrieve: optionalList(params, 'attributesToRetrieve'),
    attributesToHighlight: optionalList(params, 'attributesToHighlight'),
    clickAnalytics: boolean(params, 'clickAnalytics', false),
    text: textSettings(params, index, e.indexName),
    facetQuery: text(params, 'facetQuery', ''),
    maxFacetHits: integer(params, 'maxFacetHits', 10, 1, 100),
    params: typeof e.params === 'string' ? e.params : serialize(params),
  };
  if (request.query.length > 512) throw new ParamError('query', 'query is longer than 512 characters.');
  if (type === 'facet') {
    // The entry's own `facet` (or the path's, for a search for facet values) wins over params'.
    const facet = e.facet ?? params.facet;
    if (typeof facet !== 'string' || !index.attributes[facet]) {
      throw new ParamError(
        'facet',
        `facet must name one of the facet attributes of ${e.indexName}: ${declared.join(', ')}.`,
      );
    }
    request.facet = facet;
  }
  return request;
}

/**
 * What a refused search parameter's issue carries (its `params`): the parameter, its problem in
 * words, and whether it names an index that does not exist (404, as Algolia answers).
 */
export interface ParamProblem {
  param: string;
  text: string;
  unknownIndex: boolean;
}

/** The ParamProblem of an issue of multiQuerySearches or facetSearch; undefined for an envelope's. */
export function paramProblemOf(issue: object | undefined): ParamProblem | undefined {
  const params = (issue as { params?: { paramProblem?: ParamProblem } } | undefined)?.params;
  return params?.paramProblem;
}

/**
 * `entry` as its search; a ParamError is the issue of its parameter, its message naming it after
 * `where` (the request's place in a list), and nothing is returned.
 */
function searchOf(entry: unknown, where: string, ctx: z.RefinementCtx): SearchRequest | undefined {
  try {
    return parseSearchRequest(entry);
  } catch (e) {
    if (!(e instanceof ParamError)) throw e;
    const paramProblem: ParamProblem = {
      param: e.param,
      text: e.message,
      unknownIndex: e instanceof UnknownIndexError,
    };
    ctx.addIssue({ code: 'custom', message: `${where}${e.param}: ${e.message}`, params: { paramProblem } });
    return undefined;
  }
}

/** A multi-query body (search.ts multiQueryRequest) as its searches, each entry read as above; the first refused one is the problem. */
export const multiQuerySearches = multiQueryRequest.transform((body, ctx) => {
  const searches: SearchRequest[] = [];
  for (const [i, entry] of body.requests.entries()) {
    const search = searchOf(entry, `requests[${i}].`, ctx);
    if (!search) return z.NEVER;
    searches.push(search);
  }
  return searches;
});

/**
 * A search for facet values (search.ts facetSearchRequest) as its search: the body's parameters,
 * with the index, `type: 'facet'` and facet that the route adds from its path over the body's.
 */
export const facetSearch = facetSearchRequest.transform((body, ctx) => {
  const { site: _, ...entry } = body;
  return searchOf(entry, '', ctx) ?? z.NEVER;
});
