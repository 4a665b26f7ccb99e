/**
 * Which dealers a build renders, keeps and removes: all of the chosen folders, or under
 * `--changed` only those whose snapshot moved since the manifest of the sites folder (sizes and
 * times first, then the content fingerprint), with the sites of vanished dealers removed.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fingerprintDealers, statSignatures } from '../../content/load.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import { inShard, type ManifestDealer, type Shard } from './build-manifest.ts';
import { type SitesManifest } from './manifest-read.ts';
import { soldPagesExpired } from './sold-cars.ts';

async function exists(p: string) {
  return stat(p).then(
    () => true,
    () => false,
  );
}

export interface Plan {
  build: string[];
  unchanged: string[];
  removed: string[];
  /** Manifest entries kept as they were. */
  kept: Record<string, ManifestDealer>;
  /** Why everything is rebuilt under --changed, when it is. */
  note?: string;
}

/** Which dealers this build renders, keeps and removes. */
export async function plan(
  options: { only?: string[]; changed?: boolean; shard?: Shard },
  folders: string[],
  previous: SitesManifest | undefined,
  key: string,
  outDir: string,
  dealersDir: string,
  /** Each importing dealer's stock version (build-stock.ts): a dealer whose stock moved is rebuilt. */
  stockVersions: Record<string, string> = {},
): Promise<Plan> {
  const scope = (slug: string) => inShard(slug, options.shard);
  const inFolder = new Set(folders);
  // A dealer whose folder is gone loses its site; --only leaves every other dealer alone.
  const removed = options.only?.length
    ? []
    : Object.keys(previous?.dealers ?? {})
        .filter((s) => scope(s) && !inFolder.has(s))
        .sort();
  const keptOf = (unchanged: string[]) => {
    const kept: Record<string, ManifestDealer> = {};
    for (const [slug, entry] of Object.entries(previous?.dealers ?? {})) {
      if (scope(slug) && !removed.includes(slug) && unchanged.includes(slug)) kept[slug] = entry;
    }
    return kept;
  };
  if (!options.changed) {
    // Dealers outside this build (--only) keep their entries, with their own build key.
    const others = Object.keys(previous?.dealers ?? {}).filter(
      (s) => scope(s) && !inFolder.has(s) && !removed.includes(s),
    );
    return { build: folders, unchanged: [], removed, kept: keptOf(others) };
  }
  const rebuildAll = (note: string): Plan => ({ build: folders, unchanged: [], removed, kept: {}, note });
  if (!previous) return rebuildAll(`${outDir} has no build manifest: building every dealer`);
  if (path.resolve(previous.dealersDir) !== dealersDir)
    return rebuildAll(`the last build read ${previous.dealersDir}: building every dealer`);
  if (!previous.buildKeys.includes(key))
    return rebuildAll('the code, public files or build options changed since the last build: building every dealer');
  // Sizes and modification times first: only dealers whose files moved are read and hashed.
  const stats = await statSignatures(dealersDir, folders);
  const moved = folders.filter((slug) => !previous.dealers[slug] || previous.dealers[slug].stats !== stats[slug]);
  const prints = await fingerprintDealers(dealersDir, moved);
  const build: string[] = [];
  const unchanged: string[] = [];
  await mapLimit(folders, 32, async (slug) => {
    const entry = previous.dealers[slug];
    const print = prints[slug] ?? entry?.fingerprint;
    // A dealer the last build refused is built again, so that a fix (even back to the last good
    // files) clears its failure.
    const same =
      entry &&
      !previous.failed[slug] &&
      entry.fingerprint === print &&
      entry.buildKey === key &&
      entry.stock === stockVersions[slug] &&
      // A sold car's page whose time is up goes (the site's 404 answers its address).
      !soldPagesExpired(entry, Date.now()) &&
      (await exists(path.join(outDir, slug, 'index.html')));
    (same ? unchanged : build).push(slug);
  });
  build.sort();
  unchanged.sort();
  const kept = keptOf(unchanged);
  // Same content under new times (a fresh checkout): remember the new times for the next run.
  for (const slug of Object.keys(kept)) kept[slug] = { ...kept[slug]!, stats: stats[slug]! };
  return { build, unchanged, removed, kept };
}
