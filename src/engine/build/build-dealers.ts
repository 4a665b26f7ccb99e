/**
 * One batch of a build: render the given dealers with one Astro build into one finished site
 * root per dealer under `stagedDir` (with its sitemap, robots.txt, _headers and vehicle feeds).
 * Nothing outside `stagedDir` and `astroDir` is written: src/engine/build/build-sites.ts
 * validates the content first and decides what is swapped in. A small build runs its one batch in
 * its own process; a fleet runs batches in worker processes (build-worker.ts), each with its own
 * Astro build, so that every core renders.
 *
 * The per-dealer work runs as an Astro integration (`dealer-fleet`), added to the project's own
 * config for the batch's build. Its prerenderer (`astro:build:start`) wraps Astro's own: each
 * page Astro renders is rewritten for the content security policy and written straight into its
 * dealer's site root, instead of into Astro's output folder to be read back, rewritten and written
 * again. Its `astro:build:done` hook then gives every site what depends on all its pages (the
 * policy in _headers, the rewrite's stylesheet) and the shared bundles and public files it uses.
 *
 * The content may arrive as a promise: Astro bundles the code (seconds, no content needed) before
 * it asks for the pages, so a worker starts bundling while the build is still validating.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { prepareBuildEnv } from '../../config/env.ts';
import type { DealerContent } from '../../content/load.ts';
import { provideContent } from '../../content/store.ts';
import { dealerRoutes } from '../../domain/routes.ts';
import { trackProgress } from '../../lib/build-progress.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import { finishPageHtml, finishPagesInBuild } from '../../lib/page-finish.ts';
import { leftOutNote, vehicleFeeds } from '../../seo/feeds/index.ts';
import { pageFileOf, placeSharedFiles, sharedFiles, SitePages } from './split.ts';
import {
  contentSecurityPolicy,
  headersFile,
  mapPagePaths,
  robotsTxt,
  sendsStrictTransport,
  sitemapXml,
} from './site-files.ts';
import { StrictPages } from './strict-pages.ts';

/** What a batch renders. */
export interface BatchContent {
  /** The validated dealers. */
  dealers: DealerContent[];
  /**
   * Each dealer's site key, by slug: its content fingerprint and the build key (what makes the
   * site; src/engine/build/build-manifest.ts). It names files that depend on every page.
   */
  siteKeys: Record<string, string>;
}

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

