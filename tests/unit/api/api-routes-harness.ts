/**
 * A dealer group of three sites and a dealer of another group, parsed with the real content
 * schemas, and an API app with the catalogue routes mounted, for the api-routes-* tests. The
 * database is never touched by these routes: any use of it fails the test.
 */
import { Hono } from 'hono';
import type { DealerContent } from '../../../src/content/load.ts';
import { siteSchema, type SiteInput } from '../../../src/content/site.ts';
import { entityFiles } from '../../../src/content/entities.ts';
import type { ApiDeps, Db } from '../../../src/api/core/deps.ts';
import type { FinanceProvider } from '../../../src/features/finance/server/finance-provider.ts';
import { catalogueApp } from '../../../src/api/catalogue/app.ts';
import { financeApp } from '../../../src/features/finance/server/app.ts';
import { reviewsApp } from '../../../src/api/reviews/app.ts';
import { searchApp } from '../../../src/features/search/server/app.ts';
import { stockApp } from '../../../src/features/stock/server/app.ts';
import { valuationApp } from '../../../src/features/valuation/server/app.ts';

type Entities = { [K in keyof typeof entityFiles]?: unknown };

function dealer(site: SiteInput, entities: Entities = {}): DealerContent {
  const parsed = Object.fromEntries(
    Object.entries(entityFiles).map(([key, { schema }]) => [
      key,
      schema.parse(entities[key as keyof Entities] ?? (key === 'reviews' ? {} : [])),
    ]),
  );
  return { slug: site.slug, site: siteSchema.parse(site), pages: [], ...parsed } as unknown as DealerContent;
}

