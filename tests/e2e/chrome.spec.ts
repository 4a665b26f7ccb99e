/**
 * The site chrome and design system in Chromium, on the built samples: the header keeps one row at
 * desktop widths and stays stuck (with its call link) on a phone, the footer shows the legal
 * details, social profiles and opening hours, a multi-step form's bar is not empty on step 1, and
 * a dealer's self-hosted theme font is declared and used while other dealers load no font.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { builtSlugs, e2eEnv, htmlFiles, localOrigin, pathOfFile } from './setup/support.ts';

const env = e2eEnv();
const slugs = env ? builtSlugs(env.sitesDir) : [];
const url = (slug: string, p = '/') => localOrigin(slug, env!.port) + p;

test.beforeEach(async ({ context }) => {
  // Only the local server is under test.
  await context.route(
    (u) => !u.hostname.endsWith('.localhost'),
    (route) => route.abort('blockedbyclient'),
  );
});

/** Tops of the header row's visible items, and whether the navigation's links share one line. */
async function headerRow(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector<HTMLElement>('.header-row')!;
    const visible = [...row.children].filter((el) => (el as HTMLElement).offsetParent !== null) as HTMLElement[];
    const boxes = visible.map((el) => el.getBoundingClientRect());
    const links = [...row.querySelectorAll<HTMLElement>('.nav-wide li')]
      .filter((li) => li.offsetParent !== null)
      .map((li) => li.getBoundingClientRect().top);
    const rowBox = row.getBoundingClientRect();
    return {
      rowHeight: rowBox.height,
      // Every item lies within one band: none sits below another.
      oneBand: boxes.every((a) => boxes.every((b) => a.top < b.bottom && b.top < a.bottom)),
      navLines: new Set(links.map((t) => Math.round(t))).size,
      overflow: row.scrollWidth > row.clientWidth + 1 || document.documentElement.scrollWidth > window.innerWidth + 1,
    };
  });
}

test.describe('header', () => {
  for (const width of [1024, 1366]) {
    test(`keeps one row at ${width}px on every sample`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const slug of slugs) {
        await page.goto(url(slug));
        const row = await headerRow(page);
        expect(row.oneBand, `${slug}: header items on one row`).toBe(true);
        expect(row.navLines, `${slug}: navigation on one line`).toBeLessThanOrEqual(1);
        expect(row.overflow, `${slug}: nothing overflows the row`).toBe(false);
        expect(row.rowHeight, `${slug}: row height`).toBeLessThan(100);
        // Either the full navigation or the menu button, never both and never neither.
        const wide = await page.getByRole('navigation', { name: 'Main', exact: true }).isVisible();
        const menu = await page.locator('.nav-menu > summary').isVisible();
        expect(wide !== menu, `${slug}: one navigation`).toBe(true);
      }
    });
  }

  test('shows the full navigation at 1366px for the seven-link sample and the menu at 1024px', async ({ page }) => {
    test.skip(!slugs.includes('coastal-motor-group'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(url('coastal-motor-group'));
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    await expect(page.locator('.nav-menu > summary')).toBeVisible();
  });

  test('fits a long dealer name shown in place of a logo in two lines, on a phone and at 1366px', async ({ page }) => {
    // The header of a dealer without a logo, as Header.astro writes it, with a name the samples do not have.
    const name = 'Ōtāhuhu Toyota & Lexus Commercial Vehicle Centre of South Auckland';
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url(slugs[0]!));
      await page.evaluate((text) => {
        const brand = document.querySelector('.header-row .brand')!;
        brand.classList.add('brand-text');
        brand.replaceChildren(
          Object.assign(document.createElement('span'), { className: 'brand-name', textContent: text }),
        );
      }, name);
      const row = await headerRow(page);
      expect(row.overflow, `${width}px: nothing overflows the row or the page`).toBe(false);
      expect(row.oneBand, `${width}px: header items on one row`).toBe(true);
      const box = await page.locator('.brand-name').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { width: r.width, lines: Math.round(r.height / parseFloat(getComputedStyle(el).lineHeight)) };
      });
      expect(box.lines, `${width}px: the name in at most two lines`).toBeLessThanOrEqual(2);
      expect(box.width, `${width}px: no wider than lib/navigation.ts allows for`).toBeLessThanOrEqual(260);
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
  });

  test('stays at the top with its call link after scrolling on a phone, and opens the menu panel', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const slug of slugs) {
      await page.goto(url(slug));
      const fullHeight = await page.locator('.header-row').evaluate((el) => el.getBoundingClientRect().height);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await page.waitForFunction(() => window.scrollY > 300);
      const top = await page.locator('.header-row').evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(top), `${slug}: header row at the top of the viewport`).toBeLessThan(2);
      // Compact once scrolled: the row is shorter than at the top of the page.
      await expect
        .poll(() => page.locator('.header-row').evaluate((el) => el.getBoundingClientRect().height), {
          message: `${slug}: compact header`,
        })
        .toBeLessThan(fullHeight - 4);
      const call = page.getByRole('link', { name: /^Call .+ on / }).first();
      await expect(call).toBeInViewport();
      const box = (await call.boundingBox())!;
      expect(box.width, `${slug}: call target`).toBeGreaterThanOrEqual(44);
      expect(box.height, `${slug}: call target`).toBeGreaterThanOrEqual(44);
      expect(await call.getAttribute('href')).toMatch(/^tel:/);

      await page.locator('.nav-menu > summary').click();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link').first()).toBeInViewport();
    }
  });
});

