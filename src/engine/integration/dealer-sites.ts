/**
 * The sites of a build run: each page Astro renders is rewritten for the content security policy
 * (src/engine/build/csp-rewrite.ts) and written to its dealer's site root `<stagedDir>/<slug>/`
 * at once (src/engine/build/site-root.ts). Once Astro is done, each site gets the files its pages
 * need: the rewrite's stylesheet and moved scripts, the shared bundles and public files they
 * reference, its sitemap, robots.txt, _headers (with the policy, from the hashes of every page)
 * and vehicle feeds.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DealerContent } from '../../content/load.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import { finishPageHtml } from '../../lib/page-finish.ts';
import { leftOutNote, vehicleFeeds } from '../../seo/feeds/index.ts';
import { CspRewrite } from '../build/csp-rewrite.ts';
import { pageFileOf, placeSharedFiles, sharedFiles, SiteRoot } from '../build/site-root.ts';
import {
  contentSecurityPolicy,
  headersFile,
  llmsTxt,
  mapPagePaths,
  robotsTxt,
  sendsStrictTransport,
  sitemapXml,
} from '../build/site-files.ts';

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

export interface DealerSummary {
  slug: string;
  pages: number;
  htmlBytes: number;
  jsBytes: number;
  seconds: number;
}

export interface SitesOptions {
  /** Where the finished site roots go: `<stagedDir>/<slug>/`. */
  stagedDir: string;
  preview: boolean;
  log: (line: string) => void;
}

/** One dealer's site while its pages arrive. */
interface DealerSite {
  dealer: DealerContent;
  root: SiteRoot;
  /** The pages' rewrite, which also gathers the policy's hashes of their inline scripts and styles. */
  csp: CspRewrite;
  /** Milliseconds spent writing its pages. */
  ms: number;
}

/** Sites given their shared files at once: the work is mostly waiting on the file system. */
const PLACE_CONCURRENCY = 8;

export class DealerSites {
  private readonly sites = new Map<string, DealerSite>();
  private readonly options: SitesOptions;

  constructor(content: BatchContent, options: SitesOptions) {
    this.options = options;
    for (const d of content.dealers) {
      const key = content.siteKeys[d.slug];
      if (!key) throw new Error(`No site key was given for ${d.slug}.`);
      const csp = new CspRewrite(key);
      const root = new SiteRoot(path.join(options.stagedDir, d.slug), csp);
      this.sites.set(d.slug, { dealer: d, root, csp, ms: 0 });
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
    site.root.add(file, html);
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
      site.root.finish();
      const hashes = { scripts: [...site.csp.scriptHashes].sort(), styles: [...site.csp.styleHashes].sort() };
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
        ['llms.txt', llmsTxt(d)],
        ['_headers', headersFile(csp, { strictTransport: sendsStrictTransport(d, options.preview), pagePolicies })],
      ];
      await mkdir(dest, { recursive: true });
      for (const [name, text] of files) writeFileSync(path.join(dest, name), text);
      const placed = await placeSharedFiles(dest, site.root.localUrls, shared);
      const pages = [...site.root.sizes.keys()].filter((f) => f.endsWith('.html')).length;
      let htmlBytes = 0;
      let jsBytes = 0;
      for (const [file, size] of [...site.root.sizes, ...placed]) {
        if (file.endsWith('.html')) htmlBytes += size;
        else if (file.endsWith('.js') || file.endsWith('.mjs')) jsBytes += size;
      }
      const ms = (renderMs.get(d.slug) ?? 0) + site.ms + performance.now() - t0;
      return { slug: d.slug, pages, htmlBytes, jsBytes, seconds: ms / 1000 };
    });
  }
}
