/**
 * The locations block in Chromium against the sample dealers: the 3-or-fewer cards rule, and the
 * nearby-dealership search without a Maps key (the default): postcode/suburb suggestions from the
 * shipped dataset, "Use my location", ?lat=&lng= and ?locationId= on load, and a failing
 * GET /api/manufacturer-locations ('Failed to fetch locations' logged, no results).
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();
const url = (slug: string, path: string) => localOrigin(slug, env!.port) + path;
const COASTAL = 'coastal-motor-group';
const RIDGELINE = 'ridgeline-mazda';

/** Opens a page with the search and waits for its island to hydrate (client:visible). */
async function openSearch(page: Page, path: string) {
  await page.goto(url(COASTAL, path));
  const search = page.locator('.location-search');
  await search.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:not([ssr]) .location-search')).toHaveCount(1);
  return search;
}
const results = (page: Page) => page.locator('ol.location-results > li');

test.describe('location cards', () => {
  test('3 or fewer locations are cards, more are a compact list', async ({ page }) => {
    await page.goto(url(RIDGELINE, '/contact'));
    await expect(page.locator('.locations-cards > li')).toHaveCount(3);
    await expect(page.locator('.locations-list')).toHaveCount(0);
    await expect(page.locator('.location-card').first()).toContainText('271 Latrobe Terrace');
    await expect(page.locator('.location-card a[href^="tel:"]').first()).toHaveAttribute('href', 'tel:0352218800');

    await page.goto(url(COASTAL, '/'));
    const block = page.locator('section.locations');
    await expect(block.locator('.locations-list > li')).toHaveCount(7);
    await expect(block.locator('.locations-cards')).toHaveCount(0);
  });
});

test.describe('nearby dealership search', () => {
  test('a postcode shows at most 5 suggestions; choosing a suburb lists nearby dealerships with distances', async ({
    page,
  }) => {
    const search = await openSearch(page, '/contact');
    const input = search.getByRole('combobox', { name: 'Postcode or suburb' });
    await input.fill('2250');
    const options = search.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(options).toHaveCount(5);
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    for (const text of await options.allTextContents()) expect(text).toContain('2250');

    await input.fill('gosford');
    await expect(options.first()).toHaveText('Gosford NSW 2250');
    expect(await options.count()).toBeLessThanOrEqual(5);
    await input.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(input).toHaveValue('Gosford NSW 2250');
    await expect(search.getByRole('listbox')).toHaveCount(0);
    await expect(input).toHaveAttribute('aria-expanded', 'false');

    await expect(search.getByRole('status').last()).toContainText('within 50 km of Gosford NSW 2250');
    // The dataset's coordinates are often the postcode's centre, so only membership and order are checked.
    await expect(results(page).filter({ hasText: 'Coastal Toyota Gosford' })).toHaveCount(1);
    await expect(results(page).filter({ hasText: 'Ridgeline' })).toHaveCount(0);
    const distances = await page.locator('.location-results .location-distance').allTextContents();
    expect(distances.length).toBeGreaterThan(0);
    const km = distances.map((d) => Number(d.replace(/[^\d.]/g, '')));
    for (const d of distances) expect(d).toMatch(/^\d+(\.\d)? km$/);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(Math.max(...km)).toBeLessThanOrEqual(50);
    const u = new URL(page.url());
    expect(Number(u.searchParams.get('lat'))).toBeCloseTo(-33.325, 2); // the dataset's point for Gosford 2250
    expect(Number(u.searchParams.get('lng'))).toBeCloseTo(151.189, 2);
    expect(u.searchParams.get('userLocation')).toBe('Gosford NSW 2250');

    // A larger distance reaches Geelong's dealer and is kept in the URL.
    await search.getByLabel('Distance').selectOption('1000');
    await expect(results(page).filter({ hasText: 'Ridgeline Mazda' }).first()).toBeVisible();
    expect(new URL(page.url()).searchParams.get('distance')).toBe('1000');
  });

  test('"Use my location" lists the nearest dealerships', async ({ browser }) => {
    const context = await browser.newContext({
      geolocation: { latitude: -38.15, longitude: 144.36 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    try {
      const search = await openSearch(page, '/contact');
      await search.getByRole('button', { name: 'Use my location' }).click();
      await expect(results(page).first()).toContainText('Ridgeline Mazda');
      await expect(results(page).first().locator('.location-distance')).toHaveText(/^\d(\.\d)? km$/);
      await expect(search.getByRole('status').last()).toContainText('within 50 km of your location');
      await expect(results(page).filter({ hasText: 'Coastal' })).toHaveCount(0);
      expect(Number(new URL(page.url()).searchParams.get('lat'))).toBeCloseTo(-38.15, 2);
    } finally {
      await context.close();
    }
  });

  test('?lat=&lng= on load searches from that point', async ({ page }) => {
    await openSearch(page, '/contact?lat=-43.54&lng=172.64');
    await expect(results(page).first()).toContainText('Tasman Mitsubishi Sydenham');
    await expect(results(page)).toHaveCount(2);
    await expect(results(page).nth(1)).toContainText('Tasman Service Centre Hornby');
  });

  test('?locationId= on load selects that location and lists the ones near it', async ({ page }) => {
    await openSearch(page, '/contact?locationId=21');
    const first = results(page).first();
    await expect(first).toContainText('Ridgeline Mazda');
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(first.locator('.location-distance')).toHaveText('0 km');
    await expect(page.locator('.location-results [aria-current="true"]')).toHaveCount(1);
  });

  test('a failing locations call logs "Failed to fetch locations" and shows no results', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await page.route('**/api/manufacturer-locations**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"down"}}' }),
    );
    const search = await openSearch(page, '/contact?lat=-33.4245&lng=151.3416');
    await expect.poll(() => errors.some((e) => e.includes('Failed to fetch locations'))).toBe(true);
    await expect(search.getByRole('status').last()).toContainText('could not load');
    await expect(results(page)).toHaveCount(0);
  });
});
