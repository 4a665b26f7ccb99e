/**
 * The serverless API: one Fetch handler (`createApp(deps).fetch(request)`) that runs under
 * `npm start`, on serverless platforms and in tests with `new Request(...)`. Every answer outside
 * a handler's own success has the shape `{ error: { status, message, fields? } }`.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiDeps } from './core/deps.ts';
import { DATABASE_RETRY_AFTER_S, describeError } from './db/errors.ts';
import { apiErrorOf, errorBody, errorResponse } from './core/errors.ts';
import { validHost } from './core/http.ts';
import { leadHandlers } from './leads/route.ts';
import { mountHandlers, routeHandlers } from './routes/index.ts';
import { stockHandlers } from './stock/route.ts';
import { reservationHandlers } from './reservations/route.ts';
import { savedSearchHandlers } from './alerts/route.ts';
import type { RouteHandler, RouteHandlers } from './core/respond.ts';
import { API_BASE, type ApiRouteName } from '../contract/routes.ts';

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

  /**
   * 200 `{ ok: true, database: 'ok' }` when the database answers, 503 (the error shape, with
   * Retry-After) when it does not: a load balancer takes an instance out while its database is
   * away. Without deps (no database) `{ ok: true }`.
   */
  const health: RouteHandler = async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!deps) return c.json({ ok: true });
    try {
      await deps.db.query('SELECT 1');
    } catch (error) {
      console.error(`Health check: ${describeError(error)}`);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return c.json(
        errorBody(503, 'The database cannot be reached; this instance cannot take forms or searches right now.'),
        503,
      );
    }
    return c.json({ ok: true, database: 'ok' });
  };
  // Every route of src/contract/routes.ts, each at its path; without deps the health check only.
  const handlers: Partial<RouteHandlers<ApiRouteName>> = deps
    ? ({
        health,
        ...leadHandlers(deps),
        ...stockHandlers(deps),
        ...reservationHandlers(deps),
        ...savedSearchHandlers(deps),
        ...routeHandlers(deps),
      } satisfies RouteHandlers<ApiRouteName>)
    : { health };
  mountHandlers(app, handlers);

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

  app.onError((error, c) => {
    const known = apiErrorOf(error);
    if (known) {
      const status = known.status as ContentfulStatusCode;
      for (const [name, value] of Object.entries(known.headers ?? {})) c.header(name, value);
      return c.json(errorBody(status, known.message, known.fields), status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json(errorBody(status, error.message || 'The request could not be handled.'), status);
    }
    // The log names the failure, never the statement or the visitor's values.
    console.error(`${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    return c.json(errorBody(500, 'Something went wrong on our side. Please try again.'), 500);
  });

  return app;
}

export type ApiApp = ReturnType<typeof createApp>;
