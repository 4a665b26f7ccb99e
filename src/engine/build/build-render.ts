/**
 * The middle of a multi-dealer build (build-sites.ts): validate the dealers to build and render
 * them, in this process (one batch, build-dealers.ts) or for a fleet in worker processes, one
 * Astro build per batch (build-pool.ts), each worker validating its own batch while Astro bundles.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Car } from '../../content/entities.ts';
import type { KeptSnapshotEstimates } from '../../features/market-price/server/market-build.ts';
import { statSignatures } from '../../content/load.ts';
import { buildBatch, type DealerSummary } from './build-dealers.ts';
import type { ManifestDealer } from './build-manifest.ts';
import type { SitesManifest } from './manifest-read.ts';
import { chunks, defaultWorkers, MAX_BATCH, startWorkers } from './build-pool.ts';
import { projectRoot, type Run } from './build-run.ts';
import { mergeValidated, validateDealers, type Validated } from './build-validate.ts';

export interface RenderOptions {
  run: Run;
  /** The dealers to build. */
  build: string[];
  /** Render processes asked for (BuildOptions.workers). */
  workers?: number;
  dealersDir: string;
  /** Astro's work folder inside the project; the staged sites; the staged content files. */
  astroWork: string;
  staged: string;
  stagedContent: string;
  kept: Record<string, ManifestDealer>;
  previous: SitesManifest | undefined;
  builtAt: string;
  key: string;
  preview: boolean;
  strict: boolean;
  stockCars: Record<string, Car[]>;
  stockVersions: Record<string, string>;
  snapshotEstimates?: Record<string, KeptSnapshotEstimates>;
  log: (line: string) => void;
}

export interface Rendering {
  batches: string[][];
  workers: number;
  /** Each dealer's snapshot signature, taken before its files were read. */
  stats: Record<string, string>;
  checked: Validated;
  /** Stops the workers: nothing is to be published. */
  abort(): void;
  /** Renders the `accepted` dealers (a fleet's workers render every valid one of their batch). */
  render(
    accepted: string[],
    siteKeys: Record<string, string>,
  ): Promise<{ dealers: DealerSummary[]; rss: number[]; cpu: number }>;
}

export async function validateAndRender(o: RenderOptions): Promise<Rendering> {
  const batches = o.build.length
    ? chunks(o.build, Math.max(o.workers ?? defaultWorkers(o.build.length), Math.ceil(o.build.length / MAX_BATCH)))
    : [];
  const workers = !batches.length ? 0 : Math.min(batches.length, o.workers ?? defaultWorkers(o.build.length));
  await mkdir(o.stagedContent, { recursive: true });
  // A fleet's workers start at once: Astro bundles while each validates its own batch, which it
  // reads only once the file times below are recorded.
  let statsTaken!: () => void;
  const statsReady = new Promise<void>((resolve) => (statsTaken = resolve));
  // What every dealer is validated with, in the workers or, for one batch, here.
  const validation = {
    dealersDir: o.dealersDir,
    contentDir: o.stagedContent,
    kept: o.kept,
    builtAt: o.builtAt,
    key: o.key,
    strict: o.strict,
  };
  // When each sold car without a sold_at was first seen sold, as the last builds remembered it.
  const soldSeen = Object.fromEntries(
    o.build.flatMap((slug) => (o.previous?.dealers[slug]?.soldSeen ? [[slug, o.previous.dealers[slug].soldSeen]] : [])),
  );
  const imported = { cars: o.stockCars, versions: o.stockVersions, soldSeen, marketPrices: o.snapshotEstimates ?? {} };
  const pool =
    workers > 1 || batches.length > 1
      ? startWorkers(o.run, batches, workers, {
          astroWork: o.astroWork,
          staged: o.staged,
          preview: o.preview,
          log: o.log,
          validation: { ...validation, ready: statsReady.then(() => imported) },
        })
      : undefined;

  // Before reading: a file edited while the build reads it then differs from what was recorded.
  const stats = await statSignatures(o.dealersDir, o.build);
  statsTaken();
  const checked = pool
    ? mergeValidated(await pool.validated, o.kept)
    : await validateDealers({
        ...validation,
        log: o.log,
        preview: o.preview,
        stock: imported,
        slugs: o.build,
        keep: true,
      });
  return {
    batches,
    workers,
    stats,
    checked,
    abort: () => pool?.abort(),
    render(accepted, siteKeys) {
      const published = new Set(accepted);
      if (pool) return pool.done.then((r) => ({ ...r, dealers: r.dealers.filter((d) => published.has(d.slug)) }));
      if (!accepted.length) return Promise.resolve({ dealers: [], rss: [], cpu: 0 });
      return buildBatch({
        content: { dealers: checked.dealers, siteKeys },
        stagedDir: o.staged,
        astroDir: path.join(o.astroWork, 'astro'),
        projectRoot,
        preview: o.preview,
        log: o.log,
      }).then((dealers) => ({ dealers, rss: [], cpu: 0 }));
    },
  };
}
