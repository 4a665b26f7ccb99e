/**
 * The first step of a multi-dealer build (build-sites.ts): which dealer folders it reads (all,
 * `--only`, one `--shard`), the last build's manifest, the build key, the imported stock, and
 * the plan (build-plan.ts): which dealers it renders, keeps and removes.
 */
import type { Car } from '../../content/entities.ts';
import type { ContentIssue } from '../../content/issues.ts';
import { listDealerFolders } from '../../content/load.ts';
import { plural } from '../../lib/text.ts';
import { ALL } from './build-outcome.ts';
import { inShard, type Shard } from './build-manifest.ts';
import { buildKey } from './build-key.ts';
import { readManifests, type SitesManifest } from './manifest-read.ts';
import { plan, type Plan } from './build-plan.ts';
import { importedStock, type ImportedStock } from './build-stock.ts';
import type { KeptSnapshotEstimates } from '../../features/market-price/server/market-build.ts';
import { projectRoot } from './build-run.ts';

export interface ChooseOptions {
  only?: string[];
  changed?: boolean;
  shard?: Shard;
  dataDir?: string;
}

export interface Chosen {
  /** The dealer folders this build reads. */
  folders: string[];
  /** The manifest of the last build of the sites folder, if it has a readable one. */
  previous: SitesManifest | undefined;
  key: string;
  plan: Plan;
  /** The imported cars of each dealer built that imports its stock, and each one's stock version. */
  stockCars: Record<string, Car[]>;
  stockVersions: Record<string, string>;
  /** The kept market-price answers of the snapshot cars of each dealer built that does not import. */
  snapshotEstimates: Record<string, KeptSnapshotEstimates>;
}

/** The dealer folders this build reads, or the errors that stop it. */
async function chooseFolders(
  options: ChooseOptions,
  dealersDir: string,
): Promise<{ folders: string[] } | { errors: ContentIssue[] }> {
  let folders: string[];
  try {
    folders = await listDealerFolders(dealersDir);
  } catch {
    return { errors: [{ dealer: ALL, file: dealersDir, path: '', message: 'the dealers folder cannot be read' }] };
  }
  if (options.only?.length) {
    const unknown = options.only.filter((slug) => !folders.includes(slug));
    if (unknown.length)
      return {
        errors: unknown.map((slug) => ({
          dealer: slug,
          file: '',
          path: '',
          message: `no dealer folder "${slug}" in ${dealersDir}`,
        })),
      };
    folders = folders.filter((f) => options.only!.includes(f));
  }
  folders = folders.filter((f) => inShard(f, options.shard));
  if (!folders.length && !options.shard)
    return { errors: [{ dealer: ALL, file: dealersDir, path: '', message: 'holds no dealer folders' }] };
  return { folders };
}

/** What this build does, or the errors that stop it before anything is written. */
export async function chooseDealers(
  options: ChooseOptions,
  o: { dealersDir: string; outDir: string; preview: boolean; log: (line: string) => void },
): Promise<Chosen | { errors: ContentIssue[] }> {
  const { dealersDir, outDir, log } = o;
  const listed = await chooseFolders(options, dealersDir);
  if ('errors' in listed) return listed;
  const { folders } = listed;
  const previous = await readManifests(outDir).catch((e: Error) => {
    log(`warning: ${e.message}; it is replaced`);
    return undefined;
  });
  const key = await buildKey(projectRoot, { preview: o.preview });
  // Dealers that import their stock are built with it (build-stock.ts); a stock change is a change.
  let stock: ImportedStock;
  try {
    stock = await importedStock(folders, { dataDir: options.dataDir });
  } catch (e) {
    return {
      errors: [
        { dealer: ALL, file: 'stock', path: '', message: `the imported stock cannot be read: ${(e as Error).message}` },
      ],
    };
  }
  let chosen: Plan;
  let stockCars: Record<string, Car[]>;
  let snapshotEstimates: Record<string, KeptSnapshotEstimates>;
  try {
    chosen = await plan(options, folders, previous, key, outDir, dealersDir, stock.versions);
    stockCars = await stock.cars(chosen.build);
    snapshotEstimates = await stock.snapshotEstimates(chosen.build);
  } finally {
    await stock.close();
  }
  const importing = Object.keys(stockCars).length;
  if (importing) log(`Imported stock of ${plural(importing, 'dealer')} from ${stock.from}`);
  if (chosen.note) log(chosen.note);
  if (options.changed && !chosen.note) {
    log(
      `Changed since the last build: ${chosen.build.length ? chosen.build.join(', ') : 'none'}` +
        `${chosen.removed.length ? `; removed: ${chosen.removed.join(', ')}` : ''} (${plural(chosen.unchanged.length, 'dealer')} unchanged)`,
    );
  }
  return { folders, previous, key, plan: chosen, stockCars, stockVersions: stock.versions, snapshotEstimates };
}
