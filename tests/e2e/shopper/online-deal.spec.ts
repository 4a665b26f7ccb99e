/**
 * One online deal, in Chromium at 390 and 1366 px: a copy of a sample dealer with online deals on
 * (trade-in offers, delivery allowed, its reservations) is built and served with the real API on
 * PGlite, the real Stripe client on the Stripe stand-in, the real finance client on the finance
 * stand-in and the real rego lookup client on the rego stand-in. From a car page: "Start your
 * deal", the trade-in found by its rego (Find my car) and offered, a finance estimate, a handover
 * on an open day, the details the dealer needs (what is missing said first), the deal sent with
 * its finance quote (the link on to the provider's quote page), the deposit checkout paid; then
 * back through the shopper's link to the completed deal. The deal page is axe clean at each stage.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createApp } from '../../../src/api/app.ts';
import { loadDealerFolder } from '../../../src/api/core/content.ts';
import { createFetchServer } from '../../../src/api/node-adapter.ts';
import { openDb } from '../../../src/api/db/index.ts';
import { migrate } from '../../../src/api/db/migrate.ts';
import type { Db } from '../../../src/api/core/deps.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { startServer, type RunningServer } from '../../../src/engine/serve/static-server.ts';
import { addDays, isOpenDay, todayIn } from '../../../src/domain/booking-hours.ts';
import { isListed, carPath } from '../../../src/domain/routes.ts';
import { headlinePrice } from '../../../src/domain/car-prices.ts';
import { messages } from '../../../src/forms/messages.ts';
import { reservationOffer } from '../../../src/features/reservations/rules/reservations.ts';
import { stripePayments } from '../../../src/features/reservations/server/payments/stripe-payments.ts';
import { handoverHours } from '../../../src/features/online-deal/rules/deal.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../scripts/standins/stripe-standin.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../scripts/standins/finance-standin.ts';
import { startRegoStandIn, type StandIn } from '../../../scripts/standins/rego-standin.ts';
import { httpFinanceProvider } from '../../../src/features/finance/server/finance-provider.ts';
import { httpRegoProvider } from '../../../src/features/rego-lookup/server/rego-provider.ts';
import { buildDealerCopy, type DealerCopyBuild } from '../../helpers/dealer-copy-build.ts';
import { consentStorageState } from '../setup/consent-state.ts';

const SAMPLE = 'coastal-motor-group';
const SECRET = 'whsec_online_deal_e2e';

let copy: DealerCopyBuild;
let server: RunningServer;
let apiServer: Server;
let standIn: StripeStandIn;
let finance: FinanceStandIn;
let rego: StandIn;
let db: Db;
let work: string;
let dealer: DealerContent;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  copy = await buildDealerCopy('online-deal', {
    only: [SAMPLE],
    site: (_slug, site) => ({
      ...site,
      online_deal: { enabled: true, delivery: true },
      integrations: { ...(site.integrations as object | undefined), financeProvider: 'taurus' },
      trade_in: { offer: { share: 0.9, valid_days: 7 } },
    }),
  });
  [dealer] = (await loadDealerFolder(copy.dealersDir)) as [DealerContent];
  work = await mkdtemp(path.join(tmpdir(), 'online-deal-e2e-'));
  db = await openDb({ kind: 'pglite', dataDir: path.join(work, 'data') });
  await migrate(db);
  standIn = await startStripeStandIn({ apiKey: 'sk_test_online_deal' });
  finance = await startFinanceStandIn({ apiKey: 'finance-e2e' });
  rego = await startRegoStandIn({ apiKey: 'rego-e2e' });
  const payments = stripePayments({ secretKey: 'sk_test_online_deal', webhookSecret: SECRET, apiBase: standIn.url });
  const app = createApp({
    db,
    dealers: [dealer],
    now: () => new Date(),
    financeProvider: httpFinanceProvider({ baseUrl: finance.url, apiKey: 'finance-e2e' }),
    regoProvider: httpRegoProvider({ baseUrl: rego.url, apiKey: 'rego-e2e' }),
    payments,
    destinations: () => [{ kind: 'file', dir: path.join(work, 'deliveries') }],
    rateLimits: { perIp: { max: 100_000, windowMs: 60_000 }, reservationsPerIp: { max: 100_000, windowMs: 60_000 } },
    holdLimits: { perIp: 1_000, perContact: 1_000, perDealer: 1_000, startsPerIpPerDay: 1_000 },
  });
  server = await startServer({ sitesDir: copy.sites, dealersDir: copy.dealersDir, port: 0, api: app.fetch });
  // The stand-in posts its signed notifications to the API over HTTP, as Stripe would.
  apiServer = createFetchServer(app.fetch, { origin: 'http://127.0.0.1' });
  await new Promise<void>((r) => apiServer.listen(0, '127.0.0.1', r));
  standIn.setWebhook(`http://127.0.0.1:${(apiServer.address() as AddressInfo).port}/api/payments/webhook`, SECRET);
});

test.afterAll(async () => {
  await standIn?.close();
  await finance?.close();
  await rego?.close();
  await new Promise((r) => apiServer?.close(r));
  await server?.close();
  await db?.close?.();
  if (work) await rm(work, { recursive: true, force: true });
  if (copy) await rm(copy.root, { recursive: true, force: true });
});

/** Listed cars with a price that can be reserved: one per width. */
function deal_cars() {
  return dealer.cars.filter((c) => isListed(c) && headlinePrice(c) && reservationOffer(dealer.site, c));
}

