/**
 * The page part of `npm run bench`: the sample dealers (a copy of dealers/, each with models and
 * offers given one more page holding only a model range and an offers block) built into a
 * temporary folder, then
 *  - the JavaScript each measured page references, gzipped (scripts/bench/bench-templates.ts): the
 *    home page, the used-cars search page, a car page, the first model page and the
 *    model-range-and-offers page;
 *  - Lighthouse mobile (its default settings: a phone screen, simulated slow 4G and a 4× slower
 *    CPU) of the home, used-cars, car and model pages, served with the API as `npm start` serves
 *    them, in Debian's Chromium: performance, accessibility, best practices, SEO and CLS, the
 *    median of R runs per page; and the JavaScript each of them loads before any interaction.
 * The budgets these are judged by live in scripts/bench/bench-budgets.ts.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSites, projectRoot } from '../../src/engine/build/build-sites.ts';
import { startServer } from '../../src/engine/serve/static-server.ts';
import { median, pageJs, htmlFile, type JsFile } from './bench-templates.ts';
import {
  jsBeforeInteraction,
  LIGHTHOUSE_CATEGORIES,
  LIGHTHOUSE_KINDS,
  type LighthouseCategory,
  type LoadedJs,
} from './bench-budgets.ts';
import { loadDealers, type DealerContent } from '../../src/content/load.ts';
import { dealerRoutes, modelPath, type Route } from '../../src/domain/routes.ts';
import { walkBlocks } from '../../src/site/page-blocks.ts';
import { startRuntime } from '../../src/api/runtime.ts';
import { openPglite } from '../../src/api/db/index.ts';
import { financeProviderFromEnv } from '../../src/features/finance/server/finance-provider.ts';

export const RANGE_AND_OFFERS_PATH = '/bench-model-range-and-offers';

export type PageKind = 'home' | 'used cars' | 'car' | 'model' | 'model range + offers';

export interface MeasuredPage {
  dealer: string;
  kind: PageKind;
  path: string;
  jsFiles: number;
  jsGzBytes: number;
  inlineGzBytes: number;
  /** Lighthouse runs of this page (home, used cars, car and model pages only). */
  lighthouse?: LighthouseResult;
  /** The scripts the page loaded in Chromium before any interaction (the pages Lighthouse runs on). */
  loadedJs?: LoadedJs;
}

export interface LighthouseResult {
  /** Performance scores 0-100 of each run, and their median. */
  scores: number[];
  median: number;
  /** Metrics of the median run, in ms (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /** The SEO score 0-100 (the same every run: its audits read the page, not timings), and the audits it failed. */
  seo: number;
  seoFailed: string[];
  /** Each category's median score 0-100 over the runs, and the weighted audits that failed in any run. */
  categories?: Partial<Record<LighthouseCategory, { median: number; scores: number[]; failed: string[] }>>;
  /** The median CLS over the runs. */
  clsMedian?: number;
}

export interface PagesReport {
  dealers: string[];
  buildSeconds: number;
  pages: MeasuredPage[];
  lighthouseRuns: number;
  /** Why Lighthouse did not run, when it did not. */
  lighthouseSkipped?: string;
  /** Dealers whose Google Tag Manager container was left out of the measured build (see withoutTagManager). */
  tagManagerLeftOut?: string[];
  chromium?: string;
}

export interface PagesOptions {
  dealersDir?: string;
  /** Lighthouse runs per page; 0 skips Lighthouse. */
  lighthouseRuns: number;
  chromiumPath?: string;
  log?: (line: string) => void;
}

/** The page a bench adds to a dealer with models and offers: a model range and offers, nothing else. */
export function rangeAndOffersPage() {
  return {
    id: 'bench-model-range-and-offers',
    path: RANGE_AND_OFFERS_PATH,
    title: 'Our range and offers',
    publishedAt: '2025-01-01',
    blocks: [
      { id: 'bench-range', type: 'brandModels', data: { heading: 'Our range' } },
      { id: 'bench-offers', type: 'offers', data: { heading: 'Current offers' } },
    ],
  };
}

/** The dealer's used-cars search page: /used-cars, else the first page holding a cars block. */
export function usedCarsRoute(routes: Route[]): Route | undefined {
  const pages = routes.filter((r): r is Extract<Route, { kind: 'page' }> => r.kind === 'page');
  return (
    pages.find((r) => r.path === '/used-cars') ??
    pages.find((r) => [...walkBlocks(r.page.blocks)].some((b) => b.type === 'cars'))
  );
}

