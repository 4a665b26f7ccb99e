/**
 * A car sold after its page was built, in Chromium: the sample build is served with the real API
 * on a fresh database; a signed stock push (POST /api/stock) withdraws a car, and its built page
 * shows "Sold" and stops offering enquiry, finance and test drive: at once when opened after the
 * sale, and within a minute on a page that was already open (the page's own clock is moved on).
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { indexContent } from '../../search/server/index-content.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import { POLL_MS } from '../ui/status-client.ts';
import { loadDealerFolder } from '../../../api/core/content.ts';
import { carPath } from '../../../domain/routes.ts';
import type { DealerContent } from '../../../content/load.ts';
import { startServer, type RunningServer } from '../../../engine/serve/static-server.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { listingWith, sharedSampleBuild, type SampleBuild } from '../../../../tests/helpers/sample-build.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SLUG = 'coastal-motor-group';
const SECRET = 'stock-key-for-the-test';

describe.each(testDatabases)('a built car page once its car is sold, on $label', (database) => {
  let t: TestDb;
  let server: RunningServer;
  let browser: Browser;
  let dealers: DealerContent[];
  let build: SampleBuild;

  beforeAll(async () => {
    build = await sharedSampleBuild();
    dealers = await loadDealerFolder('dealers');
    t = await database.open();
    await indexContent(t.db, dealers);
    const app = createApp(
      await testDeps(t.db, { dealers, stockSecret: (slug) => (slug === SLUG ? SECRET : undefined) }),
    );
    server = await startServer({ sitesDir: build.sites, port: 0, api: (r) => app.fetch(r) });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await t?.cleanup();
  });

  async function push(feed: unknown) {
    const body = JSON.stringify(feed);
    const timestamp = String(Math.floor(Date.now() / 1000));
    // Node's fetch does not resolve *.localhost as the browser does: the dealer is named instead.
    const res = await fetch(`${server.origin}/api/stock?site=${SLUG}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: stockSignature(timestamp, `site=${SLUG}`, body, SECRET),
      },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('shows "Sold" and hides the enquiry and finance actions, on a page opened after the sale and on one already open', async () => {
    const coastal = dealers.find((d) => d.slug === SLUG)!;
    const listed = coastal.cars.filter((c) => (c.status ?? 'available') === 'available' && c.stock_number);
    expect(listed.length).toBeGreaterThanOrEqual(2);
    const [early, late] = listed;
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const url = (c: { slug: string }) => server.siteOrigin(SLUG) + carPath(c as never);

    // Opened while the car is for sale: no notice, the actions are there.
    await page.clock.install();
    await page.goto(url(early!));
    const notice = page.locator('[data-sold-notice]');
    await expect.poll(() => notice.isHidden()).toBe(true);
    expect(await page.locator('.vdp-summary .vdp-actions').isVisible()).toBe(true);

    // Sold in the dealer's stock system: a delta marks it sold (the other cars stay as they are).
    const sold = await push({
      feed_id: 'sale-1',
      mode: 'delta',
      cars: [early, late].map((c) => ({
        stock_number: c!.stock_number,
        status: 'sold',
        make: c!.make,
        model: c!.model,
        year: c!.year,
        odometer: c!.km,
        price: c!.price,
      })),
    });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ updated: 2, added: 0 });

    // The open page learns it on its next check.
    await page.clock.runFor(POLL_MS + 1_000);
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.locator('.vdp-summary .vdp-actions').isVisible()).toBe(false);
    expect(await page.locator('.vdp-finance-link').isVisible()).toBe(false);
    expect(await page.locator('.vdp-enquire').isVisible()).toBe(false);
    expect(await notice.innerText()).toMatch(/^sold\s+This car has been sold and is no longer available\./i);

    // A page opened after the sale shows it at once.
    const fresh = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await fresh.goto(url(late!));
    await expect.poll(() => fresh.locator('[data-sold-notice]').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await fresh.locator('.vdp-bar').isVisible()).toBe(false);
    await fresh.close();
    await page.close();
  }, 120_000);

  it('marks a car sold after the build "Sold" on the stock cards of a listing, and no car still for sale', async () => {
    const coastal = dealers.find((d) => d.slug === SLUG)!;
    // A car the test above left for sale, shown on a built listing's first cards.
    const car = coastal.cars
      .filter((c) => (c.status ?? 'available') === 'available' && c.stock_number)
      .slice(2)
      .find((c) => listingWith(build, SLUG, carPath(c)));
    expect(car, 'a car for sale on a built listing').toBeDefined();
    const href = carPath(car!);
    const listing = listingWith(build, SLUG, href)!;
    const sold = await push({
      feed_id: 'sale-2',
      mode: 'delta',
      cars: [
        {
          stock_number: car!.stock_number,
          status: 'sold',
          make: car!.make,
          model: car!.model,
          year: car!.year,
          odometer: car!.km,
          price: car!.price,
        },
      ],
    });
    expect(sold.status).toBe(200);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(server.siteOrigin(SLUG) + listing);
    const card = page.locator('.car-card', { has: page.locator(`.car-card-title a[href="${href}"]`) });
    // The cars island hydrates when it scrolls into view, and then asks.
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => card.locator('.car-card-status').allInnerTexts(), { timeout: 15_000 }).toEqual(['Sold']);
    expect(await card.getAttribute('data-status')).toBe('sold');
    // Every other card marked is a car sold too (by the test above).
    const forSale = new Set(
      coastal.cars.filter((c) => (c.status ?? 'available') === 'available').map((c) => carPath(c)),
    );
    const marked = await page
      .locator('.car-card[data-status]')
      .evaluateAll((cards) => cards.map((c) => c.querySelector('.car-card-title a')?.getAttribute('href') ?? ''));
    expect(marked).toContain(href);
    const earlier = coastal.cars.filter((c) => (c.status ?? 'available') === 'available' && c.stock_number).slice(0, 2);
    for (const h of marked) if (h !== href) expect(earlier.map((c) => carPath(c))).toContain(h);
    expect(forSale.size).toBeGreaterThan(marked.length);
    await page.close();
  }, 120_000);
});
