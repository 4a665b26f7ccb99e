/**
 * One batch of a build: render the given dealers with one Astro build and split the output into
 * one finished site root per dealer under `stagedDir` (with its sitemap, robots.txt, _headers and
 * vehicle feeds). Nothing outside `stagedDir` and `astroDir` is written: src/engine/build/build-sites.ts
 * validates the content first and decides what is swapped in. A small build runs its one batch in
 * its own process; a fleet runs batches in worker processes (build-worker.ts), each with its own
 * Astro build, so that every core renders.
 *
 * The per-dealer work runs as an Astro integration (`dealer-fleet`, its `astro:build:done` hook),
 * added to the project's own config for the batch's build.
 *
 * The content may arrive as a promise: Astro bundles the code (seconds, no content needed) before
 * it asks for the pages, so a worker starts bundling while the build is still validating.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { prepareBuildEnv } from '../../config/env.ts';
import type { DealerContent } from '../../content/load.ts';
import { provideContent } from '../../content/store.ts';
import { dealerRoutes } from '../../domain/routes.ts';
import { trackProgress } from '../../lib/build-progress.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import { leftOutNote, vehicleFeeds } from '../../seo/feeds/index.ts';
import { sharedFiles, splitDealer } from './split.ts';
import {
  contentSecurityPolicy,
  headersFile,
  mapPagePaths,
  robotsTxt,
  scriptHashesOf,
  sendsStrictTransport,
  sitemapXml,
  styleHashesOf,
} from './site-files.ts';
import { StrictPages } from './strict-pages.ts';

export interface BatchOptions {
  /** The validated dealers of this batch (or their promise; a rejection stops the batch). */
  dealers: DealerContent[] | Promise<DealerContent[]>;
  /** Where the finished site roots go: `<stagedDir>/<slug>/`. */
  stagedDir: string;
  /** Astro's own output folder for this batch (inside the project; removed by the caller). */
  astroDir: string;
  projectRoot: string;
  preview: boolean;
  log: (line: string) => void;
}

export interface DealerSummary {
  slug: string;
  pages: number;
  htmlBytes: number;
  jsBytes: number;
  seconds: number;
}

/** Dealers split at once: the work is mostly waiting on the file system. */
const SPLIT_CONCURRENCY = 8;

export async function buildBatch(options: BatchOptions): Promise<DealerSummary[]> {
  const { log } = options;
  const renderMs = new Map<string, number>();
  const content = Promise.resolve(options.dealers).then((dealers) => {
    trackProgress(new Map(dealers.map((d) => [d.slug, dealerRoutes(d).length])), (slug, pages, ms) => {
      renderMs.set(slug, ms);
      log(`  ✓ ${slug}: ${pages} pages rendered in ${(ms / 1000).toFixed(2)} s`);
    });
    return dealers;
  });
  // Astro reports its own failure; this one is awaited below.
  content.catch(() => {});
  provideContent(content);
  prepareBuildEnv(options.preview);
  const { build } = await import('astro');
  let summaries: DealerSummary[] | undefined;
  const fleet: AstroIntegration = {
    name: 'dealer-fleet',
    hooks: {
      // Once Astro has rendered every dealer of the batch, each is made a site of its own.
      'astro:build:done': async ({ dir }) => {
        summaries = await finishDealers(await content, fileURLToPath(dir), options, renderMs);
      },
    },
  };
  await build({
    root: options.projectRoot,
    outDir: options.astroDir,
    logLevel: 'warn',
    mode: 'production',
    integrations: [fleet],
  });
  if (!summaries) throw new Error('The Astro build ended without running the dealer-fleet integration.');
  return summaries;
}

/**
 * The dealer-fleet integration's work on Astro's output (`astroDir`): split it into one site root
 * per dealer, rewrite the pages for the content security policy, and write each dealer's sitemap,
 * robots.txt, _headers and vehicle feeds.
 */
async function finishDealers(
  dealers: DealerContent[],
  astroDir: string,
  options: BatchOptions,
  renderMs: Map<string, number>,
): Promise<DealerSummary[]> {
  const { log } = options;
  const shared = await sharedFiles(astroDir, new Set(dealers.map((d) => d.slug)));
  const summaries = await mapLimit(dealers, SPLIT_CONCURRENCY, async (d): Promise<DealerSummary> => {
    const t0 = performance.now();
    const dest = path.join(options.stagedDir, d.slug);
    // Pages rewritten for the policy (no style attributes, scripts loaded by hashed loaders), then hashed.
    const { sizes, html } = await splitDealer(astroDir, d.slug, dest, shared, new StrictPages());
    const hashes = { scripts: scriptHashesOf(html.values()), styles: styleHashesOf(html.values()) };
    const csp = contentSecurityPolicy(d, hashes);
    const mapPaths = mapPagePaths(d);
    const pagePolicies = mapPaths.length
      ? [{ paths: mapPaths, csp: contentSecurityPolicy(d, hashes, { map: true }) }]
      : [];
    // Ad-platform vehicle feeds (docs/feeds.md): made from content already in memory.
    const feeds = vehicleFeeds(d);
    for (const feed of feeds) {
      const note = leftOutNote(feed);
      if (note) log(`  note: ${d.slug}: ${note}`);
    }
    await Promise.all([
      ...feeds.map((feed) => writeFile(path.join(dest, feed.name), feed.text)),
      writeFile(path.join(dest, 'sitemap.xml'), sitemapXml(d)),
      writeFile(path.join(dest, 'robots.txt'), robotsTxt(d, options.preview)),
      writeFile(
        path.join(dest, '_headers'),
        headersFile(csp, { strictTransport: sendsStrictTransport(d, options.preview), pagePolicies }),
      ),
    ]);
    let htmlBytes = 0;
    let jsBytes = 0;
    for (const [file, size] of sizes) {
      if (file.endsWith('.html')) htmlBytes += size;
      else if (file.endsWith('.js') || file.endsWith('.mjs')) jsBytes += size;
    }
    return {
      slug: d.slug,
      pages: html.size,
      htmlBytes,
      jsBytes,
      seconds: ((renderMs.get(d.slug) ?? 0) + performance.now() - t0) / 1000,
    };
  });
  return summaries;
}
