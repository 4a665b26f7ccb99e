/**
 * The multi-dealer build: choose the dealers (all, `--only`, `--changed` since the last build's
 * manifest, or one `--shard K/N`), validate them, render them (in this process, or for a fleet in
 * worker processes, one Astro build per batch of dealers, each worker validating its own batch
 * while Astro bundles; see build-worker.ts), split the output into one site root per
 * dealer with sitemap/robots/_headers, build the API bundle for every dealer of the folder, write
 * the manifest, then swap the new folders in. Nothing under `out` (or the API folder) changes
 * unless every step succeeded, and no temporary folder outlives the build, whether it fails,
 * throws or the process exits while it runs.
 *
 * A dealer whose snapshot has errors does not stop the others: the valid dealers are published,
 * the refused one keeps its last good site, content and manifest entry exactly as they were (or
 * has none, if it never built), and the manifest's `failed` names it with every error. The result
 * is then not `ok`, and `failed` lists it, so the command exits non-zero (scripts/build.ts).
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listDealerFolders, statSignatures } from '../../content/load.ts';
import { formatIssue, type ContentIssue } from '../../content/issues.ts';
import { plural } from '../../lib/text.ts';
import { buildApi } from './build-api.ts';
import { buildBatch, type DealerSummary } from './build-dealers.ts';
import {
  buildKey,
  siteKeyOf,
  checkedManifest,
  CONTENT_DIR,
  CONTENT_FORMAT_VERSION,
  inShard,
  MANIFEST_FORMAT,
  manifestName,
  contentFile,
  readManifests,
  writeAtomic,
  type BuildManifest,
  type FailedDealer,
  type ManifestDealer,
  type Shard,
} from './build-manifest.ts';
import { plan } from './build-plan.ts';
import { chunks, defaultWorkers, MAX_BATCH, startWorkers } from './build-pool.ts';
import { mergeValidated, validateDealers } from './build-validate.ts';
import { importedStock, type ImportedStock } from './build-stock.ts';
import type { Car } from '../../content/entities.ts';
import { endRun, projectRoot, startRun, swapIn, type Run, type Swap } from './build-run.ts';

export type { DealerSummary } from './build-dealers.ts';

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

export interface BuildResult {
  /** Every chosen dealer built (or was up to date). */
  ok: boolean;
  errors: ContentIssue[];
  /**
   * Dealers refused for their content while the others were published (each keeps its last good
   * site, if any). Empty when the build wrote nothing at all, or when every dealer built.
   */
  failed: string[];
  warnings: ContentIssue[];
  /** The dealers built (not those `--changed` kept). */
  dealers: DealerSummary[];
  /** Dealers `--changed` left as they were. */
  unchanged: string[];
  /** Sites removed because their dealer folder is gone. */
  removed: string[];
  /** Render processes used (0 when nothing was rendered). */
  workers: number;
  /** Peak RSS of each render worker process, MB (empty when rendering in this process). */
  workerRssMB: number[];
  /** CPU seconds of the render workers together. */
  workerCpuSeconds: number;
  seconds: number;
}

