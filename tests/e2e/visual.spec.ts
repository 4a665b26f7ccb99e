/**
 * Visual comparisons: full-page screenshots of the main templates compared with baselines kept in
 * tests/e2e/__screenshots__ (playwright.config.ts `snapshotPathTemplate`), at 390 and 1366 px, in
 * Debian's Chromium with reduced motion, web fonts loaded, animations stopped and every lazy image
 * loaded. One sample dealer (coastal-motor-group) is shown in full: home, used cars, a car, a
 * model, offers, team, contact, service booking and each thank-you variant; the other dealers by
 * their home page. The consent banner, which every other shot is spared (tests/e2e/setup/
 * consent-state.ts), is shown on the full dealer's home page as a first visitor sees it: the
 * screen, not the full page, as it is fixed to the screen's bottom edge.
 *
 * Baselines are made on purpose, never by a test run that happens to find none:
 *   npx playwright test tests/e2e/visual.spec.ts --update-snapshots
 * then look at every image it wrote before keeping it. Without the baseline folder the spec skips
 * and says so. VISUAL_SNAPSHOTS_DIR puts the baselines elsewhere (a throwaway folder, say).
 */
import { existsSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { loadDealers } from '../../src/content/load.ts';
import { settleForShot, shotPages, type ShotPage } from '../../scripts/shots/shot-pages.ts';
import { SUBMISSION_KEY } from '../../src/stores/submission.ts';
import { builtSlugs, e2eEnv, localOrigin, visualSnapshotsDir } from './setup/support.ts';
import { EMPTY_STORAGE } from './setup/consent-state.ts';

/** The dealer shown in full. */
const FULL = 'coastal-motor-group';
const WIDTHS = [390, 1366] as const;
/** A full-page screenshot may differ in this share of its pixels (anti-aliasing) and still match. */
const MAX_DIFF_PIXEL_RATIO = 0.002;

/** The templates of the dealer shown in full, by shot name (scripts/shots/shot-pages.ts); thank-you variants are added. */
const TEMPLATES: { name: string; pick: (p: ShotPage) => boolean }[] = [
  { name: 'home', pick: (p) => p.name === 'home' },
  { name: 'used-cars', pick: (p) => p.name === 'page-used-cars' },
  { name: 'car', pick: (p) => p.name === 'car' },
  { name: 'model', pick: (p) => p.name === 'model' },
  { name: 'offers', pick: (p) => p.name === 'page-special-offers' },
  { name: 'team', pick: (p) => p.name === 'page-our-team' },
  { name: 'contact', pick: (p) => p.name === 'page-contact' },
  { name: 'service-booking', pick: (p) => p.name === 'page-pages-book-a-service' },
];

const env = e2eEnv();
const baselines = visualSnapshotsDir();

/** The pages to compare: [dealer, shot name, page]. */
async function plannedShots(): Promise<[string, string, ShotPage][]> {
  if (!env) return [];
  const { dealers } = await loadDealers(env.dealersDir);
  const out: [string, string, ShotPage][] = [];
  for (const slug of builtSlugs(env.sitesDir)) {
    const dealer = dealers.find((d) => d.slug === slug);
    if (!dealer) continue;
    const pages = shotPages(dealer);
    if (slug !== FULL) {
      const home = pages.find((p) => p.name === 'home');
      if (home) out.push([slug, 'home', home]);
      continue;
    }
    for (const t of TEMPLATES) {
      const page = pages.find(t.pick);
      if (page) out.push([slug, t.name, page]);
      else out.push([slug, t.name, { name: t.name, path: '' }]);
    }
    for (const page of pages.filter((p) => p.name.startsWith('thank-you-'))) out.push([slug, page.name, page]);
  }
  return out;
}

const shots = await plannedShots();

/** Opens the page as a visitor would and waits until nothing on it will still change by itself. */
async function settle(page: Page, url: string, shot: ShotPage): Promise<void> {
  if (shot.submission) {
    await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      SUBMISSION_KEY,
      JSON.stringify(shot.submission),
    ] as const);
  }
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  expect(response?.status(), url).toBe(200);
  await settleForShot(page);
}

test.describe('visual comparisons', () => {
  test.use({ reducedMotion: 'reduce', deviceScaleFactor: 1 });
  // Skips the whole set, saying why, until baselines are made on purpose (see the top of this file).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; the hook uses none.
  test.beforeEach(({}, testInfo) => {
    const updating = testInfo.config.updateSnapshots === 'all' || testInfo.config.updateSnapshots === 'changed';
    test.skip(
      !updating && !existsSync(baselines),
      `No visual baselines in ${baselines}: make them on purpose with \`npx playwright test tests/e2e/visual.spec.ts --update-snapshots\` and review them.`,
    );
  });

  if (!env) {
    test('the global setup has built the sample dealers', () => {
      throw new Error(
        'Run the end-to-end tests with `npx playwright test`, whose global setup builds and serves the sites.',
      );
    });
  }

  test.describe('the consent banner on a first visit', () => {
    test.use({ storageState: EMPTY_STORAGE });
    for (const width of WIDTHS) {
      test(`${FULL} home with the consent banner at ${width} px looks as its baseline`, async ({ page }) => {
        await page.context().route(
          (url) => !url.hostname.endsWith('.localhost'),
          (route) => route.abort('blockedbyclient'),
        );
        await page.setViewportSize({ width, height: 900 });
        await settle(page, `${localOrigin(FULL, env!.port)}/`, { name: 'home', path: '/' });
        await expect(page.locator('.consent')).toBeVisible();
        await expect(page).toHaveScreenshot([FULL, `home-consent-${width}.png`], {
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
          maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
          timeout: 30_000,
        });
      });
    }
  });

  for (const [slug, name, shot] of shots) {
    for (const width of WIDTHS) {
      test(`${slug} ${name} at ${width} px looks as its baseline`, async ({ page }) => {
        expect(shot.path, `${slug} has no ${name} page`).not.toBe('');
        await page.context().route(
          (url) => !url.hostname.endsWith('.localhost'),
          (route) => route.abort('blockedbyclient'),
        );
        await page.setViewportSize({ width, height: 900 });
        await settle(page, `${localOrigin(slug, env!.port)}${shot.path}`, shot);
        await expect(page).toHaveScreenshot([slug, `${name}-${width}.png`], {
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
          maxDiffPixelRatio: MAX_DIFF_PIXEL_RATIO,
          timeout: 30_000,
        });
      });
    }
  }
});
