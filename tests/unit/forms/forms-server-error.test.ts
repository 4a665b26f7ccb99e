/**
 * Spec §4: "A server error blocks advancing." The form island in Chromium (tests/helpers/
 * island-browser.ts) with a stand-in API whose partial save fails on a non-final step: the
 * visitor stays on the step, sees the error, keeps every value, and moves on once a retry is
 * saved. A 200 moves on at once, so each "stays" below is the island's doing, not the harness's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NETWORK_MESSAGE, UNAVAILABLE_MESSAGE } from '../../../src/forms/client.ts';
import { islandBrowser, islandProps, type Api } from '../../helpers/island-browser.ts';
import { form } from './forms-context.ts';

const def = form({
  type: 'multi',
  heading: 'Enquire',
  formSteps: [
    { key: 'contact', heading: 'Contact Details' },
    { key: 'message', heading: 'Your Message' },
  ],
  fields: [
    { name: 'name', type: 'fullName', required: true, stepKey: 'contact' },
    { name: 'phone', type: 'phone', required: true, stepKey: 'contact' },
    { name: 'email', type: 'email', required: true, stepKey: 'contact' },
    { name: 'message', type: 'message', stepKey: 'message' },
  ],
});

const LEAD = '5f0c3a52-0000-4000-8000-000000000001';
const saved: Api = () => ({ status: 200, body: { lead_id: LEAD, lead_status: 'Partial' } });

let islands: Awaited<ReturnType<typeof islandBrowser>>;
beforeAll(async () => {
  islands = await islandBrowser();
});
afterAll(() => islands.close());

async function fillContact(page: Page) {
  await page.fill('#form-b1-name', 'Ana Ruiz');
  await page.fill('#form-b1-phone', '0412 345 678');
  await page.fill('#form-b1-email', 'ana@example.com');
}

const heading = (page: Page) => page.locator('.form-step-heading').textContent();
const alertText = (page: Page) => page.locator('[role="alert"]').textContent();

describe('a partial save that fails on a non-final step', () => {
  it('moves on when the save succeeds (the harness sees a step change)', async () => {
    const { page, calls } = await islands.open(islandProps(def), { api: saved });
    await fillContact(page);
    await page.click('button[type="submit"]');
    await page.locator('.form-step-heading', { hasText: 'Your Message' }).waitFor();
    expect(calls.filter((c) => c.path === '/api/leads')).toHaveLength(1);
    await page.close();
  });

  for (const [what, api, message] of [
    ['a 503', () => ({ status: 503, body: { error: { status: 503, message: 'Database down' } } }), UNAVAILABLE_MESSAGE],
    [
      'a 500',
      () => ({ status: 500, body: { error: { status: 500, message: 'Internal error' } } }),
      UNAVAILABLE_MESSAGE,
    ],
    ['a dropped connection', () => 'drop', NETWORK_MESSAGE],
  ] as [string, Api, string][]) {
    it(`keeps the visitor on the step and shows the error after ${what}`, async () => {
      const { page, calls } = await islands.open(islandProps(def), { api });
      await fillContact(page);
      await page.click('button[type="submit"]');
      await page.locator('.form-alert', { hasText: message }).waitFor();
      // The save was tried (and retried once), and the step did not change.
      expect(calls.filter((c) => c.path === '/api/leads').length).toBeGreaterThanOrEqual(1);
      expect(await heading(page)).toBe('Contact Details');
      expect(await page.locator('#form-b1-message').count()).toBe(0);
      expect(await page.locator('.form-progress-text').textContent()).toBe('Step 1 of 2');
      expect(await alertText(page)).toContain(message);
      // Nothing the visitor typed is lost, and Next works again.
      expect(await page.inputValue('#form-b1-email')).toBe('ana@example.com');
      await page.locator('button[type="submit"]:not([aria-disabled])', { hasText: 'Next' }).waitFor();
      await page.close();
    });
  }

  it('moves on once a retry is saved, with the same values', async () => {
    let fail = true;
    const { page, calls } = await islands.open(islandProps(def), {
      api: (path, body) =>
        fail ? { status: 503, body: { error: { status: 503, message: 'down' } } } : saved(path, body),
    });
    await fillContact(page);
    await page.click('button[type="submit"]');
    await page.locator('.form-alert').waitFor();
    fail = false;
    await page.click('button[type="submit"]');
    await page.locator('.form-step-heading', { hasText: 'Your Message' }).waitFor();
    expect(await page.locator('.form-alert').count()).toBe(0);
    expect(calls.at(-1)!.body).toMatchObject({
      isLastStep: false,
      values: { name: 'Ana Ruiz', email: 'ana@example.com' },
    });
    await page.close();
  });
});
