/**
 * End-to-end tests in Debian's Chromium (CHROMIUM_PATH overrides it; `npx playwright install` is
 * not used). The global setup builds the sample dealers into a temporary folder and serves them
 * at http://<slug>.localhost:<port>/ with src/engine/serve/static-server.ts.
 * Visual baselines (tests/e2e/visual.spec.ts) are kept by name under tests/e2e/__screenshots__
 * (VISUAL_SNAPSHOTS_DIR overrides it), one file per dealer, page and width, without the platform
 * suffix: the suite runs in one browser, Debian's Chromium, on Linux.
 * Every browser context starts with a refused consent on each site (setup/consent-state.ts), so
 * the consent banner is out of the way of tests that are not about it.
 */
import { defineConfig } from '@playwright/test';
import { chromiumPath, visualSnapshotsDir } from './tests/e2e/setup/support.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/setup/global-setup.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  snapshotPathTemplate: `${visualSnapshotsDir()}/{arg}{ext}`,
  use: {
    browserName: 'chromium',
    // Written by the global setup: a refused consent on every site (tests/e2e/setup/consent-state.ts).
    storageState: process.env.E2E_STORAGE_STATE || undefined,
    trace: 'off',
    screenshot: 'off',
    launchOptions: {
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
});
