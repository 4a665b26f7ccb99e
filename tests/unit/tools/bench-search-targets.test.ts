/** The search target of `npm run bench`: p95 under 20 ms for all queries, and for each half (spelt right, misspelt). */
import { describe, expect, it } from 'vitest';
import {
  evaluateSearchTargets,
  formatSearch,
  type SearchReport,
  type SearchRun,
} from '../../../scripts/bench/bench-catalogue-report.ts';

const pct = (p95: number) => ({ p50: p95 / 2, p95, p99: p95 + 1, max: p95 + 2 });
const kind = (p95: number) => ({ queries: 100, serverMs: pct(p95), wallMs: pct(p95 + 1), meanHits: 50 });
const run = (database: SearchRun['database'], all: number, exact: number, typo: number): SearchRun => ({
  database,
  server: 'x',
  cars: 10_000,
  indexed: 9_270,
  indexSeconds: 3,
  queries: 200,
  requests: 300,
  serverMs: pct(all),
  wallMs: pct(all + 1),
  meanHits: 50,
  byKind: { exact: kind(exact), typo: kind(typo) },
  errors: 0,
  errorSamples: [],
  loadAverage: { start: 0.5, end: 0.6 },
});
const report = (runs: SearchRun[]): SearchReport => ({ cars: 10_000, queries: 200, runs, skipped: [], failed: [] });

describe('the search target', () => {
  it('passes when every p95 is at most 20 ms, and names both halves', () => {
    const [pglite] = evaluateSearchTargets(report([run('PGlite', 12, 12.4, 10.2), run('PostgreSQL', 11, 11.8, 10.5)]));
    expect(pglite).toMatchObject({ pass: true, value: '12.0 ms' });
    expect(pglite!.note).toContain('spelt right p95 12.4 ms, misspelt p95 10.2 ms');
  });

  it('fails when the misspelt half alone is over, even if all queries together are under', () => {
    const [pglite] = evaluateSearchTargets(report([run('PGlite', 18, 12, 24), run('PostgreSQL', 11, 11, 11)]));
    expect(pglite!.pass).toBe(false);
    expect(formatSearch(report([run('PGlite', 18, 12, 24)])).join('\n')).toContain(
      'PGlite: spelt right p50 6.0 / p95 12.0; misspelt p50 12.0 / p95 24.0',
    );
  });
});
