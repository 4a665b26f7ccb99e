/**
 * The multi-dealer build: validate every selected dealer, run one Astro build for all of them,
 * split the output into one site root per dealer, add sitemap/robots/_headers, build the API
 * bundle, then swap the new folders in. Nothing under `out` (or the API folder) changes unless
 * every step succeeded, and no temporary folder outlives the build, whether it fails, throws or
 * the process exits while it runs.
 */
import { renameSync, rmSync, rmdirSync } from 'node:fs';
import { mkdir, rm, rmdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDealers, type DealerContent } from '../../src/content/load.ts';
import { formatIssue, type ContentIssue } from '../../src/content/issues.ts';
import { provideContent } from '../../src/content/store.ts';
import { dealerRoutes } from '../../src/lib/routes.ts';
import { trackProgress } from '../../src/lib/build-progress.ts';
import { sharedFiles, splitDealer } from './split.ts';
import { buildApi } from './build-api.ts';
import { leftOutNote, vehicleFeeds } from '../../src/lib/feeds/index.ts';
import { applyCmsStaff, cmsConfigFromEnv } from '../../src/content/cms.ts';
import {
  contentSecurityPolicy, headersFile, robotsTxt, scriptHashesOf, sendsStrictTransport, sitemapXml,
} from './site-files.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuildOptions {
  dealersDir: string;
  outDir: string;
  only?: string[];
  preview?: boolean;
  /** Where the API bundle goes (handler.mjs, server.mjs, content.json); none when absent. */
  apiOutDir?: string;
  /** Progress and summary lines; silent when absent. */
  log?: (line: string) => void;
}

export interface DealerSummary {
  slug: string;
  pages: number;
  htmlBytes: number;
  jsBytes: number;
  seconds: number;
}

export interface BuildResult {
  ok: boolean;
  errors: ContentIssue[];
  warnings: ContentIssue[];
  dealers: DealerSummary[];
  seconds: number;
}

/** Dealers split at once: the work is mostly waiting on the file system. */
const SPLIT_CONCURRENCY = 8;

async function exists(p: string) {
  return stat(p).then(() => true, () => false);
}

export async function buildSites(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const dealersDir = path.resolve(options.dealersDir);
  const outDir = path.resolve(options.outDir);
  const loaded = await loadDealers(dealersDir, { only: options.only });
  const cms = cmsConfigFromEnv();
  if (cms) loaded.errors.push(...(await applyCmsStaff(loaded.dealers, cms, { log })));
  for (const w of loaded.warnings) log(`warning: ${formatIssue(w)}`);
  if (loaded.errors.length) {
    log(`\n${loaded.errors.length} content error${loaded.errors.length === 1 ? '' : 's'}; nothing was written:`);
    for (const e of loaded.errors) log(`  ✗ ${formatIssue(e)}`);
    return { ok: false, errors: loaded.errors, warnings: loaded.warnings, dealers: [], seconds: secondsSince(started) };
  }
  if (!loaded.dealers.length) {
    const e = { dealer: '(all)', file: dealersDir, path: '', message: 'holds no dealer folders' };
    log(`  ✗ ${formatIssue(e)}`);
    return { ok: false, errors: [e], warnings: loaded.warnings, dealers: [], seconds: secondsSince(started) };
  }

  const dealers = loaded.dealers;
  // Astro's output stays inside the project (its prerender chunks must resolve the project's
  // modules, and concurrent builds must not share a folder); the staged sites sit beside `out`,
  // and the staged API beside its folder, so the final swap is a rename on one file system.
  const runId = `${process.pid}-${Date.now()}`;
  const astroWork = path.join(projectRoot, '.build-tmp', runId);
  const built = path.join(astroWork, 'astro');
  const work = path.join(path.dirname(outDir), `.build-tmp-${runId}`);
  const staged = path.join(work, 'sites');
  const apiOutDir = options.apiOutDir ? path.resolve(options.apiOutDir) : undefined;
  const apiWork = apiOutDir && path.join(path.dirname(apiOutDir), `.build-tmp-${runId}-api`);
  const run: Run = { temp: [work, astroWork, ...(apiWork ? [apiWork] : [])], moved: [] };
  startRun(run);
  const renderMs = new Map<string, number>();
  try {
    provideContent(dealers);
    process.env.SITE_PREVIEW = options.preview ? '1' : '';
    const expected = new Map(dealers.map((d) => [d.slug, dealerRoutes(d).length]));
    log(`Building ${dealers.length} dealer${dealers.length === 1 ? '' : 's'}, ${[...expected.values()].reduce((a, b) => a + b, 0)} pages${options.preview ? ' (preview)' : ''}`);
    trackProgress(expected, (slug, pages, ms) => {
      renderMs.set(slug, ms);
      log(`  ✓ ${slug}: ${pages} pages rendered in ${(ms / 1000).toFixed(2)} s`);
    });
    process.env.ASTRO_TELEMETRY_DISABLED = '1';
    const { build } = await import('astro');
    await build({ root: projectRoot, outDir: built, logLevel: 'warn', mode: 'production' });

    const shared = await sharedFiles(built, new Set(dealers.map((d) => d.slug)));
    const summaries: DealerSummary[] = [];
    const splitOne = async (d: DealerContent) => {
      const t0 = performance.now();
      const dest = path.join(staged, d.slug);
      const { sizes, html } = await splitDealer(built, d.slug, dest, shared);
      const csp = contentSecurityPolicy(d, scriptHashesOf(html.values()));
      // Ad-platform vehicle feeds (docs/feeds.md): made from content already in memory.
      const feeds = vehicleFeeds(d);
      for (const feed of feeds) {
        const note = leftOutNote(feed);
        if (note) log(`  note: ${d.slug}: ${note}`);
      }
      await Promise.all([
        ...feeds.map((feed) => writeFile(path.join(dest, feed.name), feed.text)),
        writeFile(path.join(dest, 'sitemap.xml'), sitemapXml(d)),
        writeFile(path.join(dest, 'robots.txt'), robotsTxt(d, !!options.preview)),
        writeFile(path.join(dest, '_headers'), headersFile(csp, { strictTransport: sendsStrictTransport(d, !!options.preview) })),
      ]);
      let htmlBytes = 0;
      let jsBytes = 0;
      for (const [file, size] of sizes) {
        if (file.endsWith('.html')) htmlBytes += size;
        else if (file.endsWith('.js') || file.endsWith('.mjs')) jsBytes += size;
      }
      summaries.push({
        slug: d.slug,
        pages: html.size,
        htmlBytes,
        jsBytes,
        seconds: ((renderMs.get(d.slug) ?? 0) + performance.now() - t0) / 1000,
      });
    };
    for (let i = 0; i < dealers.length; i += SPLIT_CONCURRENCY) {
      await Promise.all(dealers.slice(i, i + SPLIT_CONCURRENCY).map(splitOne));
    }
    summaries.sort((a, b) => a.slug.localeCompare(b.slug));
    const swaps = dealers.map((d) => ({ staged: path.join(staged, d.slug), target: path.join(outDir, d.slug), aside: path.join(work, `old-${d.slug}`) }));
    if (apiOutDir && apiWork) {
      await buildApi({ dealers, outDir: path.join(apiWork, 'new'), log });
      swaps.push({ staged: path.join(apiWork, 'new'), target: apiOutDir, aside: path.join(apiWork, 'old') });
    }
    await mkdir(outDir, { recursive: true });
    await swapIn(run, swaps);
    const result: BuildResult = { ok: true, errors: [], warnings: loaded.warnings, dealers: summaries, seconds: secondsSince(started) };
    printSummary(result, log);
    return result;
  } finally {
    await endRun(run);
  }
}

