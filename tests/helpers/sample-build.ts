/**
 * The sample dealers built as `npm run build` builds them, in a child process (Astro's build
 * cannot run inside the test runner's own Vite), into a folder of the caller's inside the project
 * (.cache/test-builds), so test files that build at the same time keep apart.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
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
