/**
 * The sample dealers built as `npm run build` builds them, in a child process (Astro's build
 * cannot run inside the test runner's own Vite), into a folder of the caller's inside the project
 * (.cache/test-builds), so test files that build at the same time keep apart.
 *
 * Test files that only read the samples' output share one build (sharedSampleBuild): the first
 * to ask builds it under a lock, the others (in other workers too) wait for it, and later runs
 * reuse it while the build's inputs are unchanged (the engine's build key, the snapshots and the
 * build script).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildKey } from '../../src/engine/build/build-key.ts';
import { childEnv } from './build-child.ts';

const run = promisify(execFile);

export interface SampleBuild {
  /** One site root per dealer slug. */
  sites: string;
  /** Every page of every site: "<slug>/<path>/index.html" → HTML. */
  pages: Map<string, string>;
}

/** `dealers`: a folder of snapshots to build instead of the samples in ./dealers. */
export async function buildSamples(name: string, options: { dealers?: string } = {}): Promise<SampleBuild> {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  const root = await mkdtemp(path.resolve(`.cache/test-builds/${name}-`));
  const sites = path.join(root, 'sites');
  // Without the test runner's NODE_ENV=test, which would make Vite bundle React's development build.
  await run(
    process.execPath,
    [
      '--experimental-strip-types',
      'scripts/build.ts',
      ...(options.dealers ? ['--dealers', options.dealers] : []),
      '--out',
      sites,
      '--api-out',
      path.join(root, 'api'),
    ],
    {
      maxBuffer: 64 * 1024 * 1024,
      env: childEnv(),
    },
  );
  return { sites, pages: await readBuiltPages(sites) };
}

/**
 * The path of a built page of `slug` whose stock cards (a cars block's first results) include the
 * car at `href`; undefined when none does.
 */
export function listingWith(build: SampleBuild, slug: string, href: string): string | undefined {
  for (const [file, html] of build.pages) {
    if (!file.startsWith(`${slug}/`) || !html.includes('class="cars-list')) continue;
    if (html.includes(`href="${href}"`)) return `/${file.slice(slug.length + 1).replace(/index\.html$/, '')}`;
  }
  return undefined;
}

/** Every HTML page under `sites`: "<slug>/<path>/index.html" → HTML. */
export async function readBuiltPages(sites: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const e of await readdir(sites, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.html')) continue;
    const file = path.join(e.parentPath, e.name);
    pages.set(path.relative(sites, file).split(path.sep).join('/'), await readFile(file, 'utf8'));
  }
  return pages;
}

/** A hash of everything the samples' output is made from. */
async function sampleInputsKey(): Promise<string> {
  const hash = createHash('sha256').update(await buildKey(path.resolve('.'), { preview: false }));
  const files = (await readdir(path.resolve('dealers'), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of [...files, path.resolve('scripts/build.ts')])
    hash
      .update(path.relative('.', file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** A lock left by a run that was killed mid-build is taken over after this long. */
const STALE_LOCK_MS = 15 * 60_000;

/**
 * The sample dealers built once for every test file that reads them, in
 * .cache/test-builds/samples-<inputs key>/. Callers must not change the output.
 */
export async function sharedSampleBuild(): Promise<SampleBuild> {
  const dir = path.resolve(`.cache/test-builds/samples-${await sampleInputsKey()}`);
  const done = path.join(dir, 'done');
  const lock = `${dir}.lock`;
  await mkdir(path.dirname(dir), { recursive: true });
  while (!existsSync(done)) {
    const mine = await mkdir(lock).then(
      () => true,
      () => false,
    );
    if (mine) {
      try {
        if (!existsSync(done)) {
          // Builds of inputs since changed are of no more use.
          for (const old of await readdir(path.dirname(dir)))
            if (/^samples-[0-9a-f]{16}$/.test(old) && old !== path.basename(dir))
              await rm(path.join(path.dirname(dir), old), { recursive: true, force: true });
          const built = await buildSamples('samples-shared');
          await rm(dir, { recursive: true, force: true });
          await rename(path.dirname(built.sites), dir);
          await writeFile(done, new Date().toISOString());
        }
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
      break;
    }
    const age = await stat(lock).then(
      (st) => Date.now() - st.mtimeMs,
      () => 0,
    );
    if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const sites = path.join(dir, 'sites');
  return { sites, pages: await readBuiltPages(sites) };
}
