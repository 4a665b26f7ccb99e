/**
 * The model range and model detail blocks in Chromium against the sample dealers: category tabs
 * synced with ?body=, the colour picker's wrap-around arrows and body-type row, variant features
 * and the variant slider, and the brochure download with its logged failures.
 * Rules the samples do not reach (exact row splits for every count, 15 vs 16 colours, 2 vs 3
 * variants at the edge) are covered in src/blocks/brandModels/model-range.test.ts and the model
 * blocks' own tests (src/blocks/modelColors/model-colours.test.ts,
 * src/blocks/modelVariants/model-variants.test.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();
const coastal = () => localOrigin('coastal-motor-group', env!.port);
const ridgeline = () => localOrigin('ridgeline-mazda', env!.port);

test.skip(!env, 'needs the global setup');

test.beforeEach(async ({ context }) => {
  // Only the local server is under test.
  await context.route(
    (url) => !url.hostname.endsWith('.localhost'),
    (route) => route.abort('blockedbyclient'),
  );
});

/** Scrolls to `selector` and waits until the island around it has hydrated. */
async function hydrated(page: Page, selector: string) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await expect(page.locator(`astro-island:has(${selector})`).first()).not.toHaveAttribute('ssr');
}

const tile = (page: Page, name: string) =>
  page.locator('.model-grid > li').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('model range', () => {
  test('shows every model under All, in category buttons split into rows of 3, 6 and 3', async ({ page }) => {
    await page.goto(`${coastal()}/new-cars`);
    await hydrated(page, '.range-tablist');
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const rows = page.locator('.range-tab-row');
    await expect(rows).toHaveCount(3);
    expect(await Promise.all([0, 1, 2].map((i) => rows.nth(i).getByRole('tab').count()))).toEqual([3, 6, 3]);
    await expect(page.locator('.model-grid > li:visible')).toHaveCount(9);
    await expect(page.getByRole('link', { name: 'Tucson', exact: true })).toHaveAttribute(
      'href',
      'https://www.coastalhyundai.com.au/tucson',
    );
    await expect(page.getByRole('link', { name: 'CX-5', exact: true })).toHaveAttribute('href', '/mazda-cx-5');
  });

  test('?body= in any case selects its tab, and clicking a tab updates the URL', async ({ page }) => {
    await page.goto(`${coastal()}/new-cars?body=sUv`);
    await hydrated(page, '.range-tablist');
    await expect(page.getByRole('tab', { name: 'SUV', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(tile(page, 'RAV4')).toBeVisible();
    await expect(tile(page, 'HiLux')).toBeHidden();

    await page.getByRole('tab', { name: 'Ute', exact: true }).click();
    await expect(page).toHaveURL(/[?&]body=Ute(&|$)/);
    await expect(tile(page, 'HiLux')).toBeVisible();
    await expect(tile(page, 'RAV4')).toBeHidden();

    await page.getByRole('tab', { name: 'All' }).click();
    await expect(page).not.toHaveURL(/body=/);
    await expect(tile(page, 'RAV4')).toBeVisible();
  });

  test("'Future Vehicles' shows the coming-soon models", async ({ page }) => {
    await page.goto(`${coastal()}/new-cars?body=future%20vehicles`);
    await hydrated(page, '.range-tablist');
    await expect(page.getByRole('tab', { name: 'Future Vehicles' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.model-grid > li:visible')).toHaveCount(1);
    await expect(tile(page, 'EV5')).toBeVisible();
  });

  test('a make filter lists only that make', async ({ page }) => {
    await page.goto(`${coastal()}/new-cars/toyota`);
    await expect(page.locator('.model-grid > li')).toHaveCount(3);
    await expect(page.getByRole('tab', { name: 'Future Vehicles' })).toHaveCount(0);
  });
});

test.describe('colour picker', () => {
  test('the arrows wrap around the colours and the swatches pick a colour', async ({ page }) => {
    await page.goto(`${coastal()}/rav4`);
    await hydrated(page, '.colour-picker');
    const caption = page.locator('.colour-name');
    await expect(caption).toContainText('(1 of 8)');
    await page.getByRole('button', { name: 'Previous colour' }).click();
    await expect(caption).toContainText('(8 of 8)');
    await page.getByRole('button', { name: 'Next colour' }).click();
    await expect(caption).toContainText('(1 of 8)');
    const swatch = page.locator('.swatches').getByRole('button').nth(2);
    const name = await swatch.getAttribute('aria-label');
    await swatch.click();
    await expect(swatch).toHaveAttribute('aria-pressed', 'true');
    await expect(caption).toContainText(`${name} (3 of 8)`);
    await expect(page.locator('.colour-photo img')).toHaveAttribute('alt', `RAV4 in ${name}`);
  });

  test('a model with 3 body types and 18 colours gets a body-type row that follows the variant', async ({ page }) => {
    await page.goto(`${coastal()}/hilux`);
    await hydrated(page, '.colour-picker');
    const variants = page.getByRole('group', { name: 'Variant' });
    const bodies = page.getByRole('group', { name: 'Body type' });
    await expect(variants.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
    await expect(bodies.getByRole('button', { name: 'Single Cab' })).toHaveAttribute('aria-pressed', 'true');
    await bodies.getByRole('button', { name: 'Double Cab' }).click();
    await expect(variants.getByRole('button', { name: 'SR5 4x4 Double Cab' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.swatches').getByRole('button')).toHaveCount(6);
  });

  test('a model with fewer colours has no body-type row', async ({ page }) => {
    await page.goto(`${coastal()}/rav4`);
    await expect(page.locator('.colour-picker')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Body type' })).toHaveCount(0);
  });
});

test.describe('variant cards', () => {
  test('features past the first 8 expand', async ({ page }) => {
    await page.goto(`${coastal()}/rav4`);
    const card = page.locator('.variant-card').first();
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('.variant-features').first().locator('li')).toHaveCount(8);
    const more = card.locator('details.variant-more');
    await expect(more.locator('li').first()).toBeHidden();
    await more.getByText(/Show all \d+ features/).click();
    await expect(more.locator('li').first()).toBeVisible();
    await expect(more.getByText('Show fewer features')).toBeVisible();
  });

  test('with 4 or more variants the slider has controls that slide', async ({ page }) => {
    await page.goto(`${coastal()}/rav4`);
    await hydrated(page, '.carousel-variants');
    const slides = page.locator('.model-variants .swiper-slide');
    await expect(slides).toHaveCount(5);
    await expect(slides.first()).toHaveClass(/swiper-slide-active/);
    await page.getByRole('button', { name: 'Next variant' }).click();
    await expect(slides.nth(1)).toHaveClass(/swiper-slide-active/);
    await page.getByRole('button', { name: 'Previous variant' }).click();
    await expect(slides.first()).toHaveClass(/swiper-slide-active/);
  });

  test('3 variants make a slider without controls, 2 a plain grid', async ({ page }) => {
    await page.goto(`${coastal()}/mazda-cx-5`);
    await hydrated(page, '.carousel-variants');
    await expect(page.locator('.model-variants .swiper-slide')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Next variant' })).toHaveCount(0);
    await page.goto(`${coastal()}/corolla`);
    await expect(page.locator('.variant-grid > li')).toHaveCount(2);
    await expect(page.locator('.model-variants .swiper')).toHaveCount(0);
  });

  test('order now links carry the model and the variant', async ({ page }) => {
    await page.goto(`${ridgeline()}/cx-60`);
    const link = page
      .locator('.variant-card')
      .first()
      .getByRole('link', { name: /Order now/ });
    await expect(link).toHaveAttribute('href', /^\/models\/order-now\?model_id=\d+&model_name=CX-60&vehicle=/);
  });
});

test.describe('brochure download', () => {
  test('opens the brochure in a new window', async ({ page }) => {
    await page.goto(`${coastal()}/rav4`);
    await hydrated(page, '.brochure-button');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: /Download brochure/ }).click(),
    ]);
    await expect.poll(() => popup.url()).toContain('brochure-rav4.svg');
  });

  test("logs 'Failed to fetch model data' when the API fails", async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/api/models/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto(`${coastal()}/rav4`);
    await hydrated(page, '.brochure-button');
    let popups = 0;
    page.on('popup', () => popups++);
    await page.getByRole('button', { name: /Download brochure/ }).click();
    await expect.poll(() => errors.some((e) => e.includes('Failed to fetch model data'))).toBe(true);
    expect(popups).toBe(0);
  });

  test('warns when the model has no brochure', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto(`${coastal()}/mazda-cx-5`);
    await hydrated(page, '.brochure-button');
    await page.getByRole('button', { name: /Download brochure/ }).click();
    await expect.poll(() => warnings.some((w) => w.includes('No brochure'))).toBe(true);
  });
});
