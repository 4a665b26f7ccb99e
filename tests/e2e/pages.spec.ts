/**
 * Every page in every sample dealer's sitemap, its thank-you pages and a missing URL, opened once
 * in Chromium from the local server, at a phone's width and then a laptop's: it loads, logs no
 * error, loads every local resource, has one h1, a title and a canonical link; at 390 px it does
 * not scroll sideways, shows no raw markup and draws no text over other text; at 1366 px it does
 * not scroll sideways and its header is one row (setup/layout-probe.ts); and axe finds no serious
 * or critical accessibility violation. One visit per page serves every judge.
 */
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PHONE, layoutProblems, measureLaptop, measurePhone } from './setup/layout-probe.ts';
import { builtSlugs, e2eEnv, localOrigin, readSitemap, thankYouPaths, toLocalUrl } from './setup/support.ts';

interface Workers {
  /**
   * One browser context and one tab per dealer and worker, shared by that dealer's pages: the
   * tab's renderer process and its compiled scripts carry over from page to page, as for a
   * visitor browsing the site, instead of a new process compiling every bundle again per page.
   */
  dealerPage: (slug: string) => Promise<Page>;
}

const test = base.extend<object, Workers>({
  dealerPage: [
    async ({ browser }, use) => {
      const contexts: BrowserContext[] = [];
      const pages = new Map<string, Promise<Page>>();
      await use((slug) => {
        let page = pages.get(slug);
        if (!page) {
          page = browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' }).then(async (c) => {
            contexts.push(c);
            // Only the local server is under test: other hosts (CMS images, maps) are not contacted.
            await c.route(
              (url) => !url.hostname.endsWith('.localhost'),
              (route) => route.abort('blockedbyclient'),
            );
            return c.newPage();
          });
          pages.set(slug, page);
        }
        return page;
      });
      for (const c of contexts) await c.close();
    },
    { scope: 'worker' },
  ],
});

const SEVERE = new Set(['serious', 'critical']);
/** Rules that fail a page whatever impact axe gives them: a skipped heading level breaks navigation by headings. */
const ALWAYS = new Set(['heading-order']);

/** Everything wrong with one page, as readable lines; empty when the page is fine. */
async function pageProblems(
  page: Page,
  url: string,
  expected: { status: number; canonical?: string },
): Promise<string[]> {
  const problems: string[] = [];
  const origin = new URL(url).origin;
  const isLocal = (u: string) => u.startsWith(origin + '/');
  const expectedFailure = (u: string) => expected.status !== 200 && u === url;
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url;
    // A refused outside resource, or the expected 404 of the page itself, is not the page's error.
    if (msg.text().startsWith('Failed to load resource') && (!isLocal(where) || expectedFailure(where))) return;
    problems.push(`console error: ${msg.text()}${where ? ` (${where})` : ''}`);
  };
  const onPageError = (error: Error) => problems.push(`uncaught exception: ${error.message}`);
  let leaving = false;
  const onRequestFailed = (req: Request) => {
    // A request still loading when the check leaves the page is aborted by the leaving, not failed.
    if (leaving && req.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (isLocal(req.url())) problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
  };
  const onResponse = (res: Response) => {
    if (isLocal(res.url()) && !expectedFailure(res.url()) && res.status() >= 400)
      problems.push(`HTTP ${res.status()} for ${res.url()}`);
  };
  // Every page starts at a phone's width (the laptop check of the page before widened the tab).
  await page.setViewportSize(PHONE);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onRequestFailed);
  page.on('response', onResponse);
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    if (response?.status() !== expected.status)
      problems.push(`status ${response?.status()}, expected ${expected.status}`);
    // Let islands that hydrate on load or idle finish before the page is inspected.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    const phone = await measurePhone(page);

    const h1 = await page.locator('h1').count();
    if (h1 !== 1) problems.push(`${h1} <h1> elements, expected exactly one`);
    if (!(await page.title()).trim()) problems.push('no <title> text');
    const canonicals = await page
      .locator('link[rel="canonical"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    if (canonicals.length !== 1) problems.push(`${canonicals.length} canonical links, expected one`);
    else if (expected.canonical && canonicals[0] !== expected.canonical) {
      problems.push(`canonical link ${canonicals[0]}, expected ${expected.canonical} (its sitemap URL)`);
    }

    problems.push(...layoutProblems({ phone, laptop: await measureLaptop(page) }));

    // Legacy mode runs axe.run() in the page itself; the default runs it again in a blank page,
    // which doubles the time per page and adds nothing here (the sites embed no same-origin frames).
    const axe = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
    for (const v of axe.violations.filter((v) => SEVERE.has(v.impact ?? '') || ALWAYS.has(v.id))) {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1).join('; ') ?? ''}`);
      const more = v.nodes.length > 5 ? [`      …and ${v.nodes.length - 5} more`] : [];
      problems.push([`axe ${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s)`, ...nodes, ...more].join('\n'));
    }
  } finally {
    // Leave the page before the listeners go, so that nothing it still does is missed or blamed on the next.
    leaving = true;
    await page.goto('about:blank');
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('requestfailed', onRequestFailed);
    page.off('response', onResponse);
  }
  return problems;
}

const env = e2eEnv();

if (!env) {
  test('the global setup has built the sample dealers', () => {
    throw new Error(
      'Run the end-to-end tests with `npx playwright test`, whose global setup builds and serves the sites.',
    );
  });
} else {
  for (const slug of builtSlugs(env.sitesDir)) {
    test.describe(slug, () => {
      for (const loc of readSitemap(env.sitesDir, slug)) {
        const path = new URL(loc).pathname;
        test(`${path} loads cleanly with one h1, a title, a canonical link, a layout that fits a phone and a laptop, and no serious accessibility issue`, async ({
          dealerPage,
        }) => {
          const problems = await pageProblems(await dealerPage(slug), toLocalUrl(loc, slug, env.port), {
            status: 200,
            canonical: loc,
          });
          expect(problems.length, `${slug} ${path}:\n  ${problems.join('\n  ')}\n`).toBe(0);
        });
      }

      // Thank-you pages are kept out of the sitemap (noindex), so they are found in the build.
      for (const path of thankYouPaths(env.sitesDir, slug)) {
        test(`the thank-you page ${path} loads cleanly too`, async ({ dealerPage }) => {
          const problems = await pageProblems(await dealerPage(slug), `${localOrigin(slug, env.port)}${path}`, {
            status: 200,
          });
          expect(problems.length, `${slug} ${path}:\n  ${problems.join('\n  ')}\n`).toBe(0);
        });
      }

      test("a missing URL shows the site's 404 page with status 404", async ({ dealerPage }) => {
        const url = `${localOrigin(slug, env.port)}/no-such-page-${Date.now()}`;
        const problems = await pageProblems(await dealerPage(slug), url, { status: 404 });
        expect(problems.length, `${slug} 404 page:\n  ${problems.join('\n  ')}\n`).toBe(0);
      });
    });
  }
}
