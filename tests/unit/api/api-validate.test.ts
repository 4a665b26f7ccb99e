/**
 * The validation middleware (src/api/core/validate.ts) on the contract's schemas: a refused value
 * answers the API's 400 in the contract's own words, naming its field; a good one reaches the
 * handler parsed. And every route of src/contract/routes.ts is declared by a feature's sub-app at
 * its path and method.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { createApp } from '../../../src/api/app.ts';
import { ApiError } from '../../../src/api/core/errors.ts';
import { featureApp } from '../../../src/api/core/respond.ts';
import { validate, validationOf } from '../../../src/api/core/validate.ts';
import { dealAction, dealDeposit, dealStart, dealUpdate } from '../../../src/features/online-deal/contract/deal.ts';
import { API_METHODS, API_ROUTES, type ApiRouteName } from '../../../src/contract/routes.ts';
import type { ApiDeps } from '../../../src/api/core/deps.ts';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { modelParams, reviewsQuery } from '../../../src/contract/catalogue.ts';
import { financeApplication, financeLocationsRequest } from '../../../src/features/finance/contract/finance.ts';
import { leadSaveRequest } from '../../../src/features/leads/contract/leads.ts';
import { reservationRequest } from '../../../src/features/reservations/contract/reservations.ts';
import { savedSearchRequest } from '../../../src/features/saved-searches/contract/saved-searches.ts';
import { facetSearch, multiQuerySearches } from '../../../src/features/search/contract/search-params.ts';
import { stockCarQuery } from '../../../src/features/stock/contract/stock-car.ts';
import { stockCompareQuery, stockStatusQuery } from '../../../src/features/stock/contract/stock-status.ts';
import { valuationRequest } from '../../../src/features/valuation/contract/valuation.ts';
import { regoLookupRequest } from '../../../src/features/rego-lookup/contract/rego.ts';

const query = z.object({
  count: z.string().regex(/^\d+$/, { error: 'must be a whole number' }).transform(Number),
  name: z.string().min(1, { error: 'must name someone' }),
});

function app() {
  return featureApp()
    .get('/q', validate('query', query, undefined, ['count', 'name']), (c) => c.json(c.req.valid('query')))
    .get(
      '/own',
      validate('query', query, ({ fields }) => new ApiError(400, 'Not a good query.', fields), ['count', 'name']),
      (c) => c.json(c.req.valid('query')),
    )
    .post(
      '/body',
      async (c, next) => {
        c.req.bodyCache.json = Promise.resolve({ values: { email: 3 } });
        await next();
      },
      validate(
        'json',
        z.object({ values: z.object({ email: z.string({ error: '{field} must be an email address' }) }) }),
      ),
      (c) => c.json(c.req.valid('json')),
    );
}

const get = (path: string) => app().fetch(new Request(`http://x${path}`));

describe('validation middleware on the contract schemas', () => {
  it('hands the handler the parsed values', async () => {
    const res = await get('/q?count=12&name=Ann');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 12, name: 'Ann' });
  });

  it('answers a refused value with 400 naming the field in the schema’s words', async () => {
    const res = await get('/q?count=twelve&name=Ann');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { status: 400, message: 'count: must be a whole number', fields: { count: 'must be a whole number' } },
    });
  });

  it('reads a missing parameter as empty and a repeated one by its first value', async () => {
    const missing = await get('/q?count=1');
    expect(await missing.json()).toEqual({
      error: { status: 400, message: 'name: must name someone', fields: { name: 'must name someone' } },
    });
    const repeated = await get('/q?count=1&count=x&name=Ann');
    expect(await repeated.json()).toEqual({ count: 1, name: 'Ann' });
  });

  it('lets a route word its own 400', async () => {
    const res = await get('/own?count=x&name=Ann');
    expect(await res.json()).toEqual({
      error: { status: 400, message: 'Not a good query.', fields: { count: 'must be a whole number' } },
    });
  });

  it('names a body field by its path', async () => {
    const res = await app().fetch(
      new Request('http://x/body', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        status: 400,
        message: 'values.email must be an email address',
        fields: { 'values.email': 'values.email must be an email address' },
      },
    });
  });
});

describe('the routes of the contract', () => {
  it('are each declared by a sub-app at their path and method', () => {
    const deps = { db: {}, dealers: [], now: () => new Date() } as unknown as ApiDeps;
    const declared = createApp(deps).routes.filter((r) => r.method !== 'ALL');
    for (const name of Object.keys(API_ROUTES) as ApiRouteName[]) {
      expect(
        declared.some((r) => r.path === API_ROUTES[name] && r.method === API_METHODS[name]),
        name,
      ).toBe(true);
    }
    const known = new Set(
      Object.keys(API_ROUTES).map((n) => `${API_METHODS[n as ApiRouteName]} ${API_ROUTES[n as ApiRouteName]}`),
    );
    expect(declared.filter((r) => !known.has(`${r.method} ${r.path}`))).toEqual([]);
  });
});

/** Each route's request schema in the contract, by the target it reads. */
const SCHEMAS: Partial<Record<ApiRouteName, ['json' | 'query' | 'param', StandardSchemaV1]>> = {
  leads: ['json', leadSaveRequest],
  sendToProvider: ['json', financeApplication],
  financeLocations: ['json', financeLocationsRequest],
  model: ['param', modelParams],
  reviews: ['query', reviewsQuery],
  searchQueries: ['json', multiQuerySearches],
  searchFacetValues: ['json', facetSearch],
  valuation: ['json', valuationRequest],
  regoLookup: ['json', regoLookupRequest],
  reservations: ['json', reservationRequest],
  stockStatus: ['query', stockStatusQuery],
  stockCompare: ['query', stockCompareQuery],
  stockCar: ['query', stockCarQuery],
  savedSearches: ['json', savedSearchRequest],
  deals: ['json', dealStart],
  dealView: ['json', dealAction],
  dealSave: ['json', dealUpdate],
  dealCancel: ['json', dealAction],
  dealDeposit: ['json', dealDeposit],
};

