/**
 * POST /api/search/1/indexes/{any}/queries — Algolia's multi-query path under /api/search, so
 * the InstantSearch islands use this route or Algolia with the same code (see docs/api.md).
 *   body    { requests: [{ indexName, params? (URL-encoded string or object), …params }] }
 *   200     { results: [...] } one per request, in order; a `Server-Timing: search;dur=…` header
 *           gives the time spent in the handler
 *   400     a malformed body or parameter (the message names it; schema src/contract/search.ts);
 *           403 an Origin other than the dealer's; 404 unknown site; 415 a body that is not JSON;
 *           429 more than RATE_LIMIT_SEARCH_PER_IP calls a minute from one address; 503 the
 *           database is away (with Retry-After)
 * Every query is scoped to the site resolved from the Host (or `site`), like every route.
 */
import type { Hono } from 'hono';
import { performance } from 'node:perf_hooks';
import type { ApiDeps } from '../deps.ts';
import { multiQueryRequest, MAX_SEARCH_REQUESTS } from '../../contract/search.ts';
import { parseWith } from '../../contract/parse.ts';
import { ApiError } from '../errors.ts';
import { guardedJson, limitsOf } from '../guard.ts';
import { handle } from '../routes/respond.ts';
import { ParamError, parseSearchRequest, type SearchRequest } from './params.ts';
import { runSearches } from './search.ts';

export const MAX_REQUESTS = MAX_SEARCH_REQUESTS;

export function parseMultiQuery(body: Record<string, unknown>): SearchRequest[] {
  const parsed = parseWith(multiQueryRequest, body);
  if (!parsed.ok) {
    const [field, text] = Object.entries(parsed.problem.fields)[0] ?? ['', parsed.problem.message];
    throw new ApiError(400, parsed.problem.message, { [field || 'requests']: text });
  }
  return parsed.value.requests.map((entry, i) => {
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
    const { body, dealer } = await guardedJson(c, deps, 'search', limitsOf(deps).searchPerIp,
      'Too many searches were sent from your network. Please wait a minute and try again.');
    const requests = parseMultiQuery(body);
    const results = await runSearches(deps.db, dealer.slug, requests);
    c.header('Server-Timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
    c.header('Cache-Control', 'no-store');
    return c.json({ results });
  }));
}
