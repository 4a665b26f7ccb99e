/**
 * The market-price indicator in Chromium at 390 and 1366 px: a dealer that turned it on
 * (Tasman Motors' site.json `market_price.enabled`) shows "Below market", "Around market" or
 * "Above market" beside the price on car pages and on the stock cards, with an explanation that
 * opens without JavaScript; a dealer without it (Ridgeline Mazda) shows none. Axe finds nothing.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv, localOrigin } from '../setup/support.ts';

const ON = 'tasman-motors';
const OFF = 'ridgeline-mazda';
const LABEL = /^(Below|Around|Above) market$/;

function originOf(slug: string): string {
  const env = e2eEnv();
  if (!env) throw new Error('The global setup did not run: no E2E_* variables.');
  return localOrigin(slug, env.port);
}

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const width of [390, 1366]) {
  test.describe(`market price at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a car page of a dealer that shows it says where the price sits, and explains it on request', async ({
      page,
    }) => {
      // The 2016 Mazda Demio at $9,990 is under the local estimate's range for its age and kilometres.
      await page.goto(`${originOf(ON)}/cars/2016-mazda-demio-13s-30019`);
      const indicator = page.locator('.vdp-summary .market-price');
      await expect(indicator.locator('.market-price-badge')).toHaveText(/Below market$/);
      const detail = indicator.locator('.market-price-detail');
      await expect(detail).toBeHidden();
      await indicator.locator('summary').click();
      await expect(detail).toBeVisible();
      await expect(detail).toContainText('The price is under the low end of the range similar cars are advertised at.');
      await expect(detail).toContainText(
        /Compared with similar 2016 Mazda Demio vehicles with about 92,000 km for sale in New Zealand; estimate range \$[\d,]+–\$[\d,]+ as at \d{1,2} \w{3} \d{4}\. Source: /,
      );
      expect(await axeViolations(page)).toEqual([]);
    });

    test('the stock cards of a dealer that shows it carry the indicator', async ({ page }) => {
      await page.goto(`${originOf(ON)}/used-cars`);
      const badges = page.locator('.car-card .market-price-badge');
      await expect(badges.first()).toBeVisible();
      const labels = (await badges.allTextContents()).map((t) => t.replace(/^[↓≈↑]/, '').trim());
      expect(labels.length).toBeGreaterThan(3);
      for (const l of labels) expect(l).toMatch(LABEL);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('a dealer that has not turned it on shows it nowhere', async ({ page }) => {
      await page.goto(`${originOf(OFF)}/cars/2019-mazda-cx-9-gt-awd-20016`);
      await expect(page.locator('.vdp-summary')).toBeVisible();
      expect(await page.locator('.market-price').count()).toBe(0);
      await page.goto(`${originOf(OFF)}/used-cars`);
      await expect(page.locator('.car-card').first()).toBeVisible();
      expect(await page.locator('.market-price').count()).toBe(0);
    });
  });
}