/** The routes measured for one dealer, by kind. */
export function measuredRoutes(d: DealerContent): { kind: PageKind; route: Route }[] {
  const routes = dealerRoutes(d);
  const out: { kind: PageKind; route: Route }[] = [];
  const at = (p: string) => routes.find((r) => r.path === p);
  const home = at('/');
  if (home) out.push({ kind: 'home', route: home });
  const used = usedCarsRoute(routes);
  if (used) out.push({ kind: 'used cars', route: used });
  const car = routes.find((r) => r.kind === 'car');
  if (car) out.push({ kind: 'car', route: car });
  const model = d.models.length ? at(modelPath(d.models[0]!)) : undefined;
  if (model) out.push({ kind: 'model', route: model });
  const bench = at(RANGE_AND_OFFERS_PATH);
  if (bench) out.push({ kind: 'model range + offers', route: bench });
  return out;
}

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export interface LighthouseRun {
  /** The performance score 0-100. */
  score: number;
  metrics: LighthouseResult['metrics'];
  seo: number;
  seoFailed: string[];
  /** Every category's score 0-100 and its weighted audits that did not pass. */
  categories: Record<LighthouseCategory, { score: number; failed: string[] }>;
}

/** One Lighthouse mobile run of `url` (performance, accessibility, best practices, SEO) in the Chromium listening for DevTools on `port`. */
export async function lighthouseRun(url: string, port: number): Promise<LighthouseRun> {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...LIGHTHOUSE_CATEGORIES],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`Lighthouse gave ${url} no performance score`);
  const v = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const seo = lhr.categories.seo;
  if (typeof seo?.score !== 'number') throw new Error(`Lighthouse gave ${url} no SEO score`);
  // Audits with a weight that did not pass; manual and not-applicable ones carry no weight.
  const seoFailed = seo.auditRefs.filter((a) => a.weight > 0 && lhr.audits[a.id]?.score !== 1).map((a) => a.id);
  const categories = {} as LighthouseRun['categories'];
  for (const id of LIGHTHOUSE_CATEGORIES) {
    const c = lhr.categories[id];
    if (typeof c?.score !== 'number') throw new Error(`Lighthouse gave ${url} no ${id} score`);
    // Performance audits are metrics with a score anywhere from 0 to 1; naming those under 0.9 says where time goes.
    const failed = c.auditRefs
      .filter((a) => a.weight > 0 && (lhr.audits[a.id]?.score ?? 1) < (id === 'performance' ? 0.9 : 1))
      .map((a) => a.id);
    categories[id] = { score: Math.round(c.score * 100), failed };
  }
  return {
    categories,
    score: Math.round(score * 100),
    seo: Math.round(seo.score * 100),
    seoFailed,
    metrics: {
      fcp: v('first-contentful-paint'),
      lcp: v('largest-contentful-paint'),
      tbt: v('total-blocking-time'),
      cls: v('cumulative-layout-shift'),
      speedIndex: v('speed-index'),
    },
  };
}

/**
 * Takes each dealer's Google Tag Manager id out of its site.json in the bench's copy, returning
 * the dealers that had one. The container is the dealer's own third-party script, fetched from
 * googletagmanager.com: unreachable from a machine without internet (Lighthouse would log the
 * failed fetch as a console error) and, where reachable, measuring the dealer's tags, not the site.
 */
export async function withoutTagManager(dealersDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dealersDir, { withFileTypes: true })) {
    const file = path.join(dealersDir, entry.name, 'site.json');
    if (!entry.isDirectory()) continue;
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const site = JSON.parse(text) as { analytics?: { gtmId?: unknown } | null };
    if (!site.analytics?.gtmId) continue;
    delete site.analytics.gtmId;
    await writeFile(file, JSON.stringify(site, null, 2));
    out.push(entry.name);
  }
  return out.sort();
}

