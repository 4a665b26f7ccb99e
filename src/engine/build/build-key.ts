/**
 * What makes a dealer's site, as the manifest records it (build-manifest.ts): the build key (a
 * hash of the code, public files, lock file, preview switch and output environment) and, with the
 * content fingerprint, the site key.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { processEnv } from '../../config/env.ts';
import { limiter, mapLimit } from '../../lib/concurrency.ts';
import { CONTENT_FORMAT_VERSION, type ManifestDealer } from './build-manifest.ts';

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
