/**
 * The first screen that sells, in Chromium at 390 and 1366 px on the sample dealers: the home
 * page's hero (headline, call to action, a quick stock search whose "Search N cars" matches the
 * filtered listing it opens); the home page's car and offer rows that swipe sideways with View
 * all and no page buttons or card alone on a line; the compare tray that stays on screen while
 * the shopper scrolls (above the car page's action bar on a phone); the compare columns' price,
 * qualifier and Enquire; and the enquiry form that, sent with a 6-digit mobile and no name, says
 * both problems at the fields and in a summary. axe finds nothing serious on any of them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eEnv, localOrigin } from '../setup/support.ts';
import { formIn } from '../setup/form-driver.ts';

const env = e2eEnv();
const COASTAL = 'coastal-motor-group';
const RIDGELINE = 'ridgeline-mazda';
const TASMAN = 'tasman-motors';
const url = (slug: string, p: string) => localOrigin(slug, env!.port) + p;
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

test.skip(!env, 'needs the global setup');

/** The serious and critical axe violations of the page as it is now, by rule and first target. */
async function axeProblems(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

const heroOf = (page: Page) => page.locator('.image-slider.has-hero');
const quickSearch = (page: Page) => heroOf(page).getByRole('form', { name: 'Find a car' });
const listingCards = (page: Page) => page.locator('section.cars').first().locator('li.car-card');

/** Whether every item of a list sits on one line (a row, no card alone below it). */
async function oneLine(list: Locator): Promise<boolean> {
  const tops = await list
    .locator(':scope > li')
    .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
  return tops.length > 0 && tops.every((t) => t === tops[0]);
}

/** Scrolls a row sideways and says how far it went. */
async function swipe(list: Locator): Promise<number> {
  return list.evaluate(async (el) => {
    el.scrollBy({ left: el.clientWidth, behavior: 'instant' });
    await new Promise((r) => setTimeout(r, 100));
    return el.scrollLeft;
  });
}

function usedCount(slug: string): number {
  const cars = JSON.parse(readFileSync(path.join(env!.dealersDir, slug, 'cars.json'), 'utf8')) as {
    car_type: string;
    status?: string;
  }[];
  return cars.filter((c) => c.car_type === 'used' && c.status !== 'sold' && c.status !== 'hidden').length;
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('the hero has a headline, a call to action and a quick search that opens the filtered listing', async ({
      page,
    }) => {
      await page.goto(url(COASTAL, '/'));
      const hero = heroOf(page);
      await expect(hero.getByText('Find your next car on the Central Coast')).toBeVisible();
      await expect(hero.getByRole('link', { name: 'Book a test drive' })).toHaveAttribute('href', '/book-test-drive');
      const form = quickSearch(page);
      await form.scrollIntoViewIfNeeded();
      const submit = form.getByRole('button', { name: /^Search \d+ cars?$/ });
      await expect(submit).toHaveText(`Search ${usedCount(COASTAL)} cars`);
      if (size.width >= 1366) {
        // Over the image on a wide screen: the form is inside the slider's box.
        const slider = (await hero.locator('.swiper').boundingBox())!;
        const box = (await form.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(slider.y + slider.height);
      }

      await form.getByLabel('Make').selectOption('Toyota');
      // Only Toyota's models are offered once the make is chosen.
      const models = await form.getByLabel('Model').locator('option').allTextContents();
      expect(models[0]).toBe('Any model');
      expect(models).not.toContain('CX-30');
      await form.getByLabel('Max price').selectOption({ label: 'Under $60,000' });
      const label = (await submit.textContent())!.trim();
      const found = Number(/(\d+)/.exec(label)![1]);
      expect(found).toBeGreaterThan(0);
      expect(found).toBeLessThan(usedCount(COASTAL));

      await submit.click();
      await expect(page).toHaveURL(url(COASTAL, '/used-cars?make=Toyota&price=%3A60000'));
      await expect(listingCards(page)).toHaveCount(found);
      for (const title of await listingCards(page).locator('.car-card-title').allTextContents())
        expect(title).toContain('Toyota');
      for (const price of await listingCards(page).locator('.car-card-price').allTextContents())
        expect(Number(price.replace(/[^\d]/g, ''))).toBeLessThanOrEqual(60000);
      expect(await axeProblems(page)).toEqual([]);
    });

    test('a dealer without a hero keeps the bare slider; another dealer gets its own hero', async ({ page }) => {
      await page.goto(url(RIDGELINE, '/'));
      await expect(page.locator('.image-slider')).toBeVisible();
      await expect(page.locator('.hero-panel')).toHaveCount(0);
      await page.goto(url(TASMAN, '/'));
      await expect(heroOf(page).getByRole('link', { name: 'See our offers' })).toBeVisible();
      await expect(quickSearch(page).getByRole('button', { name: /^Search \d+ cars?$/ })).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
    });

    test('the home page car and offer rows swipe, have View all, and no page buttons', async ({ page }) => {
      await page.goto(url(COASTAL, '/'));
      const cars = page.locator('section.cars-row-block');
      await cars.scrollIntoViewIfNeeded();
      await expect(cars.getByRole('link', { name: 'View all cars' })).toHaveAttribute('href', '/used-cars');
      await expect(cars.getByRole('navigation', { name: 'Result pages' })).toHaveCount(0);
      await expect(cars.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
      const carRow = cars.getByRole('list').first();
      await expect(carRow.locator(':scope > li')).toHaveCount(12);
      expect(await oneLine(carRow)).toBe(true);
      expect(await swipe(carRow)).toBeGreaterThan(0);

      const offers = page.locator('section.offers-row-block');
      await offers.scrollIntoViewIfNeeded();
      await expect(offers.getByRole('link', { name: 'View all offers' })).toHaveAttribute('href', '/special-offers');
      await expect(offers.getByRole('tab')).toHaveCount(0);
      const offerRow = offers.locator('ul.offers-row');
      expect(await oneLine(offerRow)).toBe(true);
      if (size.width < 500) expect(await swipe(offerRow)).toBeGreaterThan(0);

      // Four offers on a dealer whose row holds three at a time: still one line, and it swipes.
      await page.goto(url(RIDGELINE, '/'));
      const four = page.locator('section.offers-row-block ul.offers-row');
      await four.scrollIntoViewIfNeeded();
      await expect(four.locator(':scope > li')).toHaveCount(4);
      expect(await oneLine(four)).toBe(true);
      expect(await swipe(four)).toBeGreaterThan(0);
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
      expect(await axeProblems(page)).toEqual([]);
    });

    test('the compare tray appears once a car is chosen and stays on screen while scrolling', async ({ page }) => {
      await page.goto(url(COASTAL, '/used-cars'));
      const tray = page.locator('[data-compare-bar]');
      await expect(tray).toBeHidden();
      const cards = listingCards(page);
      await expect(page.locator('section.cars astro-island[ssr]')).toHaveCount(0);
      await cards
        .nth(0)
        .getByRole('button', { name: /^Compare/ })
        .click();
      await expect(tray).toBeVisible();
      await expect(tray.getByText('Choose another car to compare.')).toBeVisible();
      await cards
        .nth(1)
        .getByRole('button', { name: /^Compare/ })
        .click();
      const go = tray.getByRole('link', { name: 'Compare (2)' });
      await expect(go).toBeVisible();
      await expect(tray.getByRole('button', { name: /^Remove .* from the comparison$/ })).toHaveCount(2);

      for (const y of [1200, 4000]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        const box = (await tray.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1);
        expect(box.y).toBeGreaterThan(size.height / 2);
      }
      expect(await axeProblems(page)).toEqual([]);

      // On the car page the tray sits above the phone's action bar, never over it.
      const href = await cards.nth(2).locator('.car-card-title a').getAttribute('href');
      await page.goto(url(COASTAL, href!));
      await expect(tray).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 800));
      const actions = page.locator('.vdp-bar');
      if (await actions.isVisible()) {
        const bar = (await actions.boundingBox())!;
        const box = (await tray.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 1);
      }
      const trayBox = (await tray.boundingBox())!;
      expect(trayBox.y + trayBox.height).toBeLessThanOrEqual(size.height + 1);

      await go.click();
      await expect(page).toHaveURL(/\/compare\?cars=/);
      const heads = page.locator('th.compare-car-head');
      await expect(heads).toHaveCount(2);
      for (const head of await heads.all()) {
        await expect(head.locator('.compare-car-amount')).toHaveText(/^\$\d{1,3}(,\d{3})*$|^Price on application$/);
        await expect(head.locator('.compare-car-note')).toHaveText(/^(Drive away|Excl\. government charges)$/i);
        const title = await head.locator('.compare-car-title').getAttribute('href');
        await expect(head.getByRole('link', { name: /^Enquire about the / })).toHaveAttribute(
          'href',
          `${title}#enquire`,
        );
      }
      expect(await axeProblems(page)).toEqual([]);
    });

    test('sending the enquiry with no name and a 6-digit mobile says both, at the fields and in a summary', async ({
      page,
    }) => {
      await page.goto(url(COASTAL, '/contact'));
      const form = formIn(page);
      await form.scrollIntoViewIfNeeded();
      await expect(form).toHaveAttribute('data-ready', 'true');
      const submit = form.locator('.form-actions button[type="submit"]');
      await form.locator('[name="phone"]').fill('041234');
      // Submit is never disabled for what is missing: pressing it says what is wrong.
      await expect(submit).toBeEnabled();
      await submit.click();

      const summary = form.locator('.form-summary');
      await expect(summary).toBeVisible();
      await expect(summary).toBeFocused();
      await expect(summary.getByText(/^Please fix these \d+ problems to continue:$/)).toBeVisible();
      const name = form.locator('[name="name"]');
      const phone = form.locator('[name="phone"]');
      const nameLink = summary.getByRole('link', { name: /^Full Name: Please enter your name$/ });
      const phoneLink = summary.getByRole('link', {
        name: /^Mobile Phone: Please enter (a mobile number, e\.g\. 0412 345 678|a valid phone number)$/,
      });
      await expect(nameLink).toBeVisible();
      await expect(phoneLink).toBeVisible();
      for (const control of [name, phone]) {
        await expect(control).toHaveAttribute('aria-invalid', 'true');
        const id = await control.getAttribute('id');
        await expect(control).toHaveAttribute('aria-describedby', new RegExp(`${id}-error`));
      }
      await expect(form.locator(`[id="${await name.getAttribute('id')}-error"]`)).toHaveText('*Please enter your name');
      await expect(form.locator(`[id="${await phone.getAttribute('id')}-error"]`)).toHaveText(
        /^\*Please enter (a mobile number, e\.g\. 0412 345 678|a valid phone number)$/,
      );
      expect(await axeProblems(page)).toEqual([]);

      // A link in the summary takes the shopper to its field; fixing a field takes it off the list.
      await phoneLink.click();
      await expect(phone).toBeFocused();
      await name.fill('Sam Lee');
      await name.blur();
      await expect(nameLink).toHaveCount(0);
      await expect(phoneLink).toBeVisible();
    });
  });
}
