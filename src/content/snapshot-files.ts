/**
 * The files of a dealer folder the loader reads (site.json, the entity files, pages/**\/*.json),
 * how they are listed, and the fingerprint of their bytes.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { entityFiles } from './entities.ts';

/** Runs one file operation within the bound on files open at once (see `limiter`). */
export type Io = <T>(work: () => Promise<T>) => Promise<T>;

/** The bytes of one file of a dealer folder, for its fingerprint. */
export interface ReadFile {
  rel: string;
  bytes: Buffer;
}

/**
 * A dealer folder's content in one hash: every file the loader reads (site.json, the entity
 * files, pages/**\/*.json), by path and bytes. Equal fingerprints mean equal content.
 */
export function fingerprintOf(files: ReadFile[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
    hash.update(f.rel).update('\0').update(String(f.bytes.length)).update('\0').update(f.bytes);
  }
  return hash.digest('hex').slice(0, 32);
}

/** The files of a dealer folder the loader reads, relative: site.json, the entity files, the pages. */
export async function snapshotFiles(dir: string, io: Io): Promise<string[]> {
  const pages = (await listJson(path.join(dir, 'pages'), io)).map((full) =>
    path.relative(dir, full).split(path.sep).join('/'),
  );
  return ['site.json', ...Object.values(entityFiles).map((e) => e.file), ...pages];
}

/** The .json files under a folder, at any depth, sorted; none when it cannot be read. */
export async function listJson(dir: string, io: Io): Promise<string[]> {
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
