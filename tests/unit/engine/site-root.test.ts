/**
 * The page writer of a build (src/engine/build/site-root.ts): where each rendered page goes in its
 * dealer's site root, and what a site keeps of its pages once they are written.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forEachLocalUrl, pageFileOf, SiteRoot } from '../../../src/engine/build/site-root.ts';
import { CspRewrite } from '../../../src/engine/build/csp-rewrite.ts';

describe('pageFileOf', () => {
  it("maps Astro's request path to the file in the dealer's site root, the not-found page to 404.html", () => {
    expect(pageFileOf('/harbour-city-toyota/', 'harbour-city-toyota')).toBe('index.html');
    expect(pageFileOf('/harbour-city-toyota', 'harbour-city-toyota')).toBe('index.html');
    expect(pageFileOf('/harbour-city-toyota/used-cars/', 'harbour-city-toyota')).toBe('used-cars/index.html');
    expect(pageFileOf('/harbour-city-toyota/models/hilux/', 'harbour-city-toyota')).toBe('models/hilux/index.html');
    expect(pageFileOf('/harbour-city-toyota/404/', 'harbour-city-toyota')).toBe('404.html');
    expect(pageFileOf('/harbour-city-toyota/caf%C3%A9/', 'harbour-city-toyota')).toBe('café/index.html');
  });

  it("is undefined outside the dealer's folder, for another dealer whose slug starts the same, or a path that climbs", () => {
    expect(pageFileOf('/harbour-city-toyota-2/', 'harbour-city-toyota')).toBeUndefined();
    expect(pageFileOf('/_astro/x.js', 'harbour-city-toyota')).toBeUndefined();
    expect(pageFileOf('/harbour-city-toyota/a/../../x/', 'harbour-city-toyota')).toBeUndefined();
    expect(pageFileOf('/harbour-city-toyota/%E0%A4%A/', 'harbour-city-toyota')).toBeUndefined();
  });
});

describe('SiteRoot', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('writes each page rewritten as it arrives, then the files the rewrite adds, and keeps sizes and local URLs', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'site-pages-'));
    const site = new SiteRoot(dir, new CspRewrite('key:print'));
    const island = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
    const written = site.add(
      'used-cars/index.html',
      `<html><head><link rel="stylesheet" href="/_astro/site.css"></head><body>${island}<p style="color:red">x</p><img src="/samples/a/logo.svg" alt=""></body></html>`,
    );
    expect(readFileSync(path.join(dir, 'used-cars/index.html'), 'utf8')).toBe(written);
    expect(written).not.toContain(island);
    expect(written).not.toContain('style="');
    const sheet = /href="(\/_astro\/inline-styles\.[0-9a-f]+\.css)"/.exec(written)![1]!;
    site.add('index.html', '<html><head></head><body><p>home</p></body></html>');
    site.finish();
    expect(readFileSync(path.join(dir, sheet), 'utf8')).toContain('{color:red}');
    expect([...site.sizes.keys()].sort()).toEqual(['index.html', sheet.slice(1), 'used-cars/index.html'].sort());
    expect(site.sizes.get('used-cars/index.html')).toBe(Buffer.byteLength(written));
    expect([...site.localUrls]).toEqual(expect.arrayContaining(['/_astro/site.css', '/samples/a/logo.svg', sheet]));
  });
});

describe('forEachLocalUrl', () => {
  it('finds each local absolute URL after a quote, bracket, comma, equals sign, white space or &quot;, and nothing else', () => {
    const found: string[] = [];
    forEachLocalUrl(
      `<a href="/x"><img src='/y.png' srcset="/a.webp 1x,/b.webp 2x">url(/z.woff2) =/v &quot;/u%20x&quot; \t/t //cdn.example/a /  <br/> x/y https://e.com/p`,
      (u) => found.push(u),
    );
    expect(found).toEqual(['/x', '/y.png', '/a.webp', '/b.webp', '/z.woff2', '/v', '/u%20x', '/t']);
  });
});
