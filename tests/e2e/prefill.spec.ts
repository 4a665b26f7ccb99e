/**
 * Form prefill from the page query (spec §2 routes; src/forms/island/values.ts applyQuery), in
 * Chromium on the built samples: once the form island has hydrated (form[data-ready]),
 * - /book-test-drive?make= holds the make in the Make field;
 * - /models/order-now?model_id=&model_name=&vehicle= holds them in the form's hidden fields, which
 *   the lead sends;
 * - a model's own order page keeps its model and takes only what it has no value for.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { builtSlugs, e2eEnv, localOrigin } from './setup/support.ts';

const env = e2eEnv();

function hasPage(slug: string, pagePath: string): boolean {
  return existsSync(path.join(env!.sitesDir, slug, pagePath.slice(1), 'index.html'));
}

async function openForm(page: Page, url: string) {
  await page.goto(url);
  const form = page.locator('form.form-body[data-ready]').first();
  await expect(form).toBeVisible();
  return form;
}

if (env) {
  for (const slug of builtSlugs(env.sitesDir)) {
    const origin = localOrigin(slug, env.port);

    if (hasPage(slug, '/book-test-drive')) {
      test(`${slug} /book-test-drive?make=: the Make field holds the make`, async ({ page }) => {
        const form = await openForm(page, `${origin}/book-test-drive?make=Mazda`);
        await expect(form.locator('input[name="make"]')).toHaveValue('Mazda');
      });

      test(`${slug} /book-test-drive without make: the Make field is empty`, async ({ page }) => {
        const form = await openForm(page, `${origin}/book-test-drive?utm_source=news`);
        await expect(form.locator('input[name="make"]')).toHaveValue('');
      });
    }

    if (hasPage(slug, '/models/order-now')) {
      test(`${slug} /models/order-now?model_id=&model_name=&vehicle=: the hidden fields hold them`, async ({
        page,
      }) => {
        const query = new URLSearchParams({ model_id: '3101', model_name: 'CX-5', vehicle: 'CX-5 G25 GT SP AWD' });
        const form = await openForm(page, `${origin}/models/order-now?${query}`);
        await expect(form.locator('input[type="hidden"][name="model_id"]')).toHaveValue('3101');
        await expect(form.locator('input[type="hidden"][name="model_name"]')).toHaveValue('CX-5');
        await expect(form.locator('input[type="hidden"][name="vehicle"]')).toHaveValue('CX-5 G25 GT SP AWD');
      });
    }
  }

  test("ridgeline-mazda /cx-60/order-now: the page's own model stays, the query adds the vehicle", async ({ page }) => {
    test.skip(
      !builtSlugs(env.sitesDir).includes('ridgeline-mazda') || !hasPage('ridgeline-mazda', '/cx-60/order-now'),
      'needs the sample dealer ridgeline-mazda',
    );
    const query = new URLSearchParams({ model_name: 'Some other model', vehicle: 'CX-60 G40e Azami' });
    const form = await openForm(page, `${localOrigin('ridgeline-mazda', env.port)}/cx-60/order-now?${query}`);
    await expect(form.locator('input[name="model_name"]')).toHaveValue('CX-60');
    await expect(form.locator('input[name="vehicle"]')).toHaveValue('CX-60 G40e Azami');
  });
}
