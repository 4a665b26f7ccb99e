/**
 * The hideButton custom rule ({ type: "hideButton", button: back | next | both }): a hidden Next
 * is not drawn (it stays reachable from the keyboard, to confirm a choice), and the step moves on
 * when the visitor picks an option or a slot. A step that hides Next with nothing to pick keeps
 * Next, and the build warns about it, naming the dealer, page and step.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadDealers } from '../../../src/content/load.ts';
import { formatIssue } from '../../../src/content/issues.ts';
import { movesOnByPick, pickFields, shownButtons } from '../../../src/forms/rules.ts';
import { renderBlocks } from '../../helpers/block-html.ts';
import { fixtureDealer } from '../../helpers/render.ts';
import { formSectionCss, islandBrowser, islandProps } from '../../helpers/island-browser.ts';
import { form, step } from './forms-context.ts';

const data = {
  type: 'multi',
  heading: 'Quick question',
  formSteps: [
    { key: 'pick', heading: 'What brings you in?', customRules: [{ type: 'hideButton', button: 'both' }] },
    { key: 'typed', heading: 'Your name', customRules: [{ type: 'hideButton', button: 'next' }] },
    { key: 'last', heading: 'Thanks' },
  ],
  fields: [
    {
      name: 'reason',
      type: 'radioCard',
      label: 'I would like to…',
      required: true,
      stepKey: 'pick',
      options: ['Buy', 'Sell', 'Service'],
    },
    { name: 'name', type: 'fullName', required: true, stepKey: 'typed' },
    { name: 'notes', type: 'message', stepKey: 'last' },
  ],
};
const def = form(data);

describe('which buttons a step shows', () => {
  it('hides Next where picking an option moves the step on, and Back as the rule says', () => {
    expect(pickFields(step(def, 'pick'))).toEqual(['reason']);
    expect(movesOnByPick(step(def, 'pick'), {})).toBe(true);
    expect(shownButtons(step(def, 'pick'), {})).toEqual({ back: false, next: false });
  });

  it('keeps Next on a step with nothing to pick, rather than strand the visitor', () => {
    expect(movesOnByPick(step(def, 'typed'), {})).toBe(false);
    expect(shownButtons(step(def, 'typed'), {})).toEqual({ back: true, next: true });
    expect(shownButtons(step(def, 'last'), {})).toEqual({ back: true, next: true });
  });
});

describe('the build', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  async function load(blockData: unknown, type = 'formBuilder') {
    const dir = await mkdtemp(path.join(tmpdir(), 'hide-button-'));
    dirs.push(dir);
    const files: Record<string, unknown> = {
      'acme/site.json': { id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acmecars.com.au', country: 'AU' },
      'acme/pages/ask.json': {
        id: 2,
        path: '/ask',
        title: 'Ask',
        publishedAt: '2025-01-01',
        blocks: [{ id: 'f1', type, data: blockData }],
      },
    };
    for (const [rel, value] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), JSON.stringify(value));
    }
    return loadDealers(dir);
  }

  it('warns about a step that hides Next with nothing to pick, naming the dealer, file, path, page and step', async () => {
    const r = await load(data);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map(formatIssue)).toEqual([
      'acme: pages/ask.json at blocks[0].data.formSteps[1].customRules[0]: step "typed" on page /ask hides its Next button but has nothing a visitor picks to move on (no radio or radioCard field, no custom step); Next stays visible',
    ]);
    const asForm = await load(data, 'form');
    expect(asForm.warnings.map((w) => w.path)).toEqual(['blocks[0].data.formSteps[1].customRules[0]']);
  });

  it('does not warn about a step with an option or a slot to pick, nor about the sample dealers', async () => {
    const fine = await load({
      ...data,
      formSteps: data.formSteps.map((s) =>
        s.key === 'typed' ? { ...s, isCustom: true, customStepKey: 'testDriveSlots' } : s,
      ),
    });
    expect(fine.warnings).toEqual([]);
    const samples = await loadDealers('dealers');
    expect(samples.errors).toEqual([]);
    expect(samples.warnings.filter((w) => /hides its Next/.test(w.message))).toEqual([]);
  });
});

describe('the sample /enquiry-assistant before its island runs', () => {
  it('opens on a step without Next or Back drawn: choosing what the visitor would like moves on', async () => {
    const dealer = await fixtureDealer('coastal-motor-group', 'dealers');
    const page = dealer.pages.find((p) => p.path === '/enquiry-assistant')!;
    const html = await renderBlocks(page.blocks, { dealer, path: page.path, publishedAt: page.publishedAt });
    expect(html).toContain('>How can we help?</h3>');
    expect(html).toMatch(
      /<button type="submit" class="btn btn-primary form-next visually-hidden-focusable"[^>]*>Next<\/button>/,
    );
    expect(html).not.toContain('>Back</button>');
  });
});

describe('a step that hides Next, in Chromium', () => {
  let islands: Awaited<ReturnType<typeof islandBrowser>>;
  beforeAll(async () => {
    islands = await islandBrowser();
  });
  afterAll(() => islands.close());

  const css = formSectionCss();
  const drawn = (page: Page, selector: string) =>
    page.locator(selector).evaluate((b) => getComputedStyle(b).clip !== 'rect(0px, 0px, 0px, 0px)');
  const heading = (page: Page) => page.locator('.form-step-heading').textContent();

  it('shows no Next or Back, and moves on when an option is clicked', async () => {
    const { page } = await islands.open(islandProps(def), { css });
    expect(await drawn(page, 'button[type="submit"]')).toBe(false);
    expect(await page.locator('button:has-text("Back")').count()).toBe(0);
    await page.click('label:has-text("Sell")');
    await page.locator('.form-step-heading', { hasText: 'Your name' }).waitFor();
    // A step with nothing to pick keeps its Next, whatever its rule says.
    expect(await drawn(page, 'button[type="submit"]')).toBe(true);
    await page.close();
  });

  it('lets a keyboard user move through the options without leaving, then choose with Enter', async () => {
    const { page } = await islands.open(islandProps(def), { css });
    await page.locator('input[name="reason"]').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('input[name="reason"]:checked').inputValue()).toBe('Service');
    expect(await heading(page)).toBe('What brings you in?');
    await page.keyboard.press('Enter');
    await page.locator('.form-step-heading', { hasText: 'Your name' }).waitFor();
    await page.close();
  });

  it('keeps the hidden Next in the tab order: focused, it is drawn and confirms the choice', async () => {
    const { page } = await islands.open(islandProps(def), { css });
    await page.locator('input[name="reason"]').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next');
    expect(await drawn(page, 'button[type="submit"]')).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.form-step-heading', { hasText: 'Your name' }).waitFor();
    await page.close();
  });
});