/**
 * The routes whose body or query the contract gives no schema: signed bodies read as bytes (the
 * stock push, payment notifications), links' tokens, and routes that read nothing but the site.
 */
const UNSHAPED: ApiRouteName[] = [
  'health',
  'manufacturerLocations',
  'stock',
  'reservation',
  'reservationCancel',
  'paymentsWebhook',
  'savedSearchConfirmPage',
  'savedSearchConfirm',
  'savedSearchUnsubscribePage',
  'savedSearchUnsubscribe',
  // The OpenAPI document reads nothing but the site.
  'openapi',
  // JSON-RPC messages: the MCP SDK reads them and checks each tool call against the tool's schema.
  'mcp',
];

/** The handler a sub-app declared, under the wrapper app.route() puts around it. */
function declared(handler: unknown): unknown {
  let h = handler as { __COMPOSED_HANDLER?: unknown };
  while (h.__COMPOSED_HANDLER) h = h.__COMPOSED_HANDLER;
  return h;
}

describe('the routes with a request schema in the contract', () => {
  it('each run validate() on it before their handler', () => {
    // A new route is classed here, with its schema or as one without.
    expect([...Object.keys(SCHEMAS), ...UNSHAPED].sort()).toEqual(Object.keys(API_ROUTES).sort());
    const deps = { db: {}, dealers: [], now: () => new Date() } as unknown as ApiDeps;
    const routes = createApp(deps).routes;
    for (const [name, [target, schema]] of Object.entries(SCHEMAS) as [ApiRouteName, [string, StandardSchemaV1]][]) {
      const chain = routes
        .filter((r) => r.method === API_METHODS[name] && r.path === API_ROUTES[name])
        .map((r) => declared(r.handler));
      const at = chain.findIndex((h) => {
        const v = validationOf(h);
        return v?.target === target && v.schema === schema;
      });
      expect(at, `${name}: validate('${target}', …) on its contract schema`).toBeGreaterThanOrEqual(0);
      expect(at, `${name}: the validation comes before the handler`).toBeLessThan(chain.length - 1);
    }
  });
});
