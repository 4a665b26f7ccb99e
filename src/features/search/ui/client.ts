/**
 * The islands' search client when Algolia is not configured: the InstantSearch searchClient
 * interface (`search(requests)` → `{ results }`, `searchForFacetValues`) over one POST to the
 * API's Algolia-compatible route (/api/search/1/indexes/*\/queries). Identical requests are
 * answered from memory for the life of the page (a failed request is forgotten, so it retries).
 */
import type { FacetSearchResponse, SearchResponse } from '../contract/search.ts';
import { API_BASE, searchQueriesPath } from '../../../contract/routes.ts';

export interface SearchRequestEntry {
  indexName: string;
  type?: 'default' | 'facet';
  params?: Record<string, unknown>;
}

export type { FacetSearchResponse, SearchResponse } from '../contract/search.ts';

export interface ApiSearchClient {
  search(requests: readonly SearchRequestEntry[]): Promise<{ results: SearchResponse[] }>;
  searchForFacetValues(
    queries: readonly {
      indexName: string;
      params: Record<string, unknown> & { facetName: string; facetQuery?: string };
    }[],
  ): Promise<FacetSearchResponse[]>;
  clearCache(): void;
}

export interface SearchClientOptions {
  /** Where the API is mounted; default "/api" on the page's own origin. */
  apiBase?: string;
  /** The dealer's slug, for an API on another host than the site (the route reads the Host first). */
  site?: string;
  fetch?: typeof fetch;
}

export class SearchRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SearchRequestError';
  }
}

export function createSearchClient(options: SearchClientOptions = {}): ApiSearchClient {
  const url = searchQueriesPath(options.apiBase ?? API_BASE);
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const cache = new Map<string, Promise<{ results: unknown[] }>>();

  function post(requests: SearchRequestEntry[]): Promise<{ results: unknown[] }> {
    const body = JSON.stringify(options.site ? { site: options.site, requests } : { requests });
    const cached = cache.get(body);
    if (cached) return cached;
    const answer = (async () => {
      const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const data = (await res.json().catch(() => undefined)) as
        { results?: unknown[]; error?: { message?: string } } | undefined;
      if (!res.ok || !data || !Array.isArray(data.results)) {
        throw new SearchRequestError(res.status, data?.error?.message ?? `The search failed (HTTP ${res.status}).`);
      }
      return { results: data.results };
    })();
    cache.set(body, answer);
    answer.catch(() => cache.delete(body));
    return answer;
  }

  return {
    search: (requests) =>
      post(
        requests.map((r) => ({ indexName: r.indexName, ...(r.type ? { type: r.type } : {}), params: r.params ?? {} })),
      ) as Promise<{ results: SearchResponse[] }>,
    searchForFacetValues: async (queries) => {
      const { results } = await post(
        queries.map(({ indexName, params: { facetName, ...rest } }) => ({
          indexName,
          type: 'facet',
          params: { ...rest, facet: facetName },
        })),
      );
      return results as FacetSearchResponse[];
    },
    clearCache: () => cache.clear(),
  };
}
