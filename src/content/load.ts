/**
 * Reads every dealer folder of a snapshot directory with `fs`, validates it once, and returns
 * typed content plus every error and warning (never only the first).
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { siteSchema, type Site } from './site.ts';
import { pageSchema, type Page } from './page.ts';
import { entityFiles, type Brand, type Car, type Location, type Model, type Offer,
  type ReviewsSummary, type Slide, type StaffMember } from './entities.ts';
import { fromZod, type ContentIssue } from './issues.ts';
import { validateBlocks, type BlockCheck } from './validate-blocks.ts';
import { checkReferences } from './references.ts';

export interface DealerContent {
  slug: string;
  site: Site;
  pages: Page[];
  models: Model[];
  offers: Offer[];
  team: StaffMember[];
  locations: Location[];
  brands: Brand[];
  slides: Slide[];
  cars: Car[];
  reviews: Record<string, ReviewsSummary>;
}

export interface LoadResult {
  dealers: DealerContent[];
  errors: ContentIssue[];
  warnings: ContentIssue[];
}

export interface LoadOptions {
  /** Only these slugs (folder names); an unknown one is an error. */
  only?: string[];
}

/** Dealer folders of a snapshot directory: names starting with `_` or `.` are not dealers. */
export async function listDealerFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

export async function loadDealers(dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const result: LoadResult = { dealers: [], errors: [], warnings: [] };
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
  const loaded = await Promise.all(folders.map((f) => loadDealer(path.join(dir, f), f)));
  const seenIds = new Map<number, string>();
  for (const one of loaded) {
    result.errors.push(...one.errors);
    result.warnings.push(...one.warnings);
    if (!one.dealer) continue;
    const other = seenIds.get(one.dealer.site.id);
    if (other) {
      result.errors.push({ dealer: one.dealer.slug, file: 'site.json', path: 'id',
        message: `website id ${one.dealer.site.id} is also used by dealer "${other}"; ids must be unique` });
    }
    seenIds.set(one.dealer.site.id, one.dealer.slug);
    result.dealers.push(one.dealer);
  }
  return result;
}

interface DealerLoad extends BlockCheck {
  dealer?: DealerContent;
}

async function readJson(
  file: string, rel: string, dealer: string, errors: ContentIssue[],
): Promise<{ found: boolean; value?: unknown }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
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

async function loadDealer(dir: string, folder: string): Promise<DealerLoad> {
  const check: DealerLoad = { errors: [], warnings: [] };
  const { errors } = check;
  const siteJson = await readJson(path.join(dir, 'site.json'), 'site.json', folder, errors);
  if (!siteJson.found) {
    errors.push({ dealer: folder, file: 'site.json', path: '', message: 'is missing: every dealer folder needs a site.json' });
  }
  const site = siteJson.value === undefined ? undefined : siteSchema.safeParse(siteJson.value);
  if (site && !site.success) errors.push(...fromZod(site.error, { dealer: folder, file: 'site.json' }, siteJson.value));
  if (site?.success && site.data.slug !== folder) {
    errors.push({ dealer: folder, file: 'site.json', path: 'slug',
      message: `is "${site.data.slug}" but the folder is "${folder}"; they must match` });
  }

  const entities: Record<string, unknown> = {};
  await Promise.all(
    Object.entries(entityFiles).map(async ([key, { file, schema }]) => {
      const json = await readJson(path.join(dir, file), file, folder, errors);
      if (json.value === undefined) {
        entities[key] = key === 'reviews' ? {} : [];
        return;
      }
      const parsed = schema.safeParse(json.value);
      if (parsed.success) entities[key] = parsed.data;
      else errors.push(...fromZod(parsed.error, { dealer: folder, file }, json.value));
    }),
  );

  const pages = await loadPages(dir, folder, check);
  if (errors.length || !site?.success) return check;
  const dealer = { slug: folder, site: site.data, pages, ...entities } as DealerContent;
  errors.push(...checkReferences(dealer));
  if (!errors.length) check.dealer = dealer;
  return check;
}

async function listJson(dir: string): Promise<string[]> {
  const out: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listJson(full)));
    else if (e.name.endsWith('.json')) out.push(full);
  }
  return out.sort();
}

async function loadPages(dir: string, folder: string, check: DealerLoad): Promise<Page[]> {
  const pagesDir = path.join(dir, 'pages');
  const exists = await stat(pagesDir).then((s) => s.isDirectory(), () => false);
  if (!exists) return [];
  const files = await listJson(pagesDir);
  const pages: Page[] = [];
  const byPath = new Map<string, string>();
  const rels = files.map((full) => path.relative(dir, full).split(path.sep).join('/'));
  // Read every page at once; check them in file order so messages come out in a stable order.
  const jsons = await Promise.all(files.map((full, i) => readJson(full, rels[i]!, folder, check.errors)));
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
      check.errors.push({ dealer: folder, file: rel, path: 'path',
        message: `"${parsed.data.path}" is also the path of ${other}; page paths must be unique` });
    }
    byPath.set(parsed.data.path, rel);
    const blocks = validateBlocks(parsed.data.blocks, {
      dealer: folder, file: rel, page: parsed.data.path, prefix: ['blocks'],
    }, check);
    pages.push({ ...parsed.data, blocks, file: rel });
  }
  return pages;
}
