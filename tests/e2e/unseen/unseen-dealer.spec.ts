/**
 * A dealer none of the product's code was written against (tests/fixtures/dealers-unseen: a
 * Queensland ute and 4WD yard with a yellow brand colour, no logo, a long name, two yards with
 * different hours, a POA car, prices excluding government charges, a car without photos), with
 * every shopper feature on and set away from the defaults: the deal's steps in another order,
 * delivery only, an 82% trade-in offer standing 3 days, a thank-you page at its own path. Built
 * and served with the real API by unseen-site.ts, and driven in Chromium at 390 and 1366 px:
 * the hero's quick search, the market badge and its explanation, the history section, Find my car
 * and the offer, the deal through to the deposit checkout, the compare tray and its Enquire.
 * axe finds nothing serious or critical on any of those pages.
 * UNSEEN_SHOTS_DIR=<folder> also saves full-page screenshots of each.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, isOpenDay, todayIn } from '../../../src/domain/booking-hours.ts';
import { handoverHours } from '../../../src/features/online-deal/rules/deal.ts';
import { leadRecord, listLeads } from '../../../src/features/leads/server/export.ts';
import { consentStorageState } from '../setup/consent-state.ts';
import { fillStep, formIn, newVisitor } from '../setup/form-driver.ts';
import { startUnseenSite, type UnseenSite } from './unseen-site.ts';

const HILUX = '/cars/2021-toyota-hilux-sr5-4x4-double-cab-pick-up-880401';
const DMAX = '/cars/2016-isuzu-d-max-sx-4x4-cab-chassis-880403';
const TRITON = '/cars/2022-mitsubishi-triton-gls-4x4-double-cab-pick-up-880406';
const RANGER = '/cars/2020-ford-ranger-xlt-32-4x4-double-cab-pick-up-880402';
const WIDTHS = [390, 1366] as const;

let site: UnseenSite;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = await startUnseenSite();
});
test.afterAll(async () => {
  await site?.close();
});

async function open(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    storageState: consentStorageState([site.dealer.slug], site.port) as never,
  });
  const page = await context.newPage();
  // Nothing leaves the machine: a request to another host would be a fault of the page.
  await page.route(
    (url) => !url.hostname.endsWith('localhost') && url.hostname !== '127.0.0.1',
    (route) => route.abort('blockedbyclient'),
  );
  return page;
}

async function axeSevere(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shot(page: Page, name: string, width: number) {
  const dir = process.env.UNSEEN_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}

/**
 * A delivery day from the day after tomorrow when the car's own yard is open and the other yard is
 * closed (Hervey Bay opens on Sundays, Bundaberg on Mondays), so a day checked against the wrong
 * yard is refused.
 */
function openDay(car: { location_name?: string }): string {
  const yard = site.dealer.locations.find((l) => l.name === car.location_name)!;
  const own = handoverHours(yard, site.dealer.site)!;
  const others = site.dealer.locations.filter((l) => l !== yard).map((l) => handoverHours(l, site.dealer.site));
  let day = addDays(todayIn('Australia/Brisbane'), 2);
  while (!isOpenDay(own, day) || others.every((h) => !h || isOpenDay(h, day))) day = addDays(day, 1);
  return day;
}

const listed = () => site.dealer.cars.filter((c) => c.status !== 'sold' && c.status !== 'hidden');

