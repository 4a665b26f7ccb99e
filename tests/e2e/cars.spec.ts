/**
 * The cars block in Chromium against the sample dealers and the real search API: cars painted
 * without JavaScript, keyword and make searches kept in the URL and restored from it, the
 * no-results message, sorting by price, links to the car pages, and sold cars never listed.
 * Coastal Motor Group's /used-cars shows all its used stock (show-all-cars): 22 listed cars.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();
const url = (slug: string, p: string) => localOrigin(slug, env!.port) + p;
const COASTAL = 'coastal-motor-group';
const NO_RESULTS = 'No results found for your search at this time';

interface SampleCar {
  slug: string;
  make: string;
  car_type: string;
  status?: string;
}
const carsOf = (slug: string): SampleCar[] =>
  JSON.parse(readFileSync(path.join(env!.dealersDir, slug, 'cars.json'), 'utf8')) as SampleCar[];
const listedUsed = () =>
  carsOf(COASTAL).filter((c) => c.car_type === 'used' && c.status !== 'sold' && c.status !== 'hidden');

const block = (page: Page) => page.locator('section.cars').first();
const cards = (page: Page) => block(page).locator('li.car-card');
const titles = (page: Page) => cards(page).locator('.car-card-title').allTextContents();

/**
 * Scrolls the block into view (client:visible), waits for hydration and opens the 'Search' panel:
 * already open as the desktop sidebar, else through 'Filters' as a full-screen sheet.
 */
async function openPanel(page: Page): Promise<Locator> {
  const b = block(page);
  await b.scrollIntoViewIfNeeded();
  await expect(b.locator('astro-island[ssr]')).toHaveCount(0);
  const toggle = filtersButton(page);
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  return b.getByRole('search', { name: 'Search cars' });
}
const filtersButton = (page: Page) => block(page).getByRole('button', { name: /^Filters\b/ });
const params = (page: Page) => new URL(page.url()).searchParams;

test.skip(!env, 'needs the global setup');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the first cars are visible', async ({ page }) => {
    await page.goto(url(COASTAL, '/used-cars'));
    await expect(cards(page)).toHaveCount(listedUsed().length);
    const first = cards(page).first();
    await expect(first).toBeVisible();
    await expect(first.locator('.car-card-title a')).toHaveAttribute('href', /^\/cars\/[\w-]+$/);
    await expect(first.locator('.car-card-price')).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
    await expect(first.locator('.car-card-km')).toHaveText(/^\d{1,3}(,\d{3})* km$/);

    // The home page's short block is a row of up to 12 cars (src/blocks/cars/row.ts) with View all.
    await page.goto(url(COASTAL, '/'));
    await expect(cards(page)).toHaveCount(Math.min(12, listedUsed().length));
    await expect(block(page).getByRole('link', { name: 'View All Cars' })).toHaveAttribute('href', '/used-cars');
  });
});

