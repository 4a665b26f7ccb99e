/**
 * The serverless API: one Fetch handler (`createApp(deps).fetch(request)`) that runs under
 * `npm start`, on serverless platforms and in tests with `new Request(...)`. Every answer outside
 * a handler's own success has the shape `{ error: { status, message, fields? } }`.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiDeps } from './deps.ts';
import { ApiError, errorBody } from './errors.ts';
import { mountLeadRoute } from './leads/route.ts';
import { mountRoutes } from './routes/index.ts';

export type { ApiDeps } from './deps.ts';

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
  const app = root.basePath('/api');

  app.get('/health', (c) => c.json({ ok: true }));
  if (deps) {
    mountLeadRoute(app, deps);
    mountRoutes(app, deps);
  }

  app.notFound((c) => {
    const path = c.req.path;
    // A path that exists under other methods gets 405 and the methods it does answer.
    const allowed = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && routePattern(r.path).test(path))
        .map((r) => r.method),
    );
    if (allowed.size) {
      if (allowed.has('GET')) allowed.add('HEAD');
      c.header('Allow', [...allowed].sort().join(', '));
      return c.json(errorBody(405, `${c.req.method} is not allowed on ${path}.`), 405);
    }
    return c.json(errorBody(404, `There is no API endpoint at ${path}.`), 404);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      const status = error.status as ContentfulStatusCode;
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(errorBody(status, error.message, error.fields), status);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json(errorBody(status, error.message || 'The request could not be handled.'), status);
    }
    console.error(error);
    return c.json(errorBody(500, 'Something went wrong on our side. Please try again.'), 500);
  });

  return app;
}

export type ApiApp = ReturnType<typeof createApp>;
