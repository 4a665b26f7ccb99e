/**
 * Every API path, in one table: the API mounts each route from it (src/api/app.ts) and the
 * browser code builds its URLs from it, so a path is written once. A path holds Hono's
 * parameter syntax where it has parameters (":modelSlug"); the functions below fill them in.
 */

/** Where the API is mounted on a site's origin. */
export const API_BASE = '/api';

export const API_ROUTES = {
  /** GET: the instance and its database answer (load balancers). */
  health: '/api/health',
  /** GET: the OpenAPI 3.1 document of the public API (src/api/openapi/). */
  openapi: '/api/openapi.json',
  /** POST: save a lead (partial or final). */
  leads: '/api/leads',
  /** POST: a finance application to the site's provider, `/api/send-to-{provider}`. */
  sendToProvider: '/api/:sendTo{send-to-[A-Za-z0-9_-]+}',
  /** POST: the provider's dealership id for a stock car's location. */
  financeLocations: '/api/finance-locations',
  /** GET: every dealer website of the group with its locations. */
  manufacturerLocations: '/api/manufacturer-locations',
  /** GET: one model's details. */
  model: '/api/models/:modelSlug',
  /** GET: a Google Business profile's reviews. */
  reviews: '/api/reviews',
  /** POST: Algolia's multi-query search of cars and offers. */
  searchQueries: '/api/search/1/indexes/:index/queries',
  /** POST: Algolia's search for facet values. */
  searchFacetValues: '/api/search/1/indexes/:index/facets/:facet/query',
  /** POST: a trade-in estimate for the valuation widget. */
  valuation: '/api/valuation',
  /** POST: a car's make, model, variant and year by its rego (the trade-in and valuation forms). */
  regoLookup: '/api/rego-lookup',
  /** POST: a dealer's stock system pushes its signed stock feed. */
  stock: '/api/stock',
  /** GET: whether cars are still for sale (a built car page shows "Sold" when not). */
  stockStatus: '/api/stock/status',
  /** POST: hold a stock car and open a checkout for its deposit. */
  reservations: '/api/reservations',
  /** GET: one reservation's state, for its shopper (with the key of their return link). */
  reservation: '/api/reservations/:id{res_[0-9a-f]{24}}',
  /** GET: the checkout's "Cancel" return: closes the checkout, releases the car, back to its page. */
  reservationCancel: '/api/reservations/:id{res_[0-9a-f]{24}}/cancel',
  /** POST: the payment provider's signed notifications (Stripe webhooks). */
  paymentsWebhook: '/api/payments/webhook',
  /** POST: start an online deal for a listed car (answers the deal and the shopper's token). */
  deals: '/api/deals',
  /** POST: the shopper's deal, by the token of their link. */
  dealView: '/api/deals/view',
  /** POST: save parts of a deal, or send it to the dealer (`submit`). */
  dealSave: '/api/deals/save',
  /** POST: cancel a deal. */
  dealCancel: '/api/deals/cancel',
  /** POST: open the reservation checkout of a sent deal's deposit. */
  dealDeposit: '/api/deals/deposit',
  /** GET: the compare page's facts of up to three cars, with their states. */
  stockCompare: '/api/stock/compare',
  /** GET: one listed car by its page slug, for the 404 page of a car whose page is not built yet. */
  stockCar: '/api/stock/car',
  /** POST: save a stock search with an email address; a confirmation email follows. */
  savedSearches: '/api/saved-searches',
  /** GET: the confirmation email's link (double opt-in) shows a page with one button; */
  savedSearchConfirmPage: '/api/saved-searches/confirm',
  /** POST: …which turns the alert on (a mail scanner that opens the link confirms nothing). */
  savedSearchConfirm: '/api/saved-searches/confirm',
  /** GET: an alert's unsubscribe link shows a page with one button; */
  savedSearchUnsubscribePage: '/api/saved-searches/unsubscribe',
  /** POST: …which deletes the search (also the mail program's one-click unsubscribe, RFC 8058). */
  savedSearchUnsubscribe: '/api/saved-searches/unsubscribe',
  /** POST: the site's MCP server (Streamable HTTP, stateless) for shoppers' assistants (docs/mcp.md). */
  mcp: '/api/mcp',
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;

/** The method each route answers (a GET route answers HEAD too). */
export const API_METHODS: Record<ApiRouteName, 'GET' | 'POST'> = {
  health: 'GET',
  openapi: 'GET',
  leads: 'POST',
  sendToProvider: 'POST',
  financeLocations: 'POST',
  manufacturerLocations: 'GET',
  model: 'GET',
  reviews: 'GET',
  searchQueries: 'POST',
  searchFacetValues: 'POST',
  valuation: 'POST',
  regoLookup: 'POST',
  stock: 'POST',
  stockStatus: 'GET',
  reservations: 'POST',
  reservation: 'GET',
  reservationCancel: 'GET',
  paymentsWebhook: 'POST',
  deals: 'POST',
  dealView: 'POST',
  dealSave: 'POST',
  dealCancel: 'POST',
  dealDeposit: 'POST',
  stockCompare: 'GET',
  stockCar: 'GET',
  savedSearches: 'POST',
  savedSearchConfirmPage: 'GET',
  savedSearchConfirm: 'POST',
  savedSearchUnsubscribePage: 'GET',
  savedSearchUnsubscribe: 'POST',
  mcp: 'POST',
};

/**
 * Largest stock feed POST /api/stock takes (thousands of cars with their photo lists); a
 * platform's own request limit may be lower (docs/api.md).
 */
export const MAX_STOCK_FEED_BYTES = 8 * 1024 * 1024;

/** Cars one GET /api/stock/status may ask about (a saved-cars list, a compare page, a page of results). */
export const MAX_STATUS_IDS = 50;

/** GET /api/stock/status of the cars `ids`. */
export const stockStatusPath = (ids: string[]) =>
  `${API_ROUTES.stockStatus}?${new URLSearchParams({ ids: ids.join(',') })}`;

/** GET /api/stock/compare of the cars `ids`. */
export const stockComparePath = (ids: string[]) =>
  `${API_ROUTES.stockCompare}?${new URLSearchParams({ ids: ids.join(',') })}`;

/** GET /api/stock/car of the car whose page is `/cars/{slug}`. */
export const stockCarPath = (slug: string) => `${API_ROUTES.stockCar}?${new URLSearchParams({ slug })}`;

/**
 * A car's state as GET /api/stock/status answers it: "held" while a shopper's reservation
 * checkout is open, "reserved" once their deposit is paid (until the hold ends).
 */
export type CarStockStatus = 'available' | 'sold' | 'hidden' | 'held' | 'reserved' | 'unknown';

/** GET /api/reservations/{id} with the key of the shopper's return link. */
export const reservationPath = (id: string, key: string) =>
  `${API_BASE}/reservations/${encodeURIComponent(id)}?${new URLSearchParams({ key })}`;

/** The largest payment notification read (Stripe's events are a few KB). */
export const MAX_PAYMENT_EVENT_BYTES = 256 * 1024;

/** `/api/send-to-{provider}`. */
export const sendToProviderPath = (provider: string) => `${API_BASE}/send-to-${provider}`;

/** `/api/models/{slug}`, the slug URL-encoded. */
export const modelPath = (slug: string) => `${API_BASE}/models/${encodeURIComponent(slug)}`;

/** A multi-query search of `index` ("*": the indexes each request names), under `apiBase`. */
export const searchQueriesPath = (apiBase: string = API_BASE, index = '*') =>
  `${apiBase.replace(/\/+$/, '')}/search/1/indexes/${index}/queries`;

/** GET /api/manufacturer-locations for the site `site`. */
export const manufacturerLocationsPath = (site: string) =>
  `${API_ROUTES.manufacturerLocations}?site=${encodeURIComponent(site)}`;

/** GET /api/reviews of one website's Google Business profile. */
export const reviewsPath = (query: { websiteId: string; gmbId: string }) =>
  `${API_ROUTES.reviews}?${new URLSearchParams({ websiteId: query.websiteId, gmbId: query.gmbId })}`;
