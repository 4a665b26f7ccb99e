/**
 * The multi-dealer build: choose the dealers (all, `--only`, `--changed` since the last build's
 * manifest, or one `--shard K/N`; build-choose.ts), validate and render them (in this process,
 * or for a fleet in worker processes, one Astro build per batch of dealers, each worker
 * validating its own batch while Astro bundles; build-render.ts), each dealer's pages written
 * into its own site root with sitemap/robots/_headers by the dealer-fleet integration
 * (src/engine/integration/), build the API bundle for every dealer of the folder, write the
 * manifest, then swap the new folders in (build-publish.ts). Nothing under `out` (or the API
 * folder) changes unless every step succeeded, and no temporary folder outlives the build,
 * whether it fails, throws or the process exits while it runs (build-run.ts).
 *
 * A dealer whose snapshot has errors does not stop the others: the valid dealers are published,
 * the refused one keeps its last good site, content and manifest entry exactly as they were (or
 * has none, if it never built), and the manifest's `failed` names it with every error. The result
 * is then not `ok`, and `failed` lists it, so the command exits non-zero (scripts/build.ts).
 */
import path from 'node:path';
import type { ContentIssue } from '../../content/issues.ts';
import { formatIssue } from '../../content/issues.ts';
import { plural } from '../../lib/text.ts';
import { buildApi } from './build-api.ts';
import { buildApiOnly } from './build-api-only.ts';
import { chooseDealers } from './build-choose.ts';
import { inShard, type FailedDealer, type ManifestDealer, type Shard } from './build-manifest.ts';
import { siteKeyOf } from './build-key.ts';
import { contentFile } from './manifest-read.ts';
import {
  ALL,
  logNothingWritten,
  logRefused,
  printSummary,
  resultOf,
  shardNote,
  type BuildResult,
} from './build-outcome.ts';
import { exists, keepUnchanged, manifestOf, publish } from './build-publish.ts';
import { validateAndRender } from './build-render.ts';
import { endRun, projectRoot, startRun, type Run } from './build-run.ts';

export type { DealerSummary } from './build-dealers.ts';
export type { BuildResult } from './build-outcome.ts';
export { printSummary } from './build-outcome.ts';
export { projectRoot } from './build-run.ts';

export interface BuildOptions {
  dealersDir: string;
  outDir: string;
  only?: string[];
  preview?: boolean;
  /** Where the API bundle goes; none when absent (and none for a shard: see `apiOnly`). */
  apiOutDir?: string;
  /**
   * Rebuild only the dealers whose snapshot changed since the build that wrote `outDir`'s
   * manifest (and remove the sites of dealers whose folder is gone); everything when the code,
   * options or manifest changed.
   */
  changed?: boolean;
  /** Build only the dealers of this shard (a stable 1/N of the fleet, by slug); no API bundle. */
  shard?: Shard;
  /** Build no site: only the API bundle, for every dealer of `outDir`'s manifests (after shards). */
  apiOnly?: boolean;
  /** Render processes; default by fleet size and cores. 1 renders in this process. */
  workers?: number;
  /** Every content warning is an error: the dealer is refused (for CI on publish). */
  strict?: boolean;
  /**
   * The data folder whose embedded database holds the dealers' imported stock (build-stock.ts);
   * DATA_DIR's default when absent. DATABASE_URL, when set, is read instead.
   */
  dataDir?: string;
  /** Progress and summary lines; silent when absent. */
  log?: (line: string) => void;
}

