/**
 * POST /api/search/1/indexes/{any}/queries: Algolia's multi-query body, and
 * POST /api/search/1/indexes/{index}/facets/{facet}/query: Algolia's search for facet values.
 * The envelopes are fixed here; each entry's search parameters (a URL-encoded `params` string, a
 * `params` object, or parameters flattened onto the entry, as Algolia's clients send them) are
 * read by src/features/search/contract/search-params.ts, which refuses a wrong value of any parameter it uses.
 */
import { z } from 'astro/zod';
import { siteSlug } from '../../../contract/parse.ts';

/** InstantSearch sends one request per refined disjunctive facet plus one; far below this. */
export const MAX_SEARCH_REQUESTS = 50;
/** Longest `params` string of one entry. */
export const MAX_PARAMS_TEXT = 16_000;

export const searchEntry = z
  .object(
    {
      indexName: z.string({ error: 'indexName is required.' }).max(200, { error: 'indexName is too long.' }),
      params: z
        .union([z.string().max(MAX_PARAMS_TEXT), z.record(z.string(), z.unknown()), z.null()], {
          error: 'params must be a URL-encoded string or an object.',
        })
        .optional(),
      type: z.enum(['default', 'facet'], { error: 'type must be "default" or "facet".' }).optional(),
    },
    { error: 'Each of requests must be an object.' },
  )
  .catchall(z.unknown());

export type SearchEntry = z.input<typeof searchEntry>;

export const multiQueryRequest = z.object({
  site: siteSlug.optional(),
  requests: z
    .array(z.unknown(), { error: 'requests: send a non-empty list of search requests.' })
    .min(1, { error: 'requests: send a non-empty list of search requests.' })
    .max(MAX_SEARCH_REQUESTS, { error: `requests: at most ${MAX_SEARCH_REQUESTS} requests per call.` }),
});

export type MultiQueryRequest = z.input<typeof multiQueryRequest>;

/** The body of a search for facet values: `params` (as a multi-query entry's) and any flattened parameters. */
export const facetSearchRequest = z
  .object({
    site: siteSlug.optional(),
    params: z
      .union([z.string().max(MAX_PARAMS_TEXT), z.record(z.string(), z.unknown()), z.null()], {
        error: 'params must be a URL-encoded string or an object.',
      })
      .optional(),
  })
  .catchall(z.unknown());

export type FacetSearchRequest = z.input<typeof facetSearchRequest>;

/** The fields of an Algolia result the islands read; the route answers all of Algolia's. */
export interface SearchResponse {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, { min: number; max: number; avg: number; sum: number }>;
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
  [key: string]: unknown;
}

export interface FacetSearchResponse {
  facetHits: { value: string; highlighted: string; count: number }[];
  exhaustiveFacetsCount: boolean;
  processingTimeMS: number;
}
