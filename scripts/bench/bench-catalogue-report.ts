/** The search part of `npm run bench`: its targets and printed section (pages: bench-budgets.ts). */
import { ms, table, type Target } from './bench-report.ts';
import { SEARCH_P95_TARGET_MS, type SearchLoadResult } from './bench-search.ts';

export interface SearchRun extends SearchLoadResult {
  loadAverage: { start: number; end: number };
}

export interface SearchReport {
  cars: number;
  queries: number;
  runs: SearchRun[];
  skipped: { database: SearchLoadResult['database']; reason: string }[];
  failed: { database: SearchLoadResult['database']; error: string }[];
}

export function evaluateSearchTargets(r: SearchReport): Target[] {
  const out: Target[] = [];
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const name = `search p95 ≤ ${SEARCH_P95_TARGET_MS} ms server time on ${database} (${r.cars.toLocaleString('en-AU')} cars, keyword + 7 facets)`;
    const run = r.runs.find((x) => x.database === database);
    if (!run) {
      const why =
        r.skipped.find((x) => x.database === database)?.reason ?? r.failed.find((x) => x.database === database)?.error;
      out.push({ name, pass: false, value: 'not measured', note: why });
      continue;
    }
    const notes: string[] = [];
    if (run.errors) notes.push(`${run.errors} queries failed`);
    if (run.loadAverage.start >= 1) notes.push(`1-minute load average ${run.loadAverage.start.toFixed(2)} at start`);
    // Typo tolerance is on for every query; the misspelt half takes its own path, so each half must hold.
    const { exact, typo } = run.byKind;
    notes.unshift(`spelt right p95 ${ms(exact.serverMs.p95)} ms, misspelt p95 ${ms(typo.serverMs.p95)} ms`);
    const under = [run.serverMs, exact.serverMs, typo.serverMs].every((p) => p.p95 <= SEARCH_P95_TARGET_MS);
    out.push({ name, pass: run.errors === 0 && under, value: `${ms(run.serverMs.p95)} ms`, note: notes.join('; ') });
  }
  return out;
}

export function formatSearch(r: SearchReport): string[] {
  const out = [
    `Search: POST /api/search/1/indexes/*/queries over HTTP on 127.0.0.1, one at a time; ${r.cars.toLocaleString('en-AU')} synthetic cars,`,
    `${r.queries} measured multi-queries (a keyword, 7 facet counts, price and year stats, 0-4 refinements, one more request per refined facet):`,
  ];
  if (r.runs.length) {
    out.push(
      ...table(
        [
          'database',
          'indexed',
          'index s',
          'requests',
          'server p50',
          'server p95',
          'server p99',
          'wall p50',
          'wall p95',
          'wall p99',
          'errors',
          'load avg',
        ],
        r.runs.map((x) => [
          x.database,
          String(x.indexed),
          x.indexSeconds.toFixed(1),
          String(x.requests),
          ms(x.serverMs.p50),
          ms(x.serverMs.p95),
          ms(x.serverMs.p99),
          ms(x.wallMs.p50),
          ms(x.wallMs.p95),
          ms(x.wallMs.p99),
          String(x.errors),
          `${x.loadAverage.start.toFixed(2)} → ${x.loadAverage.end.toFixed(2)}`,
        ]),
      ),
    );
    for (const x of r.runs) {
      const kinds = (['exact', 'typo'] as const).map(
        (k) =>
          `${k === 'exact' ? 'spelt right' : 'misspelt'} p50 ${ms(x.byKind[k].serverMs.p50)} / p95 ${ms(x.byKind[k].serverMs.p95)}`,
      );
      out.push(`  ${x.database}: ${kinds.join('; ')} (server ms, typo tolerance on for both)`);
      if (x.errorSamples.length) out.push(`  ${x.database}: failed queries, e.g. ${x.errorSamples.join(' | ')}`);
    }
    out.push(
      "Times in ms; server time is the route's Server-Timing (body read to answer built), wall time the client's round trip.",
    );
  }
  for (const x of r.skipped) out.push(`${x.database}: not measured (${x.reason}).`);
  for (const x of r.failed) out.push(`${x.database}: the run crashed: ${x.error}`);
  return out;
}
