/**
 * The editorial workflow (npm run cms -- --workflow): Decap CMS through decap-server in git mode
 * on a git copy of a sample dealer. A save is a `cms/…` branch and leaves main alone; a preview
 * build of that branch is what the dealer reviews (every page noindex, the change on it); publishing
 * in the CMS merges it into main and the branch goes.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startCmsServer, type CmsServer } from '../../../src/engine/cms/cms-server.ts';
import { buildInChild } from '../../helpers/build-child.ts';

const SLUG = 'tasman-motors';
const OLD_PHONE = '03 366 4100';
const NEW_PHONE = '03 366 4177';
const BRANCH = `cms/${SLUG}_site/site`;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let root: string;
let cms: CmsServer;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const phoneOn = (ref: string) =>
  (JSON.parse(git('show', `${ref}:dealers/${SLUG}/site.json`)) as { contact: { phone: string } }).contact.phone;

test.beforeAll(async () => {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache/test-builds/cms-workflow-'));
  await cp(path.resolve('dealers', SLUG), path.join(root, 'dealers', SLUG), { recursive: true });
  await mkdir(path.join(root, 'public'), { recursive: true });
  await writeFile(path.join(root, '.gitignore'), 'preview/\n');
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Editor');
  git('config', 'user.email', 'editor@example.com');
  git('add', '-A');
  git('commit', '-qm', 'Dealer as published');
  cms = await startCmsServer({
    repoDir: root,
    dealersDir: 'dealers',
    dealers: [{ slug: SLUG, name: 'Tasman Motors' }],
    port: 0,
    proxyPort: 0,
    mode: 'git',
    projectRoot: process.cwd(),
  });
});

test.afterAll(async () => {
  await cms?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

test('a save is a branch, its preview build shows the change, and publishing merges it', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${cms.adminUrl}#/collections/${SLUG}_site/entries/site`);
  await page.getByRole('button', { name: 'Login' }).click();
  const phone = page.getByLabel('Phone (optional)').first();
  await expect(phone).toHaveValue(OLD_PHONE);
  await phone.fill(NEW_PHONE);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /^Status: Draft/ })).toBeVisible({ timeout: 30_000 });

  // The change waits on its own branch; main is as published.
  expect(git('branch', '--list', BRANCH).trim()).toContain(BRANCH);
  expect(phoneOn(BRANCH)).toBe(NEW_PHONE);
  expect(phoneOn('main')).toBe(OLD_PHONE);
  expect(git('diff', '--numstat', 'main', BRANCH).trim().split('\t').slice(0, 2)).toEqual(['1', '1']);

  // The dealer reviews a preview build of the branch.
  const tree = path.join(root, 'preview', 'tree');
  git('worktree', 'add', '-q', tree, BRANCH);
  const outDir = path.join(root, 'preview', 'sites');
  const result = await buildInChild({ dealersDir: path.join(tree, 'dealers'), outDir, preview: true, workers: 1 });
  if ('thrown' in result || result.errors.length) throw new Error(`the preview build failed:\n${result.output}`);
  const contact = await readFile(path.join(outDir, SLUG, 'contact/index.html'), 'utf8');
  expect(contact).toContain(NEW_PHONE);
  expect(contact).toMatch(/<meta name="robots" content="noindex/);
  git('worktree', 'remove', '--force', tree);

  // Publishing in the CMS merges the branch.
  await page.getByRole('button', { name: /^Status:/ }).click();
  await page.getByRole('menuitem', { name: 'Ready' }).click();
  await expect(page.getByRole('button', { name: /^Status: Ready/ })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).first().click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(async () => expect(phoneOn('main')).toBe(NEW_PHONE)).toPass({ timeout: 30_000 });
  expect(git('branch', '--list', BRANCH).trim()).toBe('');
});
