/**
 * Block layouts a visitor would notice, in Chromium on the sample dealers: the home hero slider
 * fills the screen's width at a useful height on a phone with no control covering another; a
 * long tab list stays one row that scrolls sideways; a team grid fills its row on a laptop; the
 * full-width hero starts right under the header, with no white band.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();
const COASTAL = 'coastal-motor-group';
const url = (p: string, slug = COASTAL) => localOrigin(slug, env!.port) + p;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function hydrate(page: Page, selector: string): Promise<void> {
  const el = page.locator(selector).first();
  await el.scrollIntoViewIfNeeded();
  await expect(el.locator('astro-island[ssr]')).toHaveCount(0);
}

test.skip(!env, 'needs the global setup');

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('the hero slider is as wide as the screen, at least 240 px tall, and none of its buttons covers another', async ({
    page,
  }) => {
    await page.goto(url('/'));
    await hydrate(page, '.image-slider');
    const slider = (await page.locator('.image-slider .swiper').first().boundingBox())!;
    expect(slider.width).toBeLessThanOrEqual(PHONE.width);
    expect(slider.height).toBeGreaterThanOrEqual(240);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const buttons = page.locator('.image-slider .carousel-button');
    const boxes: Box[] = [];
    for (let i = 0; i < (await buttons.count()); i++) {
      const b = await buttons.nth(i).boundingBox();
      if (b) boxes.push(b);
    }
    expect(boxes.length).toBeGreaterThanOrEqual(3); // pause, previous, next
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++)
        expect(overlap(boxes[i]!, boxes[j]!), `buttons ${i} and ${j} overlap`).toBe(false);
      const b = boxes[i]!;
      expect(b.y + b.height, 'inside the slider').toBeLessThanOrEqual(slider.y + slider.height + 0.5);
      expect(b.x + b.width).toBeLessThanOrEqual(slider.x + slider.width + 0.5);
    }
  });

  test('a tab list with many entries stays one row that scrolls sideways', async ({ page }) => {
    // The offers page's category tabs (the home page's offers are a row without tabs).
    await page.goto(url('/special-offers'));
    const list = page.locator('.tablist').first();
    await list.scrollIntoViewIfNeeded();
    const tabs = list.getByRole('tab');
    expect(await tabs.count()).toBeGreaterThan(2);
    const tops = new Set<number>();
    for (let i = 0; i < (await tabs.count()); i++) tops.add(Math.round((await tabs.nth(i).boundingBox())!.y));
    expect([...tops], 'every tab on one row').toHaveLength(1);
    const { scrollWidth, clientWidth } = await list.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(clientWidth).toBeLessThanOrEqual(PHONE.width);
    expect(scrollWidth).toBeGreaterThanOrEqual(clientWidth);
  });
});

test.describe('laptop', () => {
  test.use({ viewport: LAPTOP });

  test('the full-width hero starts right under the header', async ({ page }) => {
    await page.goto(url('/'));
    const header = (await page.locator('header.site-header').boundingBox())!;
    const hero = (await page.locator('.image-slider').first().boundingBox())!;
    expect(Math.abs(hero.y - (header.y + header.height))).toBeLessThanOrEqual(1);
    expect(hero.width).toBe(LAPTOP.width);
  });

  test('team cards fill the row: at least three a row, none narrower than a third of the grid', async ({ page }) => {
    await page.goto(url('/our-team'));
    const cards = page.locator('.team-grid > li');
    expect(await cards.count()).toBeGreaterThan(3);
    const rows = new Map<number, number>();
    for (let i = 0; i < (await cards.count()); i++) {
      const y = Math.round((await cards.nth(i).boundingBox())!.y);
      rows.set(y, (rows.get(y) ?? 0) + 1);
    }
    const first = [...rows.values()][0]!;
    expect(first).toBeGreaterThanOrEqual(3);
    const section = (await page.locator('section.team').first().boundingBox())!;
    const used = await cards.evaluateAll((els) => {
      const top = Math.round(els[0]!.getBoundingClientRect().y);
      const row = els.filter((e) => Math.round(e.getBoundingClientRect().y) === top);
      return row.at(-1)!.getBoundingClientRect().right - row[0]!.getBoundingClientRect().left;
    });
    expect(used, 'the first row spans the section').toBeGreaterThan(section.width * 0.9);
  });
});
