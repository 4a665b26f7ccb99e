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
import { MAX_SEARCH_REQUESTS } from '../contract/search.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { guard } from '../../../api/core/guard.ts';
import { featureApp, routePath, type ApiEnv } from '../../../api/core/respond.ts';
import { validate, type OnProblem } from '../../../api/core/validate.ts';
import { facetSearch, multiQuerySearches, paramProblemOf, type SearchRequest } from '../contract/search-params.ts';
import { runSearches } from './search.ts';

export const MAX_REQUESTS = MAX_SEARCH_REQUESTS;

/**
 * A refused search: a parameter's problem names the request (when in a list) and the parameter,
 * and an index that does not exist is a 404, as Algolia answers it; a problem of the body's
 * envelope names its first field (`fallback` when it has none).
 */
function searchProblem(fallback: string): OnProblem {
  return (problem, [issue]) => {
    const param = paramProblemOf(issue);
    if (param) return new ApiError(param.unknownIndex ? 404 : 400, issue!.message, { [param.param]: param.text });
    const [field, text] = Object.entries(problem.fields)[0] ?? ['', problem.message];
    return new ApiError(400, problem.message, { [field || fallback]: text });
  };
}

/** POST /api/search/1/indexes/{index}/queries and …/facets/{facet}/query. */
export function searchApp(deps: ApiDeps) {
  // Content-Type (JSON, or text/plain as Algolia's clients post it), body, site, Origin and the
  // per-address limit; validate() then reads the body the guard read.
  const guarded = guard(
    deps,
    'search',
    (limits) => limits.searchPerIp,
    'Too many searches were sent from your network. Please wait a minute and try again.',
  );
  const search = async (c: Context<ApiEnv>, searches: SearchRequest[]) => {
    const started = performance.now();
    const results = await runSearches(deps.db, c.var.dealer.slug, searches);
    c.header('Server-Timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
    c.header('Cache-Control', 'no-store');
    return results;
  };
  return featureApp()
    .post(
      routePath('searchQueries'),
      guarded,
      validate('json', multiQuerySearches, searchProblem('requests')),
      async (c) => c.json({ results: await search(c, c.req.valid('json')) }),
    )
    .post(
      routePath('searchFacetValues'),
      guarded,
      // The path names the index and facet, over any the body names.
      validate('json', facetSearch, searchProblem('params'), {
        read: (body, c) => ({
          ...(body as object),
          indexName: c.req.param('index') ?? '',
          type: 'facet',
          facet: c.req.param('facet') ?? '',
        }),
      }),
      async (c) => {
        const [result] = await search(c, [c.req.valid('json')]);
        return c.json(result!);
      },
    );
}
