/**
 * The home page's car and offer rows in Chromium: at 1366 px with a mouse, "Previous" and "Next"
 * buttons by the heading move the row a screenful (by click and by keyboard), "Previous" is
 * disabled at the start and "Next" at the end, and the row still snaps to a card; at 390 px the
 * buttons are not shown (the row swipes). Screenshots of both widths go to the test's output.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eEnv, localOrigin } from '../setup/support.ts';

const env = e2eEnv();
const COASTAL = 'coastal-motor-group';
const RIDGELINE = 'ridgeline-mazda';
const home = (slug: string) => `${localOrigin(slug, env!.port)}/`;

test.skip(!env, 'needs the global setup');

/** Ridgeline's home page shows 4 offers (a row that overflows at 1366 px); Coastal's 3, which fit. */
const ROWS = [
  { noun: 'cars', site: COASTAL, section: 'section.cars-row-block', list: '.cars-row' },
  { noun: 'offers', site: RIDGELINE, section: 'section.offers-row-block', list: '.offers-row' },
] as const;

const scrollLeft = (list: Locator) => list.evaluate((el) => el.scrollLeft);
/** Whether the row rests on a card's start (scroll-snap), or at its very end. */
const snapped = (list: Locator) =>
  list.evaluate((el) => {
    const left = el.getBoundingClientRect().left;
    const atEnd = el.scrollWidth - el.clientWidth - el.scrollLeft < 2;
    return atEnd || [...el.children].some((li) => Math.abs(li.getBoundingClientRect().left - left) < 2);
  });

async function open(page: Page, width: number, height: number, slug: string = COASTAL) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(home(slug));
}

for (const row of ROWS) {
  test(`the ${row.noun} row moves with its buttons at 1366 px, and ends disabled`, async ({ page }) => {
    await open(page, 1366, 900, row.site);
    const section = page.locator(row.section).first();
    const list = section.locator(row.list);
    const previous = section.getByRole('button', { name: `Previous ${row.noun}` });
    const next = section.getByRole('button', { name: `Next ${row.noun}` });
    await section.scrollIntoViewIfNeeded();
    await expect(next).toBeVisible();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    expect(await next.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));

    await next.click();
    await expect.poll(() => scrollLeft(list)).toBeGreaterThan(0);
    await expect(previous).toBeEnabled();
    await expect.poll(() => snapped(list)).toBe(true);

    // The keyboard: Previous takes it back to the start, and is disabled there again.
    await previous.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => scrollLeft(list)).toBe(0);
    await expect(previous).toBeDisabled();

    // To the end with Next (by Space), where it is disabled.
    await next.focus();
    for (let i = 0; i < 12 && (await next.isEnabled()); i++) {
      await page.keyboard.press('Space');
      await page.waitForTimeout(150);
    }
    await expect(next).toBeDisabled();
    const atEnd = await list.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft);
    expect(atEnd).toBeLessThan(3);
  });

  test(`the ${row.noun} row shows no buttons at 390 px`, async ({ page }) => {
    await open(page, 390, 844, row.site);
    const section = page.locator(row.section).first();
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator(row.list)).toBeVisible();
    await expect(section.getByRole('button', { name: `Next ${row.noun}` })).toBeHidden();
    await expect(section.getByRole('button', { name: `Previous ${row.noun}` })).toBeHidden();
  });
}

test('a row whose cards all fit shows no buttons', async ({ page }) => {
  await open(page, 1366, 900, COASTAL);
  const section = page.locator('section.offers-row-block').first();
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('.offers-row > li')).toHaveCount(3);
  await expect(section.getByRole('button', { name: 'Next offers' })).toBeHidden();
});

test('screenshots of the home page at 390 and 1366 px', async ({ page }, info) => {
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await open(page, width, height);
    const cars = page.locator(ROWS[0].section).first();
    await cars.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`home-${width}.png`), fullPage: true });
    await cars.screenshot({ path: info.outputPath(`cars-row-${width}.png`) });
    await page
      .locator('.image-slider.has-hero')
      .first()
      .screenshot({ path: info.outputPath(`hero-${width}.png`) });
  }
});