export async function buildSites(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const dealersDir = path.resolve(options.dealersDir);
  const outDir = path.resolve(options.outDir);
  const preview = !!options.preview;
  const result = (r: Partial<BuildResult>) => resultOf(started, r);
  const fail = (errors: ContentIssue[], warnings: ContentIssue[] = []) => {
    logNothingWritten(errors, log);
    return result({ errors, warnings });
  };

  if (options.apiOnly) return buildApiOnly(options, outDir, log, started);

  const choice = await chooseDealers(options, { dealersDir, outDir, preview, log });
  if ('errors' in choice) return fail(choice.errors);
  const { folders, previous, key, plan: chosen } = choice;
  // The failure of a dealer whose folder is gone is over: the manifest is written without it.
  const staleFailures =
    !options.only?.length &&
    Object.keys(previous?.failed ?? {}).some((slug) => !folders.includes(slug) && inShard(slug, options.shard));
  if (!chosen.build.length && !chosen.removed.length && !staleFailures) {
    const manifest = { builtAt: new Date().toISOString(), key, preview, dealersDir };
    await keepUnchanged({ shard: options.shard, outDir, chosen, previous, manifest, log });
    return result({ ok: true, unchanged: chosen.unchanged });
  }

  // Astro's output stays inside the project (its prerender chunks must resolve the project's
  // modules, and concurrent builds must not share a folder); the staged sites sit beside `out`,
  // and the staged API beside its folder, so the final swap is a rename on one file system.
  const runId = `${process.pid}-${Date.now()}`;
  const astroWork = path.join(projectRoot, '.build-tmp', runId);
  const work = path.join(path.dirname(outDir), `.build-tmp-${runId}`);
  const stagedContent = path.join(work, 'content');
  const apiOutDir = options.apiOutDir && !options.shard ? path.resolve(options.apiOutDir) : undefined;
  const apiWork = apiOutDir && path.join(path.dirname(apiOutDir), `.build-tmp-${runId}-api`);
  const run: Run = { temp: [work, astroWork, ...(apiWork ? [apiWork] : [])], moved: [], children: new Set() };
  startRun(run);
  try {
    const builtAt = new Date().toISOString();
    const rendering = await validateAndRender({
      run,
      build: chosen.build,
      workers: options.workers,
      dealersDir,
      astroWork,
      staged: path.join(work, 'sites'),
      stagedContent,
      kept: chosen.kept,
      previous,
      builtAt,
      key,
      preview,
      strict: !!options.strict,
      stockCars: choice.stockCars,
      stockVersions: choice.stockVersions,
      snapshotEstimates: choice.snapshotEstimates,
      log,
    });
    const { checked, batches, workers } = rendering;
    for (const w of checked.warnings) log(`warning: ${formatIssue(w)}`);
    // An error of no one dealer (the folder itself) stops everything.
    if (checked.failed[ALL]) {
      rendering.abort();
      return fail(checked.errors, checked.warnings);
    }
    const refused = Object.keys(checked.failed).sort();
    const failed: Record<string, FailedDealer> = {};
    for (const slug of refused) {
      const last = previous?.dealers[slug];
      const lastGood = !!last && (await exists(path.join(outDir, slug, 'index.html')));
      if (lastGood) chosen.kept[slug] = last;
      failed[slug] = { at: builtAt, lastGoodAt: lastGood ? last.builtAt : null, errors: checked.failed[slug]! };
    }
    // A build that would leave the folder without any site (its only dealers refused) writes nothing.
    if (!Object.keys(checked.entries).length && !Object.keys(chosen.kept).length) {
      rendering.abort();
      return fail(checked.errors, checked.warnings);
    }
    if (refused.length) logRefused(checked.errors, refused, failed, log);
    // Failures recorded by earlier builds for dealers this build did not read (--only, shards) stay.
    for (const [slug, entry] of Object.entries(previous?.failed ?? {})) {
      const stillThere = options.only?.length ? true : folders.includes(slug);
      if (stillThere && !chosen.build.includes(slug) && inShard(slug, options.shard)) failed[slug] ??= entry;
    }
    const built = Object.keys(checked.entries).sort();
    log(
      `Building ${plural(built.length, 'dealer')}, ${plural(checked.pages, 'page')}${preview ? ' (preview)' : ''}` +
        `${workers > 1 ? ` in ${workers} processes (${batches.length} batch${batches.length === 1 ? '' : 'es'})` : ''}`,
    );
    const entries: Record<string, ManifestDealer> = { ...chosen.kept };
    for (const slug of built) entries[slug] = { ...checked.entries[slug]!, stats: rendering.stats[slug]! };
    const siteKeys = Object.fromEntries(built.map((slug) => [slug, siteKeyOf(entries[slug]!)]));
    // The API serves every dealer of the folder: those built now and those kept as they were.
    const api =
      apiOutDir && apiWork
        ? (async () => {
            const files = [
              ...Object.keys(chosen.kept).map((slug) => ({ slug, file: contentFile(outDir, slug) })),
              ...built.map((slug) => ({ slug, file: path.join(stagedContent, `${slug}.json`), fresh: true })),
            ].sort((a, b) => a.slug.localeCompare(b.slug));
            await buildApi({ dealers: { files }, outDir: path.join(apiWork, 'new'), log });
          })()
        : undefined;
    const [render] = await Promise.all([rendering.render(built, siteKeys), api]);
    const summaries = render.dealers.sort((a, b) => a.slug.localeCompare(b.slug));

    await publish({
      run,
      work,
      outDir,
      shard: options.shard,
      manifest: manifestOf(options.shard, { builtAt, key, preview, dealersDir, entries, failed }),
      previous,
      built,
      removed: chosen.removed,
      ...(apiOutDir && apiWork ? { api: { work: apiWork, outDir: apiOutDir } } : {}),
    });
    if (chosen.removed.length)
      log(`Removed the sites of dealers no longer in ${dealersDir}: ${chosen.removed.join(', ')}`);
    if (options.shard) log(shardNote(options.shard, outDir));
    const done = result({
      ok: !refused.length,
      errors: checked.errors,
      failed: refused,
      warnings: checked.warnings,
      dealers: summaries,
      unchanged: chosen.unchanged,
      removed: chosen.removed,
      workers: batches.length ? Math.max(1, workers) : 0,
      workerRssMB: render.rss,
      workerCpuSeconds: render.cpu,
    });
    printSummary(done, log);
    return done;
  } finally {
    await endRun(run);
  }
}
