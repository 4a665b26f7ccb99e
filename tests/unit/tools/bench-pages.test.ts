/**
 * The page part of `npm run bench` (scripts/bench/bench-pages.ts): which pages it measures, the
 * page it adds, how its targets are judged, and one real Lighthouse run in Chromium against a
 * local page (no score threshold is asserted: the machine's load moves it).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_FLAGS,
  lighthouseRun,
  measuredRoutes,
  rangeAndOffersPage,
  RANGE_AND_OFFERS_PATH,
  withoutTagManager,
  type PagesReport,
} from '../../../scripts/bench/bench-pages.ts';
import { evaluatePageBudgets, formatPageBudgets } from '../../../scripts/bench/bench-budgets.ts';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';

let dir: string;
let dealers: DealerContent[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bench-pages-test-'));
  await cp(path.resolve('dealers'), dir, { recursive: true });
  const first = await loadDealers(dir);
  for (const d of first.dealers) {
    if (d.models.length && d.offers.length) {
      await writeFile(
        path.join(dir, d.slug, 'pages', 'bench-model-range-and-offers.json'),
        JSON.stringify(rangeAndOffersPage()),
      );
    }
  }
  const loaded = await loadDealers(dir);
  expect(loaded.errors).toEqual([]);
  dealers = loaded.dealers;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the pages the bench measures', () => {
  it('adds a valid page holding only a model range and offers', () => {
    const page = dealers.flatMap((d) => d.pages).find((p) => p.path === RANGE_AND_OFFERS_PATH);
    expect(page?.blocks.map((b) => b.type)).toEqual(['brandModels', 'offers']);
  });

  it('measures the home, used-cars, car, first model and range-and-offers pages of every sample dealer', () => {
    for (const d of dealers) {
      const measured = measuredRoutes(d);
      expect(
        measured.map((m) => m.kind),
        d.slug,
      ).toEqual(['home', 'used cars', 'car', 'model', 'model range + offers']);
      expect(measured.find((m) => m.kind === 'home')!.route.path).toBe('/');
      expect(measured.find((m) => m.kind === 'used cars')!.route.path).toBe('/used-cars');
      expect(measured.find((m) => m.kind === 'model')!.route.path).toBe(
        '/' + (d.models[0]!.new_slug || d.models[0]!.slug),
      );
    }
  });

  it('takes the first page with a cars block when there is no /used-cars', () => {
    const d = dealers[0]!;
    const renamed = { ...d, pages: d.pages.map((p) => (p.path === '/used-cars' ? { ...p, path: '/pre-owned' } : p)) };
    const used = measuredRoutes(renamed).find((m) => m.kind === 'used cars');
    expect(used?.route.kind).toBe('page');
    const blocks = used!.route.kind === 'page' ? used!.route.page.blocks : [];
    expect(JSON.stringify(blocks)).toContain('"type":"cars"');
  });
});

type Kind = PagesReport['pages'][number]['kind'];
/** A measured page: `kb` referenced, and when Lighthouse ran, every category at `score` (a11y, best practices and SEO at 100 unless given). */
const page = (
  kind: Kind,
  kb: number,
  score?: number,
  over: { a11y?: number; cls?: number; loadedKB?: number } = {},
) => ({
  dealer: 'a',
  kind,
  path: `/${kind.replace(/\W+/g, '-')}`,
  jsFiles: 3,
  jsGzBytes: kb * 1024,
  inlineGzBytes: 1000,
  ...(over.loadedKB === undefined ? {} : { loadedJs: { files: ['_astro/x.js'], gzBytes: over.loadedKB * 1024 } }),
  ...(score === undefined
    ? {}
    : {
        lighthouse: {
          scores: [score],
          median: score,
          metrics: { fcp: 800, lcp: 1500, tbt: 100, cls: over.cls ?? 0, speedIndex: 900 },
          seo: 100,
          seoFailed: [],
          clsMedian: over.cls ?? 0,
          categories: {
            performance: { median: score, scores: [score], failed: [] },
            accessibility: {
              median: over.a11y ?? 100,
              scores: [over.a11y ?? 100],
              failed: (over.a11y ?? 100) < 100 ? ['color-contrast'] : [],
            },
            'best-practices': { median: 100, scores: [100], failed: [] },
            seo: { median: 100, scores: [100], failed: [] },
          },
        },
      }),
});

