/**
 * Vehicle history on car pages and Find my car with the dealer's conditional offer, in Chromium at
 * 390 and 1366 px against the real API (api-setup.ts: the rego lookup's real client against its
 * stand-in, valuations by the local model on E2E_VALUATION_DATE). The sample dealers coastal-motor-group
 * (AU) and tasman-motors (NZ) carry `trade_in.offer` and a history on some used cars.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fillStep, formIn, leadsOf, newVisitor } from '../setup/form-driver.ts';
import { e2eEnv, localOrigin } from '../setup/support.ts';

const COASTAL = 'coastal-motor-group';
const TASMAN = 'tasman-motors';
const origin = (slug: string) => localOrigin(slug, e2eEnv()!.port);
const isLocal = (url: URL) => url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1';

async function noSevereAxe(page: Page) {
  const axe = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const severe = axe.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order',
  );
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Opens the sell-my-car form and answers its steps up to the one that asks for the vehicle. */
async function toVehicleStep(page: Page, slug: string, country: 'AU' | 'NZ') {
  await page.goto(`${origin(slug)}/sell-my-car`);
  const form = formIn(page);
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('data-ready', 'true');
  const visitor = newVisitor('trade-offer', country);
  // Both forms ask for the visitor's details first, then the vehicle.
  await fillStep(form, visitor);
  await form.locator('.form-actions button[type="submit"]').click();
  await expect(form.getByRole('button', { name: 'Find my car' })).toBeVisible();
  return { form, visitor };
}

test.beforeEach(async ({ page }) => {
  await page.route(
    (url) => !isLocal(url),
    (route) => route.abort('blockedbyclient'),
  );
});

for (const width of [390, 1366]) {
  test.describe(`at ${width}px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('an AU car page shows its PPSR-style history as at the check, and a car without one shows none', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.goto(`${origin(COASTAL)}/cars/2021-toyota-landcruiser-prado-gxl-10009`);
      const history = page.getByRole('region', { name: 'Vehicle history' });
      await expect(history).toBeVisible();
      await expect(history).toContainText('From a PPSR check on 24/06/2026.');
      await expect(history.locator('dt')).toHaveText(['Money owing', 'Reported stolen', 'Written off']);
      await expect(history.locator('dd')).toHaveText(['No', 'No', 'No']);
      await expect(history).toContainText('as at the time of the check');
      await noSevereAxe(page);
      await page.screenshot({ path: `/tmp/shots-history/au-car-history-${width}.png`, fullPage: true });

      await page.goto(`${origin(COASTAL)}/cars/2019-toyota-kluger-gxl-awd-10011`);
      await expect(page.getByRole('region', { name: 'Vehicle history' }).locator('.vdp-history-flagged')).toHaveText(
        /Written off\s*Yes \(repairable write-off\)/,
      );

      await page.goto(`${origin(COASTAL)}/cars/2020-toyota-camry-ascent-hybrid-10010`);
      await expect(page.getByRole('heading', { name: 'Key details' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Vehicle history' })).toHaveCount(0);
    });

    test('an NZ car page shows the history right after the Consumer Information Notice', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto(`${origin(TASMAN)}/cars/2019-mitsubishi-triton-gls-4wd-30011`);
      const after = page.locator('.vdp-cin + .vdp-history');
      await expect(after).toBeVisible();
      await expect(after.getByRole('heading', { name: 'Vehicle history' })).toBeVisible();
      await expect(after).toContainText('From a PPSR (NZ) check on 22/06/2026.');
      await expect(after.locator('dt')).toHaveText(['Money owing', 'Reported stolen']);
      await expect(after).toContainText('Only the items the check answered are listed.');
      await noSevereAxe(page);
      await page.screenshot({ path: `/tmp/shots-history/nz-car-history-${width}.png`, fullPage: true });
    });

    test('AU: Find my car fills make, model, variant and year from the rego and state, and the offer shows and is recorded', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const { form, visitor } = await toVehicleStep(page, COASTAL, 'AU');
      await form.getByLabel('Rego or Number Plate').fill('abc 123');
      await expect(form.getByLabel('Vehicle State')).toHaveValue('NSW');
      await form.getByRole('button', { name: 'Find my car' }).click();
      await expect(form.getByRole('status')).toHaveText(
        'Found: 2019 Toyota Corolla Ascent Sport. Check the details below.',
      );
      await expect(form.locator('[name="make"]')).toHaveValue('Toyota');
      await expect(form.locator('[name="model"]')).toHaveValue('Corolla');
      await expect(form.locator('[name="variant"]')).toHaveValue('Ascent Sport');
      await expect(form.locator('[name="year"]')).toHaveValue('2019');
      // The shopper can still change what the lookup filled.
      await form.locator('[name="variant"]').fill('Ascent Sport Hybrid');
      await noSevereAxe(page);
      await page.screenshot({ path: `/tmp/shots-history/au-find-my-car-${width}.png`, fullPage: true });

      await form.locator('[name="kms"]').fill('85,000');
      await form.locator('label', { hasText: /^Good$/ }).click();
      await fillStep(form, visitor);
      await form.locator('.form-actions button[type="submit"]').click();
      await page.waitForURL(/\/thank-you\?/);
      const offer = page.locator('.valuation-offer');
      await expect(offer).toContainText('Our conditional offer');
      await expect(offer.locator('.valuation-offer-amount')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
      await expect(offer.locator('.valuation-offer-valid')).toHaveText('Valid until 8 July 2026');
      await expect(offer.locator('.valuation-offer-terms')).toContainText('Subject to an inspection');
      await noSevereAxe(page);
      await page.screenshot({ path: `/tmp/shots-history/au-offer-${width}.png`, fullPage: true });

      const shown = Number((await offer.locator('.valuation-offer-amount').textContent())!.replace(/[$,]/g, ''));
      await expect.poll(async () => (await leadsOf(COASTAL, visitor)).length).toBe(1);
      const [lead] = await leadsOf(COASTAL, visitor);
      expect(lead!.variant).toBe('Ascent Sport Hybrid');
      expect(lead!.trade_offer_amount).toBe(shown);
      expect(lead!.trade_offer_valid_until).toBe('2026-07-08');
    });

    test('NZ: Find my car finds a car by its plate; a plate not on the register says so and leaves manual entry', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const { form } = await toVehicleStep(page, TASMAN, 'NZ');
      await expect(form.getByLabel('Vehicle State')).toHaveCount(0);
      await form.getByLabel('Rego or Number Plate').fill('NOPE9');
      await form.getByRole('button', { name: 'Find my car' }).click();
      await expect(form.getByRole('status')).toContainText('We could not find a car registered under that plate.');
      await expect(form.locator('[name="make"]')).toHaveValue('');
      await form.getByLabel('Rego or Number Plate').fill('KTR-42');
      await form.getByRole('button', { name: 'Find my car' }).click();
      await expect(form.getByRole('status')).toHaveText('Found: 2019 Mitsubishi Triton GLX. Check the details below.');
      await expect(form.locator('[name="make"]')).toHaveValue('Mitsubishi');
      await expect(form.locator('[name="model"]')).toHaveValue('Triton');
      await expect(form.locator('[name="year"]')).toHaveValue('2019');
      await noSevereAxe(page);
      await page.screenshot({ path: `/tmp/shots-history/nz-find-my-car-${width}.png`, fullPage: true });
    });
  });
}
