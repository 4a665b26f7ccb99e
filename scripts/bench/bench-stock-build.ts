/**
 * The fleet of the stock part of `npm run bench`: synthetic dealers (synthetic.ts) whose stock
 * comes from CSV feeds with a long tail of sizes (stock-feed.ts), imported into the fleet's own
 * PGlite data folder; one build of the fleet; then, R times, a delta adding a few cars to the
 * biggest dealer and `--changed`, which rebuilds that dealer alone. Optionally one more such
 * rebuild with every build process writing a V8 CPU profile (bench-stock-profile.ts).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDb } from '../../src/api/db/index.ts';
import { migrate } from '../../src/api/db/migrate.ts';
import { loadDealers, type DealerContent } from '../../src/content/load.ts';
import { phases, type Phase } from './bench-report.ts';
import { projectRoot, runBuild, type MeasuredRun, type RunnerInput } from './bench-run.ts';
import { importCsv } from './bench-stock-import.ts';
import { summariseProfiles, type ProfileSummary } from './bench-stock-profile.ts';
import { seeded } from './bench-synthetic-data.ts';
import { DEFAULT_TAIL, feedCsv, feedRow, FULL_HEADER, fullFeedRows, longTailSizes } from './stock-feed.ts';
import { writeSyntheticDealers } from './synthetic.ts';

export interface StockFleet {
  dealersDir: string;
  dataDir: string;
  /** Dealers in the generated order; dealer 0 is the big one. */
  dealers: DealerContent[];
  sizes: number[];
  importSeconds: number;
}

export interface RebuildRun {
  run: MeasuredRun;
  pagesPerSecond: number;
  phases: Phase[];
}

export interface StockBuildResult {
  dealers: number;
  cars: number;
  sizes: { big: number; mid: number; midDealers: number; smallMin: number; smallMax: number };
  fleetImportSeconds: number;
  fleet: { run: MeasuredRun; pagesPerSecond: number; phases: Phase[] };
  bigSlug: string;
  changed: RebuildRun[];
  profile?: ProfileSummary & { run: MeasuredRun };
  outDir: string;
}

/** Writes the fleet's dealers and imports each one's full feed into `<work>/data`. */
export async function makeStockFleet(o: {
  work: string;
  dealers: number;
  bigCars: number;
  seed: number;
  log: (line: string) => void;
}): Promise<StockFleet> {
  const dealersDir = path.join(o.work, 'dealers');
  const dataDir = path.join(o.work, 'data');
  const generated = await writeSyntheticDealers(dealersDir, { dealers: o.dealers, pages: 40, seed: o.seed });
  const loaded = await loadDealers(dealersDir);
  const bySlug = new Map(loaded.dealers.map((d) => [d.slug, d]));
  const dealers = generated.map((g) => bySlug.get(g.slug)!);
  const sizes = longTailSizes(o.dealers, o.seed, { ...DEFAULT_TAIL, big: o.bigCars });
  await mkdir(dataDir, { recursive: true });
  const db = await openDb({ kind: 'pglite', dataDir });
  const t = performance.now();
  try {
    await migrate(db);
    for (const [i, dealer] of dealers.entries()) {
      const rows = fullFeedRows(sizes[i]!, `Y${i}-`, dealer.locations[0]?.name ?? '', o.seed + i);
      const r = await importCsv(db, dealer, feedCsv(rows), 'full', true);
      if (r.summary.refused || r.summary.skipped)
        throw new Error(`${dealer.slug}'s feed: ${JSON.stringify(r.summary)}`);
    }
  } finally {
    await db.close();
  }
  const importSeconds = (performance.now() - t) / 1000;
  const cars = sizes.reduce((a, b) => a + b, 0);
  o.log(`  ${o.dealers} dealers' feeds imported (${cars} cars) in ${importSeconds.toFixed(1)} s`);
  return { dealersDir, dataDir, dealers, sizes, importSeconds };
}

