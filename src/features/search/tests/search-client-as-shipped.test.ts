/**
 * The search route with Algolia's own client exactly as it ships: it posts its JSON as text/plain
 * (a read-only route takes it, as Algolia does; the routes that store or hand on visitors' input
 * stay JSON-only); and a filter with a NUL written as a JSON escape inside a JSON list, which
 * reached PostgreSQL (SQLSTATE 22021, a 500), is refused with 400 like any control character.
 */
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../tests/helpers/db.ts';
import { SITE, SITE_HOST } from '../../../../tests/helpers/search-stock.ts';
import { serveSearch } from '../../../../tests/helpers/search-clients.ts';

describe.each(testDatabases)('the search route and algoliasearch as shipped, on $label', (database) => {
  const served = serveSearch(database);
  /** The official client with Algolia's own headers: only its host and the dealer's Host differ. */
  const shipped = () =>
    algoliasearch('TESTAPPID', 'search-only-key', {
      hosts: [{ url: `127.0.0.1:${served.server.port}/api/search`, protocol: 'http', accept: 'readWrite' }],
      baseHeaders: { host: SITE_HOST },
    });

  it('answers the client that posts its JSON as text/plain', async () => {
    const client = shipped();
    const { results } = await client.search({ requests: [{ indexName: 'cars', query: 'toyota', hitsPerPage: 2 }] });
    const first = results[0] as { hits: unknown[]; nbHits: number };
    expect(first.hits).toHaveLength(2);
    expect(first.nbHits).toBeGreaterThan(2);
    const facets = await client.searchForFacetValues({
      indexName: 'cars',
      facetName: 'make',
      searchForFacetValuesRequest: { facetQuery: 'toy' },
    });
    expect(facets.facetHits.map((h) => h.value)).toEqual(['Toyota']);
  });

  it('refuses a filter with a NUL written as a JSON escape with 400 naming the parameter, never a 500', async () => {
    const post = (entry: Record<string, unknown>) =>
      fetch(`${served.server.origin}/api/search/1/indexes/*/queries`, {
        method: 'POST',
        headers: { host: SITE_HOST, 'content-type': 'application/json' },
        // fetch cannot set Host: the body names the dealer, as the API allows.
        body: JSON.stringify({ site: SITE, requests: [{ indexName: 'cars', ...entry }] }),
      });
    const cases: [Record<string, unknown>, string][] = [
      // The JSON list arrives as text (a params string, or a string parameter): its \u0000 is six characters.
      [{ params: `facetFilters=${encodeURIComponent('["make:\\u0000"]')}` }, 'facetFilters'],
      [{ params: `facetFilters=${encodeURIComponent('[["make:Toy\\u0000ota","make:Kia"]]')}` }, 'facetFilters'],
      [{ facetFilters: '["certified:\\u0000"]' }, 'facetFilters'],
      [{ params: `numericFilters=${encodeURIComponent('["year>\\u00002019"]')}` }, 'numericFilters'],
    ];
    for (const [entry, param] of cases) {
      const res = await post(entry);
      const text = await res.text();
      expect(res.status, `${JSON.stringify(entry)}: ${text}`).toBe(400);
      expect(JSON.parse(text).error.message).toContain(param);
    }
    // The same filters without the NUL are answered.
    const ok = await post({ params: `facetFilters=${encodeURIComponent('["make:Toyota"]')}` });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { results: { nbHits: number }[] }).results[0]!.nbHits).toBeGreaterThan(0);
  });

  it('takes text/plain on the search route only: a lead sent as text/plain is still refused with 415', async () => {
    const res = await fetch(`${served.server.origin}/api/leads`, {
      method: 'POST',
      headers: { host: SITE_HOST, 'content-type': 'text/plain' },
      body: JSON.stringify({ formId: 'contact', values: {} }),
    });
    expect(res.status).toBe(415);
    const search = await fetch(`${served.server.origin}/api/search/1/indexes/*/queries`, {
      method: 'POST',
      headers: { host: SITE_HOST, 'content-type': 'text/html' },
      body: JSON.stringify({ requests: [{ indexName: 'cars' }] }),
    });
    expect(search.status).toBe(415);
  });
});
