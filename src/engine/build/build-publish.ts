/**
 * The last step of a multi-dealer build (build-sites.ts): its manifest, and the swap that puts
 * the staged sites, content files, manifest and API bundle in place at once (build-run.ts
 * `swapIn`). Also what a build with nothing to render still writes: a shard's manifest part, or
 * the file times of a checkout whose files were touched without a change.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CONTENT_DIR,
  CONTENT_FORMAT_VERSION,
  MANIFEST_FORMAT,
  manifestName,
  writeAtomic,
  type BuildManifest,
  type FailedDealer,
  type ManifestDealer,
  type Shard,
} from './build-manifest.ts';
import { type SitesManifest } from './manifest-read.ts';
import { shardNote } from './build-outcome.ts';
import type { Plan } from './build-plan.ts';
import { swapIn, type Run, type Swap } from './build-run.ts';

export async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

export interface ManifestFields {
  builtAt: string;
  key: string;
  preview: boolean;
  dealersDir: string;
  entries: Record<string, ManifestDealer>;
  failed?: Record<string, FailedDealer>;
}

export function manifestOf(shard: Shard | undefined, m: ManifestFields): BuildManifest {
  return {
    format: MANIFEST_FORMAT,
    contentFormat: CONTENT_FORMAT_VERSION,
    builtAt: m.builtAt,
    buildKey: m.key,
    preview: m.preview,
    dealersDir: m.dealersDir,
    ...(shard ? { shard } : {}),
    dealers: Object.fromEntries(Object.entries(m.entries).sort(([a], [b]) => a.localeCompare(b))),
    ...(m.failed && Object.keys(m.failed).length
      ? { failed: Object.fromEntries(Object.entries(m.failed).sort(([a], [b]) => a.localeCompare(b))) }
      : {}),
  };
}

/**
 * A build with nothing to render or remove: a shard still records that it ran; a whole build
 * records new file times of unchanged snapshots, so that the next run need not read them again.
 */
export async function keepUnchanged(o: {
  shard: Shard | undefined;
  outDir: string;
  chosen: Plan;
  previous: SitesManifest | undefined;
  manifest: Omit<ManifestFields, 'entries' | 'failed'>;
  log: (line: string) => void;
}): Promise<void> {
  const { shard, outDir, chosen, previous, log } = o;
  if (shard) {
    log(`Shard ${shard.index} of ${shard.count}: none of its dealers needs building`);
    // The shard's manifest part says it ran, even when it holds no dealer.
    const file = path.join(outDir, manifestName(shard));
    if (!(await exists(file))) {
      await mkdir(outDir, { recursive: true });
      await writeAtomic(
        file,
        JSON.stringify(manifestOf(shard, { ...o.manifest, entries: chosen.kept }), null, 2) + '\n',
      );
    }
    log(shardNote(shard, outDir));
    return;
  }
  log('Nothing to build: every site is up to date.');
  // Files touched without a change (a fresh checkout): record their new times, so the next
  // run need not read them again.
  const restamped = Object.entries(chosen.kept).some(([slug, e]) => previous?.dealers[slug]?.stats !== e.stats);
  if (restamped && previous && previous.files.length === 1 && previous.files[0] === manifestName(undefined)) {
    const old = JSON.parse(await readFile(path.join(outDir, previous.files[0]), 'utf8')) as BuildManifest;
    await writeAtomic(
      path.join(outDir, previous.files[0]),
      JSON.stringify({ ...old, dealers: { ...old.dealers, ...chosen.kept } }, null, 2) + '\n',
    );
  }
}

export interface Publish {
  run: Run;
  /** The build's temporary folder beside `outDir`: staged sites in `sites/`, content in `content/`. */
  work: string;
  outDir: string;
  shard: Shard | undefined;
  manifest: BuildManifest;
  previous: SitesManifest | undefined;
  built: string[];
  removed: string[];
  /** The staged API bundle and its target, when the build makes one. */
  api?: { work: string; outDir: string };
}

/** Writes the manifest and swaps in every staged file at once, with what it replaces set aside. */
export async function publish(p: Publish): Promise<void> {
  const { work, outDir } = p;
  const staged = path.join(work, 'sites');
  const stagedContent = path.join(work, 'content');
  const manifestFile = manifestName(p.shard);
  await writeFile(path.join(work, manifestFile), JSON.stringify(p.manifest, null, 2) + '\n');
  const swaps: Swap[] = [];
  for (const slug of p.built) {
    swaps.push({
      staged: path.join(staged, slug),
      target: path.join(outDir, slug),
      aside: path.join(work, `old-${slug}`),
    });
    swaps.push({
      staged: path.join(stagedContent, `${slug}.json`),
      target: path.join(outDir, CONTENT_DIR, `${slug}.json`),
      aside: path.join(work, `old-${slug}.json`),
    });
  }
  for (const slug of p.removed) {
    swaps.push({ target: path.join(outDir, slug), aside: path.join(work, `old-${slug}`) });
    swaps.push({
      target: path.join(outDir, CONTENT_DIR, `${slug}.json`),
      aside: path.join(work, `old-${slug}.json`),
    });
  }
  swaps.push({
    staged: path.join(work, manifestFile),
    target: path.join(outDir, manifestFile),
    aside: path.join(work, `old-${manifestFile}`),
  });
  // A whole build's manifest replaces the shards' (their dealers are all in it).
  if (!p.shard) {
    for (const name of p.previous?.files ?? []) {
      if (name !== manifestFile) swaps.push({ target: path.join(outDir, name), aside: path.join(work, `old-${name}`) });
    }
  }
  if (p.api)
    swaps.push({ staged: path.join(p.api.work, 'new'), target: p.api.outDir, aside: path.join(p.api.work, 'old') });
  await mkdir(path.join(outDir, CONTENT_DIR), { recursive: true });
  await swapIn(p.run, swaps);
}