async function exists(p: string) {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** The dealer of an issue that is no one dealer's (the dealers folder itself). */
const ALL = '(all)';

export async function buildSites(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const dealersDir = path.resolve(options.dealersDir);
  const outDir = path.resolve(options.outDir);
  const preview = !!options.preview;
  const result = (r: Partial<BuildResult>) => resultOf(started, r);
  const fail = (errors: ContentIssue[], warnings: ContentIssue[] = []) => {
    log(`\n${plural(errors.length, 'content error')}; nothing was written:`);
    for (const e of errors) log(`  ✗ ${formatIssue(e)}`);
    return result({ errors, warnings });
  };

  if (options.apiOnly) return buildApiOnly(options, outDir, log, started);

  let folders: string[];
  try {
    folders = await listDealerFolders(dealersDir);
  } catch {
    return fail([{ dealer: ALL, file: dealersDir, path: '', message: 'the dealers folder cannot be read' }]);
  }
  if (options.only?.length) {
    const unknown = options.only.filter((slug) => !folders.includes(slug));
    if (unknown.length)
      return fail(
        unknown.map((slug) => ({
          dealer: slug,
          file: '',
          path: '',
          message: `no dealer folder "${slug}" in ${dealersDir}`,
        })),
      );
    folders = folders.filter((f) => options.only!.includes(f));
  }
  folders = folders.filter((f) => inShard(f, options.shard));
  if (!folders.length && !options.shard)
    return fail([{ dealer: ALL, file: dealersDir, path: '', message: 'holds no dealer folders' }]);

  const previous = await readManifests(outDir).catch((e: Error) => {
    log(`warning: ${e.message}; it is replaced`);
    return undefined;
  });
  const key = await buildKey(projectRoot, { preview });
  // Dealers that import their stock are built with it (build-stock.ts); a stock change is a change.
  let stock: ImportedStock;
  try {
    stock = await importedStock(folders, { dataDir: options.dataDir });
  } catch (e) {
    return fail([
      { dealer: ALL, file: 'stock', path: '', message: `the imported stock cannot be read: ${(e as Error).message}` },
    ]);
  }
  let chosen: Awaited<ReturnType<typeof plan>>;
  let stockCars: Record<string, Car[]>;
  try {
    chosen = await plan(options, folders, previous, key, outDir, dealersDir, stock.versions);
    stockCars = await stock.cars(chosen.build);
  } finally {
    await stock.close();
  }
  const importing = Object.keys(stockCars).length;
  if (importing) log(`Imported stock of ${plural(importing, 'dealer')} from ${stock.from}`);
  if (chosen.note) log(chosen.note);
  if (options.changed && !chosen.note) {
    log(
      `Changed since the last build: ${chosen.build.length ? chosen.build.join(', ') : 'none'}` +
        `${chosen.removed.length ? `; removed: ${chosen.removed.join(', ')}` : ''} (${plural(chosen.unchanged.length, 'dealer')} unchanged)`,
    );
  }
  // The failure of a dealer whose folder is gone is over: the manifest is written without it.
  const staleFailures =
    !options.only?.length &&
    Object.keys(previous?.failed ?? {}).some((slug) => !folders.includes(slug) && inShard(slug, options.shard));
  if (!chosen.build.length && !chosen.removed.length && !staleFailures) {
    if (options.shard) {
      log(`Shard ${options.shard.index} of ${options.shard.count}: none of its dealers needs building`);
      // The shard's manifest part says it ran, even when it holds no dealer.
      const file = path.join(outDir, manifestName(options.shard));
      if (!(await exists(file))) {
        await mkdir(outDir, { recursive: true });
        await writeAtomic(
          file,
          JSON.stringify(
            manifestOf(options, { builtAt: new Date().toISOString(), key, preview, dealersDir, entries: chosen.kept }),
            null,
            2,
          ) + '\n',
        );
      }
      log(shardNote(options.shard, outDir));
    } else {
      log('Nothing to build: every site is up to date.');
      // Files touched without a change (a fresh checkout): record their new times, so the next
      // run need not read them again.
      const restamped = Object.entries(chosen.kept).some(([slug, e]) => previous?.dealers[slug]?.stats !== e.stats);
      if (restamped && previous && previous.files.length === 1 && previous.files[0] === manifestName(undefined)) {
        const old = JSON.parse(await readFile(path.join(outDir, previous.files[0]), 'utf8')) as BuildManifest;
        await writeAtomic(
          path.join(outDir, previous.files[0]),
          JSON.stringify({ ...old, dealers: { ...old.dealers, ...chosen.kept } }, null, 2) + '\n',
        );
      }
    }
    return result({ ok: true, unchanged: chosen.unchanged });
  }

  // Astro's output stays inside the project (its prerender chunks must resolve the project's
  // modules, and concurrent builds must not share a folder); the staged sites sit beside `out`,
  // and the staged API beside its folder, so the final swap is a rename on one file system.
  const runId = `${process.pid}-${Date.now()}`;
  const astroWork = path.join(projectRoot, '.build-tmp', runId);
  const work = path.join(path.dirname(outDir), `.build-tmp-${runId}`);
  const staged = path.join(work, 'sites');
  const stagedContent = path.join(work, 'content');
  const apiOutDir = options.apiOutDir && !options.shard ? path.resolve(options.apiOutDir) : undefined;
  const apiWork = apiOutDir && path.join(path.dirname(apiOutDir), `.build-tmp-${runId}-api`);
  const run: Run = { temp: [work, astroWork, ...(apiWork ? [apiWork] : [])], moved: [], children: new Set() };
  startRun(run);
  try {
    const batches = chosen.build.length
      ? chunks(
          chosen.build,
          Math.max(options.workers ?? defaultWorkers(chosen.build.length), Math.ceil(chosen.build.length / MAX_BATCH)),
        )
      : [];
    const workers = !batches.length
      ? 0
      : Math.min(batches.length, options.workers ?? defaultWorkers(chosen.build.length));
    await mkdir(stagedContent, { recursive: true });
    const builtAt = new Date().toISOString();
    // A fleet's workers start at once: Astro bundles while each validates its own batch, which it
    // reads only once the file times below are recorded.
    let statsTaken!: () => void;
    const statsReady = new Promise<void>((resolve) => (statsTaken = resolve));
    // What every dealer is validated with, in the workers or, for one batch, here.
    const validation = {
      dealersDir,
      contentDir: stagedContent,
      kept: chosen.kept,
      builtAt,
      key,
      strict: !!options.strict,
    };
    // When each sold car without a sold_at was first seen sold, as the last builds remembered it.
    const soldSeen = Object.fromEntries(
      chosen.build.flatMap((slug) =>
        previous?.dealers[slug]?.soldSeen ? [[slug, previous.dealers[slug].soldSeen]] : [],
      ),
    );
    const imported = { cars: stockCars, versions: stock.versions, soldSeen };
    const pool =
      workers > 1 || batches.length > 1
        ? startWorkers(run, batches, workers, {
            astroWork,
            staged,
            preview,
            log,
            validation: { ...validation, ready: statsReady.then(() => imported) },
          })
        : undefined;

    // Before reading: a file edited while the build reads it then differs from what was recorded.
    const stats = await statSignatures(dealersDir, chosen.build);
    statsTaken();
    const checked = pool
      ? mergeValidated(await pool.validated, chosen.kept)
      : await validateDealers({ ...validation, log, preview, stock: imported, slugs: chosen.build, keep: true });
    for (const w of checked.warnings) log(`warning: ${formatIssue(w)}`);
    // An error of no one dealer (the folder itself) stops everything.
    if (checked.failed[ALL]) {
      pool?.abort();
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
      pool?.abort();
      return fail(checked.errors, checked.warnings);
    }
    if (refused.length) {
      log(
        `\n${plural(checked.errors.length, 'content error')} in ${plural(refused.length, 'dealer')}; the other dealers are published:`,
      );
      for (const e of checked.errors) log(`  ✗ ${formatIssue(e)}`);
      for (const slug of refused) {
        log(
          failed[slug]!.lastGoodAt
            ? `  ${slug}: its last good site (built ${failed[slug]!.lastGoodAt}) is left as it was`
            : `  ${slug}: has no site until its content is fixed`,
        );
      }
    }
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
    for (const slug of built) entries[slug] = { ...checked.entries[slug]!, stats: stats[slug]! };

    const siteKeys = Object.fromEntries(built.map((slug) => [slug, siteKeyOf(entries[slug]!)]));
    const accepted = new Set(built);
    // A fleet's workers render every dealer valid in its batch; only the accepted ones are published.
    const rendered: Promise<{ dealers: DealerSummary[]; rss: number[]; cpu: number }> = pool
      ? pool.done.then((r) => ({ ...r, dealers: r.dealers.filter((d) => accepted.has(d.slug)) }))
      : built.length
        ? buildBatch({
            content: { dealers: checked.dealers, siteKeys },
            stagedDir: staged,
            astroDir: path.join(astroWork, 'astro'),
            projectRoot,
            preview,
            log,
          }).then((dealers) => ({ dealers, rss: [], cpu: 0 }))
        : Promise.resolve({ dealers: [], rss: [], cpu: 0 });
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
    const [render] = await Promise.all([rendered, api]);
    const summaries = render.dealers.sort((a, b) => a.slug.localeCompare(b.slug));

    const manifest = manifestOf(options, { builtAt, key, preview, dealersDir, entries, failed });
    const manifestFile = manifestName(options.shard);
    await writeFile(path.join(work, manifestFile), JSON.stringify(manifest, null, 2) + '\n');
    const swaps: Swap[] = [];
    for (const slug of built) {
      swaps.push({
        staged: path.join(staged, slug),
        target: path.join(outDir, slug),
        aside: path.join(work, `old-${slug}`),
      });
      swaps.push({
        staged: path.join(stagedContent, `${slug}.json`),
        target: path.join(outDir, CONTENT_DIR, `${slug}.json`),
        aside: path.join(work, `old-${slug}.json`),
      });
    }
    for (const slug of chosen.removed) {
      swaps.push({ target: path.join(outDir, slug), aside: path.join(work, `old-${slug}`) });
      swaps.push({
        target: path.join(outDir, CONTENT_DIR, `${slug}.json`),
        aside: path.join(work, `old-${slug}.json`),
      });
    }
    swaps.push({
      staged: path.join(work, manifestFile),
      target: path.join(outDir, manifestFile),
      aside: path.join(work, `old-${manifestFile}`),
    });
    // A whole build's manifest replaces the shards' (their dealers are all in it).
    if (!options.shard) {
      for (const name of previous?.files ?? []) {
        if (name !== manifestFile)
          swaps.push({ target: path.join(outDir, name), aside: path.join(work, `old-${name}`) });
      }
    }
    if (apiOutDir && apiWork)
      swaps.push({ staged: path.join(apiWork, 'new'), target: apiOutDir, aside: path.join(apiWork, 'old') });
    await mkdir(path.join(outDir, CONTENT_DIR), { recursive: true });
    await swapIn(run, swaps);
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

/** A build's result: nothing built unless `r` says otherwise, timed from `started`. */
function resultOf(started: number, r: Partial<BuildResult>): BuildResult {
  return {
    ok: false,
    errors: [],
    failed: [],
    warnings: [],
    dealers: [],
    unchanged: [],
    removed: [],
    workers: 0,
    workerRssMB: [],
    workerCpuSeconds: 0,
    ...r,
    seconds: secondsSince(started),
  };
}

function manifestOf(
  options: BuildOptions,
  m: {
    builtAt: string;
    key: string;
    preview: boolean;
    dealersDir: string;
    entries: Record<string, ManifestDealer>;
    failed?: Record<string, FailedDealer>;
  },
): BuildManifest {
  return {
    format: MANIFEST_FORMAT,
    contentFormat: CONTENT_FORMAT_VERSION,
    builtAt: m.builtAt,
    buildKey: m.key,
    preview: m.preview,
    dealersDir: m.dealersDir,
    ...(options.shard ? { shard: options.shard } : {}),
    dealers: Object.fromEntries(Object.entries(m.entries).sort(([a], [b]) => a.localeCompare(b))),
    ...(m.failed && Object.keys(m.failed).length
      ? { failed: Object.fromEntries(Object.entries(m.failed).sort(([a], [b]) => a.localeCompare(b))) }
      : {}),
  };
}

function shardNote(shard: Shard, outDir: string): string {
  return `Shard ${shard.index} of ${shard.count}: no API bundle; once every shard is in ${outDir}, run npm run build -- --api-only --out ${outDir}`;
}

/** `--api-only`: the API bundle for the dealers of a sites folder's manifests. */
async function buildApiOnly(
  options: BuildOptions,
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

function secondsSince(t: number) {
  return (performance.now() - t) / 1000;
}

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1) + ' KB';
}

export function printSummary(r: BuildResult, log: (line: string) => void) {
  const rows = r.dealers.map((d) => [d.slug, String(d.pages), kb(d.htmlBytes), kb(d.jsBytes), d.seconds.toFixed(2)]);
  const head = ['dealer', 'pages', 'HTML', 'JS', 'seconds'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  log('');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) log(line(row));
  const pages = r.dealers.reduce((a, d) => a + d.pages, 0);
  const kept = r.unchanged.length ? `; ${plural(r.unchanged.length, 'dealer')} unchanged` : '';
  log(
    `\n${plural(r.dealers.length, 'dealer')}, ${plural(pages, 'page')} in ${r.seconds.toFixed(2)} s${kept}; ${plural(r.warnings.length, 'warning')}`,
  );
  if (r.workerRssMB.length) {
    log(
      `Render processes: ${r.workerRssMB.length}, ${r.workerCpuSeconds.toFixed(1)} CPU s together, peak RSS ${r.workerRssMB.map((m) => `${Math.round(m)} MB`).join(', ')}`,
    );
  }
}
