/**
 * A throwaway copy of the sample dealers, changed by the caller (say, a site.json option), built as
 * `npm run build` builds it in a child process, under .cache/test-builds like sample-build.ts.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { readBuiltPages, type SampleBuild } from './sample-build.ts';

const run = promisify(execFile);

export interface DealerCopyBuild extends SampleBuild {
  /** The folder holding `dealers/` (the changed copy) and `sites/`; remove it when done. */
  root: string;
  dealersDir: string;
}

export interface DealerCopyOptions {
  /** Only these dealers are copied and built. */
  only?: string[];
  /** Changes a dealer's site.json before the build. */
  site?: (slug: string, site: Record<string, unknown>) => Record<string, unknown>;
}

export async function buildDealerCopy(name: string, options: DealerCopyOptions = {}): Promise<DealerCopyBuild> {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  const root = await mkdtemp(path.resolve(`.cache/test-builds/${name}-`));
  const dealersDir = path.join(root, 'dealers');
  const source = path.resolve('dealers');
  const slugs = (await readdir(source, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && (!options.only || options.only.includes(e.name)))
    .map((e) => e.name);
  for (const slug of slugs) {
    await cp(path.join(source, slug), path.join(dealersDir, slug), { recursive: true });
    if (options.site) {
      const file = path.join(dealersDir, slug, 'site.json');
      const site = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify(options.site(slug, site), null, 2));
    }
  }
  const sites = path.join(root, 'sites');
  await run(
    process.execPath,
    [
      '--experimental-strip-types',
      'scripts/build.ts',
      '--dealers',
      dealersDir,
      '--out',
      sites,
      '--api-out',
      path.join(root, 'api'),
    ],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { root, dealersDir, sites, pages: await readBuiltPages(sites) };
}
