/**
 * The page budgets of `npm run bench -- --only pages`, and how they are judged and printed:
 *  - Lighthouse mobile (its default phone settings) on the home, used-cars, car and model pages of
 *    every sample dealer: the median of R runs of each category score, and of CLS;
 *  - the JavaScript a page loads before any interaction (opened in Chromium at a phone's size and
 *    left alone until the network is idle), gzipped: the car page and the used-cars page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, table, type Target } from './bench-report.ts';
import type { PageKind, PagesReport } from './bench-pages.ts';

export const PAGE_BUDGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  /** KB of JavaScript, gzipped, loaded before the visitor does anything. */
  carKB: 60,
  usedCarsKB: 150,
  /** KB of JavaScript, gzipped, that a page holding only a model range and offers references. */
  rangeAndOffersKB: 80,
} as const;

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];
export const CATEGORY_BUDGET: Record<LighthouseCategory, number> = {
  performance: PAGE_BUDGETS.performance,
  accessibility: PAGE_BUDGETS.accessibility,
  'best-practices': PAGE_BUDGETS.bestPractices,
  seo: PAGE_BUDGETS.seo,
};

/** Kinds of page Lighthouse judges. */
export const LIGHTHOUSE_KINDS: PageKind[] = ['home', 'used cars', 'car', 'model'];

/** The JavaScript a page loaded before any interaction. */
export interface LoadedJs {
  /** Script URLs the page fetched, relative to the site root. */
  files: string[];
  gzBytes: number;
}

/**
 * Opens `url` in the Chromium listening for DevTools on `port`, at a phone's size, waits for the
 * network to be idle and the browser to be idle (islands that hydrate on load, idle or visible
 * above the fold have then loaded), and sums the gzipped size of every script file it fetched
 * from the site root. Nothing is clicked, scrolled or typed.
 */