const address = (text: string) => ({ lat: -33.87, long: 151.2, address: text });
const car = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Car ${id}`,
  slug: `car-${id}`,
  make: 'Toyota',
  model: 'Corolla',
  year: 2021,
  km: 1000,
  price: 25000,
  photos_count: 0,
  car_type: 'used',
  created_at_timestamp: 1700000000,
  ...extra,
});

/** A fresh group each call, so a test may change content without touching another's. */
export function groupDealers(): DealerContent[] {
  return [
    dealer(
      {
        id: 101,
        slug: 'harbour-toyota',
        name: 'Harbour Toyota',
        url: 'https://www.harbourtoyota.com.au',
        country: 'AU',
        dealershipId: 501,
        dealerCompanyId: 77,
        integrations: { financeProvider: 'taurus' },
      },
      {
        cars: [
          car(1, { location_name: 'Harbour Toyota Sydney' }),
          car(2),
          car(3, { location_name: 'Harbour Toyota Parramatta', status: 'sold' }),
        ],
        models: [
          {
            slug: 'corolla',
            new_slug: 'corolla-hatch',
            name: 'Corolla',
            manufacturer_name: 'Toyota',
            from_price: 28990,
            brochure_url: 'https://cdn.example.com/corolla.pdf',
            short_description: 'The hatch.',
            model_variants: [
              {
                id: 11,
                name: 'Ascent Sport',
                full_name: 'Corolla Ascent Sport',
                series: 'ZWE219',
                dap_min_price: 30000,
                dap_max_price: 32000,
                features: ['<b>Camera</b>'],
              },
              { id: 12, name: 'ZR' },
            ],
          },
          { slug: 'hilux', name: 'HiLux', status: 'coming_soon' },
        ],
        locations: [
          {
            id: 1,
            name: 'Harbour Toyota Service',
            location_type: 'service',
            address: address('2 Bay St'),
            website_id: 101,
            dealership: { id: 'D-SVC', slug: 'harbour-toyota-service' },
          },
          {
            id: 2,
            name: 'Harbour Toyota Sydney',
            location_type: 'sales',
            primary: true,
            address: address('1 Bay St'),
            manufacturers: ['Toyota'],
            dealership: { id: 501, slug: 'harbour-toyota-sydney' },
          },
          // The group's other site, as this site's file lists it.
          { id: 21, name: 'Harbour Kia (copy)', location_type: 'sales', address: address('9 Old St'), website_id: 102 },
          { id: 22, name: 'Harbour Kia Parts', location_type: 'parts', address: address('11 Kia St'), website_id: 102 },
          // Websites of the group that this deployment does not build: one with an address, one without.
          {
            id: 31,
            name: 'Harbour Lexus',
            location_type: 'sales',
            address: address('20 Bay St'),
            website_id: 120,
            website_name: 'Harbour Lexus',
            website_url: 'https://www.harbourlexus.com.au',
            manufacturers: ['Lexus'],
            dealership: { id: 777, slug: 'harbour-lexus' },
          },
          { id: 32, name: 'Harbour Trucks', location_type: 'sales', address: address('30 Bay St'), website_id: 121 },
        ],
        reviews: {
          'Harbour Toyota Sydney': {
            average_rating: 4.5,
            count: 120,
            reviews: [
              { text: 'Older review.', review_date: '2024-11-20', customer_name: 'Chloe Smith', rating: 5 },
              { text: 'Newest review.', review_date: '2025-03-03', customer_name: 'Alice Nguyen', rating: 4 },
            ],
          },
          'Harbour Toyota Service': {
            average_rating: 4,
            count: 30,
            reviews: [{ text: 'Quick service.', review_date: '2025-01-02', customer_name: 'Ben Carter', rating: 4 }],
          },
          'New Profile': { average_rating: 0, count: 0, reviews: [] },
        },
      },
    ),
    dealer(
      { id: 102, slug: 'harbour-kia', name: 'Harbour Kia', url: 'https://harbourkia.com.au', country: 'AU' },
      {
        cars: [car(7, { location_name: 'Harbour Kia' })],
        models: [{ slug: 'sportage', name: 'Sportage' }],
        locations: [
          {
            id: 21,
            name: 'Harbour Kia',
            location_type: 'Sales',
            address: address('9 Kia St'),
            manufacturers: ['Kia'],
            dealership: { id: 601, slug: 'harbour-kia' },
          },
        ],
      },
    ),
    dealer({
      id: 103,
      slug: 'lonely-motors',
      name: 'Lonely Motors',
      url: 'https://lonely.co.nz',
      country: 'NZ',
      dealershipId: 900,
    }),
    // Another group's dealer sharing the deployment: none of the group's answers may show it.
    dealer(
      {
        id: 104,
        slug: 'summit-mazda',
        name: 'Summit Mazda',
        url: 'https://www.summitmazda.com.au',
        country: 'AU',
        dealershipId: 950,
        dealerCompanyId: 88,
      },
      {
        cars: [car(40, { make: 'Mazda', model: 'CX-5', location_name: 'Summit Mazda' })],
        models: [{ slug: 'cx-5', name: 'CX-5' }],
        locations: [
          {
            id: 41,
            name: 'Summit Mazda',
            location_type: 'sales',
            primary: true,
            address: address('1 Summit Rd'),
            manufacturers: ['Mazda'],
            dealership: { id: 950, slug: 'summit-mazda' },
          },
          {
            id: 42,
            name: 'Summit Ford',
            location_type: 'sales',
            address: address('3 Summit Rd'),
            website_id: 130,
            website_name: 'Summit Ford',
            website_url: 'https://www.summitford.com.au',
            manufacturers: ['Ford'],
          },
        ],
      },
    ),
  ];
}

const unusedDb: Db = {
  query: () => Promise.reject(new Error('these routes must not use the database')),
  transaction: () => Promise.reject(new Error('these routes must not use the database')),
  close: () => Promise.resolve(),
};

/** A provider that fails the test when called: for routes and inputs that must not reach it. */
export const unreachableProvider: FinanceProvider = {
  apply: () => Promise.reject(new Error('the finance provider must not be called')),
  dealershipIdForLocation: () => Promise.reject(new Error('the finance provider must not be called')),
};

export interface TestApi {
  deps: ApiDeps;
  /** `host` defaults to the first dealer's local host name; `body` objects are sent as JSON. */
  call(method: string, path: string, options?: { host?: string; body?: unknown }): Promise<Response>;
  /** Moves the deps clock. */
  setNow(iso: string): void;
}

export function testApi(overrides: Partial<ApiDeps> = {}): TestApi {
  let now = new Date('2025-06-15T09:00:00Z');
  const deps: ApiDeps = {
    db: unusedDb,
    dealers: groupDealers(),
    now: () => now,
    financeProvider: unreachableProvider,
    ...overrides,
  };
  const app = new Hono({ strict: false }).basePath('/api');
  for (const feature of [financeApp, catalogueApp, reviewsApp, searchApp, valuationApp, stockApp])
    app.route('/', feature(deps));
  return {
    deps,
    setNow: (iso) => {
      now = new Date(iso);
    },
    call: async (method, path, options = {}) => {
      const headers: Record<string, string> = { Host: options.host ?? 'harbour-toyota.localhost:4321' };
      let body: string | undefined;
      if (options.body !== undefined) {
        body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
        headers['Content-Type'] = 'application/json';
      }
      const url = new URL(path, `http://${headers.Host}`);
      return app.fetch(new Request(url, { method, headers, body }));
    },
  };
}

/** The API's error shape of a response. */
export async function errorOf(
  response: Response,
): Promise<{ status: number; message: string; fields?: Record<string, string> }> {
  const body = (await response.json()) as {
    error: { status: number; message: string; fields?: Record<string, string> };
  };
  return body.error;
}
