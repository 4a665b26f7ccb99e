/**
 * Reads every dealer folder of a snapshot directory with `fs`, validates it once, and returns
 * typed content plus every error and warning (never only the first).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { limiter, mapLimit } from '../lib/concurrency.ts';
import { siteSchema } from './site.ts';
import { pageSchema, type Page } from './page.ts';
import { entityFiles } from './entities.ts';
import { fromZod, type ContentIssue } from './issues.ts';
import { sharedSettingIssue, sharedSuffixes } from './dealer-settings.ts';
import { validateBlocks, type BlockCheck } from './validate-blocks.ts';
import { checkReferences } from './references.ts';
import type { DealerContent } from './dealer.ts';

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
}

/**
 * Files read at once. Far below any usual descriptor limit (1,024 on many systems), and enough
 * to keep the disk busy: a fleet's tens of thousands of files opened together fail with EMFILE.
 */
export const MAX_OPEN_FILES = 64;
/** Dealers validated at once: each holds its parsed files in memory until it is checked. */
const DEALER_CONCURRENCY = 16;

type Io = <T>(work: () => Promise<T>) => Promise<T>;

/** The bytes of one file of a dealer folder, for its fingerprint. */
interface ReadFile {
  rel: string;
  bytes: Buffer;
}

/**
 * A dealer folder's content in one hash: every file the loader reads (site.json, the entity
 * files, pages/**\/*.json), by path and bytes. Equal fingerprints mean equal content.
 */
function fingerprintOf(files: ReadFile[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
    hash.update(f.rel).update('\0').update(String(f.bytes.length)).update('\0').update(f.bytes);
  }
  return hash.digest('hex').slice(0, 32);
}

/** The files of a dealer folder the loader reads, relative: site.json, the entity files, the pages. */
async function snapshotFiles(dir: string, io: Io): Promise<string[]> {
  const pages = (await listJson(path.join(dir, 'pages'), io)).map((full) =>
    path.relative(dir, full).split(path.sep).join('/'),
  );
  return ['site.json', ...Object.values(entityFiles).map((e) => e.file), ...pages];
}

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
    loadDealer(path.join(dir, f), f, io, !!options.placeholders),
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

interface DealerLoad extends BlockCheck {
  dealer?: DealerContent;
  fingerprint: string;
}

/** Reads and parses one JSON file of a dealer, noting its bytes in `read` for the fingerprint. */
async function readJson(
  file: string,
  rel: string,
  dealer: string,
  errors: ContentIssue[],
  io: Io,
  read: ReadFile[],
): Promise<{ found: boolean; value?: unknown }> {
  let text: string;
  try {
    // Read synchronously: a snapshot file is small and the read is a page-cache copy, where the
    // promise API's open, stat, read and close round trips through the thread pool cost several
    // times the read itself (a fleet build reads tens of thousands of such files).
    const bytes = await io(async () => readFileSync(file));
    read.push({ rel, bytes });
    text = bytes.toString('utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { found: false };
    errors.push({ dealer, file: rel, path: '', message: `cannot be read: ${(e as Error).message}` });
    return { found: true };
  }
  try {
    return { found: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (e) {
    errors.push({ dealer, file: rel, path: '', message: `is not valid JSON: ${(e as Error).message}` });
    return { found: true };
  }
}

async function loadDealer(dir: string, folder: string, io: Io, placeholders: boolean): Promise<DealerLoad> {
  const check: DealerLoad = { errors: [], warnings: [], fingerprint: '' };
  const { errors } = check;
  const read: ReadFile[] = [];
  const siteJson = await readJson(path.join(dir, 'site.json'), 'site.json', folder, errors, io, read);
  if (!siteJson.found) {
    errors.push({
      dealer: folder,
      file: 'site.json',
      path: '',
      message: 'is missing: every dealer folder needs a site.json',
    });
  }
  const site = siteJson.value === undefined ? undefined : siteSchema.safeParse(siteJson.value);
  if (site && !site.success) errors.push(...fromZod(site.error, { dealer: folder, file: 'site.json' }, siteJson.value));
  if (site?.success && site.data.slug !== folder) {
    errors.push({
      dealer: folder,
      file: 'site.json',
      path: 'slug',
      message: `is "${site.data.slug}" but the folder is "${folder}"; they must match`,
    });
  }

  // Read at once, kept in the order of entityFiles: the same content makes the same JSON
  // (a shard's build must equal the whole build's, byte for byte), whichever file came back first.
  const parsedEntities = await Promise.all(
    Object.entries(entityFiles).map(async ([key, { file, schema }]): Promise<[string, unknown]> => {
      const json = await readJson(path.join(dir, file), file, folder, errors, io, read);
      if (json.value === undefined) return [key, key === 'reviews' ? {} : []];
      const parsed = schema.safeParse(json.value);
      if (!parsed.success) errors.push(...fromZod(parsed.error, { dealer: folder, file }, json.value));
      return [key, parsed.success ? parsed.data : undefined];
    }),
  );
  const entities = Object.fromEntries(parsedEntities);

  const pages = await loadPages(dir, folder, check, io, read, placeholders);
  check.fingerprint = fingerprintOf(read);
  if (errors.length || !site?.success) return check;
  const dealer = { slug: folder, site: site.data, pages, ...entities } as DealerContent;
  errors.push(...checkReferences(dealer));
  if (!errors.length) check.dealer = dealer;
  return check;
}

async function listJson(dir: string, io: Io): Promise<string[]> {
  const out: string[] = [];
  let entries;
  try {
    entries = await io(() => readdir(dir, { withFileTypes: true }));
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listJson(full, io)));
    else if (e.name.endsWith('.json')) out.push(full);
  }
  return out.sort();
}

async function loadPages(
  dir: string,
  folder: string,
  check: DealerLoad,
  io: Io,
  read: ReadFile[],
  placeholders: boolean,
): Promise<Page[]> {
  const pagesDir = path.join(dir, 'pages');
  const exists = await io(() => stat(pagesDir)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!exists) return [];
  const files = await listJson(pagesDir, io);
  const pages: Page[] = [];
  const byPath = new Map<string, string>();
  const rels = files.map((full) => path.relative(dir, full).split(path.sep).join('/'));
  // Read every page at once; check them in file order so messages come out in a stable order.
  const jsons = await Promise.all(files.map((full, i) => readJson(full, rels[i]!, folder, check.errors, io, read)));
  for (const [i, json] of jsons.entries()) {
    const rel = rels[i]!;
    if (json.value === undefined) continue;
    const parsed = pageSchema.safeParse(json.value);
    if (!parsed.success) {
      check.errors.push(...fromZod(parsed.error, { dealer: folder, file: rel }, json.value));
      continue;
    }
    const other = byPath.get(parsed.data.path);
    if (other) {
      check.errors.push({
        dealer: folder,
        file: rel,
        path: 'path',
        message: `"${parsed.data.path}" is also the path of ${other}; page paths must be unique`,
      });
    }
    byPath.set(parsed.data.path, rel);
    const blocks = validateBlocks(
      parsed.data.blocks,
      {
        dealer: folder,
        file: rel,
        page: parsed.data.path,
        prefix: ['blocks'],
        placeholders,
      },
      check,
    );
    pages.push({ ...parsed.data, blocks, file: rel });
  }
  return pages;
}
