/**
 * What the thank-you page does on load (spec §2 Success, last paragraph), in Chromium on the built
 * samples: it clears the visit trail that the form pages kept (src/stores/visit.ts: the first-page
 * query, its save date, the visited pages) and nothing else, and fires the dealer-analytics
 * thank-you event: to window.dataLayer always, and to the manufacturer's data layer on a site that
 * has it (coastal-motor-group), at once when the manufacturer's function is there and within a
 * 300 ms poll when it comes later; never on a site without it (ridgeline-mazda).
 * The tag manager's own script is kept off the network so that the test decides what is there.
 */
import { expect, test, type Page } from '@playwright/test';
import { MANUFACTURER_FUNCTION } from '../../src/site/analytics.ts';
import { FIRST_PAGE_QUERY_KEY, FIRST_PAGE_QUERY_SAVED_AT_KEY, VISITED_PAGES_KEY } from '../../src/stores/visit.ts';
import { builtSlugs, e2eEnv, localOrigin, thankYouPaths, readSiteJson } from './setup/support.ts';

const env = e2eEnv();
const COASTAL = 'coastal-motor-group';
const RIDGELINE = 'ridgeline-mazda';

type Entry = Record<string, unknown>;

function manufacturerOn(slug: string): boolean {
  return readSiteJson(env!.dealersDir, slug).analytics?.manufacturerDataLayer === true;
}

interface Trail {
  query: string | null;
  savedAt: string | null;
  visited: string | null;
  other: string | null;
}

const trail = (page: Page) =>
  page.evaluate(
    ([q, s, v]) =>
      ({
        query: localStorage.getItem(q!),
        savedAt: localStorage.getItem(s!),
        visited: sessionStorage.getItem(v!),
        other: localStorage.getItem('unrelated.key'),
      }) satisfies Trail,
    [FIRST_PAGE_QUERY_KEY, FIRST_PAGE_QUERY_SAVED_AT_KEY, VISITED_PAGES_KEY],
  );

const thankYouEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []).filter((e) => e.event === 'thank_you'),
  );

const seenByManufacturer = (page: Page) =>
  page.evaluate(() => (window as unknown as { __manufacturerSeen?: Entry[] }).__manufacturerSeen ?? []);

/** Defines the manufacturer's function on every page of the test, recording what it gets. */
async function manufacturerFunctionFromStart(page: Page): Promise<void> {
  await page.addInitScript((name) => {
    const w = window as unknown as Record<string, unknown> & { __manufacturerSeen: unknown[] };
    w.__manufacturerSeen = [];
    w[name] = (e: unknown) => w.__manufacturerSeen.push(e);
  }, MANUFACTURER_FUNCTION);
}

/** The first thank-you page of a site. */
function thankYouPath(slug: string): string {
  const [first] = thankYouPaths(env!.sitesDir, slug);
  if (!first) throw new Error(`${slug} has no thank-you page`);
  return first;
}

test.beforeEach(async ({ page }) => {
  await page.route('https://www.googletagmanager.com/**', (route) => route.abort());
});

if (env) {
  for (const slug of builtSlugs(env.sitesDir)) {
    const origin = localOrigin(slug, env.port);

    test(`${slug}: the thank-you page clears the visit trail the form pages kept, and only that`, async ({ page }) => {
      // A landing page with a form keeps its query; a second form page adds to the visited pages.
      await page.goto(`${origin}/book-test-drive?utm_source=newsletter&utm_campaign=spring`);
      await expect(page.locator('form.form-body[data-ready]').first()).toBeVisible();
      await page.goto(`${origin}/models/order-now`);
      await expect(page.locator('form.form-body[data-ready]').first()).toBeVisible();
      await page.evaluate(() => localStorage.setItem('unrelated.key', 'kept'));
      const kept = await trail(page);
      expect(JSON.parse(kept.query!)).toBe('utm_source=newsletter&utm_campaign=spring');
      expect(Number.isNaN(Date.parse(JSON.parse(kept.savedAt!)))).toBe(false);
      expect(JSON.parse(kept.visited!)).toEqual(['/book-test-drive', '/models/order-now']);

      await page.goto(`${origin}${thankYouPath(slug)}?category=test-drive-booking`);
      await expect.poll(async () => (await thankYouEvents(page)).length).toBe(1);
      expect(await trail(page)).toEqual({ query: null, savedAt: null, visited: null, other: 'kept' });
      expect((await thankYouEvents(page))[0]).toMatchObject({ event: 'thank_you', category: 'test-drive-booking' });
    });
  }

  test("coastal-motor-group: the thank-you event reaches the manufacturer's function once", async ({ page }) => {
    expect(manufacturerOn(COASTAL)).toBe(true);
    await manufacturerFunctionFromStart(page);
    await page.goto(`${localOrigin(COASTAL, env.port)}${thankYouPath(COASTAL)}?category=service-booking`);
    await expect
      .poll(() => seenByManufacturer(page))
      .toEqual([
        expect.objectContaining({ event: 'thank_you', variant: 'service-booking', category: 'service-booking' }),
      ]);
    await page.waitForTimeout(700);
    expect(await seenByManufacturer(page)).toHaveLength(1);
  });

  test('coastal-motor-group: a manufacturer function that comes later gets the thank-you event within a poll', async ({
    page,
  }) => {
    await page.goto(`${localOrigin(COASTAL, env.port)}${thankYouPath(COASTAL)}?category=general-enquiry`);
    await expect.poll(async () => (await thankYouEvents(page)).length).toBe(1);
    await page.waitForTimeout(1000);
    const before = Date.now();
    await page.evaluate((name) => {
      const w = window as unknown as Record<string, unknown> & { __manufacturerSeen: unknown[] };
      w.__manufacturerSeen = [];
      w[name] = (e: unknown) => w.__manufacturerSeen.push(e);
    }, MANUFACTURER_FUNCTION);
    await expect
      .poll(() => seenByManufacturer(page), { intervals: [50] })
      .toEqual([expect.objectContaining({ event: 'thank_you' })]);
    expect(Date.now() - before).toBeLessThan(1500);
  });

  test('ridgeline-mazda: a site without the manufacturer data layer sends it no thank-you event', async ({ page }) => {
    expect(manufacturerOn(RIDGELINE)).toBe(false);
    await manufacturerFunctionFromStart(page);
    await page.goto(`${localOrigin(RIDGELINE, env.port)}${thankYouPath(RIDGELINE)}?category=general-enquiry`);
    await expect.poll(async () => (await thankYouEvents(page)).length).toBe(1);
    await page.waitForTimeout(700);
    expect(await seenByManufacturer(page)).toEqual([]);
  });
}