/** The folders of one build that must not outlive it, and the renames of a swap under way. */
interface Run {
  temp: string[];
  /** Renames of an unfinished swap, in order; undone last to first when the swap fails. */
  moved: { from: string; to: string }[];
}

const running = new Set<Run>();

/**
 * When the process exits mid-build (Ctrl+C in scripts/build.ts, a host calling process.exit),
 * `finally` never runs: this puts back a half-done swap and removes the temporary folders.
 */
function cleanUpOnExit() {
  for (const run of running) {
    try {
      for (const { from, to } of run.moved.splice(0).reverse()) renameSync(to, from);
      for (const dir of run.temp) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Exiting anyway: whatever is left is named .build-tmp* and ignored by git.
    }
  }
  try {
    rmdirSync(path.join(projectRoot, '.build-tmp'));
  } catch {
    // Not empty (another build is running) or already gone.
  }
}

function startRun(run: Run) {
  if (!running.size) process.on('exit', cleanUpOnExit);
  running.add(run);
}

async function endRun(run: Run) {
  // A swap that could not be undone left previous output in these folders: keep them.
  if (!run.moved.length) {
    await Promise.all(run.temp.map((dir) => rm(dir, { recursive: true, force: true })));
    // The shared parent of every build's Astro folder, once no build uses it.
    await rmdir(path.join(projectRoot, '.build-tmp')).catch(() => {});
  }
  running.delete(run);
  if (!running.size) process.off('exit', cleanUpOnExit);
}

/**
 * Moves every target aside, then every staged folder in, then drops what was moved aside. A
 * failed rename undoes the others, so the targets are all new or all as they were.
 */
async function swapIn(run: Run, swaps: { staged: string; target: string; aside: string }[]) {
  const move = async (from: string, to: string) => {
    await rename(from, to);
    run.moved.push({ from, to });
  };
  try {
    for (const s of swaps) if (await exists(s.target)) await move(s.target, s.aside);
    for (const s of swaps) await move(s.staged, s.target);
  } catch (e) {
    try {
      for (const { from, to } of [...run.moved].reverse()) {
        await rename(to, from);
        run.moved.pop();
      }
    } catch (undo) {
      const kept = swaps.filter((s) => run.moved.some((m) => m.to === s.aside)).map((s) => `${s.aside} (for ${s.target})`);
      throw new Error(`${(e as Error).message}; putting the previous output back also failed (${(undo as Error).message}); it is kept in ${kept.join(', ')}`);
    }
    throw e;
  }
  run.moved.length = 0;
  await Promise.all(swaps.map((s) => rm(s.aside, { recursive: true, force: true })));
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
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  log('');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) log(line(row));
  const pages = r.dealers.reduce((a, d) => a + d.pages, 0);
  log(`\n${r.dealers.length} dealers, ${pages} pages in ${r.seconds.toFixed(2)} s; ${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}`);
}

