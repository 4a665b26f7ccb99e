/**
 * npm run bench:search [-- --cars N --queries N --database-url URL]
 * The search route under load (scripts/bench/bench-search.ts): on PGlite, and on PostgreSQL when
 * --database-url, TEST_DATABASE_URL or DATABASE_URL names a server (a throwaway schema, dropped
 * afterwards). Prints server and wall p50/p95/p99, all queries and keywords spelt right (exact)
 * or misspelt (typo) apart, and PASS/FAIL against p95 ≤ 20 ms server time for each.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runSearchLoad, SEARCH_P95_TARGET_MS, type SearchDatabase, type SearchLoadResult } from './bench-search.ts';
import { processEnv, readEnv } from '../../src/config/env.ts';

const { values } = parseArgs({
  options: {
    cars: { type: 'string' },
    queries: { type: 'string' },
    'database-url': { type: 'string' },
    'pglite-only': { type: 'boolean' },
  },
});
const count = (v: string | undefined, fallback: number, name: string) => {
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number above 0.`);
    process.exit(2);
  }
  return n;
};
const cars = count(values.cars, 10_000, 'cars');
const queries = count(values.queries, 500, 'queries');
const url = values['database-url'] || process.env.TEST_DATABASE_URL || readEnv(processEnv(), 'DATABASE_URL');
const databases: SearchDatabase[] = [
  { kind: 'pglite' },
  ...(url && !values['pglite-only'] ? [{ kind: 'postgres' as const, url }] : []),
];

const ms = (n: number) => `${n.toFixed(1)} ms`;
const line = (r: Pick<SearchLoadResult, 'serverMs' | 'wallMs'> & { database: string }) =>
  `  ${r.database.padEnd(10)} server p50 ${ms(r.serverMs.p50)}, p95 ${ms(r.serverMs.p95)}, p99 ${ms(r.serverMs.p99)}, max ${ms(r.serverMs.max)}` +
  ` | wall p50 ${ms(r.wallMs.p50)}, p95 ${ms(r.wallMs.p95)}, p99 ${ms(r.wallMs.p99)}`;

console.log(
  `Search: ${cars} cars, ${queries} multi-queries (keyword + 7 facets, 0-4 refinements; half the keywords misspelt), one at a time.`,
);
let failed = false;
const results: SearchLoadResult[] = [];
for (const database of databases) {
  const before = loadavg();
  const r = await runSearchLoad({ database, cars, queries, log: (l) => console.log(l) });
  results.push(r);
  const pass =
    r.errors === 0 &&
    [r.serverMs, r.byKind.exact.serverMs, r.byKind.typo.serverMs].every((m) => m.p95 <= SEARCH_P95_TARGET_MS);
  failed ||= !pass;
  console.log(
    `  ${r.server}: ${r.queries} multi-queries (${r.requests} requests), ${r.meanHits.toFixed(0)} hits on average, ${r.errors} errors`,
  );
  console.log(line(r));
  for (const kind of ['exact', 'typo'] as const) console.log(line({ ...r, database: kind, ...r.byKind[kind] }));
  console.log(
    `  ${pass ? 'PASS' : 'FAIL'}: server p95 ${ms(r.serverMs.p95)}, exact ${ms(r.byKind.exact.serverMs.p95)}, typo ${ms(r.byKind.typo.serverMs.p95)} (target ≤ ${SEARCH_P95_TARGET_MS} ms); load average ${before.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} after`,
  );
  for (const e of r.errorSamples) console.log(`    error: ${e}`);
}
if (!url) console.log('  (PostgreSQL skipped: pass --database-url or set TEST_DATABASE_URL / DATABASE_URL.)');
process.exitCode = failed ? 1 : 0;
