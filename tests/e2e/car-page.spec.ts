/**
 * The car page in Chromium against the sample dealers: the gallery (thumbnails, arrow keys, the
 * photo count, full screen), the layout at phone and desktop widths (no sideways scroll, the
 * action bar on phones only), the weekly repayment with its comparison-rate warning, links that
 * carry the car into the finance and test-drive forms, similar cars, "Back to results", share and
 * print, and the JavaScript a visitor downloads before doing anything.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { e2eEnv, localOrigin } from './setup/support.ts';
import { COMPARISON_RATE_WARNING } from '../../src/features/finance/rules/car-example.ts';

const env = e2eEnv();
const COASTAL = 'coastal-motor-group';
const url = (slug: string, p: string) => localOrigin(slug, env!.port) + p;

interface SampleCar {
  id: number;
  slug: string;
  make: string;
  model: string;
  price: number;
  car_type: string;
  status?: string;
  photos?: string[];
  features?: string[];
}
const carsOf = (slug: string): SampleCar[] =>
  JSON.parse(readFileSync(path.join(env!.dealersDir, slug, 'cars.json'), 'utf8')) as SampleCar[];
const listed = (slug: string) => carsOf(slug).filter((c) => c.status !== 'sold' && c.status !== 'hidden');
/** The listed car with the most photos: the gallery has the most to show. */
const showcase = (slug = COASTAL) =>
  listed(slug).reduce((a, b) => ((b.photos?.length ?? 0) > (a.photos?.length ?? 0) ? b : a));
/** Before the visitor does anything, JavaScript sent to the browser may total this much, gzipped. */
const JS_BUDGET = 60 * 1024;

const gallery = (page: Page) => page.locator('.vdp-gallery');
const count = (page: Page) => gallery(page).locator('.vdp-stage [data-count]');
const slideInView = (page: Page, n: number) =>
  gallery(page)
    .locator('.vdp-track')
    .evaluate((track, i) => {
      const t = track.getBoundingClientRect();
      const s = track.children[i]!.getBoundingClientRect();
      return Math.abs(s.left - t.left) < 2;
    }, n);

test.skip(!env, 'needs the global setup');

