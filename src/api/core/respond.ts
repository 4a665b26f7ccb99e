/**
 * What every feature's sub-app shares: the app factory (its errors answered in the API's error
 * shape), a route's path from src/contract/routes.ts, the request's body and dealer.
 */
import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_BASE, API_ROUTES, type ApiRouteName } from '../../contract/routes.ts';
import { MAX_LEAD_BODY_BYTES } from '../../forms/contract.ts';
import type { DealerContent } from '../../content/load.ts';
import { describeError } from '../db/errors.ts';
import type { ApiDeps } from './deps.ts';
import { readJsonObject } from './body.ts';
import { ApiError, apiErrorOf, errorBody } from './errors.ts';
import { resolveSite } from './site.ts';

export type JsonObject = Record<string, unknown>;

/** What the core's middleware leaves on a request for its handler. */
export interface ApiEnv {
  Variables: {
    /** The dealer of the request (guard middleware). */
    dealer: DealerContent;
    /** The request's JSON body, read within its limit (guard middleware). */
    body: JsonObject;
  };
}

/** Largest JSON body of the form routes: the lead route's limit, so every form post meets one number. */
export const MAX_ROUTE_BODY_BYTES = MAX_LEAD_BODY_BYTES;

/** The path of `name` in API_ROUTES, under the API's base (where app.ts mounts the features). */
export function routePath(name: ApiRouteName): string {
  return API_ROUTES[name].slice(API_BASE.length);
}

/**
 * Every failure as the error shape: an ApiError (or the database away, 503) with its status,
 * fields and headers; anything else 500, logged by name only (never the statement or values).
 */
export const answerError: ErrorHandler = (error, c) => {
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
  console.error(`${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
  return c.json(errorBody(500, 'Something went wrong on our side. Please try again.'), 500);
};

/** A feature's sub-app: its routes answer in the error shape on whatever app mounts them. */
export function featureApp(): Hono<ApiEnv> {
  return new Hono<ApiEnv>({ strict: false }).onError(answerError);
}

export function readBody(c: Context): Promise<JsonObject> {
  return readJsonObject(c.req.raw, MAX_ROUTE_BODY_BYTES);
}

/** The dealer this request is for; 404 when no dealer matches its host or `site` slug. */
export function dealerFor(c: Context, deps: ApiDeps, bodySite?: unknown): DealerContent {
  const dealer = resolveSite(c.req.raw, deps.dealers, bodySite);
  if (!dealer) throw noSite();
  return dealer;
}

/** Middleware: the request's dealer in `c.var.dealer` (404 as dealerFor). */
export function site(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('dealer', dealerFor(c, deps));
    await next();
  };
}

/** The 404 of a request whose host and `site` name no dealer. */
export function noSite(): ApiError {
  return new ApiError(
    404,
    'No dealer site matches this request: call the API from the dealer\'s site, or name it with "site".',
  );
}
