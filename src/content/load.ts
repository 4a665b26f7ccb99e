/**
 * Reads every dealer folder of a snapshot directory with `fs`, validates it once, and returns
 * typed content plus every error and warning (never only the first); and the folders'
 * fingerprints and stat signatures, which say whether a dealer's content changed. One folder is
 * read in load-dealer.ts; which files count, and their hash, are in snapshot-files.ts.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { limiter, mapLimit } from '../lib/concurrency.ts';
import type { ContentIssue } from './issues.ts';
import { sharedSettingIssue, sharedSuffixes } from './dealer-settings.ts';
import type { DealerContent } from './dealer.ts';
import { loadDealer } from './load-dealer.ts';
import { fingerprintOf, snapshotFiles, type Io, type ReadFile } from './snapshot-files.ts';

export type { DealerContent } from './dealer.ts';

export interface LoadResult {
  dealers: DealerContent[];
  errors: ContentIssue[];
  warnings: ContentIssue[];
  /**
   * Each dealer folder's content fingerprint (see `fingerprintDealer`), also for folders with
   * errors: what `npm run build -- --changed` compares with the last build's manifest.
   */
  fingerprints: Record<string, string>;
}

export interface LoadOptions {
  /** Only these slugs (folder names); an unknown one is an error. */
  only?: string[];
  /** Files open at once across every dealer (default MAX_OPEN_FILES). */
  maxOpenFiles?: number;
  /**
   * Keep each block of an unknown type as a visible stand-in naming it (`unknownBlock`), for the
   * editor preview and preview builds; by default unknown blocks are dropped (they render nothing).
   */
  placeholders?: boolean;
  /**
   * Page files (relative to the dealer folder, "pages/x.json") read as if absent: the editor
   * preview shows a dealer's other pages while one page file has errors.
   */
  leaveOut?: readonly string[];
}

/**
 * Files read at once. Far below any usual descriptor limit (1,024 on many systems), and enough
 * to keep the disk busy: a fleet's tens of thousands of files opened together fail with EMFILE.
 */
export const MAX_OPEN_FILES = 64;
/** Dealers validated at once: each holds its parsed files in memory until it is checked. */
const DEALER_CONCURRENCY = 16;

/** The fingerprint of one dealer folder without validating it (what `loadDealers` reports). */
export async function fingerprintDealer(dir: string, io: Io = limiter(MAX_OPEN_FILES)): Promise<string> {
  const read = async (rel: string): Promise<ReadFile | undefined> => {
    try {
      return { rel, bytes: await io(() => readFile(path.join(dir, rel))) };
    } catch {
      // Missing, or unreadable: the loader leaves such a file out of the fingerprint too.
      return undefined;
    }
  };
  const files = await Promise.all((await snapshotFiles(dir, io)).map(read));
  return fingerprintOf(files.filter((f): f is ReadFile => !!f));
}

/**
 * A cheap stand-in for the fingerprint: a hash of the same files' paths, sizes and modification
 * times. Equal signatures mean unchanged content (the fingerprint need not be read); different
 * ones (a fresh clone, a touched file) mean the fingerprint decides.
 */
export async function statSignature(dir: string, io: Io = limiter(MAX_OPEN_FILES)): Promise<string> {
  const hash = createHash('sha256');
  const stats = await Promise.all(
    (await snapshotFiles(dir, io)).map((rel) =>
      io(async () => statSync(path.join(dir, rel))).then(
        (s) => ({ rel, s }),
        () => undefined,
      ),
    ),
  );
  for (const f of stats.filter((x) => !!x).sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
    hash.update(`${f.rel}\0${f.s.size}\0${f.s.mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 32);
}

/** Stat signatures of many dealer folders (slug → signature). */
export async function statSignatures(
  dir: string,
  slugs: string[],
  maxOpenFiles = MAX_OPEN_FILES,
): Promise<Record<string, string>> {
  const io = limiter(maxOpenFiles);
  const sigs = await mapLimit(slugs, DEALER_CONCURRENCY, (slug) => statSignature(path.join(dir, slug), io));
  return Object.fromEntries(slugs.map((slug, i) => [slug, sigs[i]!]));
}

/** Fingerprints of many dealer folders (slug → fingerprint), with bounded open files. */
export async function fingerprintDealers(
  dir: string,
  slugs: string[],
  maxOpenFiles = MAX_OPEN_FILES,
): Promise<Record<string, string>> {
  const io = limiter(maxOpenFiles);
  const prints = await mapLimit(slugs, DEALER_CONCURRENCY, (slug) => fingerprintDealer(path.join(dir, slug), io));
  return Object.fromEntries(slugs.map((slug, i) => [slug, prints[i]!]));
}

/** Dealer folders of a snapshot directory: names starting with `_` or `.` are not dealers. */
export async function listDealerFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

/** A website id that another dealer already uses: the later dealer is refused with this issue. */
export function duplicateIdIssue(dealer: string, id: number, other: string): ContentIssue {
  return {
    dealer,
    file: 'site.json',
    path: 'id',
    message: `website id ${id} is also used by dealer "${other}"; ids must be unique`,
  };
}

export async function loadDealers(dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const result: LoadResult = { dealers: [], errors: [], warnings: [], fingerprints: {} };
  let folders: string[];
  try {
    folders = await listDealerFolders(dir);
  } catch {
    result.errors.push({ dealer: '(all)', file: dir, path: '', message: 'the dealers folder cannot be read' });
    return result;
  }
  if (options.only?.length) {
    for (const slug of options.only) {
      if (!folders.includes(slug)) {
        result.errors.push({ dealer: slug, file: '', path: '', message: `no dealer folder "${slug}" in ${dir}` });
      }
    }
    folders = folders.filter((f) => options.only!.includes(f));
  }
  const io = limiter(options.maxOpenFiles ?? MAX_OPEN_FILES);
  const loaded = await mapLimit(folders, DEALER_CONCURRENCY, (f) =>
    loadDealer(path.join(dir, f), f, io, !!options.placeholders, options.leaveOut),
  );
  const seenIds = new Map<number, string>();
  for (const [i, one] of loaded.entries()) {
    result.fingerprints[folders[i]!] = one.fingerprint;
    result.errors.push(...one.errors);
    result.warnings.push(...one.warnings);
    if (!one.dealer) continue;
    const other = seenIds.get(one.dealer.site.id);
    if (other) {
      result.errors.push(duplicateIdIssue(one.dealer.slug, one.dealer.site.id, other));
    }
    seenIds.set(one.dealer.site.id, one.dealer.slug);
    result.dealers.push(one.dealer);
  }
  for (const { dealer, other } of sharedSuffixes(result.dealers.map((d) => d.slug)))
    result.errors.push(sharedSettingIssue(dealer, other));
  return result;
}
