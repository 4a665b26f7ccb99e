/**
 * One batch of a build: render the given dealers with one Astro build into one finished site
 * root per dealer under `stagedDir` (with its sitemap, robots.txt, _headers and vehicle feeds).
 * Nothing outside `stagedDir` and `astroDir` is written: src/engine/build/build-sites.ts
 * validates the content first and decides what is swapped in. A small build runs its one batch in
 * its own process; a fleet runs batches in worker processes (build-worker.ts), each with its own
 * Astro build, so that every core renders.
 *
 * The per-dealer work is done by the project's dealer-fleet integration
 * (src/engine/integration/): this module hands it the batch (fleet-state.ts) and runs Astro's
 * build. Its prerenderer writes each page straight into its dealer's site root, and its
 * `astro:build:done` hook gives every site what depends on all its pages (dealer-sites.ts).
 *
 * The content may arrive as a promise: Astro bundles the code (seconds, no content needed) before
 * it asks for the pages, so a worker starts bundling while the build is still validating.
 */
import { prepareBuildEnv } from '../../config/env.ts';
import { dealerRoutes } from '../../domain/routes.ts';
import { DealerSites, type BatchContent, type DealerSummary } from '../integration/dealer-sites.ts';
import { provideContent, setBuildRun, setPreviewBuild, trackProgress } from '../integration/fleet-state.ts';

export type { BatchContent, DealerSummary } from '../integration/dealer-sites.ts';

export interface BatchOptions {
  /** The batch's content (or its promise; a rejection stops the batch). */
  content: BatchContent | Promise<BatchContent>;
  /** Where the finished site roots go: `<stagedDir>/<slug>/`. */
  stagedDir: string;
  /** Astro's own output folder for this batch (inside the project; removed by the caller). */
  astroDir: string;
  projectRoot: string;
  preview: boolean;
  log: (line: string) => void;
}

export async function buildBatch(options: BatchOptions): Promise<DealerSummary[]> {
  const { log } = options;
  const renderMs = new Map<string, number>();
  const batch = Promise.resolve(options.content);
  const content = batch.then(({ dealers }) => {
    trackProgress(new Map(dealers.map((d) => [d.slug, dealerRoutes(d).length])), (slug, pages, ms) => {
      renderMs.set(slug, ms);
      log(`  ✓ ${slug}: ${pages} pages rendered in ${(ms / 1000).toFixed(2)} s`);
    });
    return dealers;
  });
  // Astro reports its own failure; this one is awaited below.
  content.catch(() => {});
  provideContent(content);
  setPreviewBuild(options.preview);
  // Only Astro's telemetry is turned off here: the preview flag reaches the pages above.
  prepareBuildEnv();
  const sites = batch.then((c) => new DealerSites(c, options));
  sites.catch(() => {});
  let summaries: DealerSummary[] | undefined;
  setBuildRun({
    take: async (request, response) => (await sites).take(request, response),
    finish: async (astroDir) => {
      summaries = await (await sites).finish(astroDir, renderMs);
    },
  });
  try {
    const { build } = await import('astro');
    await build({ root: options.projectRoot, outDir: options.astroDir, logLevel: 'warn', mode: 'production' });
  } finally {
    setBuildRun(undefined);
  }
  if (!summaries) throw new Error('The Astro build ended without running the dealer-fleet integration.');
  return summaries;
}
