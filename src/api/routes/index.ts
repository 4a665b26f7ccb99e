/**
 * Mounts the catalogue and integration routes of spec §7 on the API app (paths relative to its
 * '/api' base): finance hand-off and car locations, manufacturer locations, models, reviews,
 * the cars and offers search, and the valuation widget's trade-in estimate.
 * Each route answers its own errors in the API's error shape.
 */
import type { Hono } from 'hono';
import type { ApiDeps } from '../deps.ts';
import { mountCatalogueRoutes } from './catalogue.ts';
import { mountFinanceRoutes } from './finance.ts';
import { mountReviewsRoute } from './reviews.ts';
import { mountSearchRoute } from '../search/route.ts';
import { mountValuationRoute } from './valuation.ts';

export function mountRoutes(app: Hono, deps: ApiDeps): void {
  mountFinanceRoutes(app, deps);
  mountCatalogueRoutes(app, deps);
  mountReviewsRoute(app, deps);
  mountSearchRoute(app, deps);
  mountValuationRoute(app, deps);
}