for (const width of WIDTHS) {
  test(`home: the hero's quick search leads to the matching stock, at ${width} px`, async ({ browser }) => {
    const page = await open(browser, width);
    await page.goto(`${site.origin}/`);
    const hero = page.locator('.image-slider.has-hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText(
      'Queensland’s ute and 4WD yard: 10 tow-ready rigs, Bundaberg to Hervey Bay',
    );
    await expect(hero.getByRole('link', { name: 'Value my trade' })).toHaveAttribute('href', '/sell-your-ute');
    const form = hero.getByRole('form', { name: 'Find a car' });
    const submit = form.getByRole('button', { name: /^Search \d+ cars?$/ });
    await expect(submit).toHaveText(`Search ${listed().length} cars`);
    expect(await axeSevere(page)).toEqual([]);
    await shot(page, 'home', width);

    await form.getByLabel('Make').selectOption('Toyota');
    const toyotas = listed().filter((c) => c.make === 'Toyota');
    await expect(submit).toHaveText(`Search ${toyotas.length} cars`);
    await submit.click();
    await expect(page).toHaveURL(`${site.origin}/our-stock?make=Toyota`);
    const cards = page.locator('section.cars').first().locator('li.car-card');
    await expect(cards).toHaveCount(toyotas.length);
    for (const title of await cards.locator('.car-card-title').allTextContents()) expect(title).toContain('Toyota');
    expect(await axeSevere(page)).toEqual([]);
    await page.context().close();
  });

  test(`the market badge and "What's this?" on a card and a car page, an EGC price with its charges added, none on POA, at ${width} px`, async ({
    browser,
  }) => {
    const page = await open(browser, width);
    await page.goto(`${site.origin}/our-stock`);
    const card = page.locator('li.car-card', { has: page.locator(`a[href="${HILUX}"]`) });
    const badge = card.locator('.market-price');
    await expect(badge.locator('.market-price-badge')).toHaveText(/^[↓≈↑]\s*(Below|Around|Above) market$/);
    await badge.locator('summary').click();
    await expect(badge.locator('.market-price-detail')).toContainText('similar 2021 Toyota HiLux vehicles');
    await expect(page.locator('li.car-card', { has: page.locator(`a[href="${DMAX}"]`) })).toContainText(
      'Price on application',
    );
    expect(await axeSevere(page)).toEqual([]);
    await shot(page, 'listing', width);

    await page.goto(`${site.origin}${HILUX}`);
    const indicator = page.locator('.vdp-summary .market-price');
    await expect(indicator.locator('.market-price-badge')).toHaveText(/(Below|Around|Above) market$/);
    await indicator.locator('summary').click();
    await expect(indicator.locator('.market-price-detail')).toContainText(
      /Compared with similar 2021 Toyota HiLux vehicles with about 68,000 km for sale in Australia/,
    );
    expect(await axeSevere(page)).toEqual([]);
    await shot(page, 'car', width);
    // A price excluding government charges is compared once Queensland's estimated charges are
    // added, and says so; a price on application is compared with nothing.
    await page.goto(`${site.origin}${RANGER}`);
    const egc = page.locator('.vdp-summary .market-price');
    await expect(egc.locator('.market-price-badge')).toHaveText(/(Below|Around|Above) market$/);
    await egc.locator('summary').click();
    await expect(egc.locator('.market-price-detail')).toContainText(
      /we added an estimated \$[\d,]+ for QLD stamp duty/,
    );
    await page.goto(`${site.origin}${DMAX}`);
    await expect(page.locator('.vdp-summary')).toBeVisible();
    await expect(page.locator('.vdp-summary .market-price')).toHaveCount(0);
    await page.context().close();
  });

  test(`the history section says what the PPSR check answered, at ${width} px`, async ({ browser }) => {
    const page = await open(browser, width);
    await page.goto(`${site.origin}${TRITON}`);
    const history = page.getByRole('region', { name: 'Vehicle history' });
    await expect(history).toContainText('From a PPSR check on 21/11/2026.');
    await expect(history.locator('dt')).toHaveText(['Money owing', 'Reported stolen', 'Written off']);
    await expect(history.locator('.vdp-history-flagged')).toHaveText(/Written off\s*Yes \(repairable write-off\)/);
    expect(await axeSevere(page)).toEqual([]);

    await page.goto(`${site.origin}${DMAX}`);
    const dmax = page.getByRole('region', { name: 'Vehicle history' });
    await expect(dmax.locator('dt')).toHaveText(['Money owing', 'Reported stolen']);
    await expect(dmax.locator('.vdp-history-flagged')).toHaveText(/Money owing\s*Yes/);
    await expect(dmax).toContainText('Only the items the check answered are listed.');
    await expect(page.locator('.vdp-summary')).toContainText('Price on application');
    await expect(page.locator('.vdp-summary')).not.toContainText('$0');
    expect(await axeSevere(page)).toEqual([]);
    await page.context().close();
  });

  test(`Find my car by an interstate rego, then the dealer's 82% offer for 3 days, at ${width} px`, async ({
    browser,
  }) => {
    const page = await open(browser, width);
    await page.goto(`${site.origin}/sell-your-ute`);
    const form = formIn(page);
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('data-ready', 'true');
    const visitor = newVisitor(`unseen-offer-${width}`);
    await fillStep(form, visitor);
    await form.locator('.form-actions button[type="submit"]').click();
    await expect(form.getByRole('button', { name: 'Find my car' })).toBeVisible();
    // A Queensland site asks for the state first as Queensland; this car is registered in NSW.
    await expect(form.getByLabel('Vehicle State')).toHaveValue('QLD');
    await form.getByLabel('Rego or Number Plate').fill('abc-123');
    await form.getByRole('button', { name: 'Find my car' }).click();
    await expect(form.getByRole('status')).toContainText('We could not find a car registered under that plate.');
    await form.getByLabel('Vehicle State').selectOption('NSW');
    await form.getByRole('button', { name: 'Find my car' }).click();
    await expect(form.getByRole('status')).toHaveText(
      'Found: 2019 Toyota Corolla Ascent Sport. Check the details below.',
    );
    await expect(form.locator('[name="make"]')).toHaveValue('Toyota');
    await expect(form.locator('[name="year"]')).toHaveValue('2019');
    expect(await axeSevere(page)).toEqual([]);

    await form.locator('[name="kms"]').fill('85,000');
    await form.locator('label', { hasText: /^Good$/ }).click();
    await fillStep(form, visitor);
    await form.locator('.form-actions button[type="submit"]').click();
    await page.waitForURL(/\/thanks-mate\?/);
    const offer = page.locator('.valuation-offer');
    await expect(offer).toContainText('Our conditional offer');
    await expect(offer.locator('.valuation-offer-valid')).toHaveText('Valid until 4 July 2026');
    await expect(offer.locator('.valuation-offer-terms')).toHaveText(
      'Subject to our buyer sighting the vehicle, a clear PPSR and a current safety certificate.',
    );
    const amount = Number((await offer.locator('.valuation-offer-amount').textContent())!.replace(/[$,]/g, ''));
    const low = Number(
      /\$([\d,]+)/.exec((await page.locator('.valuation-range').first().textContent())!)![1]!.replace(/,/g, ''),
    );
    expect(amount).toBe(Math.floor((0.82 * low) / 50) * 50);
    expect(await axeSevere(page)).toEqual([]);
    await shot(page, 'valuation-thank-you', width);

    await expect
      .poll(
        async () =>
          (await listLeads(site.db, site.dealer.slug, {})).filter(
            (l) => leadRecord(l, true).values?.email === visitor.email,
          ).length,
      )
      .toBe(1);
    const lead = (await listLeads(site.db, site.dealer.slug, {}))
      .map((l) => leadRecord(l, true))
      .find((l) => l.values?.email === visitor.email)!;
    expect(lead.values).toMatchObject({ trade_offer_amount: amount, trade_offer_valid_until: '2026-07-04' });
    await page.context().close();
  });

  test(`a deal in the dealer's order (finance, trade-in, delivery) to the deposit checkout, at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await open(browser, width);
    const car = site.dealer.cars.find((c) => c.stock_number === (width < 500 ? 'WB21044' : 'WB22085'))!;
    await page.goto(`${site.origin}/cars/${car.slug}`);
    await page
      .getByRole('link', { name: /Start your deal/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your deal' })).toBeVisible();
    const steps = page.locator('ol.deal-steps > li > section > h2');
    await expect(steps).toHaveText([
      '1 Finance (optional)',
      '2 Your trade-in (optional)',
      '3 Delivery (optional)',
      '4 Send your deal',
      '5 Deposit (optional)',
    ]);
    // Delivery only: no choice to make and no yard to collect from.
    await expect(page.getByLabel('Collect from')).toHaveCount(0);
    await expect(page.getByLabel('Delivery address')).toBeVisible();
    expect(await axeSevere(page)).toEqual([]);

    await page.getByLabel('Your deposit ($)').fill('5000');
    await page.getByRole('button', { name: 'Work out my repayments' }).click();
    await expect(page.getByText(/Estimated repayment: \$[\d,.]+ a (week|fortnight|month)/)).toBeVisible();

    await page.getByLabel('Make').fill('Holden');
    await page.getByLabel('Model').fill('Colorado');
    await page.getByLabel('Year').fill('2017');
    await page.getByLabel('Kilometres').fill('160000');
    await page.getByRole('button', { name: 'Get my trade-in offer' }).click();
    await expect(page.getByText('Our offer for your car:')).toBeVisible();

    await page.getByLabel('Delivery address').fill('Lot 4, 1870 Goodwood Road, Childers');
    await page.getByLabel('Postcode').fill('4660');
    await page.getByLabel('Preferred date').fill(openDay(car));
    await page.getByRole('button', { name: 'Save handover' }).click();
    await expect(page.getByRole('button', { name: 'Update handover' })).toBeVisible();

    await page.getByLabel('First name').fill('Kylie');
    await page.getByLabel('Last name').fill("O'Sullivan-Nguyen");
    await page.getByLabel('Email').fill(`kylie.${width}@example.com.au`);
    await page.getByLabel('Mobile phone').fill('0438 112 905');
    await page.getByLabel(/I agree to the Privacy Policy/).check();
    await page.getByRole('button', { name: 'Send my deal to the dealer' }).click();
    await expect(page.getByText(`Sent to ${site.dealer.site.name}`)).toBeVisible();
    expect(await axeSevere(page)).toEqual([]);
    await shot(page, 'deal', width);

    await page.getByLabel('I accept the deposit terms.').check();
    await page.getByRole('button', { name: 'Pay the $250 AUD deposit' }).click();
    await page.waitForURL(`${site.stripe.url}/**`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(`${site.origin}/**`);
    await page.context().close();
  });

  test(`the compare tray, the compare columns and Enquire, at ${width} px`, async ({ browser }) => {
    const page = await open(browser, width);
    await page.goto(`${site.origin}/our-stock`);
    const tray = page.locator('[data-compare-bar]');
    const cardOf = (p: string) => page.locator('li.car-card', { has: page.locator(`a[href="${p}"]`) });
    await cardOf(DMAX)
      .getByRole('button', { name: /^Compare/ })
      .click();
    await expect(tray.getByText('Choose another car to compare.')).toBeVisible();
    await cardOf(RANGER)
      .getByRole('button', { name: /^Compare/ })
      .click();
    const go = tray.getByRole('link', { name: 'Compare (2)' });
    await expect(go).toBeVisible();
    expect(await axeSevere(page)).toEqual([]);
    await go.click();
    await expect(page).toHaveURL(/\/compare\?cars=/);
    const heads = page.locator('th.compare-car-head');
    await expect(heads).toHaveCount(2);
    const dmax = heads.filter({ has: page.locator(`a[href="${DMAX}"]`) });
    await expect(dmax.locator('.compare-car-amount')).toHaveText('Price on application');
    const ranger = heads.filter({ has: page.locator(`a[href="${RANGER}"]`) });
    await expect(ranger.locator('.compare-car-amount')).toHaveText('$47,490');
    await expect(ranger.locator('.compare-car-note')).toHaveText(/^Excl\. government charges$/i);
    const enquire = ranger.getByRole('link', { name: /^Enquire about the / });
    await expect(enquire).toHaveAttribute('href', `${RANGER}#enquire`);
    expect(await axeSevere(page)).toEqual([]);
    await enquire.click();
    await expect(page).toHaveURL(`${site.origin}${RANGER}#enquire`);
    await expect(page.locator('#enquire')).toBeInViewport();
    await page.context().close();
  });
}
