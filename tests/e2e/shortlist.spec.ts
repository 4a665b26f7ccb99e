/**
 * The shopper's shortlist in Chromium at 390 and 1366 px, on the coastal sample dealer: saving a
 * car from a stock card and from the car page (aria-pressed, the header's count), the saved page
 * showing a sold car as sold (the status API's answer is made "sold" for one car), comparing
 * three (a fourth refused with a message) and opening the shared address in a fresh context,
 * recently viewed cars, and the GA4 ecommerce events in the data layer. Visual baselines of the
 * saved and compare pages follow visual.spec.ts's conventions.
 *
 * Nothing here assumes the bottom of the viewport is free: controls are reached with Playwright's
 * own scrolling, and `prepare` is the one place a page is set up before a test uses it (a shared
 * fixture that dismisses a future cookie banner can hook in there).
 */
import { existsSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { settleForShot } from '../../scripts/shots/shot-pages.ts';
import { e2eEnv, localOrigin, visualSnapshotsDir } from './setup/support.ts';

const env = e2eEnv();
const COASTAL = 'coastal-motor-group';
const url = (p: string) => localOrigin(COASTAL, env!.port) + p;
const WIDTHS = [390, 1366] as const;

test.skip(!env, 'needs the global setup');

type Entry = { event?: string; ecommerce?: { items?: { item_id: string }[]; currency?: string } };
const events = (page: Page, name: string) =>
  page.evaluate(
    (n) => ((window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []).filter((e) => e.event === n),
    name,
  );

/** Opens a page of the site ready for a test. */
async function prepare(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
}

const stock = (page: Page) => page.locator('section.cars').first();
async function stockHydrated(page: Page): Promise<void> {
  await stock(page).scrollIntoViewIfNeeded();
  await expect(stock(page).locator('astro-island[ssr]')).toHaveCount(0);
}
const headerCount = (page: Page) => page.locator('[data-saved-link]:visible [data-saved-count]');

/** Makes GET /api/stock/status answer "sold" for `soldId` (and the truth for the rest). */
async function sellOne(page: Page, soldId: string): Promise<void> {
  await page.route('**/api/stock/status?*', async (route) => {
    const ids = new URL(route.request().url()).searchParams.get('ids')!.split(',');
    await route.fulfill({
      json: { cars: Object.fromEntries(ids.map((id) => [id, id === soldId ? 'sold' : 'available'])) },
    });
  });
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('saving from a card and from the car page counts in the header; the saved page shows a sold car as sold', async ({
      page,
    }) => {
      await prepare(page, '/used-cars');
      await stockHydrated(page);
      await expect(page.locator('[data-saved-link]:visible')).toHaveCount(0);
      const firstCard = stock(page).locator('li.car-card').first();
      const save = firstCard.locator('.save-car');
      const title = (await firstCard.locator('.car-card-title a').innerText()).replace(/\s+/g, ' ').trim();
      await expect(save).toHaveAttribute('aria-label', `Save ${title}`);
      await save.click();
      await expect(save).toHaveAttribute('aria-pressed', 'true');
      await expect(save).toHaveAttribute('aria-label', `Saved: ${title}`);
      await expect(headerCount(page)).toHaveText('1');
      const wish = await events(page, 'add_to_wishlist');
      expect(wish).toHaveLength(1);
      const firstId = wish[0]!.ecommerce!.items![0]!.item_id;
      expect(wish[0]!.ecommerce!.currency).toBe('AUD');

      // The car page of the second card: saved there too.
      const secondHref = await stock(page)
        .locator('li.car-card')
        .nth(1)
        .locator('.car-card-title a')
        .getAttribute('href');
      await prepare(page, secondHref!);
      const pageSave = page.locator('.vdp-save');
      await expect(pageSave).toHaveAttribute('aria-pressed', 'false');
      await pageSave.click();
      await expect(pageSave).toHaveAttribute('aria-pressed', 'true');
      await expect(pageSave).toContainText('Saved');
      await expect(headerCount(page)).toHaveText('2');
      const secondId = await page.locator('[data-car-id]').first().getAttribute('data-car-id');

      // A reload keeps both (localStorage), and the saved page lists them with the first sold.
      await sellOne(page, firstId);
      await prepare(page, '/saved-cars');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const saved = page.locator('.saved-card');
      await expect(saved).toHaveCount(2);
      const sold = page.locator(`.saved-card[data-car-id="${firstId}"]`);
      await expect(sold).toHaveAttribute('data-status', 'sold');
      await expect(sold.getByText('Sold', { exact: true })).toBeVisible();
      await expect(sold.getByText('This car has been sold.')).toBeVisible();
      await expect(sold.locator('a')).toHaveCount(0);
      await expect(page.locator(`.saved-card[data-car-id="${secondId}"]`)).toHaveAttribute('data-status', 'available');
      await expect(headerCount(page)).toHaveText('2');

      // Removing both leaves the empty state, which leads to the stock.
      await sold.getByRole('button', { name: /^Remove/ }).click();
      await page
        .locator('.saved-card')
        .getByRole('button', { name: /^Remove/ })
        .click();
      await expect(page.getByText("You haven't saved any cars yet.", { exact: false })).toBeVisible();
      await expect(page.locator('[data-saved-link]:visible')).toHaveCount(0);
      await page.getByRole('link', { name: 'Browse our cars' }).click();
      await expect(stock(page).locator('li.car-card').first()).toBeVisible();
    });

    test('compare three cars, a fourth refused; the shared address shows them in a fresh context', async ({
      page,
      browser,
    }) => {
      await prepare(page, '/used-cars');
      await stockHydrated(page);
      const toggles = stock(page).locator('li.car-card .compare-car');
      for (let i = 0; i < 3; i++) {
        await toggles.nth(i).click();
        await expect(toggles.nth(i)).toHaveAttribute('aria-pressed', 'true');
      }
      await toggles.nth(3).click();
      await expect(toggles.nth(3)).toHaveAttribute('aria-pressed', 'false');
      const bar = page.locator('[data-compare-bar]').first();
      await expect(bar.getByRole('status')).toHaveText('You can compare up to 3 cars. Remove one to add another.');
      await expect(bar.locator('.compare-bar-car')).toHaveCount(3);
      const go = bar.getByRole('link', { name: 'Compare (3)' });
      const href = (await go.getAttribute('href'))!;
      expect(href).toMatch(/^\/compare\?cars=[^,]+,[^,]+,[^,]+$/);
      await go.click();
      await expect(page).toHaveURL(url(href));
      await expect(page.locator('.compare-car-head')).toHaveCount(3);
      await expect(page.locator('.compare-table tbody th', { hasText: 'Transmission' })).toBeVisible();

      await expectComparisonElsewhere(browser, href, width);
    });

    test('recently viewed cars show on the car page (not its own car) and on the stock page', async ({ page }) => {
      await prepare(page, '/used-cars');
      await stockHydrated(page);
      await expect(page.locator('[data-recent]')).toBeHidden();
      const hrefs = await stock(page)
        .locator('li.car-card .car-card-title a')
        .evaluateAll((as) => as.slice(0, 3).map((a) => a.getAttribute('href')!));
      for (const href of hrefs) {
        await prepare(page, href);
        const view = await events(page, 'view_item');
        expect(view).toHaveLength(1);
        expect(view[0]!.ecommerce!.items).toHaveLength(1);
      }
      // On the third car's page: the two before it, newest first.
      const row = page.locator('[data-recent]');
      await expect(row).toBeVisible();
      await expect(row.locator('.recent-card a')).toHaveCount(2);
      expect(await row.locator('.recent-card a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
        hrefs[1],
        hrefs[0],
      ]);
      await prepare(page, '/used-cars');
      await expect(page.locator('[data-recent] .recent-card a')).toHaveCount(3);
    });
  });
}

