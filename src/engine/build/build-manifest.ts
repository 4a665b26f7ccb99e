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
import { readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { processEnv } from '../../config/env.ts';
import type { DealerContent } from '../../content/load.ts';
import type { ContentIssue } from '../../content/issues.ts';
import { limiter, mapLimit } from '../../lib/concurrency.ts';

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

const MANIFEST_FILE = /^manifest(?:\.(\d+)-of-(\d+))?\.json$/;

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

/** Every file under `dir` (relative, sorted), skipping dot files and node_modules. */
async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(full, base)));
    else if (e.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/** Environment variables a page's output depends on (besides content). */
const OUTPUT_ENV = ['ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_KEY', 'ALGOLIA_INDEX_PREFIX', 'CMS_URL'];

/** A block's unit test beside its code (src/blocks/<type>/*.test.ts): no page is made from it. */
const isUnitTest = (rel: string) => rel.endsWith('.test.ts');

/**
 * What makes a dealer's site: its content fingerprint and the build key. Equal keys, equal site;
 * files that depend on every page of a site (its stylesheet of style attributes) are named by it.
 */
export function siteKeyOf(entry: Pick<ManifestDealer, 'fingerprint' | 'buildKey'>): string {
  return `${entry.buildKey}:${entry.fingerprint}`;
}

/**
 * The build key: a hash of the code and files every page is made from (src/ without its unit
 * tests, public/, astro.config.mjs, package-lock.json), the preview switch and the environment
 * that changes output. Equal keys and equal content fingerprints mean an equal site, so
 * `--changed` may keep it.
 */
export async function buildKey(
  projectRoot: string,
  options: { preview: boolean; env?: NodeJS.ProcessEnv },
): Promise<string> {
  const env = options.env ?? processEnv();
  const hash = createHash('sha256');
  hash.update(`preview=${options.preview}\0format=${CONTENT_FORMAT_VERSION}\0`);
  for (const name of OUTPUT_ENV) hash.update(`${name}=${env[name] ?? ''}\0`);
  const io = limiter(32);
  for (const top of ['src', 'public', 'astro.config.mjs', 'package-lock.json']) {
    const full = path.join(projectRoot, top);
    const isDir = await stat(full).then(
      (s) => s.isDirectory(),
      () => false,
    );
    const rels = isDir ? (await filesUnder(full)).filter((r) => !isUnitTest(r)).map((r) => `${top}/${r}`) : [top];
    const bytes = await mapLimit(rels, 32, (rel) =>
      io(() => readFile(path.join(projectRoot, rel)).catch(() => Buffer.alloc(0))),
    );
    rels.forEach((rel, i) =>
      hash.update(rel).update('\0').update(String(bytes[i]!.length)).update('\0').update(bytes[i]!),
    );
  }
  return hash.digest('hex').slice(0, 32);
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

export interface SitesManifest {
  /** Every manifest file read, by name. */
  files: string[];
  /** Build keys of the dealers' sites: one when every site came from the same code and options. */
  buildKeys: string[];
  preview: boolean;
  dealersDir: string;
  dealers: Record<string, ManifestDealer>;
  /** Dealers whose last build failed, unless a later build of the dealer succeeded. */
  failed: Record<string, FailedDealer>;
}

/** Thrown for a sites folder whose manifest is missing or does not match its folders. */
export class ManifestError extends Error {}

/**
 * The manifests of a sites folder, merged: the whole build's and any shards'. A dealer listed
 * twice keeps its newest entry. Undefined when the folder has no manifest at all.
 */
export async function readManifests(sitesDir: string): Promise<SitesManifest | undefined> {
  const names = (await readdir(sitesDir).catch(() => [] as string[])).filter((n) => MANIFEST_FILE.test(n)).sort();
  if (!names.length) return undefined;
  const parsed: BuildManifest[] = [];
  for (const name of names) {
    let m: BuildManifest;
    try {
      m = JSON.parse(await readFile(path.join(sitesDir, name), 'utf8')) as BuildManifest;
    } catch (e) {
      throw new ManifestError(`${path.join(sitesDir, name)} cannot be read: ${(e as Error).message}`);
    }
    if (m.format !== MANIFEST_FORMAT || typeof m.dealers !== 'object' || !m.dealers) {
      throw new ManifestError(
        `${path.join(sitesDir, name)} is not a build manifest of format ${MANIFEST_FORMAT}; rebuild with npm run build`,
      );
    }
    parsed.push(m);
  }
  const dealers: Record<string, ManifestDealer> = {};
  for (const m of parsed) {
    for (const [slug, entry] of Object.entries(m.dealers)) {
      const seen = dealers[slug];
      if (!seen || seen.builtAt < entry.builtAt) dealers[slug] = entry;
    }
  }
  const failed: Record<string, FailedDealer> = {};
  for (const m of parsed) {
    for (const [slug, entry] of Object.entries(m.failed ?? {})) {
      const seen = failed[slug];
      if (!seen || seen.at < entry.at) failed[slug] = entry;
    }
  }
  // A failure that a later build of the same dealer put right is over.
  for (const [slug, entry] of Object.entries(failed)) {
    const built = dealers[slug];
    if (built && built.builtAt > entry.at) delete failed[slug];
  }
  const newest = parsed.reduce((a, b) => (a.builtAt >= b.builtAt ? a : b));
  const buildKeys = [...new Set(Object.values(dealers).map((d) => d.buildKey))].sort();
  return { files: names, buildKeys, preview: newest.preview, dealersDir: newest.dealersDir, dealers, failed };
}

/**
 * The manifest of a folder the API is to serve, checked against its dealer folders: every listed
 * dealer has its site and content, and every site folder is listed. Throws a ManifestError saying
 * what is wrong and how to fix it.
 */
export async function checkedManifest(sitesDir: string): Promise<SitesManifest> {
  const manifest = await readManifests(sitesDir);
  if (!manifest) {
    throw new ManifestError(
      `${sitesDir} has no build manifest (manifest.json): build the sites with npm run build -- --out ${sitesDir}`,
    );
  }
  const folders = (await readdir(sitesDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('_'))
    .map((e) => e.name);
  const problems: string[] = [];
  const unlisted = folders.filter((f) => !manifest.dealers[f]);
  if (unlisted.length) problems.push(`site folders no manifest lists: ${unlisted.sort().join(', ')}`);
  const missing: string[] = [];
  const noContent: string[] = [];
  await mapLimit(Object.keys(manifest.dealers).sort(), 32, async (slug) => {
    if (
      !(await stat(path.join(sitesDir, slug, 'index.html')).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      missing.push(slug);
    if (
      !(await stat(contentFile(sitesDir, slug)).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      noContent.push(slug);
  });
  if (missing.length) problems.push(`dealers the manifest lists without a built site: ${missing.sort().join(', ')}`);
  if (noContent.length)
    problems.push(`dealers without their content in ${CONTENT_DIR}/: ${noContent.sort().join(', ')}`);
  if (problems.length) {
    throw new ManifestError(
      `${sitesDir} does not match its build manifest (${manifest.files.join(', ')}):\n  ${problems.join('\n  ')}\n` +
        'Rebuild the folder (npm run build -- --out DIR), or copy in every shard of the same build.',
    );
  }
  return manifest;
}

export function contentFile(sitesDir: string, slug: string): string {
  return path.join(sitesDir, CONTENT_DIR, `${slug}.json`);
}

/** The validated content the sites of a folder were built from, for the API that serves them. */
export async function readBuiltContent(sitesDir: string, slugs: string[]): Promise<DealerContent[]> {
  return mapLimit(
    [...slugs].sort(),
    32,
    async (slug) => (await readContentFile({ slug, file: contentFile(sitesDir, slug) })).dealer,
  );
}

/** A dealer's validated content file, as a build wrote it. */
export interface ContentFile {
  slug: string;
  file: string;
  /**
   * Written by this build's own validation a moment ago (JSON.stringify of a dealer), so known to
   * be JSON; a file of an earlier build is parsed to check it.
   */
  fresh?: boolean;
}

/** A content file's text and the dealer it holds; an unreadable file is a ManifestError naming it. */
async function readContentFile({ slug, file }: ContentFile): Promise<{ text: string; dealer: DealerContent }> {
  try {
    const text = await readFile(file, 'utf8');
    return { text, dealer: JSON.parse(text) as DealerContent };
  } catch (e) {
    throw new ManifestError(`the built content of "${slug}" (${file}) cannot be read: ${(e as Error).message}`);
  }
}

/**
 * The bytes of content files (UTF-8 JSON), in order, one read at a time; each file of an earlier
 * build is checked to be JSON.
 */
export async function* contentTexts(files: ContentFile[]): AsyncGenerator<Buffer> {
  for (const f of files) {
    if (!f.fresh) {
      yield Buffer.from((await readContentFile(f)).text);
      continue;
    }
    try {
      yield await readFile(f.file);
    } catch (e) {
      throw new ManifestError(`the built content of "${f.slug}" (${f.file}) cannot be read: ${(e as Error).message}`);
    }
  }
}