export async function jsBeforeInteraction(url: string, port: number, siteRoot: string): Promise<LoadedJs> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const origin = new URL(url).origin;
    const scripts = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script' && req.url().startsWith(origin + '/'))
        scripts.add(new URL(req.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    await page.waitForLoadState('networkidle');
    let gzBytes = 0;
    const files = [...scripts].sort();
    for (const file of files) {
      const body = await readFile(path.join(siteRoot, decodeURIComponent(file))).catch(() => undefined);
      if (body) gzBytes += gzipSync(body).length;
    }
    return { files: files.map((f) => f.replace(/^\//, '')), gzBytes };
  } finally {
    await context.close();
    await browser.close();
  }
}

const measured = (r: PagesReport, kind: PageKind) => r.pages.filter((p) => p.kind === kind && p.lighthouse);

/** The budgets as PASS/FAIL lines; a budget that could not be measured fails, saying why. */
export function evaluatePageBudgets(r: PagesReport): Target[] {
  const out: Target[] = [];
  const js = (kind: PageKind, limitKB: number, label: string) => {
    const name = `${label} ≤ ${limitKB} KB of JavaScript gzipped before any interaction`;
    const pages = r.pages.filter((p) => p.kind === kind);
    const loaded = pages.filter((p) => p.loadedJs);
    if (!loaded.length) {
      out.push({
        name,
        pass: false,
        value: 'not measured',
        note: pages.length ? r.lighthouseSkipped : 'no sample dealer has such a page',
      });
      return;
    }
    const worst = loaded.reduce((a, p) => (p.loadedJs!.gzBytes > a.loadedJs!.gzBytes ? p : a));
    out.push({
      name,
      pass: loaded.every((p) => p.loadedJs!.gzBytes <= limitKB * 1024),
      value: `${kb(worst.loadedJs!.gzBytes)} KB`,
      note: loaded.map((p) => `${p.dealer} ${kb(p.loadedJs!.gzBytes)}`).join(', '),
    });
  };
  js('car', PAGE_BUDGETS.carKB, 'the car page');
  js('used cars', PAGE_BUDGETS.usedCarsKB, 'the used-cars page');
  const range = r.pages.filter((p) => p.kind === 'model range + offers');
  const worstRange = range.reduce<(typeof range)[number] | undefined>(
    (a, p) => (!a || p.jsGzBytes > a.jsGzBytes ? p : a),
    undefined,
  );
  out.push(
    worstRange
      ? {
          name: `a page with only a model range and offers references ≤ ${PAGE_BUDGETS.rangeAndOffersKB} KB of JavaScript gzipped`,
          pass: range.every((p) => p.jsGzBytes <= PAGE_BUDGETS.rangeAndOffersKB * 1024),
          value: `${kb(worstRange.jsGzBytes)} KB`,
          note: `largest: ${worstRange.dealer}${worstRange.path}`,
        }
      : {
          name: `a page with only a model range and offers references ≤ ${PAGE_BUDGETS.rangeAndOffersKB} KB of JavaScript gzipped`,
          pass: false,
          value: 'not measured',
          note: 'no sample dealer has such a page',
        },
  );

  for (const kind of LIGHTHOUSE_KINDS) {
    const pages = measured(r, kind);
    for (const category of LIGHTHOUSE_CATEGORIES) {
      const budget = CATEGORY_BUDGET[category];
      const name = `Lighthouse mobile ${category} ${budget === 100 ? '= 100' : `≥ ${budget}`} on the sample ${kind} pages (median)`;
      if (!pages.length) {
        out.push({ name, pass: false, value: 'not measured', note: r.lighthouseSkipped });
        continue;
      }
      const score = (p: (typeof pages)[number]) => p.lighthouse!.categories?.[category]?.median ?? NaN;
      const low = pages.reduce((a, p) => (!(score(p) >= score(a)) ? p : a));
      out.push({
        name,
        pass: pages.every((p) => score(p) >= budget),
        value: `lowest ${score(low)} (${low.dealer}${low.path})`,
        note: pages
          .map((p) => {
            const failed = p.lighthouse!.categories?.[category]?.failed ?? [];
            return `${p.dealer} ${score(p)}${score(p) < budget && failed.length ? ` (${failed.join(', ')})` : ''}`;
          })
          .join(', '),
      });
    }
    const name = `CLS ${PAGE_BUDGETS.cls} on the sample ${kind} pages (median)`;
    if (!pages.length) out.push({ name, pass: false, value: 'not measured', note: r.lighthouseSkipped });
    else {
      const cls = (p: (typeof pages)[number]) => p.lighthouse!.clsMedian ?? p.lighthouse!.metrics.cls;
      const worst = pages.reduce((a, p) => (cls(p) > cls(a) ? p : a));
      out.push({
        name,
        pass: pages.every((p) => cls(p) <= PAGE_BUDGETS.cls),
        value: `highest ${cls(worst).toFixed(3)} (${worst.dealer}${worst.path})`,
        note: pages.map((p) => `${p.dealer} ${cls(p).toFixed(3)}`).join(', '),
      });
    }
  }
  return out;
}

/** The page section of the bench's printout: one row per measured page. */
export function formatPageBudgets(r: PagesReport): string[] {
  const cat = (p: PagesReport['pages'][number], c: LighthouseCategory) => {
    const v = p.lighthouse?.categories?.[c]?.median;
    return v === undefined ? '–' : String(v);
  };
  const out = [
    `Pages: the sample dealers (${r.dealers.join(', ')}) built in ${r.buildSeconds.toFixed(1)} s. JS ref = every .js file the page references and`,
    "their static imports, gzipped one by one (inline scripts apart); JS loaded = the scripts Chromium fetched at a phone's size before any",
    `interaction, gzipped${r.lighthouseRuns ? `; Lighthouse mobile, median of ${r.lighthouseRuns} run${r.lighthouseRuns === 1 ? '' : 's'} per category and for CLS` : ''}:`,
    ...table(
      [
        'dealer',
        'page',
        'path',
        'JS ref KB',
        'JS loaded KB',
        'perf',
        'perf runs',
        'a11y',
        'best pr.',
        'SEO',
        'CLS',
        'FCP ms',
        'LCP ms',
        'TBT ms',
      ],
      r.pages.map((p) => {
        const lh = p.lighthouse;
        const m = lh?.metrics;
        return [
          p.dealer,
          p.kind,
          p.path.length > 40 ? `${p.path.slice(0, 39)}…` : p.path,
          kb(p.jsGzBytes),
          p.loadedJs ? kb(p.loadedJs.gzBytes) : '–',
          cat(p, 'performance'),
          lh ? lh.scores.join(' ') : '–',
          cat(p, 'accessibility'),
          cat(p, 'best-practices'),
          cat(p, 'seo'),
          lh ? (lh.clsMedian ?? m!.cls).toFixed(3) : '–',
          m ? String(Math.round(m.fcp)) : '–',
          m ? String(Math.round(m.lcp)) : '–',
          m ? String(Math.round(m.tbt)) : '–',
        ];
      }),
      3,
    ),
  ];
  const failing = r.pages.flatMap((p) =>
    LIGHTHOUSE_CATEGORIES.flatMap((c) => {
      const x = p.lighthouse?.categories?.[c];
      return x && x.median < CATEGORY_BUDGET[c] && x.failed.length
        ? [`  ${p.dealer}${p.path} ${c}: ${x.failed.join(', ')}`]
        : [];
    }),
  );
  if (failing.length) out.push('Audits that failed where a category missed its budget:', ...failing);
  if (r.tagManagerLeftOut?.length) {
    out.push(
      `Left out of the measured build: the Google Tag Manager container of ${r.tagManagerLeftOut.join(', ')} (the dealer's own tags, fetched from a third party).`,
    );
  }
  if (r.lighthouseSkipped) out.push(`Lighthouse: not run (${r.lighthouseSkipped}).`);
  else {
    out.push(
      `Lighthouse: its default mobile settings (a phone screen, simulated slow 4G, a 4× slower CPU), in ${r.chromium}; the pages`,
      'served with the API as npm start serves them. FCP, LCP and TBT are those of the run nearest the median performance score.',
    );
  }
  return out;
}