test.describe('searching', () => {
  // Restoring a search from the URL hydrates from the build's results first: no hydration error.
  let errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors = [];
    page.on('console', (m) => {
      // Outside resources (CMS images, fonts) are not reachable from the test machine.
      const outside = !new URL(m.location().url || 'http://x.localhost/').hostname.endsWith('.localhost');
      if (m.type() === 'error' && !(m.text().startsWith('Failed to load resource') && outside)) errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
  });
  test.afterEach(() => {
    expect(errors, 'console errors').toEqual([]);
  });

  test('a keyword narrows the results and goes into the URL; the URL restores it', async ({ page }) => {
    await page.goto(url(COASTAL, '/used-cars'));
    const all = listedUsed().length;
    await expect(cards(page)).toHaveCount(all);
    const form = await openPanel(page);
    await form.getByLabel('Keyword').fill('toyota');
    await expect.poll(() => params(page).get('q')).toBe('toyota');
    await expect(cards(page)).toHaveCount(4);
    for (const t of await titles(page)) expect(t).toContain('Toyota');

    const searched = page.url();
    await page.goto(searched);
    await expect(cards(page)).toHaveCount(4);
    await openPanel(page);
    await expect(block(page).getByRole('searchbox', { name: 'Keyword' })).toHaveValue('toyota');
    await expect(block(page).getByRole('button', { name: 'Remove Keyword: toyota' })).toBeVisible(); // the active filter as a chip
    for (const t of await titles(page)) expect(t).toContain('Toyota');
  });

  test('typing a word letter by letter searches once, when typing pauses, and keeps every letter typed', async ({
    page,
  }) => {
    await page.goto(url(COASTAL, '/used-cars'));
    const form = await openPanel(page);
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/') && r.method() === 'POST') searches.push(r.postData() ?? '');
    });
    const keyword = form.getByLabel('Keyword');
    // 60 ms between letters: faster than the pause that sends a search.
    await keyword.pressSequentially('toyota', { delay: 60 });
    await expect(keyword).toHaveValue('toyota');
    await expect(cards(page)).toHaveCount(4);
    await expect.poll(() => params(page).get('q')).toBe('toyota');
    // Without the pause it is one search per letter (6). The gaps between letters are real time,
    // so a busy machine may stretch one or two of them past the pause: at most half the letters.
    expect(searches.length, searches.join('\n')).toBeLessThanOrEqual(3);
    expect(searches.at(-1)).toContain('"toyota"');

    // Enter searches at once; emptying the box shows everything again.
    await keyword.fill('');
    await expect(cards(page)).toHaveCount(listedUsed().length);
    await keyword.pressSequentially('hyundai');
    await keyword.press('Enter');
    await expect.poll(() => params(page).get('q')).toBe('hyundai');
    await expect(keyword).toHaveValue('hyundai');
  });

  test('choosing a make narrows the results and goes into the URL; the URL restores it', async ({ page }) => {
    await page.goto(url(COASTAL, '/used-cars'));
    const form = await openPanel(page);
    const hyundai = listedUsed().filter((c) => c.make === 'Hyundai').length;
    await form
      .getByRole('group', { name: 'Make' })
      .getByRole('checkbox', { name: /^Hyundai/ })
      .check();
    await expect
      .poll(() => [...params(page).entries()].some(([k, v]) => k.startsWith('make') && v === 'Hyundai'))
      .toBe(true);
    await expect(cards(page)).toHaveCount(hyundai);
    for (const t of await titles(page)) expect(t).toContain('Hyundai');

    await page.goto(page.url());
    await expect(cards(page)).toHaveCount(hyundai);
    const restored = await openPanel(page);
    await expect(
      restored.getByRole('group', { name: 'Make' }).getByRole('checkbox', { name: /^Hyundai/ }),
    ).toBeChecked();
  });

  test('Back and Forward step through the searches, and a link with bracketed list keys still opens its search', async ({
    page,
  }) => {
    await page.goto(url(COASTAL, '/used-cars'));
    const all = listedUsed().length;
    const hyundai = listedUsed().filter((c) => c.make === 'Hyundai').length;
    const make = (form: Locator) =>
      form.getByRole('group', { name: 'Make' }).getByRole('checkbox', { name: /^Hyundai/ });
    await make(await openPanel(page)).check();
    // Lists go into the URL as repeated keys.
    await expect.poll(() => params(page).getAll('make')).toEqual(['Hyundai']);
    await expect(cards(page)).toHaveCount(hyundai);

    await page.goBack();
    await expect.poll(() => params(page).getAll('make')).toEqual([]);
    await expect(cards(page)).toHaveCount(all);
    await expect(make(await openPanel(page))).not.toBeChecked();
    await page.goForward();
    await expect(cards(page)).toHaveCount(hyundai);
    await expect(make(await openPanel(page))).toBeChecked();

    await page.goto(url(COASTAL, '/used-cars?make%5B0%5D=Hyundai'));
    await expect(cards(page)).toHaveCount(hyundai);
    await expect(make(await openPanel(page))).toBeChecked();
  });

  test("a keyword matching nothing says 'No results found for your search at this time'", async ({ page }) => {
    await page.goto(url(COASTAL, '/used-cars'));
    const form = await openPanel(page);
    await form.getByLabel('Keyword').fill('zzqxv');
    await expect(block(page).locator('.cars-count')).toHaveText(NO_RESULTS);
    await expect(cards(page)).toHaveCount(0);
  });

  test('a maximum price narrows the results and goes into the URL', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 }); // the sheet, with its 'Show N cars'
    await page.goto(url(COASTAL, '/used-cars'));
    const form = await openPanel(page);
    const price = form.getByRole('group', { name: 'Price' });
    await price.getByLabel('Max').fill('30000');
    await price.getByLabel('Max').press('Enter');
    await expect.poll(() => params(page).get('price')).toBe(':30000');
    await expect
      .poll(async () => {
        const prices = (await cards(page).locator('.car-card-price').allTextContents()).map((p) =>
          Number(p.replace(/\D/g, '')),
        );
        return prices.length > 0 && prices.length < listedUsed().length && prices.every((p) => p <= 30000);
      })
      .toBe(true);
    await form.getByRole('button', { name: /^Show \d+ cars?$/ }).click();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('sorting by price, low to high, orders the prices', async ({ page }) => {
    await page.goto(url(COASTAL, '/used-cars'));
    await openPanel(page);
    await block(page).getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect.poll(() => params(page).get('sort')).toBe('price_asc');
    const prices = async () =>
      (await cards(page).locator('.car-card-price').allTextContents()).map((p) => Number(p.replace(/\D/g, '')));
    await expect
      .poll(async () => {
        const p = await prices();
        return p.length === listedUsed().length && p.every((v, i) => i === 0 || p[i - 1]! <= v);
      })
      .toBe(true);
  });
});

