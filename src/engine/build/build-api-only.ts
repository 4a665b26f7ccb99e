/** `npm run build -- --api-only`: the API bundle for the dealers of a sites folder's manifests. */
import path from 'node:path';
import { plural } from '../../lib/text.ts';
import { buildApi } from './build-api.ts';
import { checkedManifest, contentFile } from './manifest-read.ts';
import { resultOf, type BuildResult } from './build-outcome.ts';
import { endRun, startRun, swapIn, type Run } from './build-run.ts';

export async function buildApiOnly(
  options: { apiOutDir?: string },
  outDir: string,
  log: (line: string) => void,
  started: number,
): Promise<BuildResult> {
  if (!options.apiOutDir) throw new Error('--api-only needs an API folder (--api-out)');
  const manifest = await checkedManifest(outDir);
  if (manifest.buildKeys.length > 1)
    log(`warning: the sites of ${outDir} come from ${manifest.buildKeys.length} different builds (code or options)`);
  const slugs = Object.keys(manifest.dealers).sort();
  const files = slugs.map((slug) => ({ slug, file: contentFile(outDir, slug) }));
  const apiOutDir = path.resolve(options.apiOutDir);
  const runId = `${process.pid}-${Date.now()}`;
  const apiWork = path.join(path.dirname(apiOutDir), `.build-tmp-${runId}-api`);
  const run: Run = { temp: [apiWork], moved: [], children: new Set() };
  startRun(run);
  try {
    await buildApi({ dealers: { files }, outDir: path.join(apiWork, 'new'), log });
    await swapIn(run, [{ staged: path.join(apiWork, 'new'), target: apiOutDir, aside: path.join(apiWork, 'old') }]);
    log(`API bundle for ${plural(slugs.length, 'dealer')} of ${outDir} (${manifest.files.join(', ')})`);
    return resultOf(started, { ok: true, unchanged: Object.keys(manifest.dealers).sort() });
  } finally {
    await endRun(run);
  }
}
