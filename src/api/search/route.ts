/**
 * POST /api/search/1/indexes/{any}/queries — Algolia's multi-query path under /api/search, so
 * the InstantSearch islands use this route or Algolia with the same code (see docs/api.md).
 *   body    { requests: [{ indexName, params? (URL-encoded string or object), …params }] }
 *   200     { results: [...] } one per request, in order; a `Server-Timing: search;dur=…` header
 *           gives the time spent in the handler
 *   400     a malformed body or parameter (the message names it); 404 unknown site
 * Every query is scoped to the site resolved from the Host (or `site`), like every route.
 */
import type { Hono } from 'hono';
import { performance } from 'node:perf_hooks';
import type { ApiDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { dealerFor, handle, readBody } from '../routes/respond.ts';
import { ParamError, parseSearchRequest, type SearchRequest } from './params.ts';
import { runSearches } from './search.ts';

/** InstantSearch sends one request per refined disjunctive facet plus one; far below this. */
export const MAX_REQUESTS = 50;

export function parseMultiQuery(body: Record<string, unknown>): SearchRequest[] {
  const requests = body.requests;
  if (!Array.isArray(requests) || !requests.length) throw new ApiError(400, 'requests: send a non-empty list of search requests.', { requests: 'required' });
  if (requests.length > MAX_REQUESTS) throw new ApiError(400, `requests: at most ${MAX_REQUESTS} requests per call.`, { requests: 'too many' });
  return requests.map((entry, i) => {
    try {
      return parseSearchRequest(entry);
    } catch (e) {
      if (e instanceof ParamError) throw new ApiError(400, `requests[${i}].${e.param}: ${e.message}`, { [e.param]: e.message });
      throw e;
    }
  });
}

export function mountSearchRoute(app: Hono, deps: ApiDeps): void {
  app.post('/search/1/indexes/:index/queries', handle(async (c) => {
    const started = performance.now();
    const body = await readBody(c);
    const dealer = dealerFor(c, deps, body.site);
    const requests = parseMultiQuery(body);
    const results = await runSearches(deps.db, dealer.slug, requests);
    c.header('Server-Timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
    c.header('Cache-Control', 'no-store');
    return c.json({ results });
  }));
}