describe('the measured build', () => {
  it('leaves out each dealer’s tag manager container, keeping the rest of site.json, and says whose', async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'bench-gtm-'));
    try {
      await cp(dir, copy, { recursive: true });
      const withGtm = dealers
        .filter((d) => d.site.analytics?.gtmId)
        .map((d) => d.slug)
        .sort();
      expect(withGtm.length).toBeGreaterThan(0);
      expect(await withoutTagManager(copy)).toEqual(withGtm);
      const { dealers: after, errors } = await loadDealers(copy);
      expect(errors).toEqual([]);
      for (const d of after) {
        expect(d.site.analytics?.gtmId).toBeUndefined();
        expect(d.site.name).toBe(dealers.find((x) => x.slug === d.slug)!.site.name);
      }
      expect(JSON.parse(await readFile(path.join(copy, withGtm[0]!, 'site.json'), 'utf8')).analytics).toBeDefined();
      expect(await withoutTagManager(copy)).toEqual([]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});

describe('the page budgets', () => {
  const report = (pages: PagesReport['pages']): PagesReport => ({
    dealers: ['a'],
    buildSeconds: 1,
    pages,
    lighthouseRuns: 1,
    chromium: '/usr/bin/chromium',
  });
  const all = (
    o: { perf?: number; a11y?: number; cls?: number; carKB?: number; usedKB?: number; rangeKB?: number } = {},
  ) =>
    report([
      page('home', 10, o.perf ?? 95),
      page('used cars', 120, o.perf ?? 95, { loadedKB: o.usedKB ?? 150 }),
      page('car', 40, o.perf ?? 95, { loadedKB: o.carKB ?? 60, a11y: o.a11y, cls: o.cls }),
      page('model', 10, o.perf ?? 95),
      page('model range + offers', o.rangeKB ?? 80),
    ]);

  it('passes every budget at its limit: 60 KB on a car page, 150 KB on used cars, 95 performance, 100 elsewhere, CLS 0', () => {
    const t = evaluatePageBudgets(all());
    expect(t.filter((x) => !x.pass)).toEqual([]);
    // 3 JavaScript budgets, then for each of 4 kinds: 4 categories and CLS.
    expect(t).toHaveLength(3 + 4 * 5);
  });

  it('fails just over a limit, naming the page and the failed audit', () => {
    const t = evaluatePageBudgets(all({ perf: 94, a11y: 98, cls: 0.01, carKB: 60.01, usedKB: 150.01, rangeKB: 80.01 }));
    const failed = t.filter((x) => !x.pass).map((x) => x.name);
    expect(failed).toContain('the car page ≤ 60 KB of JavaScript gzipped before any interaction');
    expect(failed).toContain('the used-cars page ≤ 150 KB of JavaScript gzipped before any interaction');
    expect(failed).toContain('a page with only a model range and offers references ≤ 80 KB of JavaScript gzipped');
    for (const kind of ['home', 'used cars', 'car', 'model'])
      expect(failed).toContain(`Lighthouse mobile performance ≥ 95 on the sample ${kind} pages (median)`);
    const a11y = t.find((x) => x.name === 'Lighthouse mobile accessibility = 100 on the sample car pages (median)')!;
    expect(a11y.pass).toBe(false);
    expect(a11y.note).toBe('a 98 (color-contrast)');
    expect(t.find((x) => x.name === 'CLS 0 on the sample car pages (median)')!.pass).toBe(false);
    expect(t.find((x) => x.name === 'CLS 0 on the sample home pages (median)')!.pass).toBe(true);
  });

  it('fails a budget that was not measured, saying why', () => {
    const r = { ...report([page('home', 10)]), lighthouseRuns: 0, lighthouseSkipped: '--lighthouse-runs 0' };
    const t = evaluatePageBudgets(r);
    expect(t.every((x) => !x.pass)).toBe(true);
    expect(t.at(-1)).toMatchObject({ value: 'not measured', note: '--lighthouse-runs 0' });
    expect(formatPageBudgets(r).join('\n')).toContain('Lighthouse: not run (--lighthouse-runs 0).');
  });
});

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(chromium))('a Lighthouse run', () => {
  it('scores a local page and reports its paint, blocking and shift metrics', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Bench</title></head><body><h1>Hello</h1><p>A small page.</p></body></html>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { launch } = await import('chrome-launcher');
    const chrome = await launch({ chromePath: chromium, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
    try {
      const r = await lighthouseRun(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, chrome.port);
      expect(r.score).toBeGreaterThan(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(r.metrics.fcp).toBeGreaterThan(0);
      expect(r.metrics.lcp).toBeGreaterThanOrEqual(r.metrics.fcp);
      expect(r.metrics.cls).toBe(0);
      expect(Number.isFinite(r.metrics.tbt)).toBe(true);
      // The page has no meta description, so Lighthouse's SEO category says so.
      expect(r.seo).toBeLessThan(100);
      expect(r.seoFailed).toContain('meta-description');
    } finally {
      chrome.kill();
      server.close();
    }
  }, 120_000);
});