test.describe('gallery', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('thumbnails and arrow keys change the main photo and its count; the first photo is the one loaded first', async ({
    page,
  }) => {
    const car = showcase();
    const total = car.photos!.length;
    expect(total).toBeGreaterThan(3);
    await page.goto(url(COASTAL, `/cars/${car.slug}`));
    await expect(count(page)).toHaveText(`1 / ${total}`);

    const photos = gallery(page).locator('.vdp-slide img');
    await expect(photos.first()).toHaveAttribute('loading', 'eager');
    await expect(photos.first()).toHaveAttribute('fetchpriority', 'high');
    for (const img of await photos.all().then((all) => all.slice(1)))
      await expect(img).toHaveAttribute('loading', 'lazy');
    expect(await page.locator('img[fetchpriority="high"]').count()).toBeLessThanOrEqual(2);

    const thumbs = gallery(page).locator('.vdp-thumb');
    await expect(thumbs).toHaveCount(total);
    await thumbs.nth(2).click();
    await expect(count(page)).toHaveText(`3 / ${total}`);
    await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(thumbs.nth(0)).not.toHaveAttribute('aria-current', 'true');
    await expect.poll(() => slideInView(page, 2)).toBe(true);

    const track = gallery(page).locator('.vdp-track');
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(count(page)).toHaveText(`4 / ${total}`);
    await expect.poll(() => slideInView(page, 3)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(count(page)).toHaveText(`2 / ${total}`);
    await expect.poll(() => slideInView(page, 1)).toBe(true);

    await gallery(page).getByRole('button', { name: 'Next photo' }).click();
    await expect(count(page)).toHaveText(`3 / ${total}`);
  });

  test('full screen opens on the photo shown, steps with the arrow keys and closes with Escape', async ({ page }) => {
    const car = showcase();
    const total = car.photos!.length;
    await page.goto(url(COASTAL, `/cars/${car.slug}`));
    await gallery(page).locator('.vdp-thumb').nth(1).click();
    await expect(count(page)).toHaveText(`2 / ${total}`);

    const dialog = page.locator('dialog.vdp-dialog');
    await expect(dialog).toBeHidden();
    await gallery(page).getByRole('button', { name: 'Full screen' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-count]')).toHaveText(`2 / ${total}`);
    await expect(dialog.locator('img')).toHaveAttribute('src', car.photos![1]!);
    await page.keyboard.press('ArrowRight');
    await expect(dialog.locator('[data-count]')).toHaveText(`3 / ${total}`);
    await expect(dialog.locator('img')).toHaveAttribute('src', car.photos![2]!);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Back on the page, the main photo is the one last seen full screen.
    await expect(count(page)).toHaveText(`3 / ${total}`);

    await gallery(page).getByRole('button', { name: 'Full screen' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close full screen' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('layout', () => {
  for (const width of [390, 1366]) {
    for (const slug of [COASTAL, 'tasman-motors']) {
      test(`${slug} at ${width}px: nothing scrolls sideways, the VIN wraps, and the page passes axe`, async ({
        page,
      }) => {
        // axe takes a while on a busy machine.
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 844 });
        await page.goto(url(slug, `/cars/${showcase(slug).slug}`));
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          'the page scrolls sideways',
        ).toBeLessThanOrEqual(width);
        const vin = page.locator('.vdp-spec-vin dd');
        if (await vin.count()) {
          const box = await vin.evaluate((d) => ({ scroll: d.scrollWidth, client: d.clientWidth }));
          expect(box.scroll).toBeLessThanOrEqual(box.client);
        }
        const axe = await new AxeBuilder({ page })
          .setLegacyMode(true)
          .options({ resultTypes: ['violations'] })
          .analyze();
        const severe = axe.violations.filter(
          (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order',
        );
        expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }

  test('phones get the actions in a bar pinned to the bottom of the screen, which never covers the footer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url(COASTAL, `/cars/${showcase().slug}`));
    const bar = page.locator('.vdp-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: /^Enquire/ })).toBeVisible();
    await expect(bar.getByRole('link', { name: /^Test drive/ })).toBeVisible();
    await expect(bar.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:\d+$/);
    await expect(page.locator('.vdp-summary .vdp-actions')).toBeHidden();
    const atBottom = async () => {
      const box = (await bar.boundingBox())!;
      return Math.abs(box.y + box.height - 844) < 1;
    };
    expect(await atBottom()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect.poll(atBottom).toBe(true);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footerTop = await page
      .locator('footer')
      .first()
      .evaluate((f) => f.getBoundingClientRect().top);
    const barBottom = await bar.evaluate((b) => b.getBoundingClientRect().bottom);
    expect(barBottom).toBeLessThanOrEqual(footerTop + 0.5);
  });

  test('desktops get the actions beside the price in the pinned summary card, and no bar', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(url(COASTAL, `/cars/${showcase().slug}`));
    await expect(page.locator('.vdp-bar')).toBeHidden();
    const summary = page.locator('.vdp-summary');
    await expect(summary.locator('h1')).toBeVisible();
    await expect(summary.locator('.car-price')).toBeVisible();
    await expect(summary.getByRole('link', { name: /^Enquire/ })).toBeVisible();
    await expect(summary.getByRole('link', { name: /^Call/ })).toBeVisible();
    // The card stays in view while the details scroll past.
    await page.evaluate(() => window.scrollTo(0, 900));
    const top = await summary.evaluate((s) => s.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });
});

test('the details: key facts, every feature behind "Show all", and the breadcrumb', async ({ page }) => {
  const car = listed(COASTAL).reduce((a, b) => ((b.features?.length ?? 0) > (a.features?.length ?? 0) ? b : a));
  await page.goto(url(COASTAL, `/cars/${car.slug}`));
  const specs = page.locator('.vdp-specs');
  await expect(specs.locator('dt', { hasText: 'Year' })).toBeVisible();
  const features = page.locator('.vdp-features li');
  await expect(features).toHaveCount(new Set(car.features!.map((f) => f.trim().toLowerCase())).size);
  if (car.features!.length > 11) {
    await expect(features.last()).toBeHidden();
    await page.getByText(/^Show all \d+ features$/).click();
    await expect(features.last()).toBeVisible();
  }
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.locator('[aria-current="page"]')).toContainText(car.model);
});

test('the weekly repayment comes with its example, the comparison-rate warning, and a finance link carrying the car', async ({
  page,
}) => {
  const car = showcase();
  await page.goto(url(COASTAL, `/cars/${car.slug}`));
  await expect(page.locator('.vdp-weekly')).toHaveText(/^\s*From \$\d{1,3}(,\d{3})*\.\d{2} per week\*\s*$/);
  const finance = page.locator('#finance');
  await expect(finance).toContainText(COMPARISON_RATE_WARNING);
  await expect(finance).toContainText(/comparison rate \d+(\.\d+)?% p\.a\./i);
  await expect(finance).toContainText(`$${car.price.toLocaleString('en-AU')}`);
  await expect(finance).toContainText(/over \d+ years?/);

  const link = page.locator('.vdp-summary').getByRole('link', { name: 'Apply for finance on this car' });
  const href = new URL((await link.getAttribute('href'))!, 'http://x.test');
  expect(href.pathname).toBe('/finance');
  expect(href.searchParams.get('car_id')).toBe(String(car.id));
  expect(href.searchParams.get('vehiclePriceBudget')).toBe(String(car.price));
  expect(href.searchParams.get('selected_car')).toContain(`${car.make} ${car.model}`);
  const testDrive = new URL(
    (await page
      .locator('.vdp-summary')
      .getByRole('link', { name: /^Test drive/ })
      .getAttribute('href'))!,
    'http://x.test',
  );
  expect(testDrive.pathname).toBe('/book-test-drive');
  expect(testDrive.searchParams.get('make')).toBe(car.make);
  expect(testDrive.searchParams.get('car_id')).toBe(String(car.id));

  await link.click();
  await expect(page).toHaveURL(/\/finance\?/);
  await expect(page.locator('#form-section')).toBeVisible();
});

test('a New Zealand dealer shows the weekly figure without the Australian comparison-rate warning', async ({
  page,
}) => {
  const car = listed('tasman-motors').find((c) => c.price >= 5000 && c.price <= 150000)!;
  await page.goto(url('tasman-motors', `/cars/${car.slug}`));
  await expect(page.locator('.vdp-weekly')).toBeVisible();
  await expect(page.locator('#finance')).not.toContainText('WARNING');
});

test('similar cars are stock cards that open their own car pages', async ({ page }) => {
  const car = showcase();
  await page.goto(url(COASTAL, `/cars/${car.slug}`));
  const cards = page.locator('.vdp-similar .car-card');
  await expect(cards).toHaveCount(4);
  const hrefs = await cards.locator('.car-card-title a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const slugs = new Set(listed(COASTAL).map((c) => `/cars/${c.slug}`));
  for (const h of hrefs) expect(slugs.has(h!), `${h} is a listed car`).toBe(true);
  expect(hrefs).not.toContain(`/cars/${car.slug}`);
  await cards.first().locator('.car-card-title a').click();
  await expect(page).toHaveURL(new RegExp(`${hrefs[0]}$`));
  await expect(page.locator('h1')).toBeVisible();
});

test('"Back to results" returns to the search the visitor came from, even after a similar car', async ({ page }) => {
  const search = '/used-cars?q=toyota';
  await page.goto(url(COASTAL, search));
  const card = page.locator('section.cars li.car-card').first();
  await expect(card).toBeVisible();
  await card.locator('.car-card-title a').click();
  await expect(page).toHaveURL(/\/cars\//);
  const back = page.getByRole('link', { name: 'Back to results' });
  await expect(back).toHaveAttribute('href', search);
  await back.click();
  await expect(page).toHaveURL(url(COASTAL, search));

  // Results → car → a similar car: the way back is still the search.
  await page.locator('section.cars li.car-card').first().locator('.car-card-title a').click();
  await page.locator('.vdp-similar .car-card-title a').first().click();
  await expect(page).toHaveURL(/\/cars\//);
  await page.getByRole('link', { name: 'Back to results' }).click();
  await expect(page).toHaveURL(url(COASTAL, search));
});

test('"Back to results" on a car page opened directly goes to the listing', async ({ page }) => {
  const car = listed(COASTAL).find((c) => c.car_type === 'used')!;
  await page.goto(url(COASTAL, `/cars/${car.slug}`));
  await expect(page.getByRole('link', { name: 'Back to results' })).toHaveAttribute('href', '/used-cars');
});

test('share copies the link where there is no share sheet, and print prints a clean spec sheet', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  const car = showcase();
  await page.goto(url(COASTAL, `/cars/${car.slug}`));
  const share = page.getByRole('button', { name: 'Share' });
  await expect(share).toBeVisible();
  await share.click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url(COASTAL, `/cars/${car.slug}`));

  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  for (const hidden of ['.site-header nav', '.vdp-enquire', '.vdp-bar', '.vdp-similar', '.vdp-tools', '.vdp-thumbs']) {
    for (const el of await page.locator(hidden).all()) await expect(el, hidden).toBeHidden();
  }
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.vdp-price')).toBeVisible();
  await expect(page.locator('.vdp-specs')).toBeVisible();
});

for (const width of [390, 1366]) {
  test(`${width}px: before the visitor interacts the page loads at most 60 KB of JavaScript (gzip), and no React`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const scripts: { url: string; size: Promise<number> }[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push({ url: res.url(), size: res.body().then((b) => gzipSync(b).length) });
    });
    await page.goto(url(COASTAL, `/cars/${showcase().slug}`), { waitUntil: 'networkidle' });
    const inline = await page
      .locator('script:not([src]):not([type="application/ld+json"])')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    const sizes = await Promise.all(scripts.map((s) => s.size));
    const total = sizes.reduce((a, b) => a + b, 0) + gzipSync(inline.join('')).length;
    const list = scripts.map((s, i) => `${s.url} ${sizes[i]} B`).join('\n');
    expect(total, list).toBeLessThanOrEqual(JS_BUDGET);
    expect(
      scripts.map((s) => s.url).filter((u) => /FormIsland|client\.[\w-]+\.js|react/i.test(u)),
      list,
    ).toEqual([]);
    // The gallery works already: its script came with the page.
    await expect(count(page)).toBeVisible();
  });
}
