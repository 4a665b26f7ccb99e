/**
 * POST /api/search/1/indexes/{any}/queries — Algolia's multi-query path under /api/search, so
 * the InstantSearch islands use this route or Algolia with the same code (see docs/api.md).
 *   body    { requests: [{ indexName, params? (URL-encoded string or object), …params }] }
 *   200     { results: [...] } one per request, in order; a `Server-Timing: search;dur=…` header
 *           gives the time spent in the handler
 * POST /api/search/1/indexes/{index}/facets/{facet}/query — Algolia's search for facet values
 * (algoliasearch v4's searchForFacetValues, v5's searchForFacetValues method).
 *   body    { params?, facetQuery?, maxFacetHits?, …params }
 *   200     { facetHits: [{ value, highlighted, count }], exhaustiveFacetsCount, processingTimeMS }
 * Both:
 *   400     a malformed body or parameter (the message names it; schema src/features/search/contract/search.ts),
 *           404 an unknown index (as Algolia); 403 an Origin other than the dealer's; 404 unknown site; 415 a body
 *           that is not JSON (sent as application/json, or as text/plain as Algolia's clients send it); 429 more than RATE_LIMIT_SEARCH_PER_IP calls a minute from one
 *           address; 503 the database is away (with Retry-After)
 * Every query is scoped to the site resolved from the Host (or `site`), like every route.
 */
import type { Context } from 'hono';
import { performance } from 'node:perf_hooks';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { facetSearchRequest, multiQueryRequest, MAX_SEARCH_REQUESTS } from '../contract/search.ts';
import { parseWith } from '../../../contract/parse.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { guard } from '../../../api/core/guard.ts';
import { featureApp, routePath, type ApiEnv } from '../../../api/core/respond.ts';
import { ParamError, parseSearchRequest, type SearchRequest } from '../contract/search-params.ts';
import { UnknownIndexError } from '../contract/search-param-values.ts';
import { runSearches } from './search.ts';

export const MAX_REQUESTS = MAX_SEARCH_REQUESTS;

/** A request's ParamError as the 400 naming the request (when in a list) and the parameter. */
function parsed(entry: unknown, where: string): SearchRequest {
  try {
    return parseSearchRequest(entry);
  } catch (e) {
    // Algolia answers a call naming an index that does not exist with 404, and so do we.
    if (e instanceof ParamError)
      throw new ApiError(e instanceof UnknownIndexError ? 404 : 400, `${where}${e.param}: ${e.message}`, {
        [e.param]: e.message,
      });
    throw e;
  }
}

function bodyError(problem: { message: string; fields: Record<string, string> }, fallback: string): ApiError {
  const [field, text] = Object.entries(problem.fields)[0] ?? ['', problem.message];
  return new ApiError(400, problem.message, { [field || fallback]: text });
}

export function parseMultiQuery(body: Record<string, unknown>): SearchRequest[] {
  const result = parseWith(multiQueryRequest, body);
  if (!result.ok) throw bodyError(result.problem, 'requests');
  return result.value.requests.map((entry, i) => parsed(entry, `requests[${i}].`));
}

/** A search for facet values: the body's parameters, for the index and facet of the path. */
export function parseFacetSearch(indexName: string, facet: string, body: Record<string, unknown>): SearchRequest {
  const result = parseWith(facetSearchRequest, body);
  if (!result.ok) throw bodyError(result.problem, 'params');
  const { site: _, ...entry } = result.value;
  return parsed({ ...entry, indexName, type: 'facet', facet }, '');
}

/** POST /api/search/1/indexes/{index}/queries and …/facets/{facet}/query. */
export function searchApp(deps: ApiDeps) {
  // The body is parsed in the handler: Algolia's clients post it as text/plain, which the
  // contract's JSON validator does not read (see validate.ts).
  const guarded = guard(
    deps,
    'search',
    (limits) => limits.searchPerIp,
    'Too many searches were sent from your network. Please wait a minute and try again.',
  );
  const search = async (c: Context<ApiEnv>, read: (body: Record<string, unknown>) => SearchRequest[]) => {
    const started = performance.now();
    const { body, dealer } = c.var;
    const results = await runSearches(deps.db, dealer.slug, read(body));
    c.header('Server-Timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
    c.header('Cache-Control', 'no-store');
    return results;
  };
  return featureApp()
    .post(routePath('searchQueries'), guarded, async (c) => c.json({ results: await search(c, parseMultiQuery) }))
    .post(routePath('searchFacetValues'), guarded, async (c) => {
      const [result] = await search(c, (body) => [
        parseFacetSearch(c.req.param('index') ?? '', c.req.param('facet') ?? '', body),
      ]);
      return c.json(result!);
    });
}
