/**
 * Runs parsed search requests for one site and answers each in Algolia's result shape, so the
 * InstantSearch islands read our answers and Algolia's alike.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../../../api/core/deps.ts';
import type { SearchRequest } from '../contract/search-params.ts';
import { retrievePlan } from './retrieve.ts';
import { shape } from './shape.ts';
import { batchKey, compileBatch, queryTerms } from './sql.ts';
import { matchTerms } from './typos.ts';

export { byCodePoint, facetResults, type FacetResults, type FacetStats, type Groups } from './facet-values.ts';

type Row = Record<string, unknown>;

/** The request as planned: a facet search counts its one facet and returns no hits. */
function planOf(req: SearchRequest): SearchRequest {
  return req.type === 'facet'
    ? { ...req, facets: [req.facet!], hitsPerPage: 0, offset: undefined, length: undefined }
    : req;
}

/**
 * Answers a multi-query for one site, in request order. Requests with the same record kind,
 * query words and text settings (InstantSearch's main and disjunctive-facet requests) share one
 * statement, after one more that finds the words their query words match with typos (when any
 * may have typos). The groups run concurrently (a PostgreSQL pool runs them in parallel; PGlite
 * in turn).
 */
export async function runSearches(db: Db, site: string, requests: SearchRequest[]): Promise<Record<string, unknown>[]> {
  const groups = new Map<string, number[]>();
  requests.forEach((r, i) => {
    const key = batchKey(r);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const results = new Array<Record<string, unknown>>(requests.length);
  await Promise.all(
    [...groups.values()].map(async (members) => {
      const started = performance.now();
      const first = requests[members[0]!]!;
      const terms = await matchTerms(db, site, first.index.kind, queryTerms(first.query), first.text);
      const plans = members.map((i) => planOf(requests[i]!));
      const retrieve = plans.map(retrievePlan);
      const compiled = compileBatch(site, plans, terms, retrieve);
      const { rows } = await db.query<Row>(compiled.sql, compiled.params);
      const ms = Math.round(performance.now() - started);
      members.forEach((i, k) => {
        results[i] = shape(requests[i]!, rows[0]!, k, compiled.parts[k]!, terms, retrieve[k]!, ms);
      });
    }),
  );
  return results;
}