/** The first day after tomorrow the car's location is open. */
function openDay(): string {
  const location = dealer.locations[0]!;
  const hours = handoverHours(location, dealer.site);
  let day = addDays(todayIn('Australia/Sydney'), 2);
  while (hours && !isOpenDay(hours, day)) day = addDays(day, 1);
  return day;
}

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

for (const [width, index] of [
  [390, 0],
  [1366, 1],
] as const) {
  test(`a deal from the car page through every step to the deposit, and back by its link, at ${width} px`, async ({
    browser,
  }) => {
    const origin = server.siteOrigin(SAMPLE);
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      storageState: consentStorageState([SAMPLE], server.port) as never,
    });
    const page = await context.newPage();
    const car = deal_cars()[index]!;
    await page.goto(`${origin}${carPath(car)}`);
    await page
      .getByRole('link', { name: /Start your deal/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your deal' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Your trade-in/ })).toBeVisible();
    await axeClean(page);

    // Trade-in: Find my car fills the car from its rego (the dealer's state chosen), then an offer by the dealer's rules.
    await page.getByLabel('Rego or number plate').fill('ZZZ999');
    await page.getByRole('button', { name: 'Find my car' }).click();
    await expect(page.getByText('We could not find a car registered under that plate.')).toBeVisible();
    await page.getByLabel('Rego or number plate').fill('abc 123');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('NSW');
    await page.getByRole('button', { name: 'Find my car' }).click();
    await expect(page.getByText('Found: 2019 Toyota Corolla Ascent Sport. Check the details below.')).toBeVisible();
    await expect(page.getByLabel('Make')).toHaveValue('Toyota');
    await expect(page.getByLabel('Model')).toHaveValue('Corolla');
    await expect(page.getByLabel('Variant')).toHaveValue('Ascent Sport');
    await expect(page.getByLabel('Year')).toHaveValue('2019');
    await page.getByLabel('Kilometres').fill('60000');
    await axeClean(page);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/deal-find-my-car-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Get my trade-in offer' }).click();
    await expect(page.getByText('Our offer for your car:')).toBeVisible();

    // Finance: an estimate.
    await page.getByLabel('Your deposit ($)').fill('2000');
    await page.getByRole('button', { name: 'Work out my repayments' }).click();
    await expect(page.getByText(/Estimated repayment: \$[\d,.]+ a week/)).toBeVisible();
    await expect(page.getByText('Send your deal with your details and we will ask')).toBeVisible();

    // Handover: a day in the past is refused in words, an open day taken.
    await page.getByLabel('Preferred date').fill(addDays(todayIn('Australia/Sydney'), -1));
    await page.getByRole('button', { name: 'Save handover' }).click();
    await expect(page.getByText('Choose a date from tomorrow on')).toBeVisible();
    await expect(page.getByText('Choose where you would like to collect the car.')).toBeVisible();
    await page.getByLabel('Collect from').selectOption(String(dealer.locations[0]!.id));
    await page.getByLabel('Preferred date').fill(openDay());
    await page.getByRole('button', { name: 'Save handover' }).click();
    await expect(page.getByRole('button', { name: 'Update handover' })).toBeVisible();

    // Send: what is missing is said first, beside each field (the button is never disabled).
    const send = page.getByRole('button', { name: 'Send my deal to the dealer' });
    await expect(send).toBeEnabled();
    await page.getByLabel('Mobile phone').fill('041234');
    await send.click();
    await expect(page.getByRole('alert')).toContainText('things need fixing');
    await expect(page.getByText(messages.firstName.replace(/^\*/, ''))).toBeVisible();
    await expect(page.getByText(messages.phoneFormat.replace(/^\*/, ''))).toBeVisible();
    await expect(page.getByText(messages.privacy.replace(/^\*/, ''))).toBeVisible();
    await axeClean(page);
    await page.getByLabel('First name').fill('Mia');
    await page.getByLabel('Last name').fill('Nguyen');
    await page.getByLabel('Email').fill('mia@example.com');
    await page.getByLabel('Mobile phone').fill('0412 345 678');
    await page.getByLabel(/I agree to the Privacy Policy/).check();
    await send.click();
    await expect(page.getByText(`Sent to ${dealer.site.name}`)).toBeVisible();
    const link = page.url();
    expect(link).toMatch(/\/deal#[\w-]{32}$/);
    // The finance hand-off: the quote with the provider, on from the deal.
    const quote = page.getByRole('link', { name: 'Continue your finance quote with Taurus' });
    await expect(quote).toBeVisible();
    await expect(page.getByText('Your finance quote with Taurus is ready.')).toBeVisible();
    expect(await quote.getAttribute('href')).toMatch(new RegExp(`^${finance.url}/quote/ck_`));
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/deal-sent-${width}.png`, fullPage: true });
    await axeClean(page);

    // Deposit: the reservation checkout, paid on the stand-in.
    await page.getByLabel('I accept the deposit terms.').check();
    await page.getByRole('button', { name: /Pay the \$[\d,]+ AUD deposit/ }).click();
    await page.waitForURL(`${standIn.url}/**`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(`${origin}/**`);

    // Back by the link: the deal is complete once the signed notification settled the deposit.
    await expect(async () => {
      await page.goto(link);
      await expect(page.getByText('This deal is complete')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/deal-complete-${width}.png`, fullPage: true });
    await axeClean(page);
    await context.close();
  });
}
