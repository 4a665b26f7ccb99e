/**
 * The page part of `npm run bench` (scripts/lib/bench-pages.ts): which pages it measures, the
 * page it adds, how its targets are judged, and one real Lighthouse run in Chromium against a
 * local page (no score threshold is asserted: the machine's load moves it).
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, lighthouseRun, measuredRoutes, rangeAndOffersPage, RANGE_AND_OFFERS_PATH, type PagesReport } from '../../scripts/lib/bench-pages.ts';
import { evaluatePageTargets, formatPages } from '../../scripts/lib/bench-catalogue-report.ts';
import { loadDealers, type DealerContent } from '../../src/content/load.ts';

let dir: string;
let dealers: DealerContent[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bench-pages-test-'));
  await cp(path.resolve('dealers'), dir, { recursive: true });
  const first = await loadDealers(dir);
  for (const d of first.dealers) {
    if (d.models.length && d.offers.length) {
      await writeFile(path.join(dir, d.slug, 'pages', 'bench-model-range-and-offers.json'), JSON.stringify(rangeAndOffersPage()));
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

  it('measures the home, used-cars, first model and range-and-offers pages of every sample dealer', () => {
    for (const d of dealers) {
      const measured = measuredRoutes(d);
      expect(measured.map((m) => m.kind), d.slug).toEqual(['home', 'used cars', 'model', 'model range + offers']);
      expect(measured.find((m) => m.kind === 'home')!.route.path).toBe('/');
      expect(measured.find((m) => m.kind === 'used cars')!.route.path).toBe('/used-cars');
      expect(measured.find((m) => m.kind === 'model')!.route.path).toBe('/' + (d.models[0]!.new_slug || d.models[0]!.slug));
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

const page = (kind: PagesReport['pages'][number]['kind'], kb: number, lighthouse?: number, seo = 100) => ({
  dealer: 'a', kind, path: `/${kind.replace(/\W+/g, '-')}`, jsFiles: 3, jsGzBytes: kb * 1024, inlineGzBytes: 1000,
  ...(lighthouse === undefined ? {} : {
    lighthouse: { scores: [lighthouse], median: lighthouse, metrics: { fcp: 800, lcp: 1500, tbt: 100, cls: 0, speedIndex: 900 }, seo, seoFailed: seo < 100 ? ['meta-description'] : [] },
  }),
});

describe('the page targets', () => {
  const report = (pages: PagesReport['pages']): PagesReport => ({ dealers: ['a'], buildSeconds: 1, pages, lighthouseRuns: 1, chromium: '/usr/bin/chromium' });

  it('passes at the limits: 80 KB, 200 KB and a score of 90', () => {
    const t = evaluatePageTargets(report([page('model range + offers', 80), page('used cars', 200, 90), page('home', 10, 90), page('model', 10, 90)]));
    // JS range+offers, JS used cars, then per kind (home, used cars, model): performance, SEO.
    expect(t.map((x) => x.pass)).toEqual([true, true, true, true, true, true, true, true]);
  });

  it('fails SEO below 100, naming the failed audit', () => {
    const t = evaluatePageTargets(report([page('model range + offers', 80), page('used cars', 200, 90, 92), page('home', 10, 90), page('model', 10, 90)]));
    const seo = t.find((x) => x.name === 'Lighthouse SEO 100 on the sample used cars pages')!;
    expect(seo.pass).toBe(false);
    expect(seo.note).toBe('a 92 (meta-description)');
  });

  it('fails just over them', () => {
    const t = evaluatePageTargets(report([page('model range + offers', 80.01), page('used cars', 200.01, 89), page('home', 10, 90), page('model', 10, 90)]));
    expect(t.map((x) => x.pass)).toEqual([false, false, true, true, false, true, true, true]);
    expect(t[0]!.value).toBe('80.0 KB');
  });

  it('fails a target that was not measured, saying why', () => {
    const r = { ...report([page('home', 10)]), lighthouseRuns: 0, lighthouseSkipped: '--lighthouse-runs 0' };
    const t = evaluatePageTargets(r);
    expect(t.every((x) => !x.pass)).toBe(true);
    expect(t.at(-1)).toMatchObject({ value: 'not measured', note: '--lighthouse-runs 0' });
    expect(formatPages(r).join('\n')).toContain('Lighthouse: not run (--lighthouse-runs 0).');
  });
});

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(chromium))('a Lighthouse run', () => {
  it('scores a local page and reports its paint, blocking and shift metrics', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Bench</title></head><body><h1>Hello</h1><p>A small page.</p></body></html>');
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
      await chrome.kill();
      server.close();
    }
  }, 120_000);
});
