/**
 * The CMS as an editor uses it: Decap CMS (npm run cms) on a git copy of a sample dealer, driven
 * in Chromium. The editor changes the phone number and the header menu, adds a heading block to
 * a page and moves it to the top, removes another block, adds a staff member with an uploaded
 * photo, and saves each. The dealer's files then change exactly there and still validate, and
 * the editor preview (npm run dev) and a rebuilt site both show the change.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startCmsServer, type CmsServer } from '../../../src/engine/cms/cms-server.ts';
import { loadDealers } from '../../../src/content/load.ts';
import { freePort } from '../../../src/lib/ports.ts';
import { buildInChild } from '../../helpers/build-child.ts';

const SLUG = 'tasman-motors';
const NEW_PHONE = '03 366 4199';
const HEADING = 'Built by Canterbury, for Canterbury';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let root: string;
let cms: CmsServer;
let preview: ChildProcess | undefined;
let previewOrigin: string;
let previewOutput = '';
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const dealerFile = (file: string) => path.join(root, 'dealers', SLUG, file);
const readJson = async (file: string) =>
  JSON.parse(await readFile(dealerFile(file), 'utf8')) as Record<string, unknown>;

test.beforeAll(async () => {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache/test-builds/cms-'));
  await cp(path.resolve('dealers', SLUG), dealerFile(''), { recursive: true });
  await mkdir(path.join(root, 'public'), { recursive: true });
  await writeFile(path.join(root, '.gitignore'), 'data/\nsites/\n');
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=Editor', '-c', 'user.email=editor@example.com', 'commit', '-qm', 'Dealer as published');
  const devPort = await freePort();
  previewOrigin = `http://${SLUG}.localhost:${devPort}`;
  preview = spawn(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      'scripts/dev.ts',
      '--dealers',
      path.join(root, 'dealers'),
      '--only',
      SLUG,
      '--port',
      String(devPort),
      '--data',
      path.join(root, 'data'),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  preview.stdout?.on('data', (chunk: Buffer) => (previewOutput += chunk.toString()));
  preview.stderr?.on('data', (chunk: Buffer) => (previewOutput += chunk.toString()));
  cms = await startCmsServer({
    repoDir: root,
    dealersDir: 'dealers',
    dealers: [{ slug: SLUG, name: 'Tasman Motors', previewUrl: previewOrigin }],
    port: 0,
    proxyPort: 0,
    mode: 'fs',
    projectRoot: process.cwd(),
  });
});

test.afterAll(async () => {
  preview?.kill('SIGINT');
  await cms?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Opens the admin page afresh at a collection or entry, logging in to the local proxy once. */
async function openEntry(page: Page, hash: string) {
  await page.goto('about:blank');
  await page.goto(`${cms.adminUrl}#/collections/${hash}`);
  const login = page.getByRole('button', { name: 'Login' });
  const app = page.getByRole('link', { name: /Writing in|Contents/ }).first();
  await expect(login.or(app)).toBeVisible({ timeout: 30_000 });
  if (await login.isVisible()) await login.click();
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).first().click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(page.getByText('Changes saved', { exact: false }).first()).toBeVisible({ timeout: 20_000 });
}

