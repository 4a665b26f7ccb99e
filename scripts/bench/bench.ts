/**
 * npm run bench [-- --only build,leads,search,pages,faults,stock] [--json]
 *   build:  [--dealers N,N…] [--with-5000] [--pages M] [--loop-sample K] [--runs R] [--seed S] [--keep]
 *   leads:  [--leads L] [--concurrency C] [--warmup W] [--database-url URL] [--pool P]
 *   search: [--search-cars N] [--search-queries Q] [--database-url URL]
 *   pages:  [--lighthouse-runs R] [--chromium PATH]
 *   stock:  [--stock-dealers N] [--stock-cars C] [--stock-import-cars I] [--stock-runs R] [--rebuild-after S] [--database-url URL]
 *
 * Build: for each fleet size N (100 and 1,000 by default; 5,000 too with --with-5000), generates N
 * synthetic dealers of M pages (routes) each, builds them all with one build (median of R runs;
 * render workers as the build chooses) and K of them with one Astro build per dealer, each build
 * in a fresh Node process, then edits one dealer and times `--changed`. Reports pages/s, CPU s,
 * peak RSS, the ratio against a per-dealer loop (extrapolated from the sample to N dealers), the
 * --changed time against the cold build, and the JavaScript each page template loads.
 *
 * Leads: L lead saves over HTTP against the real API, C in flight, after W warm-up saves, on
 * PGlite and on PostgreSQL (--database-url, else BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL; skipped when there is none); reports saves/s, latency percentiles and whether the
 * stored leads equal the acknowledged ones (scripts/bench/bench-leads.ts).
 *
 * Search: N synthetic cars indexed, Q InstantSearch-like multi-queries one at a time over HTTP, on
 * PGlite and PostgreSQL; server-time percentiles (scripts/bench/bench-search.ts).
 *
 * Pages: the sample dealers built; the JavaScript of their home, used-cars, car, model and
 * model-range-and-offers pages, and Lighthouse mobile (median of R runs of performance,
 * accessibility, best practices, SEO and CLS) and the JavaScript loaded before any interaction of
 * the first four, in Debian's Chromium (scripts/bench/bench-pages.ts, budgets in bench-budgets.ts).
 *
 * Faults: the real API in its own process on a throwaway PostgreSQL cluster, under a steady load
 * of lead form sessions, health checks and searches, while the API's connections are ended, the
 * server is stopped and restarted, and frozen; reports the 503s, other 5xx, the slowest answer,
 * the time to save leads again and whether the stored complete leads equal the acknowledged ones
 * (scripts/bench/bench-faults.ts). Skipped when no cluster can be made (root or postgres needed).
 *
 * Stock: a fleet of N synthetic dealers with a long tail of stock from DMS-style CSV feeds (one of C
 * cars); import throughput of C-car feeds (first, re-import, deltas), other dealers' search and
 * status latency during an I-car import, the C-car dealer's --changed rebuild (median of R, then one
 * CPU-profiled), and a signed push to the car's page under npm start (scripts/bench/bench-stock.ts).
 *
 * Then PASS/FAIL per target. Exits 0 whatever the targets say; 1 only when something crashed.
 */
import { openDb } from '../../src/api/db/index.ts';
import { migrate } from '../../src/api/db/migrate.ts';
import { applyStockFeed } from '../../src/features/stock/server/import.ts';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDealers } from '../../src/content/load.ts';
import { writeSyntheticDealers } from './synthetic.ts';
import { projectRoot, runBuild, type MeasuredRun, type RunnerInput } from './bench-run.ts';
import { templateWeights } from './bench-templates.ts';
import {
  evaluateTargets,
  formatMachine,
  formatReport,
  formatTargets,
  medianRun,
  phases,
  timing,
  type BenchReport,
  type FleetReport,
  type Target,
} from './bench-report.ts';
import { runLeadLoad, type LeadDatabase } from './bench-leads.ts';
import { evaluateLeadTargets, formatLeads, type LeadsReport } from './bench-leads-report.ts';
import { runSearchLoad, type SearchDatabase } from './bench-search.ts';
import { runPageBench, type PagesReport } from './bench-pages.ts';
import { evaluateSearchTargets, formatSearch, type SearchReport } from './bench-catalogue-report.ts';
import { evaluatePageBudgets, formatPageBudgets } from './bench-budgets.ts';
import { benchFaults, evaluateFaultTargets, formatFaults, type FaultsReport } from './bench-faults.ts';
import { processEnv, readEnv } from '../../src/config/env.ts';
import { runStockBench } from './bench-stock.ts';
import { formatStock, type StockReport } from './bench-stock-report.ts';