export interface DealerSummary {
  slug: string;
  pages: number;
  htmlBytes: number;
  jsBytes: number;
  seconds: number;
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
  prepareBuildEnv(options.preview);
  // The prerenderer below finishes each page on the text it reads (lib/page-finish.ts).
  finishPagesInBuild();
  const sites = batch.then((c) => new DealerSites(c, options));
  sites.catch(() => {});
  const { build } = await import('astro');
  let summaries: DealerSummary[] | undefined;
  const fleet: AstroIntegration = {
    name: 'dealer-fleet',
    hooks: {
      // Each page Astro renders goes straight to its dealer's site, rewritten, and is written once.
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((astro) => ({
          name: 'dealer-fleet',
          setup: () => astro.setup?.() ?? Promise.resolve(),
          getStaticPaths: () => astro.getStaticPaths(),
          teardown: () => astro.teardown?.() ?? Promise.resolve(),
          async render(request, o) {
            const rendered = await astro.render(request, o);
            const response = rendered instanceof Response ? rendered : rendered.response;
            // Taken: Astro is handed an empty response, for which it writes no file.
            if (await (await sites).take(request, response)) return new Response(null);
            if (!response.headers.get('content-type')?.includes('text/html')) return rendered;
            // Not a dealer's page (Astro writes it): finished here too, as the middleware would.
            const finished = new Response(finishPageHtml(await response.text()), {
              status: response.status,
              statusText: response.statusText,
              headers: response.headers,
            });
            return rendered instanceof Response ? finished : { ...rendered, response: finished };
          },
        }));
      },
      // Once Astro has rendered every dealer of the batch (and written the shared bundles and
      // public files), each site gets the files that depend on all its pages, and the shared ones.
      'astro:build:done': async ({ dir }) => {
        summaries = await (await sites).finish(fileURLToPath(dir), renderMs);
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

/** One dealer's site while its pages arrive. */
interface DealerSite {
  dealer: DealerContent;
  pages: SitePages;
  /** The pages' rewrite, which also gathers the policy's hashes of their inline scripts and styles. */
  strict: StrictPages;
  /** Milliseconds spent writing its pages. */
  ms: number;
}

/**
 * The dealer-fleet integration's sites: each page Astro renders is rewritten for the content
 * security policy (strict-pages.ts) and written to its dealer's site root `<stagedDir>/<slug>/`
 * at once. Once Astro is done, each site gets the files its pages need: the rewrite's stylesheet
 * and moved scripts, the shared bundles and public files they reference, its sitemap, robots.txt,
 * _headers (with the policy, from the hashes of every page) and vehicle feeds.
 */
class DealerSites {
  private readonly sites = new Map<string, DealerSite>();
  private readonly options: BatchOptions;

  constructor(content: BatchContent, options: BatchOptions) {
    this.options = options;
    for (const d of content.dealers) {
      const key = content.siteKeys[d.slug];
      if (!key) throw new Error(`No site key was given for ${d.slug}.`);
      const strict = new StrictPages(key);
      const pages = new SitePages(path.join(options.stagedDir, d.slug), strict);
      this.sites.set(d.slug, { dealer: d, pages, strict, ms: 0 });
    }
  }

  /** Takes a rendered page of one of the batch's dealers; false for anything else (Astro writes it). */
  async take(request: Request, response: Response): Promise<boolean> {
    if (response.status >= 300 && response.status < 400) return false;
    const pathname = new URL(request.url).pathname;
    const slug = pathname.split('/')[1] ?? '';
    const site = this.sites.get(slug);
    const file = site && pageFileOf(pathname, slug);
    if (!site || !file) return false;
    const html = finishPageHtml(await response.text());
    // One turn of the event loop per page: rendering and writing never wait on I/O, and without a
    // turn V8's garbage collection tasks do not run, so that a worker's heap doubles over a batch.
    await new Promise((resolve) => setImmediate(resolve));
    const t0 = performance.now();
    site.pages.add(file, html);
    site.ms += performance.now() - t0;
    return true;
  }

  /**
   * After Astro's build: each site's remaining files, and its summary. A file Astro wrote under a
   * dealer's folder itself is a page this integration did not take, and stops the build.
   */
  async finish(astroDir: string, renderMs: Map<string, number>): Promise<DealerSummary[]> {
    const strays = [...this.sites.keys()].filter((slug) => existsSync(path.join(astroDir, slug)));
    if (strays.length) {
      throw new Error(
        `Astro wrote files under the dealer folders of ${strays.join(', ')} that the dealer-fleet integration did not take (a redirect?)`,
      );
    }
    const shared = await sharedFiles(astroDir, new Set(this.sites.keys()));
    const { options } = this;
    return mapLimit([...this.sites.values()], PLACE_CONCURRENCY, async (site): Promise<DealerSummary> => {
      const t0 = performance.now();
      const d = site.dealer;
      const dest = path.join(options.stagedDir, d.slug);
      site.pages.finish();
      const hashes = { scripts: [...site.strict.scriptHashes].sort(), styles: [...site.strict.styleHashes].sort() };
      const csp = contentSecurityPolicy(d, hashes);
      const mapPaths = mapPagePaths(d);
      const pagePolicies = mapPaths.length
        ? [{ paths: mapPaths, csp: contentSecurityPolicy(d, hashes, { map: true }) }]
        : [];
      // Ad-platform vehicle feeds (docs/feeds.md): made from content already in memory.
      const feeds = vehicleFeeds(d);
      for (const feed of feeds) {
        const note = leftOutNote(feed);
        if (note) options.log(`  note: ${d.slug}: ${note}`);
      }
      const files: [string, string][] = [
        ...feeds.map((feed): [string, string] => [feed.name, feed.text]),
        ['sitemap.xml', sitemapXml(d)],
        ['robots.txt', robotsTxt(d, options.preview)],
        ['_headers', headersFile(csp, { strictTransport: sendsStrictTransport(d, options.preview), pagePolicies })],
      ];
      await mkdir(dest, { recursive: true });
      for (const [name, text] of files) writeFileSync(path.join(dest, name), text);
      const placed = await placeSharedFiles(dest, site.pages.localUrls, shared);
      const pages = [...site.pages.sizes.keys()].filter((f) => f.endsWith('.html')).length;
      let htmlBytes = 0;
      let jsBytes = 0;
      for (const [file, size] of [...site.pages.sizes, ...placed]) {
        if (file.endsWith('.html')) htmlBytes += size;
        else if (file.endsWith('.js') || file.endsWith('.mjs')) jsBytes += size;
      }
      const ms = (renderMs.get(d.slug) ?? 0) + site.ms + performance.now() - t0;
      return { slug: d.slug, pages, htmlBytes, jsBytes, seconds: ms / 1000 };
    });
  }
}

/** Sites given their shared files at once: the work is mostly waiting on the file system. */
const PLACE_CONCURRENCY = 8;
