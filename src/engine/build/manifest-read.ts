/**
 * Reading a sites folder's manifests (build-manifest.ts): merged across shards, checked against
 * the folder's sites, and the validated content each site was built from.
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DealerContent } from '../../content/load.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import {
  CONTENT_DIR,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type BuildManifest,
  type FailedDealer,
  type ManifestDealer,
} from './build-manifest.ts';

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
