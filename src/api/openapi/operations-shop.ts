/**
 * The document's words for the routes the site's forms, search and catalogue islands call. The
 * request schemas are the contract's own (src/contract/, src/features/<concept>/contract/); the
 * examples are requests to the Mini Motors test dealer (tests/fixtures/dealers/mini-motors).
 */
import { modelParams, reviewsQuery } from '../../contract/catalogue.ts';
import { financeApplication, financeLocationsRequest } from '../../features/finance/contract/finance.ts';
import { leadSaveRequest } from '../../features/leads/contract/leads.ts';
import { regoLookupRequest } from '../../features/rego-lookup/contract/rego.ts';
import { facetSearch, multiQuerySearches } from '../../features/search/contract/search-params.ts';
import { valuationRequest } from '../../features/valuation/contract/valuation.ts';
import type { ApiRouteName } from '../../contract/routes.ts';
import type { OperationDoc } from './operation.ts';

const JSON_ONLY = ['application/json'];
/** Algolia's clients send their JSON as text/plain, and the search routes take it so. */
const SEARCH_TYPES = ['application/json', 'text/plain'];
/** From the dealer's own pages, JSON only, rate limited per address. */
const GUARDED = [403, 413, 415, 429];

export const SHOP_OPERATIONS: Partial<Record<ApiRouteName, OperationDoc>> = {
  health: {
    tag: 'Operations',
    summary: 'Health check',
    description: 'Whether this instance and its database answer; load balancers take an instance out on 503.',
    success: { status: 200, description: '`{ ok: true, database: "ok" }`.' },
    errors: [503],
    examples: { up: { summary: 'The instance is up', status: 200 } },
  },
  openapi: {
    tag: 'Operations',
    summary: 'This document',
    description: 'The OpenAPI 3.1 document of the public API, generated from the contract’s schemas.',
    success: { status: 200, description: 'The OpenAPI document, its server being the site’s origin.' },
    errors: [],
    examples: { document: { summary: 'The document', status: 200 } },
  },
  leads: {
    tag: 'Leads',
    summary: 'Save a lead',
    description:
      'Saves one step of a form (a partial lead) or its last step (a completed lead, which is delivered to the ' +
      'dealer). The form is named by its page and block; the values are checked with the form’s own rules. ' +
      '`idempotencyKey` names the form session: saving again with it updates the same lead.',
    body: { schema: leadSaveRequest, contentTypes: JSON_ONLY },
    success: { status: 200, description: '`{ ok: true, lead_id }`: the lead saved.' },
    errors: [...GUARDED, 409, 503],
    examples: {
      enquiry: {
        summary: 'The contact page’s enquiry form, sent',
        status: 200,
        body: {
          idempotencyKey: 'example-enquiry-0001',
          isLastStep: true,
          form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
          values: {
            name: 'Sam Lee',
            phone: '0412 345 678',
            email: 'sam@example.com',
            location_id: '11',
            message: 'Is the Corolla still available?',
          },
        },
      },
    },
  },
  sendToProvider: {
    tag: 'Finance',
    summary: 'Send a finance application',
    description:
      'Hands a finance application to the provider the site names (`/api/send-to-{provider}`). The dealer’s ' +
      'ids are the server’s; values naming a dealer are never passed on. The provider’s verdicts ' +
      '(`dataErrors`, `error`) are answers with 200.',
    body: { schema: financeApplication, contentTypes: JSON_ONLY },
    success: {
      status: 200,
      description: 'The provider’s answer: its satellite site URL and customer key, or its verdict.',
    },
    errors: [...GUARDED, 502, 503],
    examples: {
      application: {
        summary: 'An application for a stock car',
        status: 200,
        path: { sendTo: 'send-to-taurus' },
        body: {
          first_name: 'Sam',
          last_name: 'Lee',
          email: 'sam@example.com',
          phone: '0412 345 678',
          date_of_birth: '1990-04-12',
          budget: 25000,
          car_id: '1',
        },
      },
    },
  },
  financeLocations: {
    tag: 'Finance',
    summary: 'The finance provider’s dealership of a car',
    description: 'The provider’s dealership id for a stock car’s location, else the site’s own, else null.',
    body: { schema: financeLocationsRequest, contentTypes: JSON_ONLY },
    success: { status: 200, description: '`{ dealershipId, location_name }`.' },
    errors: [...GUARDED, 502, 503],
    examples: { car: { summary: 'A car in stock', status: 200, body: { carId: '1' } } },
  },
  manufacturerLocations: {
    tag: 'Catalogue',
    summary: 'The dealer group’s websites and locations',
    description: 'Every website of the requesting dealer’s group, each with its locations and dealership.',
    success: { status: 200, description: '`{ ok: true, websites: [{ id, name, url, dealership, locations }] }`.' },
    errors: [],
    examples: { group: { summary: 'The group of the site', status: 200 } },
  },
  model: {
    tag: 'Catalogue',
    summary: 'One new-car model',
    description: 'A model of the dealer’s new-car range by its slug (or new slug), with its variants and prices.',
    path: modelParams,
    success: { status: 200, description: 'The model: slug, name, status, from price, brochure and variants.' },
    errors: [],
    examples: {
      corolla: { summary: 'A model of the range', status: 200, path: { modelSlug: 'corolla' } },
      unknown: { summary: 'A model the dealer does not sell', status: 404, path: { modelSlug: 'no-such-model' } },
    },
  },
  reviews: {
    tag: 'Catalogue',
    summary: 'A Google Business profile’s reviews',
    description: 'The reviews of one of the site’s Google Business profiles, newest first. Cached for a day.',
    query: reviewsQuery,
    success: { status: 200, description: '`{ reviews, count, average_rating }`.' },
    errors: [],
    examples: {
      profile: {
        summary: 'A profile of the dealer',
        status: 200,
        query: { websiteId: '901', gmbId: 'Mini Motors Sydney' },
      },
    },
  },
  searchQueries: {
    tag: 'Search',
    summary: 'Search cars and offers',
    description:
      'Algolia’s multi-query search over the dealer’s stock (`cars` and its sort replicas) and offers, ' +
      'answered as Algolia answers it, so Algolia’s own clients work against it. `*` reads each request’s `indexName`.',
    body: { schema: multiQuerySearches, contentTypes: SEARCH_TYPES },
    success: { status: 200, description: '`{ results: [{ hits, nbHits, page, nbPages, facets, … }] }`.' },
    errors: [403, 413, 415, 429],
    examples: {
      used: {
        summary: 'Used Toyotas',
        status: 200,
        path: { index: '*' },
        body: { requests: [{ indexName: 'cars', params: 'query=corolla&hitsPerPage=12' }] },
      },
    },
  },
  searchFacetValues: {
    tag: 'Search',
    summary: 'Search for facet values',
    description: 'Algolia’s search for the values of one facet (e.g. makes starting with “to”), with their counts.',
    body: { schema: facetSearch, contentTypes: SEARCH_TYPES },
    success: { status: 200, description: '`{ facetHits: [{ value, highlighted, count }] }`.' },
    errors: [403, 413, 415, 429],
    examples: {
      makes: {
        summary: 'Makes starting with “to”',
        status: 200,
        path: { index: 'cars', facet: 'make' },
        body: { params: 'facetQuery=to' },
      },
    },
  },
  valuation: {
    tag: 'Trade-in',
    summary: 'Estimate a trade-in',
    description:
      'A trade-in estimate from the site’s valuation provider, by rego (with its state) or VIN, or by make, ' +
      'model, year and kilometres. `{ status: "unknown" }` when the provider cannot value the vehicle.',
    body: { schema: valuationRequest, contentTypes: JSON_ONLY },
    success: {
      status: 200,
      description: '`{ status: "valued", tradeIn, vehicle, offer? }` or `{ status: "unknown", message }`.',
    },
    errors: [...GUARDED, 502, 503],
    examples: {
      corolla: {
        summary: 'A 2018 Corolla',
        status: 200,
        body: { make: 'Toyota', model: 'Corolla', year: 2018, km: 80000, condition: 'good' },
      },
    },
  },
  regoLookup: {
    tag: 'Trade-in',
    summary: 'Look up a rego',
    description:
      'A car’s make, model, variant and year by its registration plate (and state in Australia), for the ' +
      'trade-in forms. `{ status: "unavailable" }` when no lookup service is configured.',
    body: { schema: regoLookupRequest, contentTypes: JSON_ONLY },
    success: {
      status: 200,
      description: '`{ status: "found", vehicle }`, `{ status: "not_found" }` or `{ status: "unavailable" }`.',
    },
    errors: [...GUARDED],
    examples: { plate: { summary: 'A New South Wales plate', status: 200, body: { rego: 'ABC123', state: 'NSW' } } },
  },
};
