/**
 * Reserving a car in Chromium, the way a shopper does it, on both databases: the sample build is
 * served with the real API, whose Stripe client talks to the local stand-in of Stripe; the
 * stand-in's checkout page is a page of its own origin, and its signed notifications come back to
 * the API over HTTP. Paying at 390 px ends on the reservation thank-you page and marks the car
 * "Reserved" for everyone; Cancel at 1366 px releases it; two shoppers at once get one checkout
 * between them; an expired checkout frees the car. At 390 px a shopper also walks the receipt
 * (emailed once, the hold's end in the dealer's time zone, the reservation key in no request the
 * page makes), Cancel after paying (back to the paid reservation, not "no payment was taken"),
 * and a refund (the stock system sold the car while the checkout was open).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { fileMailer, mailDir } from '../../../api/mail/mailer.ts';
import { deliverMail } from '../../../api/mail/outbox.ts';
import { applyStockFeed } from '../../stock/server/import.ts';
import { holdEndText } from '../rules/reservations.ts';
import { loadDealerFolder } from '../../../api/core/content.ts';
import { stripePayments } from '../server/payments/stripe-payments.ts';
import { CAR_TAKEN } from '../server/service.ts';
import { indexContent } from '../../search/server/index-content.ts';
import type { DealerContent } from '../../../content/load.ts';
import { reservationOffer } from '../rules/reservations.ts';
import { carPath } from '../../../domain/routes.ts';
import { startServer, type RunningServer } from '../../../engine/serve/static-server.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../scripts/standins/stripe-standin.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { listingWith, sharedSampleBuild, type SampleBuild } from '../../../../tests/helpers/sample-build.ts';

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
  let coastal: DealerContent;
  let dataDir: string;
  const mailer = () => fileMailer(dataDir);
  const payments = () => stripePayments({ secretKey: 'sk_test_flow', webhookSecret: SECRET, apiBase: standIn.url });

  beforeAll(async () => {
    build = await sharedSampleBuild();
    const dealers = await loadDealerFolder('dealers');
    coastal = dealers.find((d) => d.slug === SLUG)!;
    dataDir = await mkdtemp(path.join(tmpdir(), 'reservation-flow-'));
    // Cars shown on a built listing's first cards first: the first test looks for its card there.
    const listed = (c: (typeof coastal.cars)[number]) => (listingWith(build, SLUG, carPath(c)) ? 0 : 1);
    cars = coastal.cars.filter((c) => reservationOffer(coastal.site, c)).sort((a, b) => listed(a) - listed(b));
    t = await database.open();
    await indexContent(t.db, dealers);
    standIn = await startStripeStandIn();
    const app = createApp(
      await testDeps(t.db, {
        dealers,
        payments: payments(),
        mailer: mailer(),
        mailFrom: () => 'no-reply@coastal.example',
      }),
    );
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
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Sends what the mail outbox holds, and answers every email written for the dealer so far. */
  async function sentMail(): Promise<string[]> {
    await deliverMail({ db: t.db, mailer: mailer(), now: () => new Date() });
    const dir = mailDir(dataDir, SLUG);
    const files = await readdir(dir).catch(() => [] as string[]);
    const texts = await Promise.all(
      files.filter((f) => f.endsWith('.eml')).map((f) => readFile(path.join(dir, f), 'utf8')),
    );
    // Quoted-printable's soft line breaks and `=3D` undone, so a value is found as it was written.
    return texts.map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  }
  /** The checkout session of a completed payment, as the stand-in's notification carries it. */
  const completedSession = (reservationId: string) => {
    const event = standIn.events.find((e) => e.type === 'checkout.session.completed' && e.body.includes(reservationId));
    return (JSON.parse(event!.body) as { data: { object: { cancel_url: string; success_url: string } } }).data.object;
  };

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

  it('at 390 px: one receipt in the dealer time zone, no key in any request, and Cancel after paying leads to the paid reservation', async () => {
    const page = await openCar(4, 390);
    const requests: string[] = [];
    page.context().on('request', (r) => requests.push(r.url()));
    await fillAndSend(page, 'ava@example.com');
    await page.waitForURL((u) => u.href.startsWith(standIn.url));
    await page.getByRole('button', { name: 'Pay $500.00' }).click();
    await page.waitForURL(/category=vehicle-reservation/);
    const panel = page.locator('.success-reservation');
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toMatch(/is reserved for you until/);
    const id = new URL(page.url()).searchParams.get('reservation')!;
    const key = await page.evaluate((rid) => localStorage.getItem(`reservation-key:${rid}`), id);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The hold's end is the dealer's (Sydney) time, with its zone named.
    expect(await panel.innerText()).toMatch(/until \w{3},? \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T/);
    // The key went to the dealer's own API only, never into an address a third party sees.
    expect(
      requests.filter((u) => u.includes(key!) && !new URL(u).pathname.startsWith(`/api/reservations/${id}`)),
    ).toEqual([]);
    expect(page.url()).not.toContain(key!);
    const session = completedSession(id);
    expect(session.success_url).not.toContain(key!);
    expect(session.cancel_url).not.toContain(key!);

    // One receipt: the dealer, the car, the amount and the hold's end in the dealer's time zone.
    const receipts = (await sentMail()).filter((m) => m.includes(id) && m.includes('What happens next'));
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    const row = (await t.db.query<{ hold_until: Date }>('SELECT hold_until FROM reservations WHERE id = $1', [id]))
      .rows[0]!;
    expect(receipt).toContain(holdEndText(coastal.site, new Date(row.hold_until)));
    expect(receipt).toContain('What happens next');
    expect(receipt).toContain('$500.00 AUD');
    expect(receipt).not.toContain(key!);
    expect((await sentMail()).filter((m) => m.includes(id))).toHaveLength(1);

    if (process.env.RESERVATION_SHOTS)
      await page.screenshot({ path: path.join(process.env.RESERVATION_SHOTS, 'reserved-390.png'), fullPage: true });
    // Back on the checkout after paying, Cancel shows the paid reservation, not "no payment was taken".
    await page.goto(session.cancel_url);
    await page.waitForURL(new RegExp(`reservation=${id}`));
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toMatch(/is reserved for you until/);
    expect(await page.locator('.vdp-reserve-cancelled').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  // Last: the full feed makes the dealer's stock its imported stock.
  it('at 390 px: the stock system sells the car while the checkout is open; the deposit is refunded and the shopper told', async () => {
    const page = await openCar(5, 390);
    await fillAndSend(page, 'leo@example.com');
    await page.waitForURL((u) => u.href.startsWith(standIn.url));
    const sold = cars[5]!;
    await applyStockFeed(
      t.db,
      structuredClone(coastal),
      {
        mode: 'full',
        cars: coastal.cars.map((c) =>
          c.id === sold.id ? { ...structuredClone(c), status: 'sold' as const } : structuredClone(c),
        ),
        skipped: 0,
      },
      { source: 'cli' },
    );
    await page.getByRole('button', { name: 'Pay $500.00' }).click();
    await page.waitForURL(/category=vehicle-reservation/);
    const panel = page.locator('.success-reservation');
    await expect
      .poll(() => panel.innerText(), { timeout: 15_000 })
      .toMatch(/the car was sold before your payment went through/);
    expect(await panel.innerText()).toMatch(/\$500\.00 AUD has been refunded in full/);
    // No "Thanks for your deposit payment" and no tick over a refund.
    expect(await page.locator('h1').innerText()).toBe('Your deposit has been refunded');
    expect(await page.locator('.success-icon').count()).toBe(0);
    // RESERVATION_SHOTS=<folder> keeps a look at the page.
    if (process.env.RESERVATION_SHOTS)
      await page.screenshot({ path: path.join(process.env.RESERVATION_SHOTS, 'refunded-390.png'), fullPage: true });
    const id = new URL(page.url()).searchParams.get('reservation')!;
    const notices = (await sentMail()).filter((m) => m.includes(id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/has been refunded/);
    expect(notices[0]).not.toMatch(/is confirmed/);
    const lead = (
      await t.db.query<{ values: Record<string, string> }>(
        `SELECT "values" FROM leads WHERE site_slug = $1 AND "values"->>'reservation_id' = $2`,
        [SLUG, id],
      )
    ).rows;
    expect(lead).toHaveLength(1);
    expect(lead[0]!.values.reservation_status).toBe('refunded');
    expect(lead[0]!.values.comments).toMatch(/refunded automatically .* because the car was sold/);
    await page.context().close();
  }, 120_000);
});
