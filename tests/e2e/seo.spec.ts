/**
 * What search engines see: the sitemap and robots.txt of every sample dealer, the --preview build
 * that keeps a branch deploy out of search results, and pages without interactive blocks shipping
 * no JavaScript.
 */
import { START_TAGS_SCRIPT } from '../../src/features/consent/rules/head-script.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  builtSlugs,
  e2eEnv,
  gtmId,
  htmlFiles,
  localOrigin,
  pathOfFile,
  productionOrigin,
  sitemapLocs,
} from './setup/support.ts';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const NOINDEX_META = /<meta name="robots" content="[^"]*\bnoindex\b[^"]*"/;

async function fetchText(page: Page, url: string): Promise<{ status: number; type: string; body: string }> {
  const response = await page.goto(url);
  if (!response) throw new Error(`No response for ${url}`);
  return { status: response.status(), type: response.headers()['content-type'] ?? '', body: await response.text() };
}

const env = e2eEnv();

if (env) {
  for (const slug of builtSlugs(env.sitesDir)) {
    test.describe(slug, () => {
      const siteDir = path.join(env.sitesDir, slug);
      const origin = productionOrigin(env.dealersDir, slug);
      const local = localOrigin(slug, env.port);

      test("sitemap.xml lists each indexable page once, as an absolute https URL on the dealer's domain", async ({
        page,
      }) => {
        const sitemap = await fetchText(page, `${local}/sitemap.xml`);
        expect(sitemap.status).toBe(200);
        expect(sitemap.type).toMatch(/^application\/xml/);
        const locs = sitemapLocs(sitemap.body);
        expect(locs.length).toBeGreaterThan(0);
        expect(origin.startsWith('https://'), `site.json url of ${slug} is https`).toBe(true);
        const offOrigin = locs.filter((loc) => !loc.startsWith(origin + '/'));
        expect(offOrigin, `sitemap URLs not on ${origin}`).toEqual([]);
        expect(new Set(locs).size, 'no URL twice').toBe(locs.length);
      });

      test('sitemap.xml leaves out noindex pages and the 404 page, and nothing else', async ({ page }) => {
        const locs = sitemapLocs((await fetchText(page, `${local}/sitemap.xml`)).body).map(
          (loc) => new URL(loc).pathname,
        );
        const pages = htmlFiles(siteDir).map((rel) => ({
          path: pathOfFile(rel),
          noindex: NOINDEX_META.test(readFileSync(path.join(siteDir, rel), 'utf8')),
        }));
        const noindex = pages.filter((p) => p.noindex).map((p) => p.path);
        expect(noindex, 'the 404 page is noindex').toContain('/404');
        expect(
          locs.filter((p) => noindex.includes(p)),
          'noindex pages in the sitemap',
        ).toEqual([]);
        const indexable = pages
          .filter((p) => !p.noindex)
          .map((p) => p.path)
          .sort();
        expect([...locs].sort(), 'every other built page is in the sitemap').toEqual(indexable);
      });

      test("robots.txt allows crawling and names the sitemap on the dealer's domain", async ({ page }) => {
        const robots = await fetchText(page, `${local}/robots.txt`);
        expect(robots.status).toBe(200);
        expect(robots.type).toMatch(/^text\/plain/);
        expect(robots.body).toMatch(/^User-agent: \*$/m);
        expect(robots.body).not.toMatch(/^Disallow: \/$/m);
        expect(robots.body).toMatch(new RegExp(`^Sitemap: ${escapeRegExp(origin)}/sitemap\\.xml$`, 'm'));
      });

      test("the terms and conditions page, which has no interactive block, loads no JavaScript but the dealer's tag manager and its consent", async ({
        page,
      }) => {
        // The scripts such a page may load are the Google Tag Manager container the dealer set in
        // site.json (analytics.gtmId), an integration the dealer chose, with what asks for the
        // visitor's consent to it (the banner, the chat button: src/features/consent/rules/).
        const tag = gtmId(env.dealersDir, slug);
        const consent =
          /\/_astro\/((ConsentBanner|ChatLauncher)\.astro_astro_type_script_index_0_lang|consent|choice)\.[\w-]+\.js/;
        const isTagManager = (src: string) =>
          (!!tag && src === `https://www.googletagmanager.com/gtm.js?id=${tag}`) || (!!tag && consent.test(src));
        const scripts: string[] = [];
        page.on('request', (req) => {
          if (req.resourceType() === 'script' || /\.m?js$/.test(new URL(req.url()).pathname)) scripts.push(req.url());
        });
        const response = await page.goto(`${local}/terms-and-conditions`, { waitUntil: 'load' });
        expect(response?.status()).toBe(200);
        await page.mouse.wheel(0, 5000);
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
        expect(
          scripts.filter((src) => !isTagManager(src)),
          'script requests',
        ).toEqual([]);

        const elements = await page
          .locator('script:not([type="application/ld+json"])')
          .evaluateAll((nodes) => nodes.map((n) => ({ src: n.getAttribute('src') ?? '', text: n.textContent ?? '' })));
        const unexpected = elements.filter(({ src, text }) =>
          src
            ? !isTagManager(src)
            : !(tag && text.includes('googletagmanager.com/gtm.js') && text.includes(tag)) &&
              !(tag && (text === START_TAGS_SCRIPT || consent.test(text))),
        );
        expect(unexpected, 'script elements').toEqual([]);
      });
    });
  }

  test.describe('a --preview build (branch deploys)', () => {
    const siteDir = path.join(env.previewDir, env.previewSlug);

    test('robots.txt disallows every crawler from every page', () => {
      const robots = readFileSync(path.join(siteDir, 'robots.txt'), 'utf8');
      expect(robots).toMatch(/^User-agent: \*$/m);
      expect(robots).toMatch(/^Disallow: \/$/m);
      expect(robots).not.toMatch(/^Allow:/m);
    });

    test('every page carries a robots noindex meta tag', () => {
      const files = htmlFiles(siteDir);
      expect(files.length).toBeGreaterThan(1);
      const indexable = files.filter((rel) => !NOINDEX_META.test(readFileSync(path.join(siteDir, rel), 'utf8')));
      expect(indexable, 'preview pages without noindex').toEqual([]);
    });

    test('the same pages as the production build, so a preview shows the whole site', () => {
      expect(existsSync(path.join(env.sitesDir, env.previewSlug))).toBe(true);
      expect(htmlFiles(siteDir)).toEqual(htmlFiles(path.join(env.sitesDir, env.previewSlug)));
    });
  });
}
