/**
 * The handlers of the catalogue and integration routes of spec §7: finance hand-off and car
 * locations, manufacturer locations, models, reviews, the cars and offers search, and the
 * valuation widget's trade-in estimate. Each answers its own errors in the API's error shape.
 * `mountHandlers` puts handlers on an app at their paths of API_ROUTES (src/contract/routes.ts).
 */
import type { Hono } from 'hono';
import { API_BASE, API_METHODS, API_ROUTES, type ApiRouteName } from '../../contract/routes.ts';
import type { ApiDeps } from '../core/deps.ts';
import { catalogueHandlers } from './catalogue.ts';
import { financeHandlers } from './finance.ts';
import type { RouteHandler, RouteHandlers } from '../core/respond.ts';
import { reviewsHandlers } from './reviews.ts';
import { searchHandlers } from '../search/route.ts';
import { valuationHandlers } from './valuation.ts';
import { compareHandlers } from '../stock/compare.ts';
import { stockCarHandlers } from '../stock/car.ts';
import type { SavedSearchRouteName } from '../alerts/route.ts';

/**
 * Every route but the health check and the lead, stock, reservation and saved-search routes
 * (src/api/app.ts adds those).
 */
export type CatalogueRouteName = Exclude<
  ApiRouteName,
  | 'health'
  | 'leads'
  | 'stock'
  | 'stockStatus'
  | 'reservations'
  | 'reservation'
  | 'reservationCancel'
  | 'paymentsWebhook'
  | SavedSearchRouteName
>;

export function routeHandlers(deps: ApiDeps): RouteHandlers<CatalogueRouteName> {
  return {
    ...financeHandlers(deps),
    ...catalogueHandlers(deps),
    ...reviewsHandlers(deps),
    ...searchHandlers(deps),
    ...valuationHandlers(deps),
    ...compareHandlers(deps),
    ...stockCarHandlers(deps),
  };
}

/**
 * Mounts each handler at its route's path and method, in the order of API_ROUTES. `app` is
 * based at API_BASE ("/api"), so the paths are mounted without it.
 */
export function mountHandlers(app: Hono, handlers: Partial<Record<ApiRouteName, RouteHandler>>): void {
  for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
    const handler = handlers[name];
    if (handler) app.on(API_METHODS[name], API_ROUTES[name].slice(API_BASE.length), handler);
  }
}