test('an editor edits the site, a menu, a page and the team in the CMS, and the preview and a rebuild show it', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // Contact details and the header menu, in the site's settings.
  await openEntry(page, `${SLUG}_site/entries/site`);
  await expect(page.getByLabel('Phone (optional)').first()).toHaveValue('03 366 4100');
  await page.getByLabel('Phone (optional)').first().fill(NEW_PHONE);
  const header = page.locator('[id^="header-field"]').first();
  await header.getByRole('button', { name: /^Add/ }).click();
  await header.getByLabel('Label').last().fill('Used cars');
  await header.getByLabel('Href').last().fill('/used-cars');
  await publish(page);

  // A page: a new heading block, moved to the top, and the old last block removed.
  const before = (await readJson('pages/about.json')).blocks as { type: string; id: string }[];
  await openEntry(page, `${SLUG}_pages`);
  await page.getByText('/about: About Tasman Motors').click();
  await expect(page.getByLabel('Path')).toHaveValue('/about');
  await page.getByRole('button', { name: 'Add blocks' }).first().click();
  await page.getByRole('menuitem', { name: 'Heading', exact: true }).click();
  await page.getByLabel('Text').last().fill(HEADING);
  await page.getByLabel('Level').last().fill('2');
  // Remove the block before it (the page's video; neither nests a list, so theirs are the last
  // two item bars), then drag the new block to the top by its handle.
  // Each item bar has a fold button and a remove button; fold the new block so that it drags
  // as a bar, as its neighbours are.
  const barButtons = page.locator('button[class*="TopBarButton"]');
  await barButtons.nth((await barButtons.count()) - 3).click();
  await barButtons.nth((await barButtons.count()) - 2).click();
  const handles = page.locator('span[class*="DragIconContainer"]');
  await dragTo(page, handles.last(), handles.first());
  await expect(page.getByText('3 blocks')).toBeVisible();
  await publish(page);

  // The team: a new staff member with a photo from the media library.
  await openEntry(page, `${SLUG}_lists/entries/team`);
  const staff = (JSON.parse(await readFile(dealerFile('team.json'), 'utf8')) as unknown[]).length;
  await expect(page.getByText(`${staff} team`)).toBeVisible();
  await page.getByRole('button', { name: /^Add team/ }).click();
  await page.getByLabel('Id', { exact: true }).last().fill('3299');
  await page.getByLabel('Slug', { exact: true }).last().fill('mere-tane');
  await page.getByLabel('Name', { exact: true }).last().fill('Mere Tane');
  await page.getByRole('button', { name: 'Choose an image' }).last().click();
  await page.locator('input[type="file"]').setInputFiles(path.resolve('public/favicon.svg'));
  // An upload is selected as it arrives.
  await expect(page.getByText('favicon.svg').first()).toBeVisible();
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await publish(page);
  expect(errors).toEqual([]);

  // The files changed exactly there, and the dealer still validates.
  const site = await readJson('site.json');
  expect((site.contact as { phone: string }).phone).toBe(NEW_PHONE);
  expect(site.navigation).toEqual({ header: [{ label: 'Used cars', href: '/used-cars' }] });
  const blocks = (await readJson('pages/about.json')).blocks as { type: string; id: string; data: unknown }[];
  expect(blocks.slice(1).map((b) => b.id)).toEqual(before.slice(0, -1).map((b) => b.id));
  expect(blocks[0]).toMatchObject({ type: 'heading', data: { text: HEADING, level: 2 } });
  expect(blocks[0]!.id).toMatch(/\S{8,}/);
  expect(before.at(-1)!.type).toBe('video');
  const team = JSON.parse(await readFile(dealerFile('team.json'), 'utf8')) as { slug: string; avatar_url?: string }[];
  expect(team.at(-1)).toMatchObject({ slug: 'mere-tane', name: 'Mere Tane', avatar_url: `/media/${SLUG}/favicon.svg` });
  expect(existsSync(path.join(root, 'public/media', SLUG, 'favicon.svg'))).toBe(true);
  const changed = git('status', '--porcelain', '-uall')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3))
    .sort();
  expect(changed).toEqual([
    `dealers/${SLUG}/pages/about.json`,
    `dealers/${SLUG}/site.json`,
    `dealers/${SLUG}/team.json`,
    `public/media/${SLUG}/favicon.svg`,
  ]);
  const siteDiff = git('diff', '--numstat', '--', `dealers/${SLUG}/site.json`).trim();
  expect(siteDiff.split('\t').slice(0, 2)).toEqual(['9', '1']);
  const loaded = await loadDealers(path.join(root, 'dealers'));
  expect(loaded.errors).toEqual([]);

  // The editor preview shows the saved change on reload.
  for (let waited = 0; !previewOutput.includes('Press Ctrl+C'); waited += 500) {
    if (preview!.exitCode !== null || waited > 120_000)
      throw new Error(`the editor preview did not start:\n${previewOutput}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  await expect(async () => {
    await page.goto(`${previewOrigin}/about`);
    await expect(page.getByRole('heading', { name: HEADING })).toBeVisible({ timeout: 1000 });
    expect(await page.content()).toContain(NEW_PHONE);
  }).toPass({ timeout: 60_000 });

  // So does a rebuilt site.
  const outDir = path.join(root, 'sites');
  const result = await buildInChild({ dealersDir: path.join(root, 'dealers'), outDir, workers: 1 });
  if ('thrown' in result || result.errors.length) throw new Error(`the build failed:\n${result.output}`);
  const about = await readFile(path.join(outDir, SLUG, 'about/index.html'), 'utf8');
  expect(about).toContain(HEADING);
  expect(about).toContain(NEW_PHONE);
  expect(about).toMatch(/<header[\s\S]*href="\/used-cars"[\s\S]*<\/header>/);
});

/** Drags with the mouse in small steps, as a pointer-driven sortable list needs. */
async function dragTo(page: Page, from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  const steps = 20;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + ((b.y - 20 - a.y) * i) / steps);
  }
  await page.mouse.up();
}