test('a result links to its car page, which loads', async ({ page }) => {
  await page.goto(url(COASTAL, '/used-cars'));
  const link = cards(page).first().locator('.car-card-title a');
  const href = await link.getAttribute('href');
  const title = (await link.textContent())!;
  expect(href).toMatch(/^\/cars\/[\w-]+$/);
  const loaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname.replace(/\/$/, '') === href && r.request().resourceType() === 'document',
  );
  await link.click();
  expect((await loaded).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${href}/?$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('sold and hidden cars never appear', async ({ page }) => {
  const unlisted = carsOf(COASTAL).filter((c) => c.status === 'sold' || c.status === 'hidden');
  expect(unlisted.length).toBeGreaterThan(0);
  for (const p of ['/', '/used-cars']) {
    await page.goto(url(COASTAL, p));
    for (const c of unlisted) await expect(page.locator(`a[href="/cars/${c.slug}"]`)).toHaveCount(0);
  }
  // The sold Holden Commodore is the only Commodore: the search finds nothing.
  const form = await openPanel(page);
  await form.getByLabel('Keyword').fill('commodore');
  await expect(block(page).locator('.cars-count')).toHaveText(NO_RESULTS);
  await form.getByLabel('Keyword').fill('landcruiser');
  await expect(cards(page)).toHaveCount(1);
  for (const c of unlisted) await expect(page.locator(`a[href="/cars/${c.slug}"]`)).toHaveCount(0);
});

test('a used-cars page loads at most 200 KB of JavaScript, gzipped, React included, after a search', async ({
  page,
}) => {
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b).length));
  });
  await page.goto(url(COASTAL, '/used-cars'));
  const form = await openPanel(page);
  await form.getByLabel('Keyword').fill('mazda');
  await expect(cards(page)).not.toHaveCount(listedUsed().length);
  await page.waitForLoadState('networkidle');
  const inline = await page
    .locator('script:not([src]):not([type="application/ld+json"])')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + gzipSync(inline.join('')).length;
  expect(total).toBeLessThanOrEqual(200 * 1024);
});

test('a car page keeps every detail in its own box, the 17-character VIN included, at phone and desktop widths', async ({
  page,
}) => {
  const car = carsOf('tasman-motors').find((c) => c.slug === '2020-kia-sportage-lx-30026')!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url('tasman-motors', `/cars/${car.slug}`));
    const boxes = await page.locator('.car-specs dd').evaluateAll((dds) =>
      dds.map((d) => {
        const r = d.getBoundingClientRect();
        const cell = d.parentElement!.getBoundingClientRect();
        return {
          text: d.textContent,
          right: r.right,
          cellRight: cell.right,
          scrollWidth: d.scrollWidth,
          clientWidth: d.clientWidth,
        };
      }),
    );
    expect(boxes.some((b) => b.text === 'KNAW773UXJLVN1XAW')).toBe(true);
    for (const b of boxes) {
      expect(b.scrollWidth, `${width}px: "${b.text}" overflows its box`).toBeLessThanOrEqual(b.clientWidth);
      expect(b.right, `${width}px: "${b.text}" runs past its cell`).toBeLessThanOrEqual(b.cellRight + 0.5);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${width}px: the page scrolls sideways`,
    ).toBeLessThanOrEqual(width);
  }
});

test('a car page shows the dealer comments as text, never as tags, and says what the price includes', async ({
  page,
}) => {
  await page.goto(url(COASTAL, '/cars/2024-toyota-rav4-cruiser-hybrid-awd-10003'));
  const comments = page.locator('.car-detail section.prose');
  await expect(comments.locator('strong')).toHaveText('Save thousands');
  expect(await page.locator('main').innerText()).not.toMatch(/<\/?(strong|br)\b/);
  await expect(page.locator('.car-price-note')).toHaveText('Drive away');
  // A car whose stock gives no qualifier is not called drive-away.
  await page.goto(url(COASTAL, '/cars/2021-toyota-landcruiser-prado-gxl-10009'));
  await expect(page.locator('.car-price')).toBeVisible();
  await expect(page.locator('.car-price-note')).toHaveCount(0);
});
