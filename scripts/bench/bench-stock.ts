/**
 * The stock part of `npm run bench` (`--only stock`), in order:
 *   1. a fleet of synthetic dealers with a long tail of stock (stock-feed.ts), imported from CSV
 *      feeds with a DMS's headers into the fleet's own PGlite data folder;
 *   2. import throughput of one dealer's feeds on a fresh database per run (bench-stock-import.ts),
 *      on PGlite and, given a URL, PostgreSQL;
 *   3. other dealers' search and status latency while one dealer's big feed is imported
 *      (bench-stock-load.ts), on the same databases;
 *   4. the fleet built once, then the biggest dealer rebuilt by `--changed` after deltas that add
 *      a few cars, and once more under a CPU profile (bench-stock-build.ts);
 *   5. a signed push to a small and to the biggest dealer under `npm start`, to their new car's
 *      page served (bench-stock-push.ts).
 * A crash of one step is recorded and the next steps go on where they can.
 */
import { mkdir, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { projectRoot } from './bench-run.ts';
import { makeStockFleet, runStockBuild, type StockFleet } from './bench-stock-build.ts';
import { runImportThroughput } from './bench-stock-import.ts';
import { runLoadDuringImport } from './bench-stock-load.ts';
import { runPushToPage } from './bench-stock-push.ts';
import type { StockReport } from './bench-stock-report.ts';
import type { BenchDatabase } from './bench-db.ts';

export interface StockOptions {
  /** Dealers in the fleet (default 30). */
  dealers: number;
  /** Cars of the biggest dealer, and of the throughput feeds (default 5,000). */
  bigCars: number;
  /** Cars of the feed imported while other dealers are asked (default 20,000). */
  importCars: number;
  /** Runs of each throughput feed and of the --changed rebuild (default 3). */
  runs: number;
  /** The server's --rebuild-after for the push (default 20, as npm start's). */
  rebuildAfter: number;
  databaseUrl?: string;
  seed: number;
  keep: boolean;
  log: (line: string) => void;
}

const load1 = () => loadavg()[0]!;

export async function runStockBench(o: StockOptions): Promise<StockReport> {
  const { log } = o;
  const report: StockReport = {
    dealers: o.dealers,
    bigCars: o.bigCars,
    importCars: o.importCars,
    runs: o.runs,
    throughput: [],
    load: [],
    skipped: [],
    failed: [],
  };
  const failed = (what: string, e: unknown) => {
    log(`  ✗ ${what} crashed: ${(e as Error).stack ?? String(e)}`);
    report.failed.push({ what, error: (e as Error).message ?? String(e) });
  };
  // Inside the project, as the build part's: the build's staging folder and its output stay on one file system.
  const work = path.join(projectRoot, '.cache', `bench-stock-${process.pid}-${Date.now()}`);
  await mkdir(work, { recursive: true });
  try {
    log(`\nStock: ${o.dealers} synthetic dealers (the biggest ${o.bigCars} cars) in ${work}`);
    let fleet: StockFleet;
    try {
      fleet = await makeStockFleet({ work, dealers: o.dealers, bigCars: o.bigCars, seed: o.seed, log });
    } catch (e) {
      failed('the stock fleet', e);
      return report;
    }
    const databases: BenchDatabase[] = [{ kind: 'pglite' }];
    if (o.databaseUrl) databases.push({ kind: 'postgres', url: o.databaseUrl });
    else
      report.skipped.push({
        what: 'PostgreSQL',
        reason: 'no PostgreSQL URL: --database-url, BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL',
      });
    const label = (d: BenchDatabase) => (d.kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

    log(`Stock import throughput, ${o.runs} runs per database:`);
    for (const database of databases) {
      try {
        report.throughput.push(
          await runImportThroughput({
            database,
            dealer: fleet.dealers[0]!,
            cars: o.bigCars,
            runs: o.runs,
            loadavg: load1,
            log,
          }),
        );
      } catch (e) {
        failed(`import throughput on ${label(database)}`, e);
      }
    }

    log(`Other dealers' searches and status checks during a ${o.importCars}-car import:`);
    const others = fleet.dealers.slice(1, 6);
    for (const database of databases) {
      try {
        report.load.push(
          await runLoadDuringImport({
            database,
            big: fleet.dealers[0]!,
            others,
            bigCars: o.importCars,
            otherCars: fleet.sizes.slice(1, 1 + others.length),
            maxRequests: 20_000,
            maxSeconds: 240,
            quietSeconds: 10,
            loadavg: load1,
            log,
          }),
        );
      } catch (e) {
        failed(`latency during an import on ${label(database)}`, e);
      }
    }

    log(`The fleet built, then ${fleet.dealers[0]!.slug} rebuilt by --changed (${o.runs} runs, then one profiled):`);
    const buildStart = load1();
    try {
      const build = await runStockBuild({ work, fleet, runs: o.runs, profile: true, log });
      report.build = { ...build, loadAverage: { start: buildStart, end: load1() } };
    } catch (e) {
      failed('the fleet build and rebuilds', e);
    }

    if (report.build) {
      log(`A signed push to the car's page under npm start (--rebuild-after ${o.rebuildAfter}):`);
      const pushStart = load1();
      const small = fleet.dealers.length - 1;
      try {
        const results = await runPushToPage({
          sitesDir: report.build.outDir,
          dealersDir: fleet.dealersDir,
          dataDir: fleet.dataDir,
          sites: [
            ...(small > 0 ? [{ slug: fleet.dealers[small]!.slug, cars: fleet.sizes[small]! }] : []),
            { slug: fleet.dealers[0]!.slug, cars: fleet.sizes[0]! },
          ],
          rebuildAfterSeconds: o.rebuildAfter,
          timeoutSeconds: o.rebuildAfter + 240,
          log,
        });
        report.push = { results, loadAverage: { start: pushStart, end: load1() } };
      } catch (e) {
        failed('push to page', e);
      }
    }
    return report;
  } finally {
    if (o.keep) log(`Kept the stock fleet, its data and sites in ${work}`);
    else await rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}
