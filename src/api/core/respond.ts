/** Request reading and site scoping shared by the catalogue and integration routes. */
import type { Context } from 'hono';
import type { ApiRouteName } from '../../contract/routes.ts';
import { MAX_LEAD_BODY_BYTES } from '../../forms/contract.ts';
import type { DealerContent } from '../../content/load.ts';
import type { ApiDeps } from './deps.ts';
import { readJsonObject } from './body.ts';
import { ApiError, apiErrorOf, errorResponse } from './errors.ts';
import { resolveSite } from './site.ts';

export type JsonObject = Record<string, unknown>;

/** One route's handler, mounted by src/api/app.ts at its path of API_ROUTES. */
export type RouteHandler = (c: Context) => Promise<Response> | Response;

/** The handlers of some routes of API_ROUTES, by route name. */
export type RouteHandlers<K extends ApiRouteName> = Record<K, RouteHandler>;

/** Largest JSON body of these routes: the lead route's limit, so every form post meets one number. */
export const MAX_ROUTE_BODY_BYTES = MAX_LEAD_BODY_BYTES;

/**
 * A handler whose ApiErrors become the API's error shape right here, so these routes answer the
 * same on any Hono app they are mounted on.
 */
export function handle(handler: RouteHandler): RouteHandler {
  return async (c: Context): Promise<Response> => {
    try {
      return await handler(c);
    } catch (e) {
      const known = apiErrorOf(e);
      if (known) return errorResponse(known.status, known.message, known.fields, known.headers);
      throw e;
    }
  };
}

export function readBody(c: Context): Promise<JsonObject> {
  return readJsonObject(c.req.raw, MAX_ROUTE_BODY_BYTES);
}

/** The dealer this request is for; 404 when no dealer matches its host or `site` slug. */
export function dealerFor(c: Context, deps: ApiDeps, bodySite?: unknown): DealerContent {
  const dealer = resolveSite(c.req.raw, deps.dealers, bodySite);
  if (!dealer) {
    throw new ApiError(
      404,
      'No dealer site matches this request: call the API from the dealer\'s site, or name it with "site".',
    );
  }
  return dealer;
}
