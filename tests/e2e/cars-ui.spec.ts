/**
 * The stock search as a visitor sees it, in Chromium on Coastal Motor Group's /used-cars (all its
 * used stock) and home page (three latest arrivals): the sort order outside the filters, a sidebar
 * on a desktop listing, a full-screen sheet on phones whose button carries the live result count,
 * active filters as chips that remove themselves, and numbered page buttons.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();
const url = (p: string) => localOrigin(COASTAL, env!.port) + p;
const COASTAL = 'coastal-motor-group';
const TASMAN = 'tasman-motors';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

interface SampleCar {
  make: string;
  car_type: string;
  status?: string;
}
const listedUsed = () =>
  (JSON.parse(readFileSync(path.join(env!.dealersDir, COASTAL, 'cars.json'), 'utf8')) as SampleCar[]).filter(
    (c) => c.car_type === 'used' && c.status !== 'sold' && c.status !== 'hidden',
  );

const block = (page: Page) => page.locator('section.cars').first();
const cards = (page: Page) => block(page).locator('li.car-card');
const filtersButton = (page: Page) => block(page).getByRole('button', { name: /^Filters\b/ });
const panel = (page: Page) => block(page).locator('.cars-panel');

async function hydrated(page: Page): Promise<void> {
  await block(page).scrollIntoViewIfNeeded();
  await expect(block(page).locator('astro-island[ssr]')).toHaveCount(0);
}

test.skip(!env, 'needs the global setup');

test.describe('desktop listing', () => {
  test.use({ viewport: DESKTOP });

  test('shows the filters as a sidebar beside the cards, the sort above them, and no Filters button', async ({
    page,
  }) => {
    await page.goto(url('/used-cars'));
    await hydrated(page);
    await expect(panel(page)).toBeVisible();
    await expect(filtersButton(page)).toBeHidden();
    const side = (await panel(page).boundingBox())!;
    const list = (await block(page).locator('.cars-list').boundingBox())!;
    expect(side.x + side.width, 'the sidebar sits left of the cards').toBeLessThanOrEqual(list.x);
    await expect(block(page).getByLabel('Sort by')).toBeVisible();
    // Styled controls: the keyword box is the design system's input, not the browser's default.
    const keyword = block(page).getByRole('searchbox', { name: 'Keyword' });
    expect(await keyword.evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
    expect((await keyword.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  });

  test('numbered page buttons mark the current page and move through the results', async ({ page }) => {
    // A listing of 9 a page (the home page's short block is a row without pages: first-screen.spec.ts).
    await page.goto(localOrigin(TASMAN, env!.port) + '/used-cars');
    await hydrated(page);
    const pages = block(page).getByRole('navigation', { name: 'Result pages' });
    await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const firstTitle = await cards(page).first().locator('.car-card-title').textContent();
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).first().locator('.car-card-title')).not.toHaveText(firstTitle!);
  });

  test("a home page's short block is a row without filters, so its cards fill the width", async ({ page }) => {
    // The samples' only short cars blocks are on home pages, where they are rows (src/blocks/cars/row.ts).
    await page.goto(url('/'));
    await hydrated(page);
    await expect(panel(page)).toHaveCount(0);
    await expect(filtersButton(page)).toHaveCount(0);
    const list = (await block(page).locator('.cars-list').boundingBox())!;
    const section = (await block(page).boundingBox())!;
    expect(list.width).toBeGreaterThan(section.width * 0.9);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('Filters opens a full-screen sheet whose button shows the live count; choosing a make adds a chip that removes it', async ({
    page,
  }) => {
    await page.goto(url('/used-cars'));
    await hydrated(page);
    const all = listedUsed().length;
    await expect(cards(page)).toHaveCount(all);
    await expect(block(page).getByLabel('Sort by')).toBeVisible(); // sort needs no panel
    await expect(panel(page)).toBeHidden();

    await filtersButton(page).click();
    const sheet = page.getByRole('dialog', { name: 'Search' });
    await expect(sheet).toBeVisible();
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBe(PHONE.width);
    expect(box.height).toBe(PHONE.height);
    await expect(sheet.getByRole('button', { name: `Show ${all} cars` })).toBeVisible();

    const make = 'Toyota';
    const toyotas = listedUsed().filter((c) => c.make === make).length;
    await sheet
      .getByRole('group', { name: 'Make' })
      .getByLabel(new RegExp(`^${make}`))
      .check();
    const show = sheet.getByRole('button', { name: new RegExp(`^Show ${toyotas} cars?$`) });
    await expect(show).toBeVisible();
    await show.click();
    await expect(sheet).toBeHidden();
    await expect(filtersButton(page)).toBeFocused();
    await expect(filtersButton(page)).toContainText('1');
    await expect(cards(page)).toHaveCount(toyotas);

    const chip = block(page)
      .getByRole('list', { name: 'Active filters' })
      .getByRole('button', { name: `Remove ${make}` });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(cards(page)).toHaveCount(all);
    await expect(chip).toHaveCount(0);
  });

  test('Escape closes the sheet and gives focus back to Filters', async ({ page }) => {
    await page.goto(url('/used-cars'));
    await hydrated(page);
    await filtersButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Search' })).toHaveCount(0);
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(filtersButton(page)).toBeFocused();
  });

  test('a stock card shows body, fuel, transmission and km, its photo count, and an enquire link to the car', async ({
    page,
  }) => {
    await page.goto(url('/used-cars'));
    const card = cards(page).first();
    await expect(card.locator('.car-card-fact')).toHaveCount(4);
    await expect(card.locator('.car-card-km')).toHaveText(/^\d{1,3}(,\d{3})* km$/);
    await expect(card.locator('.car-card-photos')).toContainText(/\d+/);
    const href = await card.locator('.car-card-title a').getAttribute('href');
    await expect(card.getByRole('link', { name: /^Enquire about the / })).toHaveAttribute('href', `${href}#enquire`);
  });
});