export async function runPageBench(options: PagesOptions): Promise<PagesReport> {
  const log = options.log ?? (() => {});
  const source = path.resolve(options.dealersDir ?? path.join(projectRoot, 'dealers'));
  // Inside the project, as the build bench's folder: the build keeps Astro's output under the project.
  await mkdir(path.join(projectRoot, '.cache'), { recursive: true });
  const work = await mkdtemp(path.join(projectRoot, '.cache', 'bench-pages-'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-pages-data-'));
  try {
    const dealersDir = path.join(work, 'dealers');
    await cp(source, dealersDir, { recursive: true });
    const tagManagerLeftOut = await withoutTagManager(dealersDir);
    const loaded = await loadDealers(dealersDir);
    if (loaded.errors.length)
      throw new Error(
        `The dealers in ${source} do not load: ${loaded.errors.length} errors, e.g. ${JSON.stringify(loaded.errors[0])}`,
      );
    for (const d of loaded.dealers) {
      if (d.models.length && d.offers.length) {
        await writeFile(
          path.join(dealersDir, d.slug, 'pages', 'bench-model-range-and-offers.json'),
          JSON.stringify(rangeAndOffersPage(), null, 2),
        );
      }
    }
    const dealers = (await loadDealers(dealersDir)).dealers;
    log(`Pages: building ${dealers.length} sample dealers (${dealers.map((d) => d.slug).join(', ')})`);
    const sitesDir = path.join(work, 'sites');
    const build = await buildSites({ dealersDir, outDir: sitesDir });
    if (!build.ok)
      throw new Error(`The sample dealers did not build: ${build.errors.map((e) => JSON.stringify(e)).join('; ')}`);

    const pages: MeasuredPage[] = [];
    for (const d of dealers) {
      const root = path.join(sitesDir, d.slug);
      const cache = new Map<string, JsFile | null>();
      for (const { kind, route } of measuredRoutes(d)) {
        const js = await pageJs(root, await readFile(path.join(root, htmlFile(route)), 'utf8'), cache);
        pages.push({
          dealer: d.slug,
          kind,
          path: route.path,
          jsFiles: js.files.length,
          jsGzBytes: js.gzBytes,
          inlineGzBytes: js.inlineGzBytes,
        });
      }
    }
    const report: PagesReport = {
      dealers: dealers.map((d) => d.slug),
      buildSeconds: build.seconds,
      pages,
      lighthouseRuns: options.lighthouseRuns,
      tagManagerLeftOut,
    };
    if (options.lighthouseRuns > 0)
      await lighthouseAll(report, { sitesDir, dealersDir, dealers, dataDir, options, log });
    else report.lighthouseSkipped = '--lighthouse-runs 0';
    return report;
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

interface LighthouseInput {
  sitesDir: string;
  dealersDir: string;
  dealers: DealerContent[];
  dataDir: string;
  options: PagesOptions;
  log: (line: string) => void;
}

async function lighthouseAll(report: PagesReport, x: LighthouseInput): Promise<void> {
  const chromePath = x.options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  report.chromium = chromePath;
  const api = await startRuntime({
    dealers: x.dealers,
    dataDir: x.dataDir,
    openEmbedded: openPglite,
    env: {},
    workerIntervalMs: false,
    financeProvider: financeProviderFromEnv({}),
  });
  const running = await startServer({
    sitesDir: x.sitesDir,
    dealersDir: x.dealersDir,
    port: 0,
    host: '127.0.0.1',
    api: api.app.fetch,
  });
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
  try {
    for (const page of report.pages.filter((p) => LIGHTHOUSE_KINDS.includes(p.kind))) {
      const url = `${running.siteOrigin(page.dealer)}${page.path}`;
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < x.options.lighthouseRuns; i++) runs.push(await lighthouseRun(url, chrome.port));
      page.loadedJs = await jsBeforeInteraction(url, chrome.port, path.join(x.sitesDir, page.dealer));
      const scores = runs.map((r) => r.score);
      const mid = median(scores);
      // The metrics of the run whose score is nearest the median.
      const typical = runs.reduce((best, r) => (Math.abs(r.score - mid) < Math.abs(best.score - mid) ? r : best));
      const seo = Math.min(...runs.map((r) => r.seo));
      const seoFailed = [...new Set(runs.flatMap((r) => r.seoFailed))];
      const categories: LighthouseResult['categories'] = {};
      for (const id of LIGHTHOUSE_CATEGORIES) {
        const each = runs.map((r) => r.categories[id].score);
        categories[id] = {
          median: median(each),
          scores: each,
          failed: [...new Set(runs.flatMap((r) => r.categories[id].failed))],
        };
      }
      const clsMedian = median(runs.map((r) => r.metrics.cls));
      page.lighthouse = { scores, median: mid, metrics: typical.metrics, seo, seoFailed, categories, clsMedian };
      const medians = LIGHTHOUSE_CATEGORIES.map((id) => `${id} ${categories[id]!.median}`).join(', ');
      x.log(
        `  Lighthouse ${page.dealer}${page.path}: ${medians}, CLS ${clsMedian.toFixed(3)} (performance runs ${scores.join(', ')}); JS before interaction ${(page.loadedJs.gzBytes / 1024).toFixed(1)} KB gz`,
      );
    }
  } finally {
    chrome.kill();
    await running.close();
    await api.close();
  }
}