/** A new browser context (another device: no storage) opening the shared address sees the same cars. */
async function expectComparisonElsewhere(browser: Browser, href: string, width: number): Promise<void> {
  const other = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await other.newPage();
    await prepare(page, href);
    const heads = page.locator('.compare-car-head');
    await expect(heads).toHaveCount(3);
    if (width === 390) {
      // The table scrolls sideways inside its frame; the page itself does not.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const scroller = page.locator('.compare-scroll');
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const label = page.locator('.compare-table tbody th').first();
      const before = await label.boundingBox();
      await scroller.evaluate((el) => el.scrollBy(300, 0));
      expect((await label.boundingBox())!.x).toBeCloseTo(before!.x, 0);
    }
  } finally {
    await other.close();
  }
}

test('the stock page tells the data layer what it listed and what was searched, with no visitor details', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await prepare(page, '/used-cars');
  await stockHydrated(page);
  await expect.poll(async () => (await events(page, 'view_item_list')).length).toBe(1);
  const [list] = await events(page, 'view_item_list');
  expect(list!.ecommerce!.items!.length).toBeGreaterThan(0);
  await stock(page)
    .getByRole('checkbox', { name: /^Toyota/ })
    .check();
  await expect.poll(async () => (await events(page, 'search')).length).toBe(1);
  const [search] = await events(page, 'search');
  expect(search).toMatchObject({ search_filters: expect.stringContaining('make:Toyota') });
  const all = JSON.stringify(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer));
  expect(all).not.toMatch(/"(email|phone|first_name|last_name|lead_id)"/);
});

test.describe('visual comparisons of the saved and compare pages', () => {
  test.use({ reducedMotion: 'reduce', deviceScaleFactor: 1 });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; the hook uses none.
  test.beforeEach(({}, testInfo) => {
    const updating = testInfo.config.updateSnapshots === 'all' || testInfo.config.updateSnapshots === 'changed';
    test.skip(!updating && !existsSync(visualSnapshotsDir()), 'No visual baselines: see visual.spec.ts.');
  });

  for (const width of WIDTHS) {
    test(`saved (a sold car) and compare at ${width} px look as their baselines`, async ({ page }) => {
      await page.context().route(
        (u) => !u.hostname.endsWith('.localhost'),
        (route) => route.abort('blockedbyclient'),
      );
      await page.setViewportSize({ width, height: 900 });
      await prepare(page, '/used-cars');
      await stockHydrated(page);
      const cards = stock(page).locator('li.car-card');
      for (let i = 0; i < 3; i++) {
        await cards.nth(i).locator('.save-car').click();
        await cards.nth(i).locator('.compare-car').click();
      }
      const ids = await cards.evaluateAll((els) =>
        els.slice(0, 3).map((el) => el.querySelector('[data-compare-car]')!.getAttribute('data-compare-car')!),
      );
      await sellOne(page, ids[2]!);
      await prepare(page, '/saved-cars');
      await expect(page.locator('.saved-card[data-status="sold"]')).toHaveCount(1);
      await settleForShot(page);
      await expect(page).toHaveScreenshot([COASTAL, `saved-cars-${width}.png`], {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        scale: 'css',
        maxDiffPixelRatio: 0.002,
      });
      await prepare(page, `/compare?cars=${ids.join(',')}`);
      await expect(page.locator('.compare-car-head')).toHaveCount(3);
      await settleForShot(page);
      await expect(page).toHaveScreenshot([COASTAL, `compare-${width}.png`], {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        scale: 'css',
        maxDiffPixelRatio: 0.002,
      });
    });
  }
});