/** A delta of `count` new cars for `dealer` (stock numbers NEW<batch>-<k>), as a DMS sends arrivals. */
export async function addCars(fleet: StockFleet, dealer: DealerContent, batch: number, count: number): Promise<void> {
  const r = seeded(31 * batch + 5);
  const rows = Array.from({ length: count }, (_, k) => ({
    ...feedRow(r, 'NEW', k, dealer.locations[0]?.name ?? ''),
    'Stock No': `NEW${batch}-${k + 1}`,
  }));
  const db = await openDb({ kind: 'pglite', dataDir: fleet.dataDir });
  try {
    const t = await importCsv(db, dealer, feedCsv(rows, FULL_HEADER), 'delta');
    if (t.summary.added !== count) throw new Error(`the delta added ${t.summary.added} of ${count} cars`);
  } finally {
    await db.close();
  }
}

async function measured(label: string, input: RunnerInput, log: (line: string) => void): Promise<MeasuredRun> {
  const run = await runBuild(input);
  if (!run.ok) throw new Error(`${label} failed:\n${run.errors.join('\n')}`);
  log(
    `  ${label}: ${run.built} built${input.changed ? `, ${run.unchanged} kept` : ''}, ${run.pages} pages in ${run.wallSeconds.toFixed(1)} s (${(run.pages / run.wallSeconds).toFixed(0)} pages/s, CPU ${run.cpuSeconds.toFixed(1)} s, ${run.workers || 1} process${run.workers > 1 ? 'es' : ''}), peak RSS ${Math.round(run.maxRssMB)} MB`,
  );
  return run;
}

/** With `NODE_OPTIONS` naming `--cpu-prof`, every process of the build writes its profile into `dir`. */
async function profiled<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${before ?? ''} --cpu-prof --cpu-prof-dir=${dir}`.trim();
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = before;
  }
}

export async function runStockBuild(o: {
  work: string;
  fleet: StockFleet;
  runs: number;
  profile: boolean;
  log: (line: string) => void;
}): Promise<StockBuildResult> {
  const { fleet, log } = o;
  const outDir = path.join(o.work, 'sites');
  const base = { dealersDir: fleet.dealersDir, outDir, dataDir: fleet.dataDir };
  const fleetRun = await measured(`one build of the ${fleet.dealers.length} dealers`, base, log);
  const big = fleet.dealers[0]!;
  const changed: RebuildRun[] = [];
  for (let r = 1; r <= o.runs; r++) {
    await addCars(fleet, big, r, 3);
    const run = await measured(`--changed after 3 cars added to ${big.slug}`, { ...base, changed: true }, log);
    changed.push({ run, pagesPerSecond: run.pages / run.wallSeconds, phases: phases(run) });
  }
  let profile: StockBuildResult['profile'];
  if (o.profile) {
    const dir = path.join(o.work, 'cpu-profiles');
    await mkdir(dir, { recursive: true });
    await addCars(fleet, big, o.runs + 1, 3);
    const run = await profiled(dir, () =>
      measured('--changed again, profiled (--cpu-prof)', { ...base, changed: true }, log),
    );
    profile = { ...(await summariseProfiles(dir, projectRoot)), run };
  }
  const mids = fleet.sizes.filter((s, i) => i > 0 && s === DEFAULT_TAIL.mid).length;
  const small = fleet.sizes.slice(1 + mids);
  return {
    dealers: fleet.dealers.length,
    cars: fleet.sizes.reduce((a, b) => a + b, 0),
    sizes: {
      big: fleet.sizes[0]!,
      mid: DEFAULT_TAIL.mid,
      midDealers: mids,
      smallMin: small.length ? Math.min(...small) : 0,
      smallMax: small.length ? Math.max(...small) : 0,
    },
    fleetImportSeconds: fleet.importSeconds,
    fleet: { run: fleetRun, pagesPerSecond: fleetRun.pages / fleetRun.wallSeconds, phases: phases(fleetRun) },
    bigSlug: big.slug,
    changed,
    profile,
    outDir,
  };
}
