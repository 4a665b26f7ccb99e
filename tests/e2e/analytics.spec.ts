/**
 * The analytics pages of spec §2 in Chromium, on the built sample dealers: each of /finance,
 * /service, /pages/book-a-service, /contact and /contact-us/{location} pushes one page view with
 * its page type to window.dataLayer; other pages push none. On a site with the manufacturer data
 * layer (coastal-motor-group) the page view also reaches the manufacturer's function once it
 * appears (polled every 300 ms), and never on a site without it (ridgeline-mazda).
 * The tag manager's own script is kept off the network so that its arrival is the test's to decide.
 * The visitor has accepted analytics and marketing (the container is asked for, and the
 * manufacturer's data layer starts with it); what happens before or without consent is
 * tests/e2e/consent.spec.ts's.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { analyticsPage, type AnalyticsPage } from '../../src/site/analytics-pages.ts';
import { MANUFACTURER_FUNCTION } from '../../src/site/analytics.ts';
import { builtSlugs, e2eEnv, htmlFiles, localOrigin, pathOfFile, readSiteJson } from './setup/support.ts';
import { storeConsent } from './setup/consent-state.ts';
import { ACCEPT_ALL } from '../../src/features/consent/rules/consent.ts';

const env = e2eEnv();
const COASTAL = 'coastal-motor-group';
const RIDGELINE = 'ridgeline-mazda';

type Entry = Record<string, unknown>;

function manufacturerOn(slug: string): boolean {
  return readSiteJson(env!.dealersDir, slug).analytics?.manufacturerDataLayer === true;
}

/** The built pages of a site that are analytics pages, with what they are. */
function analyticsPages(slug: string): { path: string; page: AnalyticsPage }[] {
  const out: { path: string; page: AnalyticsPage }[] = [];
  for (const rel of htmlFiles(path.join(env!.sitesDir, slug))) {
    const p = pathOfFile(rel);
    const page = analyticsPage(p);
    if (page) out.push({ path: p, page });
  }
  return out;
}

async function pageViews(page: Page): Promise<Entry[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []).filter((e) => e.event === 'page_view'),
  );
}

/** Records what the manufacturer's function receives, in window.__manufacturerSeen, once it is defined. */
async function installManufacturerFunction(page: Page): Promise<void> {
  await page.evaluate((name) => {
    const w = window as unknown as Record<string, unknown> & { __manufacturerSeen: Entry[] };
    w.__manufacturerSeen = [];
    w[name] = (e: Entry) => w.__manufacturerSeen.push(e);
  }, MANUFACTURER_FUNCTION);
}

const seenByManufacturer = (page: Page) =>
  page.evaluate(() => (window as unknown as { __manufacturerSeen?: Entry[] }).__manufacturerSeen ?? []);

test.beforeEach(async ({ page }) => {
  await storeConsent(page, ACCEPT_ALL);
  await page.route('https://www.googletagmanager.com/**', (route) => route.abort());
});

if (env) {
  test('the samples hold every kind of analytics page', () => {
    const kinds = new Set(builtSlugs(env.sitesDir).flatMap((slug) => analyticsPages(slug).map((p) => p.page.type)));
    expect([...kinds].sort()).toEqual(['book-a-service', 'contact', 'contact-location', 'finance', 'service']);
  });

  for (const slug of builtSlugs(env.sitesDir)) {
    for (const { path: pagePath, page: kind } of analyticsPages(slug)) {
      test(`${slug} ${pagePath}: one page view of type ${kind.type} in the data layer`, async ({ page }) => {
        await page.goto(localOrigin(slug, env.port) + pagePath);
        const views = await pageViews(page);
        expect(views).toHaveLength(1);
        expect(views[0]).toMatchObject({ event: 'page_view', page_type: kind.type, page_path: pagePath });
        expect(typeof views[0]!.page_name).toBe('string');
        if (kind.location) expect(views[0]!.location_slug).toBe(kind.location);
        else expect(views[0]).not.toHaveProperty('location_slug');
      });
    }
  }

  test('a page that is no analytics page pushes no page view', async ({ page }) => {
    for (const p of ['/', '/about', '/service/book-by-make', '/thank-you']) {
      await page.goto(localOrigin(COASTAL, env.port) + p);
      expect(await pageViews(page), p).toEqual([]);
    }
  });

  test.describe('the manufacturer data layer', () => {
    test('coastal-motor-group /service: the page view waits for the manufacturer function, then arrives once', async ({
      page,
    }) => {
      expect(manufacturerOn(COASTAL)).toBe(true);
      await page.goto(localOrigin(COASTAL, env.port) + '/service');
      const [view] = await pageViews(page);
      expect(view).toMatchObject({ page_type: 'service' });
      // A second and a half with no function and no tag manager: nothing delivered anywhere.
      await page.waitForTimeout(1500);
      expect(
        await page.evaluate(() =>
          ((window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []).filter((e) =>
            String(e.event).startsWith('manufacturer_'),
          ),
        ),
      ).toEqual([]);
      const before = Date.now();
      await installManufacturerFunction(page);
      await expect.poll(() => seenByManufacturer(page), { intervals: [50] }).toEqual([view]);
      // Within a poll (300 ms), plus the test's own round trips.
      expect(Date.now() - before).toBeLessThan(1500);
      await page.waitForTimeout(1000);
      expect(await seenByManufacturer(page)).toEqual([view]);
    });

    test('coastal-motor-group /contact-us/gosford: the page view goes to the tag manager under the manufacturer name once it loads', async ({
      page,
    }) => {
      await page.goto(localOrigin(COASTAL, env.port) + '/contact-us/gosford');
      await page.evaluate(() => {
        (window as unknown as Record<string, unknown>).google_tag_manager = {};
      });
      await expect
        .poll(() =>
          page.evaluate(() =>
            ((window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []).filter(
              (e) => e.event === 'manufacturer_page_view',
            ),
          ),
        )
        .toEqual([expect.objectContaining({ page_type: 'contact-location', location_slug: 'gosford' })]);
    });

    test('ridgeline-mazda /service: a site without the manufacturer data layer sends it nothing', async ({ page }) => {
      expect(manufacturerOn(RIDGELINE)).toBe(false);
      await page.addInitScript((name) => {
        const w = window as unknown as Record<string, unknown> & { __manufacturerSeen: unknown[] };
        w.__manufacturerSeen = [];
        w[name] = (e: unknown) => w.__manufacturerSeen.push(e);
      }, MANUFACTURER_FUNCTION);
      await page.goto(localOrigin(RIDGELINE, env.port) + '/service');
      expect(await pageViews(page)).toEqual([expect.objectContaining({ page_type: 'service' })]);
      await page.waitForTimeout(1000);
      expect(await seenByManufacturer(page)).toEqual([]);
    });
  });
}
