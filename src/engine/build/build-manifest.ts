/**
 * The build manifest: what a sites folder holds and what it was built from. `npm run build` writes
 * it beside the dealer folders (`<out>/manifest.json`, or `<out>/manifest.<K>-of-<N>.json` for a
 * shard), with each dealer's validated content in `<out>/.content/<slug>.json`.
 *
 * It answers three questions:
 * - which dealers did `--changed` not need to rebuild (their content fingerprint and the build
 *   key are unchanged);
 * - which dealers must the API serve for these sites (`npm start -- --sites DIR`,
 *   `npm run build -- --api-only`): exactly the manifest's, from the content they were built from;
 * - do the shards of a CI matrix add up to one fleet (one build key, no dealer twice, no folder
 *   without its entry).
 */
import { createHash } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import type { DealerContent } from '../../content/load.ts';
import type { ContentIssue } from '../../content/issues.ts';
import type { DealerFacts } from '../../content/fleet-checks.ts';

/** The snapshot format the build reads (the shared content-format document's version). */
export const CONTENT_FORMAT_VERSION = '1.1';
/** The manifest's own layout; a reader refuses another. */
export const MANIFEST_FORMAT = 1;
export const CONTENT_DIR = '.content';

export interface ManifestDealer {
  /** site.json's website id (unique across a fleet). */
  id: number;
  name: string;
  /** Production URL of the site. */
  url: string;
  /** Hash of the dealer's snapshot files (src/content/load.ts `fingerprintDealer`). */
  fingerprint: string;
  /** Hash of those files' sizes and modification times (`statSignature`): lets --changed skip reading them. */
  stats?: string;
  pages: number;
  builtAt: string;
  /** The build key (see `buildKey`) of the build that made this site. */
  buildKey: string;
  /** The version of the imported stock it was built with (build-stock.ts); absent: its cars.json. */
  stock?: string;
  /** Sold cars without a `sold_at`: when a build first saw each sold, by car id (sold-cars.ts). */
  soldSeen?: Record<string, string>;
  /** When the first sold car's page of this site must go: `--changed` rebuilds the dealer then. */
  soldPagesEnd?: string;
  /** What the copy-mistake checks across the fleet need of it (src/content/fleet-checks.ts). */
  fleet?: DealerFacts;
}

/**
 * A dealer whose snapshot failed validation in a build. Its site, content and entry stay those of
 * its last good build (`lastGoodAt`), or it has none (null) when it never built.
 */
export interface FailedDealer {
  /** When the build that refused it ran. */
  at: string;
  /** `builtAt` of the site still served for it; null when it has no site. */
  lastGoodAt: string | null;
  /** Every error of its snapshot, with file and JSON path. */
  errors: ContentIssue[];
}

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export interface BuildManifest {
  format: typeof MANIFEST_FORMAT;
  contentFormat: string;
  builtAt: string;
  /** Hash of what shapes every page besides content: code, public files, lock file, options. */
  buildKey: string;
  preview: boolean;
  /** The snapshot folder the dealers were read from (absolute). */
  dealersDir: string;
  shard?: Shard;
  dealers: Record<string, ManifestDealer>;
  /**
   * The dealers this build (or an earlier one, for dealers it did not read) refused: a deploy step
   * ships `dealers` and leaves these as they are. Absent when every dealer built.
   */
  failed?: Record<string, FailedDealer>;
}

export function manifestName(shard?: Shard): string {
  return shard ? `manifest.${shard.index}-of-${shard.count}.json` : 'manifest.json';
}

export const MANIFEST_FILE = /^manifest(?:\.(\d+)-of-(\d+))?\.json$/;

/** Parses "K/N" (1 ≤ K ≤ N); throws a message naming the flag otherwise. */
export function parseShard(raw: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) {
    throw new Error(`--shard takes K/N with 1 ≤ K ≤ N (e.g. --shard 2/4), not "${raw}"`);
  }
  return { index, count };
}

/**
 * The shard a dealer belongs to: a hash of its slug, so a dealer stays in its shard when others
 * are added or removed, and shards are about equal in size.
 */
export function shardOf(slug: string, count: number): number {
  return (createHash('sha256').update(slug).digest().readUInt32BE(0) % count) + 1;
}

export function inShard(slug: string, shard: Shard | undefined): boolean {
  return !shard || shardOf(slug, shard.count) === shard.index;
}

export function manifestEntry(
  d: DealerContent,
  fingerprint: string,
  pages: number,
  builtAt: string,
  key: string,
  stock?: string,
  sold?: { soldSeen: Record<string, string>; soldPagesEnd?: string },
): ManifestDealer {
  return {
    id: d.site.id,
    name: d.site.name,
    url: d.site.url,
    fingerprint,
    pages,
    builtAt,
    buildKey: key,
    ...(stock ? { stock } : {}),
    ...(sold && Object.keys(sold.soldSeen).length ? { soldSeen: sold.soldSeen } : {}),
    ...(sold?.soldPagesEnd ? { soldPagesEnd: sold.soldPagesEnd } : {}),
  };
}

/** Writes a file whole or not at all (a reader never sees half a manifest). */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}
