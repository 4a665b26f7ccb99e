/**
 * Algolia's own JavaScript clients pointed at the local API instead of Algolia's hosts: the
 * official algoliasearch (v5) search client, and algoliasearch-helper (what InstantSearch's
 * widgets run on) over it. Only the host and the dealer's Host header differ from a client of
 * Algolia itself; the client posts its JSON as text/plain, as it does to Algolia.
 */
import { algoliasearch, type SearchResponse } from 'algoliasearch';
import algoliasearchHelper from 'algoliasearch-helper';
import { afterAll, beforeAll } from 'vitest';
import type { TestDatabase } from './db.ts';
import { SITE_HOST, startSearchServer, type SearchServer } from './search-stock.ts';

export type Hit = Record<string, unknown> & { objectID: string };
export type Result = SearchResponse<Hit> & Record<string, unknown>;

export function officialClient(port: number) {
  return algoliasearch('TESTAPPID', 'search-only-key', {
    hosts: [{ url: `127.0.0.1:${port}/api/search`, protocol: 'http', accept: 'readWrite' }],
    baseHeaders: { host: SITE_HOST },
  });
}

export type OfficialClient = ReturnType<typeof officialClient>;

/** One search through the client's multi-query method, answered as Algolia's result. */
export async function searchOne(
  client: OfficialClient,
  indexName: string,
  params: Record<string, unknown> = {},
): Promise<Result> {
  const { results } = await client.search<Hit>({ requests: [{ indexName, ...params }] });
  return results[0] as Result;
}

/** The object ids of a result's hits, in order. */
export const idsOf = (r: { hits: Hit[] }) => r.hits.map((h) => h.objectID);

type HelperState = Parameters<typeof algoliasearchHelper>[2];

/** algoliasearch-helper on the official client, as InstantSearch creates it. */
export function helperFor(client: OfficialClient, index: string, state: HelperState = {}) {
  return algoliasearchHelper(client, index, state);
}

/**
 * For a describe block: the search stock served on `database` before its tests, closed after, and
 * the official client pointed at it (read `served.client` inside the tests).
 */
export function serveSearch(database: TestDatabase): {
  readonly client: OfficialClient;
  readonly server: SearchServer;
} {
  let server: SearchServer | undefined;
  let client: OfficialClient | undefined;
  beforeAll(async () => {
    server = await startSearchServer(database);
    client = officialClient(server.port);
  });
  afterAll(() => server?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the search server starts in beforeAll; read it inside a test');
    return value;
  };
  return {
    get client() {
      return started(client);
    },
    get server() {
      return started(server);
    },
  };
}
