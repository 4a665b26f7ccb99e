/**
 * The serverless API: one Fetch handler (`createApp(deps).fetch(request)`) that runs under
 * `npm start`, on serverless platforms and in tests with `new Request(...)`. Every answer outside
 * a handler's own success has the shape `{ error: { status, message, fields? } }`.
 */
import { Hono } from 'hono';
import type { ApiDeps } from './core/deps.ts';
import { errorBody, errorResponse } from './core/errors.ts';
import { validHost } from './core/http.ts';
import { answerError } from './core/respond.ts';
import { catalogueApp } from './catalogue/app.ts';
import { financeApp } from '../features/finance/server/app.ts';
import { healthApp } from './health/app.ts';
import { leadsApp } from '../features/leads/server/app.ts';
import { onlineDealApp } from '../features/online-deal/server/app.ts';
import { reservationsApp } from '../features/reservations/server/app.ts';
import { reviewsApp } from './reviews/app.ts';
import { savedSearchesApp } from '../features/saved-searches/server/app.ts';
import { searchApp } from '../features/search/server/app.ts';
import { stockApp } from '../features/stock/server/app.ts';
import { valuationApp } from '../features/valuation/server/app.ts';
import { regoLookupApp } from '../features/rego-lookup/server/app.ts';
import { openApiApp } from './openapi/app.ts';
import { mcpApp } from './mcp/app.ts';
import { API_BASE } from '../contract/routes.ts';

export type { ApiDeps } from './core/deps.ts';

/** "/api/leads/:id" → a RegExp matching "/api/leads/42"; ":name{regex}" keeps its own pattern. */
function routePattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      const param = /^:\w+(?:\{(.+)\})?$/.exec(segment);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * The API app. Without deps only /api/health answers (the static server's own tests); every
 * real entry point (npm start, server.ts, the serverless handler) passes them.
 */
export function createApp(deps?: ApiDeps) {
  // strict: false — "/api/health/" is "/api/health", as on the static sites.
  const root = new Hono({ strict: false });
  const app = root.basePath(API_BASE);

  // Every answer: no content sniffing, and a Host a server can make a URL of.
  app.use('*', async (c, next) => {
    const host = c.req.header('host');
    if (host !== undefined && !validHost(host.trim()))
      return errorResponse(400, 'The Host header is not a valid host name.');
    await deps?.beforeRequest?.();
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    return undefined;
  });

  // Each feature's sub-app declares its routes at their paths of src/contract/routes.ts.
  app.route('/', healthApp(deps));
  if (deps) {
    app.route('/', leadsApp(deps));
    app.route('/', financeApp(deps));
    app.route('/', catalogueApp(deps));
    app.route('/', reviewsApp(deps));
    app.route('/', searchApp(deps));
    app.route('/', valuationApp(deps));
    app.route('/', regoLookupApp(deps));
    app.route('/', stockApp(deps));
    app.route('/', reservationsApp(deps));
    app.route('/', onlineDealApp(deps));
    app.route('/', savedSearchesApp(deps));
    app.route('/', openApiApp(deps));
    app.route('/', mcpApp(deps));
  }

  app.notFound((c) => {
    const path = c.req.path;
    // A path that exists under other methods gets 405 and the methods it does answer.
    const allowed = new Set(
      app.routes.filter((r) => r.method !== 'ALL' && routePattern(r.path).test(path)).map((r) => r.method),
    );
    if (allowed.size) {
      if (allowed.has('GET')) allowed.add('HEAD');
      c.header('Allow', [...allowed].sort().join(', '));
      return c.json(errorBody(405, `${c.req.method} is not allowed on ${path}.`), 405);
    }
    return c.json(errorBody(404, `There is no API endpoint at ${path}.`), 404);
  });

  app.onError(answerError);

  return app;
}

export type ApiApp = ReturnType<typeof createApp>;
