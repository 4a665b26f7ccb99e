/**
 * Any brand colour stays readable: copies of a sample dealer in hard theme colours (a yellow, a
 * light sand and a pale blue primary, and a red primary on a near-black secondary) are built in one
 * build into a temporary folder and served; axe's colour-contrast rule then finds nothing on any
 * page template (home, used cars, a car, a model, offers, team, locations, a form and the thank-you
 * page) at 390 and 1366 px. The build warns of every colour it drew text in a shade of.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mapLimit } from '../../src/lib/concurrency.ts';
import { startServer, type RunningServer } from '../../src/engine/serve/static-server.ts';
import { consentStorageState } from './setup/consent-state.ts';
import { LAPTOP, PHONE } from './setup/layout-probe.ts';
import { localOrigin } from './setup/support.ts';

/** The sample copied: an NZ dealer whose site has every template below. */
const SAMPLE = 'tasman-motors';
const BRANDS: Record<string, { primaryColor: string; secondaryColor: string }> = {
  'brand-yellow': { primaryColor: '#f5b400', secondaryColor: '#e8d9b5' },
  'brand-sand': { primaryColor: '#e8d9b5', secondaryColor: '#f5b400' },
  'brand-pale-blue': { primaryColor: '#a8d8f0', secondaryColor: '#ffffff' },
  'brand-red-dark': { primaryColor: '#d50000', secondaryColor: '#1b1d20' },
};
/** A path of each template in the sample's site; the car page is the first car built. */
const TEMPLATES: Record<string, string> = {
  home: '/',
  'used cars': '/used-cars',
  model: '/outlander',
  offers: '/special-offers',
  team: '/our-team',
  locations: '/contact',
  form: '/book-test-drive',
  'thank-you': '/thank-you',
};

const root = path.resolve('.');
let work: string;
let server: RunningServer;
let buildOutput = '';

/** `npm run build` of the copies into `work`, resolving with its output. */
function build(dealers: string): Promise<string> {
  const args = ['run', 'build', '--', '--dealers', dealers, '--out', path.join(work, 'sites')];
  args.push(
    '--api-out',
    path.join(work, 'api'),
    '--data',
    path.join(work, 'data'),
    '--only',
    Object.keys(BRANDS).join(','),
  );
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`The build failed (exit ${code}):\n${out}`)),
    );
  });
}

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = await mkdtemp(path.join(tmpdir(), 'brand-colours-'));
  const dealers = path.join(work, 'dealers');
  for (const [i, [slug, theme]] of Object.entries(BRANDS).entries()) {
    await cp(path.join(root, 'dealers', SAMPLE), path.join(dealers, slug), { recursive: true });
    const file = path.join(dealers, slug, 'site.json');
    const site = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown> & { theme?: object };
    // Its own id and domain, and none of the sample's accounts (the fleet checks would name the copies).
    const { analytics: _a, integrations: _i, ...rest } = site;
    const copy = {
      ...rest,
      id: 9100 + i,
      slug,
      url: `https://www.${slug}.example`,
      theme: { ...site.theme, ...theme },
    };
    await writeFile(file, JSON.stringify(copy, null, 2));
  }
  buildOutput = await build(dealers);
  server = await startServer({ sitesDir: path.join(work, 'sites'), dealersDir: dealers, port: 0 });
});

test.afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

test('the build warns of each theme colour it drew text in a shade of, naming the field and both contrasts', () => {
  const warned = (slug: string, field: string) =>
    new RegExp(
      `warning: ${slug}: site\\.json at theme\\.${field}: \\S+ is \\d\\.\\d:1 on .*; text in this colour uses #[0-9a-f]{6} \\(\\d\\.\\d:1\\)`,
    ).test(buildOutput);
  expect(warned('brand-yellow', 'primaryColor'), buildOutput).toBe(true);
  expect(warned('brand-sand', 'secondaryColor'), buildOutput).toBe(true);
  expect(warned('brand-pale-blue', 'primaryColor'), buildOutput).toBe(true);
  // Red reads on the light surfaces and the near-black secondary is no text colour to adjust.
  expect(warned('brand-red-dark', 'primaryColor') || warned('brand-red-dark', 'secondaryColor')).toBe(false);
});

/** A context on the copies' origins with the consent refused (as every other spec's), outside hosts blocked. */
async function brandPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    reducedMotion: 'reduce',
    storageState: consentStorageState(Object.keys(BRANDS), server.port),
  });
  await context.route(
    (url) => !url.hostname.endsWith('.localhost'),
    (route) => route.abort('blockedbyclient'),
  );
  return context.newPage();
}

/** The colour-contrast violations on the page as it is, one readable line per element. */
async function contrastProblems(page: Page, label: string): Promise<string[]> {
  // Legacy mode, as tests/e2e/pages.spec.ts: axe runs in the page itself.
  const axe = await new AxeBuilder({ page }).setLegacyMode(true).withRules(['color-contrast']).analyze();
  return axe.violations.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${n.target.join(' ')}: ${n.any[0]?.message ?? v.help}`),
  );
}

/** Every colour-contrast violation on one copy's templates, at both widths. */
async function dealerProblems(browser: Browser, slug: string): Promise<string[]> {
  const sites = path.join(work, 'sites', slug);
  const car = readdirSync(path.join(sites, 'cars'), { withFileTypes: true }).find((e) => e.isDirectory());
  if (!car) return [`${slug}: no car page was built`];
  const templates = { ...TEMPLATES, car: `/cars/${car.name}` };
  const page = await brandPage(browser);
  const problems: string[] = [];
  try {
    for (const [name, at] of Object.entries(templates)) {
      if (!existsSync(path.join(sites, at, 'index.html'))) {
        problems.push(`${slug}: no ${name} page at ${at} (has ${SAMPLE} changed?)`);
        continue;
      }
      await page.setViewportSize(PHONE);
      await page.goto(localOrigin(slug, server.port) + at, { waitUntil: 'load' });
      // Islands that hydrate on load or idle draw their parts before axe looks.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
      problems.push(...(await contrastProblems(page, `${slug} ${name} ${at} at ${PHONE.width}px`)));
      await page.setViewportSize(LAPTOP);
      problems.push(...(await contrastProblems(page, `${slug} ${name} ${at} at ${LAPTOP.width}px`)));
    }
  } finally {
    await page.context().close();
  }
  return problems;
}

test('no colour-contrast violation on any template of any copy at 390 and 1366 px', async ({ browser }) => {
  test.setTimeout(300_000);
  // Two copies at a time, one tab each: axe runs in each tab's own renderer, so both cores work.
  const found = await mapLimit(Object.keys(BRANDS), 2, (slug) => dealerProblems(browser, slug));
  const problems = found.flat();
  expect(problems, problems.join('\n')).toEqual([]);
});