const DEFAULT_CONCURRENCY = 16;
const DEFAULT_WARMUP = 500;

const { values } = parseArgs({
  options: {
    dealers: { type: 'string', default: '100,1000' },
    'with-5000': { type: 'boolean', default: false },
    pages: { type: 'string', default: '40' },
    'loop-sample': { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string', default: '1' },
    leads: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: String(DEFAULT_CONCURRENCY) },
    warmup: { type: 'string', default: String(DEFAULT_WARMUP) },
    'database-url': { type: 'string' },
    pool: { type: 'string' },
    only: { type: 'string' },
    'search-cars': { type: 'string', default: '10000' },
    'search-queries': { type: 'string', default: '500' },
    'lighthouse-runs': { type: 'string', default: '3' },
    chromium: { type: 'string' },
    'stock-dealers': { type: 'string', default: '30' },
    'stock-cars': { type: 'string', default: '5000' },
    'stock-import-cars': { type: 'string', default: '20000' },
    'stock-runs': { type: 'string', default: '3' },
    'rebuild-after': { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

function whole(name: string, raw: string, min: number, max = Infinity): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min}${max < Infinity ? ` to ${max}` : ''}, not "${raw}"`);
    process.exit(2);
  }
  return n;
}

const PARTS = ['build', 'leads', 'search', 'pages', 'faults', 'stock'] as const;
type Part = (typeof PARTS)[number];
const only = values.only
  ?.split(',')
  .map((x) => x.trim())
  .filter(Boolean);
const unknownPart = only?.find((x) => !(PARTS as readonly string[]).includes(x));
if (only && (unknownPart !== undefined || !only.length)) {
  console.error(`--only takes a comma-separated list of ${PARTS.join(', ')}; not "${values.only}"`);
  process.exit(2);
}
const wanted = (part: Part) => !only || only.includes(part);
const fleetSizes = [
  ...new Set([
    ...values.dealers.split(',').map((x) => whole('dealers', x.trim(), 1)),
    ...(values['with-5000'] ? [5000] : []),
  ]),
].sort((a, b) => a - b);
const pages = whole('pages', values.pages, 6);
const sampleFlag = values['loop-sample'] === undefined ? undefined : whole('loop-sample', values['loop-sample'], 1);
/** Dealers built alone for the loop estimate, per fleet. */
const sampleOf = (dealers: number) => Math.min(dealers, sampleFlag ?? 3);
const runsFlag = values.runs === undefined ? undefined : whole('runs', values.runs, 1);
/** One-build runs per fleet: 3 below 1,000 dealers, 1 from there (a run is minutes). */
const runsOf = (dealers: number) => runsFlag ?? (dealers >= 1000 ? 1 : 3);
const seed = whole('seed', values.seed, 0);
const leadSaves = whole('leads', values.leads, 0);
const concurrency = whole('concurrency', values.concurrency, 1, 10_000);
const warmup = whole('warmup', values.warmup, 0);
// As the API does (src/api/db/index.ts): DATABASE_POOL_MAX when it is a positive whole number.
const envPool = Number(readEnv(processEnv(), 'DATABASE_POOL_MAX'));
const poolMax =
  values.pool !== undefined
    ? whole('pool', values.pool, 1)
    : Number.isInteger(envPool) && envPool > 0
      ? envPool
      : undefined;
const databaseUrl =
  values['database-url'] ||
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  readEnv(processEnv(), 'DATABASE_URL') ||
  undefined;
const searchCars = whole('search-cars', values['search-cars'], 1);
const searchQueries = whole('search-queries', values['search-queries'], 1);
const lighthouseRuns = whole('lighthouse-runs', values['lighthouse-runs'], 0);
const doBuild = wanted('build');
const doLeads = wanted('leads') && leadSaves > 0;
const doSearch = wanted('search');
const doPages = wanted('pages');
const doFaults = wanted('faults');
const doStock = wanted('stock');
const stockDealers = whole('stock-dealers', values['stock-dealers'], 1);
const stockCars = whole('stock-cars', values['stock-cars'], 10);
const stockImportCars = whole('stock-import-cars', values['stock-import-cars'], 10);
const stockRuns = whole('stock-runs', values['stock-runs'], 1);
const rebuildAfter = whole('rebuild-after', values['rebuild-after'], 0, 3600);
if (!doBuild && !doLeads && !doSearch && !doPages && !doFaults && !doStock) {
  console.error('--only leads with --leads 0 leaves nothing to measure');
  process.exit(2);
}
const progress = (line: string) => process.stderr.write(line + '\n');

// Inside the project on purpose: buildSites keeps Astro's output under the project, and a
// bench folder on the same file system keeps its moves renames, as with the default dist/sites.
const work = path.join(projectRoot, '.cache', `bench-${process.pid}-${Date.now()}`);

async function measure(label: string, input: RunnerInput): Promise<MeasuredRun> {
  const run = await runBuild(input);
  if (!run.ok) {
    progress(`\n✗ ${label} failed:\n${run.errors.join('\n')}`);
    progress(`Files kept in ${work}`);
    process.exit(1);
  }
  const what = input.changed ? `${run.built} rebuilt, ${run.unchanged} kept` : `${run.pages} pages`;
  progress(
    `  ${label}: ${what} in ${run.wallSeconds.toFixed(2)} s (CPU ${run.cpuSeconds.toFixed(2)} s, ${run.workers || 1} process${run.workers > 1 ? 'es' : ''}), peak RSS ${Math.round(run.maxRssMB)} MB`,
  );
  return run;
}

type BuildPart = Pick<BenchReport, 'pagesPerDealer' | 'seed' | 'fleets' | 'templates'>;

/** Everything a report holds: the build part when it ran, the lead part when it ran. */
type Report = Pick<BenchReport, 'date' | 'command' | 'machine'> &
  Partial<BuildPart> & {
    leads?: LeadsReport;
    search?: SearchReport;
    pages?: PagesReport;
    faults?: FaultsReport;
    stock?: StockReport;
    targets: Target[];
  };

/** A delta for `slug` into the embedded database in `dataDir`: its first car sold, a new one added. */
async function importBenchStock(dealersDir: string, slug: string, dataDir: string): Promise<void> {
  const [dealer] = (await loadDealers(dealersDir, { only: [slug] })).dealers;
  const sold = dealer!.cars.find((c) => (c.status ?? 'available') === 'available')!;
  const db = await openDb({ kind: 'pglite', dataDir });
  try {
    await migrate(db);
    const arrived = {
      ...sold,
      id: `${sold.id}-new`,
      slug: `${sold.slug}-new`,
      stock_number: `${sold.stock_number ?? sold.id}-NEW`,
    };
    const summary = await applyStockFeed(
      db,
      dealer!,
      { mode: 'delta', cars: [{ ...sold, status: 'sold' }, arrived], skipped: 0 },
      { source: 'cli' },
    );
    progress(`  ${slug}'s stock: ${summary.added} added, ${summary.updated} updated (sold)`);
  } finally {
    await db.close();
  }
}

/** One fleet size: the one build (R runs), the per-dealer loop sample, then one dealer changed. */
async function benchFleet(
  dealers: number,
  withTemplates: boolean,
): Promise<{ fleet: FleetReport; templates?: BuildPart['templates'] }> {
  const dir = path.join(work, `fleet-${dealers}`);
  const dealersDir = path.join(dir, 'dealers');
  progress(`\n${dealers} synthetic dealers × ${pages} pages (seed ${seed}) in ${dir}`);
  const generated = await writeSyntheticDealers(dealersDir, { dealers, pages, seed });
  const runs = runsOf(dealers);
  const sample = sampleOf(dealers);
  // The bench's own data folder: no build reads the project's .data; empty until the stock import.
  const dataDir = path.join(dir, 'data');

  progress(`One build of all ${dealers} dealers, ${runs} run${runs === 1 ? '' : 's'}:`);
  const oneRuns: MeasuredRun[] = [];
  // Every output stays until the whole build part is over: on ext4 without a journal (these
  // machines), creating a file skips over the inodes deleted in the last minutes one by one, so
  // removing one run's 90,000 files would slow the next run's writes by seconds. That cost is the
  // bench's own cleanup, not the build's.
  for (let r = 1; r <= runs; r++) {
    const outDir = path.join(dir, `one-${r}`, 'sites');
    oneRuns.push(await measure(`run ${r}`, { dealersDir, outDir, dataDir }));
  }

  // One dealer's home page edited, then --changed against run 1's output and manifest.
  const edited = generated[Math.floor(dealers / 2)]!.slug;
  const homeFile = path.join(dealersDir, edited, 'pages', '000-home.json');
  const home = JSON.parse(await readFile(homeFile, 'utf8')) as { title: string };
  await writeFile(homeFile, JSON.stringify({ ...home, title: `${home.title} (edited)` }, null, 1));
  const changedRun = await measure(`--changed, ${edited} edited`, {
    dealersDir,
    outDir: path.join(dir, 'one-1', 'sites'),
    changed: true,
    dataDir,
  });
  const typical = medianRun(oneRuns);

  const slugs = Array.from({ length: sample }, (_, k) => generated[Math.floor((k * dealers) / sample)]!.slug);
  progress(`One Astro build per dealer, ${sample} of ${dealers} dealers:`);
  const loopRuns: MeasuredRun[] = [];
  for (const slug of slugs) {
    const outDir = path.join(dir, `loop-${slug}`, 'sites');
    loopRuns.push(await measure(slug, { dealersDir, outDir, only: [slug], dataDir }));
  }

  let templates: BuildPart['templates'] | undefined;
  if (withTemplates) {
    progress('Weighing the JavaScript of every page of run 1…');
    const loaded = await loadDealers(dealersDir);
    templates = await templateWeights(path.join(dir, 'one-1', 'sites'), loaded.dealers);
  }
  // Another dealer's stock system sends a delta (one car sold, one arrived): --changed again,
  // after the weighing, which reads run 1's pages as the snapshots list them.
  const stocked = generated[Math.floor(dealers / 3)]!.slug;
  await importBenchStock(dealersDir, stocked, dataDir);
  const stockRun = await measure(`--changed, ${stocked}'s stock imported`, {
    dealersDir,
    outDir: path.join(dir, 'one-1', 'sites'),
    changed: true,
    dataDir,
  });
  const fleet: FleetReport = {
    dealers,
    oneBuild: {
      runs: oneRuns,
      pages: typical.pages,
      peakRssMB: Math.max(...oneRuns.map((x) => x.maxRssMB)),
      phases: phases(typical),
    },
    loop: { sample, slugs, runs: loopRuns, extrapolated: sample < dealers },
    wall: timing(oneRuns, loopRuns, dealers, (x) => x.wallSeconds),
    cpu: timing(oneRuns, loopRuns, dealers, (x) => x.cpuSeconds),
    changed: { run: changedRun, ratioToCold: changedRun.wallSeconds / typical.wallSeconds },
    stockChanged: { run: stockRun, ratioToCold: stockRun.wallSeconds / typical.wallSeconds },
  };
  return { fleet, templates };
}

async function benchBuild(): Promise<BuildPart> {
  await mkdir(work, { recursive: true });
  const fleets: FleetReport[] = [];
  let templates: BuildPart['templates'] = [];
  for (const [i, dealers] of fleetSizes.entries()) {
    const r = await benchFleet(dealers, i === 0);
    fleets.push(r.fleet);
    if (r.templates) templates = r.templates;
  }
  if (values.keep) progress(`Kept the dealers and every run's output in ${work}`);
  else await rm(work, { recursive: true, force: true });
  return { pagesPerDealer: pages, seed, fleets, templates };
}

/** The lead-save run on PGlite, then on PostgreSQL when there is a URL; a crash is recorded, not thrown. */
async function benchLeads(): Promise<LeadsReport> {
  const report: LeadsReport = {
    saves: leadSaves,
    warmupSaves: warmup,
    concurrency,
    poolMax,
    runs: [],
    skipped: [],
    failed: [],
  };
  progress(`Lead saves: ${leadSaves} per database after ${warmup} warm-up saves, ${concurrency} in flight:`);
  const databases: LeadDatabase[] = [{ kind: 'pglite' }];
  if (databaseUrl) databases.push({ kind: 'postgres', url: databaseUrl, poolMax });
  else {
    const reason = 'no PostgreSQL URL: --database-url, BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL';
    report.skipped.push({ database: 'PostgreSQL', reason });
  }
  for (const database of databases) {
    const label = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const start = loadavg()[0]!;
    try {
      const r = await runLeadLoad({
        database,
        saves: leadSaves,
        concurrency,
        warmupSaves: warmup,
        log: progress,
        // No new session after this long: at least 100 saves/s, or two minutes.
        timeLimitMs: Math.max(120_000, (leadSaves + warmup) * 10),
      });
      report.runs.push({ ...r, loadAverage: { start, end: loadavg()[0]! } });
      progress(
        `  ${label}: ${r.saves} saves in ${r.wallSeconds.toFixed(2)} s, ${Math.round(r.savesPerSecond)} saves/s, ` +
          `p50 ${r.latencyMs.p50.toFixed(1)} ms, p99 ${r.latencyMs.p99.toFixed(1)} ms, ${r.errors} errors, check ${r.check.ok ? 'ok' : 'FAILED'}`,
      );
    } catch (e) {
      progress(`  ✗ ${label}: the lead run crashed: ${(e as Error).stack ?? String(e)}`);
      report.failed.push({ database: label, error: (e as Error).message ?? String(e) });
    }
  }
  for (const x of report.skipped) progress(`  ${x.database}: skipped, ${x.reason}`);
  return report;
}

/** The search run on PGlite, then on PostgreSQL when there is a URL; a crash is recorded, not thrown. */
async function benchSearch(): Promise<SearchReport> {
  const report: SearchReport = { cars: searchCars, queries: searchQueries, runs: [], skipped: [], failed: [] };
  progress(`Search: ${searchCars} cars, ${searchQueries} multi-queries one at a time:`);
  const databases: SearchDatabase[] = [{ kind: 'pglite' }];
  if (databaseUrl) databases.push({ kind: 'postgres', url: databaseUrl });
  else
    report.skipped.push({
      database: 'PostgreSQL',
      reason: 'no PostgreSQL URL: --database-url, BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL',
    });
  for (const database of databases) {
    const label = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const start = loadavg()[0]!;
    try {
      const r = await runSearchLoad({ database, cars: searchCars, queries: searchQueries, log: progress });
      report.runs.push({ ...r, loadAverage: { start, end: loadavg()[0]! } });
      progress(
        `  ${label}: server p50 ${r.serverMs.p50.toFixed(1)} ms, p95 ${r.serverMs.p95.toFixed(1)} ms, ${r.errors} errors`,
      );
    } catch (e) {
      progress(`  ✗ ${label}: the search run crashed: ${(e as Error).stack ?? String(e)}`);
      report.failed.push({ database: label, error: (e as Error).message ?? String(e) });
    }
  }
  return report;
}

function commandLine(): string {
  const parts = ['npm run bench --'];
  if (only) parts.push(`--only ${only.join(',')}`);
  if (doBuild) {
    parts.push(
      `--dealers ${fleetSizes.join(',')} --pages ${pages}${sampleFlag ? ` --loop-sample ${sampleFlag}` : ''}${runsFlag ? ` --runs ${runsFlag}` : ''}${seed === 1 ? '' : ` --seed ${seed}`}`,
    );
  }
  if (doLeads) {
    parts.push(
      `--leads ${leadSaves} --concurrency ${concurrency}${warmup === DEFAULT_WARMUP ? '' : ` --warmup ${warmup}`}${values.pool ? ` --pool ${poolMax}` : ''}`,
    );
  } else if (wanted('leads')) parts.push('--leads 0');
  if (doSearch) parts.push(`--search-cars ${searchCars} --search-queries ${searchQueries}`);
  if (doPages) parts.push(`--lighthouse-runs ${lighthouseRuns}`);
  if (doStock)
    parts.push(
      `--stock-dealers ${stockDealers} --stock-cars ${stockCars} --stock-import-cars ${stockImportCars} --stock-runs ${stockRuns} --rebuild-after ${rebuildAfter}`,
    );
  return parts.join(' ');
}

async function main() {
  const loadAtStart = loadavg()[0]!;
  const build = doBuild ? await benchBuild() : undefined;
  const leads = doLeads ? await benchLeads() : undefined;
  const search = doSearch ? await benchSearch() : undefined;
  let pagesReport: PagesReport | undefined;
  let pagesError: string | undefined;
  if (doPages) {
    progress(
      `Pages: the sample dealers, JavaScript per page${lighthouseRuns ? ` and ${lighthouseRuns} Lighthouse run(s) per page` : ''}:`,
    );
    pagesReport = await runPageBench({ lighthouseRuns, chromiumPath: values.chromium, log: progress }).catch(
      (e: unknown) => {
        progress(`  ✗ the page run crashed: ${(e as Error).stack ?? String(e)}`);
        pagesError = (e as Error).message ?? String(e);
        return undefined;
      },
    );
  }
  let faults: FaultsReport | undefined;
  if (doFaults) {
    progress(
      'Database faults: the API on a throwaway PostgreSQL cluster, connections ended, server stopped and frozen:',
    );
    faults = await benchFaults(progress);
  }
  const stock = doStock
    ? await runStockBench({
        dealers: stockDealers,
        bigCars: stockCars,
        importCars: stockImportCars,
        runs: stockRuns,
        rebuildAfter,
        databaseUrl,
        seed,
        keep: values.keep,
        log: progress,
      })
    : undefined;
  const machine: BenchReport['machine'] = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryMB: totalmem() / 2 ** 20,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: { start: loadAtStart, end: loadavg()[0]! },
  };
  const head = { date: new Date().toISOString(), command: commandLine(), machine };
  const targets = [
    ...(build ? evaluateTargets({ ...head, ...build }) : []),
    ...(leads ? evaluateLeadTargets(leads, machine.cores) : []),
    ...(search ? evaluateSearchTargets(search) : []),
    ...(pagesReport ? evaluatePageBudgets(pagesReport) : []),
    ...(pagesError
      ? [{ name: 'pages: JavaScript and Lighthouse', pass: false, value: 'the run crashed', note: pagesError }]
      : []),
    ...(faults ? evaluateFaultTargets(faults) : []),
  ];
  const report: Report = {
    ...head,
    ...build,
    ...(leads ? { leads } : {}),
    ...(search ? { search } : {}),
    ...(pagesReport ? { pages: pagesReport } : {}),
    ...(faults ? { faults } : {}),
    ...(stock ? { stock } : {}),
    targets,
  };

  if (values.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const more = [
      ...(leads ? [...formatLeads(leads), ''] : []),
      ...(search ? [...formatSearch(search), ''] : []),
      ...(pagesReport ? [...formatPageBudgets(pagesReport), ''] : []),
      ...(faults ? [...formatFaults(faults), ''] : []),
      ...(stock ? [...formatStock(stock), ''] : []),
    ].slice(0, -1);
    if (build) console.log('\n' + formatReport({ ...head, ...build, targets }, more).join('\n'));
    else {
      const lines = [
        `npm run bench: ${only!.join(', ')}, ${head.date}`,
        formatMachine(machine),
        '',
        ...more,
        '',
        ...formatTargets(targets),
      ];
      console.log('\n' + lines.join('\n'));
    }
  }
  if (leads?.failed.length || search?.failed.length || pagesError || faults?.failed || stock?.failed.length)
    process.exitCode = 1;
}

main().catch(async (e: unknown) => {
  progress(`\nThe benchmark failed: ${(e as Error).stack ?? String(e)}${doBuild ? `\nFiles kept in ${work}` : ''}`);
  process.exit(1);
});