test.describe('footer', () => {
  test('shows ABN and licence, social profiles by name, and each location with its hours in columns', async ({
    page,
  }) => {
    test.skip(!slugs.includes('coastal-motor-group'));
    const site = JSON.parse(readFileSync(path.join(env!.dealersDir, 'coastal-motor-group', 'site.json'), 'utf8'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(url('coastal-motor-group'));
    const footer = page.getByRole('contentinfo');
    if (site.legal?.abn) await expect(footer).toContainText(`ABN ${site.legal.abn}`);
    if (site.legal?.dealerLicence) await expect(footer).toContainText(`Dealer licence ${site.legal.dealerLicence}`);
    for (const network of Object.keys(site.social ?? {})) {
      const link = footer
        .getByRole('link', { name: new RegExp(`^${site.name} on `, 'i') })
        .and(footer.locator(`[data-network="${network}"]`));
      await expect(link).toBeVisible();
      expect(await link.getAttribute('href')).toBe(site.social[network]);
    }
    await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
    const locations = footer.locator('.footer-location');
    expect(await locations.count()).toBeGreaterThan(3);
    await expect(locations.first()).toContainText(/Opening hours/i);
    await expect(locations.first()).toContainText(/\d(:\d\d)?(am|pm) – \d/);
    // Columns: several locations share the first row.
    const tops = await locations.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops.filter((t) => t === tops[0]).length).toBeGreaterThanOrEqual(3);
  });
});

test.describe('forms', () => {
  test('a multi-step form shows a bar that is not empty on step 1', async ({ page }) => {
    let found: { slug: string; path: string } | undefined;
    for (const slug of slugs) {
      const dir = path.join(env!.sitesDir, slug);
      const rel = htmlFiles(dir).find((f) =>
        readFileSync(path.join(dir, f), 'utf8').includes('class="form-progress-bar"'),
      );
      if (rel) {
        found = { slug, path: pathOfFile(rel) };
        break;
      }
    }
    test.skip(!found, 'no sample has a multi-step form with a progress bar');
    await page.goto(url(found!.slug, found!.path));
    const island = page
      .locator('.form-island')
      .filter({ has: page.locator('.form-progress-bar') })
      .first();
    await island.scrollIntoViewIfNeeded();
    await expect(island.getByText(/^Step 1 of \d+$/)).toBeVisible();
    const bar = island.locator('.form-progress-bar');
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
    // The filled part is actually drawn: its width is more than nothing.
    const filled = await bar.evaluate((el) => {
      const p = el as HTMLProgressElement;
      return p.position * p.getBoundingClientRect().width;
    });
    expect(filled).toBeGreaterThan(10);
  });
});

test.describe('theme fonts', () => {
  const declared = (p: Page, family: string) =>
    p.evaluate(
      (f) => [...document.fonts].filter((face) => face.family.replace(/['"]/g, '') === f).map((face) => face.weight),
      family,
    );

  test('a dealer whose font we host declares its faces, preloads it and renders with it', async ({ page }) => {
    const fontOf = (slug: string) => {
      const site = JSON.parse(readFileSync(path.join(env!.dealersDir, slug, 'site.json'), 'utf8'));
      return String(site.theme?.fontFamily ?? '')
        .split(',')[0]!
        .trim()
        .replace(/^['"]|['"]$/g, '');
    };
    const hosted = slugs.filter((s) => ['Inter', 'Source Sans 3'].includes(fontOf(s)));
    test.skip(hosted.length === 0);
    for (const slug of hosted) {
      const family = fontOf(slug);
      const woff2: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.woff2') && r.ok()) woff2.push(r.url());
      });
      await page.goto(url(slug));
      expect(await declared(page, family)).toEqual(expect.arrayContaining(['400', '600', '700']));
      expect(await declared(page, `${family} Fallback`)).not.toHaveLength(0);
      await expect(page.locator('link[rel="preload"][as="font"][type="font/woff2"][crossorigin]')).toHaveCount(3);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(family);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate((f) => document.fonts.check(`16px "${f}"`), family), `${slug}: ${family} loaded`).toBe(
        true,
      );
      const loaded = await page.evaluate(
        (f) => [...document.fonts].some((face) => face.family.replace(/['"]/g, '') === f && face.status === 'loaded'),
        family,
      );
      expect(loaded, `${slug}: a ${family} face was used by the page`).toBe(true);
      expect(woff2.length).toBeGreaterThan(0);
      page.removeAllListeners('response');
    }
  });

  test('a dealer whose font is not hosted loads no font file', async ({ page }) => {
    const other = slugs.find((s) => {
      const site = JSON.parse(readFileSync(path.join(env!.dealersDir, s, 'site.json'), 'utf8'));
      return !/^\s*['"]?(Inter|Source Sans 3)['"]?\s*(,|$)/i.test(String(site.theme?.fontFamily ?? ''));
    });
    test.skip(!other);
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fonts.push(r.url());
    });
    await page.goto(url(other!), { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([]);
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    expect(await page.evaluate(() => [...document.fonts].length)).toBe(0);
  });
});
