/**
 * Reserving a car in Chromium, the way a shopper does it, on both databases: the sample build is
 * served with the real API, whose Stripe client talks to the local stand-in of Stripe; the
 * stand-in's checkout page is a page of its own origin, and its signed notifications come back to
 * the API over HTTP. Paying at 390 px ends on the reservation thank-you page and marks the car
 * "Reserved" for everyone; Cancel at 1366 px releases it; two shoppers at once get one checkout
 * between them; an expired checkout frees the car.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/api/app.ts';
import { loadDealerFolder } from '../../../src/api/content.ts';
import { stripePayments } from '../../../src/api/payments/stripe-payments.ts';
import { CAR_TAKEN } from '../../../src/api/reservations/service.ts';
import { indexContent } from '../../../src/api/search/index-content.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { reservationOffer } from '../../../src/domain/reservations.ts';
import { carPath } from '../../../src/domain/routes.ts';
import { startServer, type RunningServer } from '../../../src/engine/serve/static-server.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../scripts/standins/stripe-standin.ts';
import { testDatabases, testDeps, type TestDb } from '../../helpers/db.ts';
import { listingWith, sharedSampleBuild, type SampleBuild } from '../../helpers/sample-build.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SLUG = 'coastal-motor-group';
const SECRET = 'whsec_flow_tests';

describe.each(testDatabases)('reserving a car in the browser, on $label', (database) => {
  let t: TestDb;
  let server: RunningServer;
  let standIn: StripeStandIn;
  let browser: Browser;
  let cars: DealerContent['cars'];
  let build: SampleBuild;
  const payments = () => stripePayments({ secretKey: 'sk_test_flow', webhookSecret: SECRET, apiBase: standIn.url });

  beforeAll(async () => {
    build = await sharedSampleBuild();
    const dealers = await loadDealerFolder('dealers');
    const coastal = dealers.find((d) => d.slug === SLUG)!;
    // Cars shown on a built listing's first cards first: the first test looks for its card there.
    const listed = (c: (typeof coastal.cars)[number]) => (listingWith(build, SLUG, carPath(c)) ? 0 : 1);
    cars = coastal.cars.filter((c) => reservationOffer(coastal.site, c)).sort((a, b) => listed(a) - listed(b));
    t = await database.open();
    await indexContent(t.db, dealers);
    standIn = await startStripeStandIn();
    const app = createApp(await testDeps(t.db, { dealers, payments: payments() }));
    server = await startServer({ sitesDir: build.sites, port: 0, api: (r) => app.fetch(r) });
    standIn.setWebhook(`${server.origin}/api/payments/webhook`, SECRET);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await standIn?.close();
    await t?.cleanup();
  });

  const url = (n: number) => server.siteOrigin(SLUG) + carPath(cars[n]!);

  async function fillAndSend(page: Page, email = 'mia@example.com') {
    const form = page.locator('#reserve');
    await form.scrollIntoViewIfNeeded();
    const send = form.getByRole('button', { name: /Continue to pay \$500 deposit/ });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await form.getByLabel('First name').fill('Mia');
    await form.getByLabel('Last name').fill('Nguyen');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Mobile phone').fill('0412 345 678');
    await form.getByLabel(/accept them/).check();
    await send.click();
  }

  async function openCar(n: number, width: number) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(url(n));
    return page;
  }

  it('at 390 px: terms and price before payment, the checkout, the thank-you page, and "Reserved" for everyone', async () => {
    const page = await openCar(0, 390);
    const section = page.locator('#reserve');
    expect(await section.innerText()).toMatch(/Deposit today\s+\$500\s*AUD/);
    expect(await section.innerText()).toContain('Deposit terms');
    // The summary's call to action leads to the section.
    await page.locator('.vdp-reserve-cta').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#reserve');

    // Nothing is sent while the terms are not accepted.
    const form = page.locator('#reserve');
    await expect.poll(() => form.getByRole('button', { name: /Continue to pay/ }).isEnabled()).toBe(true);
    await form.getByRole('button', { name: /Continue to pay/ }).click();
    await expect.poll(() => form.getByText('*Please accept the deposit terms to continue').isVisible()).toBe(true);

    await fillAndSend(page);
    await page.waitForURL((u) => u.href.startsWith(standIn.url));
    expect(await page.getByText('$500.00').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Pay $500.00' }).click();
    await page.waitForURL(/category=vehicle-reservation/);
    const panel = page.locator('.success-reservation');
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toMatch(/is reserved for you until/);
    expect(await panel.innerText()).toMatch(/Deposit paid\s+\$500\.00 AUD/);
    expect(await page.locator('h1').innerText()).toBe('Thanks for your deposit payment');

    // Another shopper opening the car sees it reserved, without a way to reserve it.
    const other = await openCar(0, 1366);
    await expect.poll(() => other.locator('[data-reserved-notice]').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await other.locator('.vdp-reserve-cta').isVisible()).toBe(false);
    expect(await other.locator('#reserve').isVisible()).toBe(false);
    // And on the stock cards of a listing built before: "Reserved" over the car's photo.
    const listing = await other.context().newPage();
    await listing.goto(server.siteOrigin(SLUG) + listingWith(build, SLUG, carPath(cars[0]!))!);
    const card = listing.locator('.car-card', {
      has: listing.locator(`.car-card-title a[href="${carPath(cars[0]!)}"]`),
    });
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => card.locator('.car-card-status').allInnerTexts(), { timeout: 15_000 })
      .toEqual(['Reserved']);
    await other.context().close();
    await page.context().close();
  }, 120_000);

  it('at 1366 px: Cancel on the checkout releases the car at once and says no payment was taken', async () => {
    const page = await openCar(1, 1366);
    await fillAndSend(page);
    await page.waitForURL((u) => u.href.startsWith(standIn.url));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/reservation=cancelled/);
    await expect.poll(() => page.locator('.vdp-reserve-cancelled').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('.vdp-reserve-cancelled').innerText()).toMatch(/no payment was taken/);
    // Free again: a new shopper may reserve it.
    const next = await openCar(1, 1366);
    await fillAndSend(next, 'sam@example.com');
    await next.waitForURL((u) => u.href.startsWith(standIn.url));
    await next.context().close();
    await page.context().close();
  }, 120_000);

  it('two shoppers at once: one goes to the checkout, the other is told the car is being reserved', async () => {
    const [a, b] = await Promise.all([openCar(2, 390), openCar(2, 1366)]);
    await Promise.all([fillAndSend(a), fillAndSend(b, 'sam@example.com')]);
    const where = await Promise.all(
      [a, b].map(async (p) => {
        await expect
          .poll(
            async () =>
              // allInnerTexts does not wait for the alert: innerText would, for up to 30 s, on the page
              // that is on its way to the checkout, and outlast the poll.
              p.url().startsWith(standIn.url) ||
              (
                await p
                  .locator('#reserve [role="alert"]')
                  .allInnerTexts()
                  .catch(() => [] as string[])
              ).includes(CAR_TAKEN),
            { timeout: 15_000 },
          )
          .toBe(true);
        return p.url().startsWith(standIn.url) ? 'checkout' : 'refused';
      }),
    );
    expect(where.sort()).toEqual(['checkout', 'refused']);
    await a.context().close();
    await b.context().close();
  }, 120_000);

  it('an expired checkout frees the car for the next shopper', async () => {
    const page = await openCar(3, 1366);
    await fillAndSend(page);
    await page.waitForURL((u) => u.href.startsWith(standIn.url));
    const checkoutId = new URL(page.url()).pathname.split('/').pop()!;
    // Stripe expires the session when its time is up and says so with a signed notification.
    expect(await payments().expireCheckout(checkoutId)).toBe('expired');
    await page.reload();
    expect(await page.getByText('no longer available').isVisible()).toBe(true);
    const next = await openCar(3, 390);
    await fillAndSend(next, 'sam@example.com');
    await next.waitForURL((u) => u.href.startsWith(standIn.url));
    await next.context().close();
    await page.context().close();
  }, 120_000);
});
