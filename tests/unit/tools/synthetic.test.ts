import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import { dealerRoutes } from '../../../src/domain/routes.ts';
import { walkBlocks } from '../../../src/site/page-blocks.ts';
import { routePlan, writeSyntheticDealers } from '../../../scripts/bench/synthetic.ts';
import { makes } from '../../../scripts/bench/bench-synthetic-data.ts';
import { classify, pageJs } from '../../../scripts/bench/bench-templates.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'synthetic-test-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function generate(name: string, dealers: number, pages: number, seed = 1) {
  const dir = path.join(tmp, name);
  await writeSyntheticDealers(dir, { dealers, pages, seed });
  return { dir, ...(await loadDealers(dir)) };
}

/** Every file of a folder, relative path → content. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) {
      const full = path.join(e.parentPath, e.name);
      out.set(path.relative(dir, full), await readFile(full, 'utf8'));
    }
  }
  return out;
}

const countKinds = (d: DealerContent) =>
  dealerRoutes(d).reduce<Record<string, number>>((a, r) => ({ ...a, [r.kind]: (a[r.kind] ?? 0) + 1 }), {});

describe('synthetic dealers for the benchmark', () => {
  it('writes snapshots that load with no content errors or warnings', async () => {
    const { dealers, errors, warnings } = await generate('valid', 3, 40);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(dealers).toHaveLength(3);
  });

  it('gives each dealer exactly M routes: snapshot pages, models, listed cars, staff profiles and the 5 fixed pages', async () => {
    for (const m of [6, 7, 13, 40, 57]) {
      const { dealers, errors } = await generate(`routes-${m}`, 2, m);
      expect(errors).toEqual([]);
      for (const d of dealers) expect(dealerRoutes(d)).toHaveLength(m);
    }
    const { dealers } = await generate('routes-40-kinds', 1, 40);
    expect(countKinds(dealers[0]!)).toEqual({
      page: 24,
      model: 3,
      car: 5,
      team: 3,
      saved: 1,
      compare: 1,
      terms: 1,
      privacy: 1,
      notFound: 1,
    });
    expect(routePlan(40)).toEqual({ snapshotPages: 24, models: 3, cars: 5, profiles: 3, fixed: 5 });
  });

  it('keeps a sold car and staff without profile pages out of the route count', async () => {
    const { dealers } = await generate('unlisted', 1, 40);
    const d = dealers[0]!;
    expect(d.cars.filter((c) => c.status === 'sold')).toHaveLength(1);
    expect(d.team.filter((m) => m.remove_profile_page)).toHaveLength(2);
    expect(d.cars).toHaveLength(6);
    expect(d.team).toHaveLength(5);
  });

  it('refuses fewer than 6 pages per dealer (home, saved cars, compare, terms, privacy and 404)', () => {
    expect(() => routePlan(5)).toThrow(/at least 6/);
    expect(routePlan(6)).toEqual({ snapshotPages: 1, models: 0, cars: 0, profiles: 0, fixed: 5 });
  });

  it('writes the same files for the same seed and different dealers for another seed', async () => {
    const a = await snapshot((await generate('seed-a', 2, 20, 7)).dir);
    const b = await snapshot((await generate('seed-b', 2, 20, 7)).dir);
    const c = await snapshot((await generate('seed-c', 2, 20, 8)).dir);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('writes dealer i the same whatever the number of dealers, so a sample builds the same sites', async () => {
    const one = await generate('count-1', 1, 20);
    const five = await generate('count-5', 5, 20);
    const slug = one.dealers[0]!.slug;
    expect(await snapshot(path.join(five.dir, slug))).toEqual(await snapshot(path.join(one.dir, slug)));
  });

  it('makes 100 dealers with unique slugs and website ids, Australian or New Zealand, selling real makes', async () => {
    const { dealers, errors } = await generate('hundred', 100, 6);
    expect(errors).toEqual([]);
    expect(new Set(dealers.map((d) => d.slug)).size).toBe(100);
    for (const d of dealers) {
      expect(['AU', 'NZ']).toContain(d.site.country);
      expect(d.site.url).toMatch(d.site.country === 'AU' ? /\.com\.au$/ : /\.co\.nz$/);
      expect(Object.keys(makes)).toContain(d.site.manufacturer);
    }
    expect(new Set(dealers.map((d) => d.site.country))).toEqual(new Set(['AU', 'NZ']));
  });

  it('mixes static pages with pages holding team tabs, a card carousel, a brand modal and a sales counter', async () => {
    const { dealers } = await generate('mix', 1, 40);
    const pages = dealerRoutes(dealers[0]!).filter((r) => r.kind === 'page');
    const interactive = pages.filter((r) => classify(r).interactive);
    expect(interactive.length).toBeGreaterThan(0);
    // A good share of static pages (no block that can ship JavaScript) beside the interactive ones.
    expect(pages.length - interactive.length).toBeGreaterThan(pages.length / 3);
    const blocks = dealers[0]!.pages.flatMap((p) => [...walkBlocks(p.blocks)]);
    const has = (pred: (b: (typeof blocks)[number]) => boolean) => blocks.some(pred);
    expect(has((b) => b.type === 'team' && b.data.layout === 'tabs')).toBe(true);
    expect(has((b) => b.type === 'cardsTool' && !!b.data.isCarousel)).toBe(true);
    expect(has((b) => b.type === 'cardsTool' && !b.data.isCarousel)).toBe(true);
    expect(has((b) => b.type === 'websiteBrands' && b.data.variant === 'modal')).toBe(true);
    for (const type of [
      'heading',
      'paragraph',
      'list',
      'columns',
      'imageBanner',
      'buttons',
      'faq',
      'reviews',
      'alternatingColumns',
      'salesCounter',
    ]) {
      expect(
        has((b) => b.type === type),
        type,
      ).toBe(true);
    }
  });

  it('uses only local images that exist in public/, with width and height on every block image', async () => {
    const { dir, dealers } = await generate('images', 1, 40);
    const files = await snapshot(dir);
    const urls = [...files.values()].flatMap((text) => [...text.matchAll(/"(\/images\/[^"]+)"/g)].map((m) => m[1]!));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of new Set(urls)) expect(existsSync(path.join('public', url))).toBe(true);
    expect([...files.values()].join('')).not.toMatch(/https?:\/\/[^"]*\.(?:jpe?g|png|webp|svg)/);
    const images: unknown[] = [];
    const collect = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === 'object') {
        if ('url' in v && 'alt' in v) images.push(v);
        Object.values(v).forEach(collect);
      }
    };
    dealers[0]!.pages.forEach((p) => collect(p.blocks));
    expect(images.length).toBeGreaterThan(5);
    for (const img of images) expect(img).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
  });
});

describe('the benchmark weighs the JavaScript a page loads', () => {
  it('follows script tags, island URLs and static imports, but not dynamic imports', async () => {
    const root = path.join(tmp, 'site');
    await mkdir(path.join(root, '_astro'), { recursive: true });
    const write = (f: string, text: string) => writeFile(path.join(root, f), text);
    await write(
      '_astro/Island.js',
      'import{a as b}from"./shared.js";import"./side.js";const c=()=>import("./lazy.js");',
    );
    await write('_astro/shared.js', 'export const a=1;');
    await write('_astro/side.js', 'export*from"./shared.js";');
    await write('_astro/lazy.js', 'export const lazy=1;');
    await write('_astro/client.js', 'export default 1;');
    await write('_astro/tag.js', 'console.log(1);');
    const html =
      '<html><head><script type="module" src="/_astro/tag.js"></script></head><body>' +
      '<astro-island component-url="/_astro/Island.js" renderer-url="/_astro/client.js"></astro-island>' +
      '<script>(()=>{window.x=1})()</script><script type="application/ld+json">{"a":1}</script></body></html>';
    const js = await pageJs(root, html, new Map());
    expect(js.files).toEqual([
      '_astro/Island.js',
      '_astro/client.js',
      '_astro/shared.js',
      '_astro/side.js',
      '_astro/tag.js',
    ]);
    expect(js.gzBytes).toBeGreaterThan(0);
    expect(js.inlineGzBytes).toBeGreaterThan(0);
  });

  it('counts no JavaScript for a page without scripts or islands', async () => {
    const js = await pageJs(
      tmp,
      '<html><body><h1>Service</h1><script type="application/ld+json">{}</script></body></html>',
      new Map(),
    );
    expect(js).toEqual({ files: [], gzBytes: 0, inlineGzBytes: 0 });
  });
});
