/**
 * Import throughput of the stock part of `npm run bench`: a dealer's CSV feed read as
 * `npm run stock -- import` reads it (readFeedFile) and applied with applyStockFeed, on a fresh
 * database per run (PGlite in a temporary folder, or a throwaway PostgreSQL schema). Each run
 * times four feeds in turn: the first full feed, the next day's full feed (~5 % of the cars
 * repriced), a status-only delta (cars sold) and a price-only delta.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrate } from '../../src/api/db/migrate.ts';
import type { Db } from '../../src/api/core/deps.ts';
import { applyStockFeed, stockFeedOf, type ImportSummary } from '../../src/features/stock/server/import.ts';
import type { DealerContent } from '../../src/content/load.ts';
import { readFeedFile, readFeedFileInSlices } from '../../src/features/stock/rules/feed.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-db.ts';
import { changedRows, feedCsv, fullFeedRows, priceDeltaRows, statusDeltaRows, type FeedRow } from './stock-feed.ts';

export type FeedKind = 'first full feed' | 'full feed, ~5 % changed' | 'delta, status only' | 'delta, price only';

/** One feed read and applied. */
export interface FeedTiming {
  rows: number;
  parseMs: number;
  applyMs: number;
  summary: Pick<ImportSummary, 'added' | 'updated' | 'unchanged' | 'withdrawn' | 'skipped' | 'listed' | 'refused'>;
}

/**
 * Reads `csv` as the stock command does (at once), or as the push route does (`sliced`: a slice of
 * rows at a time, the event loop free between), and applies it to `dealer`'s stock.
 */
export async function importCsv(
  db: Db,
  dealer: DealerContent,
  csv: string,
  mode: 'full' | 'delta',
  force = false,
  sliced = false,
): Promise<FeedTiming> {
  const bytes = new TextEncoder().encode(csv);
  const t0 = performance.now();
  const options = { kind: 'csv' as const, now: Date.now(), ...(mode === 'delta' ? { mode } : {}) };
  const read = sliced ? await readFeedFileInSlices(bytes, options) : readFeedFile(bytes, options);
  if (read.fileError) throw new Error(`the bench's own feed is unreadable: ${read.fileError}`);
  const t1 = performance.now();
  const summary = await applyStockFeed(db, dealer, { ...stockFeedOf(read), mode }, { source: 'cli', force });
  const t2 = performance.now();
  const { added, updated, unchanged, withdrawn, skipped, listed, refused } = summary;
  return {
    rows: read.cars.length,
    parseMs: t1 - t0,
    applyMs: t2 - t1,
    summary: { added, updated, unchanged, withdrawn, skipped, listed, refused },
  };
}

/** The four feeds of a run, built once for every run and database. */
export function throughputFeeds(cars: number, prefix: string, location: string, seed = 1) {
  const rows: FeedRow[] = fullFeedRows(cars, prefix, location, seed);
  const status = Math.max(2, Math.round(cars * 0.02));
  const price = Math.max(2, Math.round(cars * 0.1));
  return [
    { kind: 'first full feed', mode: 'full', csv: feedCsv(rows) },
    { kind: 'full feed, ~5 % changed', mode: 'full', csv: feedCsv(changedRows(rows, 0.05, seed + 1)) },
    { kind: 'delta, status only', mode: 'delta', csv: feedCsv(statusDeltaRows(rows, status), ['Stock No', 'Status']) },
    {
      kind: 'delta, price only',
      mode: 'delta',
      csv: feedCsv(priceDeltaRows(rows, price), ['Stock No', 'Drive Away Price']),
    },
  ] as const satisfies readonly { kind: FeedKind; mode: 'full' | 'delta'; csv: string }[];
}

export interface ThroughputResult {
  database: 'PGlite' | 'PostgreSQL';
  server: string;
  cars: number;
  runs: number;
  /** Per feed kind, every run's timing in run order. */
  feeds: { kind: FeedKind; runs: FeedTiming[] }[];
  loadAverage: { start: number; end: number };
}

/** `runs` fresh databases, each given the four feeds of a `cars`-car dealer in turn. */
export async function runImportThroughput(o: {
  database: BenchDatabase;
  dealer: DealerContent;
  cars: number;
  runs: number;
  seed?: number;
  loadavg: () => number;
  log: (line: string) => void;
}): Promise<ThroughputResult> {
  const label = o.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const location = o.dealer.locations[0]?.name ?? '';
  const feeds = throughputFeeds(o.cars, 'BT', location, o.seed ?? 1);
  const out: ThroughputResult['feeds'] = feeds.map((f) => ({ kind: f.kind, runs: [] }));
  const start = o.loadavg();
  let server = '';
  for (let run = 1; run <= o.runs; run++) {
    const dir = await mkdtemp(path.join(tmpdir(), 'bench-stock-'));
    try {
      const opened = await openBenchDatabase(o.database, dir, 'bench_stock');
      server = opened.server;
      try {
        await migrate(opened.db);
        for (const [i, feed] of feeds.entries()) {
          // The first feed replaces the snapshot's handful of cars: more than half withdrawn, so forced.
          const t = await importCsv(opened.db, o.dealer, feed.csv, feed.mode, i === 0);
          if (t.summary.refused) throw new Error(`${feed.kind} was refused: ${t.summary.refused}`);
          out[i]!.runs.push(t);
          const perS = t.rows / ((t.parseMs + t.applyMs) / 1000);
          o.log(
            `  ${label} run ${run}, ${feed.kind}: ${t.rows} rows, read ${t.parseMs.toFixed(0)} ms + applied ${t.applyMs.toFixed(0)} ms, ${Math.round(perS)} cars/s (${t.summary.added} added, ${t.summary.updated} updated, ${t.summary.unchanged} unchanged)`,
          );
        }
      } finally {
        await opened.drop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { database: label, server, cars: o.cars, runs: o.runs, feeds: out, loadAverage: { start, end: o.loadavg() } };
}
