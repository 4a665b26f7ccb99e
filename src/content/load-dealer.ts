/**
 * Reads and validates one dealer folder: site.json, the entity files and the pages with their
 * blocks, noting every file's bytes for the folder's fingerprint.
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { siteSchema } from './site.ts';
import { pageSchema, type Page } from './page.ts';
import { entityFiles } from './entities.ts';
import { fromZod, type ContentIssue } from './issues.ts';
import { validateBlocks, type BlockCheck } from './validate-blocks.ts';
import { checkReferences } from './references.ts';
import type { DealerContent } from './dealer.ts';
import { fingerprintOf, listJson, type Io, type ReadFile } from './snapshot-files.ts';

/** One dealer folder loaded: its content when it has no error, its issues and its fingerprint. */
export interface DealerLoad extends BlockCheck {
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

/** Loads the dealer folder `dir` (named `folder`), reading its files through `io`. */
export async function loadDealer(
  dir: string,
  folder: string,
  io: Io,
  placeholders: boolean,
  /** Page files read as if absent (LoadOptions.leaveOut). */
  leaveOut: readonly string[] = [],
): Promise<DealerLoad> {
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
  if (site && !site.success)
    errors.push(...fromZod(site.error, { dealer: folder, file: 'site.json' }, siteJson.value, siteSchema));
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
      if (!parsed.success) errors.push(...fromZod(parsed.error, { dealer: folder, file }, json.value, schema));
      return [key, parsed.success ? parsed.data : undefined];
    }),
  );
  const entities = Object.fromEntries(parsedEntities);

  const pages = await loadPages(dir, folder, check, io, read, placeholders, leaveOut);
  check.fingerprint = fingerprintOf(read);
  if (errors.length || !site?.success) return check;
  const dealer = { slug: folder, site: site.data, pages, ...entities } as DealerContent;
  errors.push(...checkReferences(dealer));
  if (!errors.length) check.dealer = dealer;
  return check;
}

async function loadPages(
  dir: string,
  folder: string,
  check: DealerLoad,
  io: Io,
  read: ReadFile[],
  placeholders: boolean,
  leaveOut: readonly string[],
): Promise<Page[]> {
  const pagesDir = path.join(dir, 'pages');
  const exists = await io(() => stat(pagesDir)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!exists) return [];
  const relOf = (full: string) => path.relative(dir, full).split(path.sep).join('/');
  const files = (await listJson(pagesDir, io)).filter((full) => !leaveOut.includes(relOf(full)));
  const pages: Page[] = [];
  const byPath = new Map<string, string>();
  const rels = files.map(relOf);
  // Read every page at once; check them in file order so messages come out in a stable order.
  const jsons = await Promise.all(files.map((full, i) => readJson(full, rels[i]!, folder, check.errors, io, read)));
  for (const [i, json] of jsons.entries()) {
    const rel = rels[i]!;
    if (json.value === undefined) continue;
    const parsed = pageSchema.safeParse(json.value);
    if (!parsed.success) {
      check.errors.push(...fromZod(parsed.error, { dealer: folder, file: rel }, json.value, pageSchema));
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
