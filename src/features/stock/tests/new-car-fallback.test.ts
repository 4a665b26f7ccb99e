/**
 * A car the stock system sends after the site was built, in Chromium (content format 1.3): the
 * sample build served with the real API on a fresh database; a signed CSV push adds a car priced
 * on application. Before the rebuild its address answers the 404 page, which shows the car with a
 * way to enquire (never a bare "Page not found"), and the listing's cars island lists it with
 * "Price on application"; an address of no car says it is no longer listed.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { indexContent } from '../../search/server/index-content.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import { loadDealerFolder } from '../../../api/core/content.ts';
import type { DealerContent } from '../../../content/load.ts';
import { startServer, type RunningServer } from '../../../engine/serve/static-server.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { sharedSampleBuild } from '../../../../tests/helpers/sample-build.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SLUG = 'tasman-motors';
const SECRET = 'stock-key-for-the-fallback';
const FEED = [
  'Stock No,Condition,Make,Model,Variant,Year,Kms,Price,Description',
  'FB901,used,Mitsubishi,Pajero Sport,GLS 4WD,2022,48500,POA,One owner',
].join('\r\n');

describe.each(testDatabases)('a car pushed after the build, on $label', (database) => {
  let t: TestDb;
  let server: RunningServer;
  let browser: Browser;
  let dealers: DealerContent[];

  beforeAll(async () => {
    const build = await sharedSampleBuild();
    dealers = await loadDealerFolder('dealers');
    t = await database.open();
    await indexContent(t.db, dealers);
    const app = createApp(await testDeps(t.db, { dealers, stockSecret: (s) => (s === SLUG ? SECRET : undefined) }));
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

  it('shows the new car at its address before its page is built, with a way to enquire', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const query = `mode=delta&site=${SLUG}`;
    const res = await fetch(`${server.origin}/api/stock?${query}`, {
      method: 'POST',
      headers: {
        'content-type': 'text/csv',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: stockSignature(timestamp, query, FEED, SECRET),
      },
      body: FEED,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ added: 1, complete: true });

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const address = `${server.siteOrigin(SLUG)}/cars/2022-mitsubishi-pajero-sport-gls-4wd-fb901`;
    const answer = await page.goto(address);
    expect(answer?.status()).toBe(404);
    await expect
      .poll(() => page.locator('h1').innerText(), { timeout: 15_000 })
      .toBe('2022 Mitsubishi Pajero Sport GLS 4WD');
    const card = page.locator('.not-found-car');
    expect(await card.innerText()).toMatch(
      /Price on application[\s\S]*48,500 km[\s\S]*This car's page is being prepared\./,
    );
    const enquire = card.getByRole('link', { name: 'Enquire about the 2022 Mitsubishi Pajero Sport GLS 4WD' });
    expect(await enquire.getAttribute('href')).toMatch(/\?stock_number=FB901$/);
    expect(await page.getByText('Page not found').count()).toBe(0);

    const gone = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await gone.goto(`${server.siteOrigin(SLUG)}/cars/2019-no-such-car-zz9`);
    await expect.poll(() => gone.locator('h1').innerText(), { timeout: 15_000 }).toBe('Car no longer listed');
    expect(await gone.getByRole('link', { name: 'See our cars for sale' }).count()).toBe(1);
    await gone.close();
    await page.close();
  }, 120_000);

  it("lists it on the dealer's used-cars page as Price on application, after the priced cars by price", async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.siteOrigin(SLUG)}/used-cars?q=Pajero&sort=price_asc`);
    const cards = page.locator('.car-card');
    // The cars island hydrates when it is in view (and then draws its cards again).
    await page.mouse.wheel(0, 400);
    const titles = () => cards.locator('.car-card-title').allInnerTexts();
    await expect
      .poll(async () => (await titles()).some((t) => /2022 Mitsubishi Pajero Sport/.test(t)), { timeout: 15_000 })
      .toBe(true);
    const texts = await cards.allInnerTexts();
    expect(texts.at(-1)).toMatch(/Pajero Sport[\s\S]*Price on application/);
    for (const text of texts.slice(0, -1)) expect(text).toMatch(/\$\d/);
    await page.close();
  }, 120_000);
});
