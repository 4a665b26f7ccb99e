/**
 * Every form of every sample dealer, filled in and sent in Chromium against the real API (see
 * api-setup.ts): the visitor reaches the thank-you page (or the finance provider's page), and the
 * dealer has exactly one lead for the visitor, Complete, with one outbox row to deliver.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { builtSlugs, e2eEnv, htmlFiles, localOrigin, pathOfFile } from './support.ts';
import { completeForm, leadsOf, newVisitor, outboxOf } from './form-driver.ts';

const env = e2eEnv();

interface FormPage {
  path: string;
  formType: string;
}

/** Pages of a built site that hold a form island, with the island's form type. */
function formPages(sitesDir: string, slug: string): FormPage[] {
  const dir = path.join(sitesDir, slug);
  const found: FormPage[] = [];
  let carPage = false;
  let modelPage = false;
  for (const rel of htmlFiles(dir)) {
    if (rel === '404.html') continue;
    const html = readFileSync(path.join(dir, rel), 'utf8');
    const m = /&quot;formType&quot;:\[0,&quot;([A-Za-z]+)&quot;\]/.exec(html);
    if (!m || !html.includes('class="form-body"')) continue;
    const page = pathOfFile(rel);
    // One stock car page and one data-built model page stand for all of theirs.
    if (page.startsWith('/cars/')) {
      if (carPage) continue;
      carPage = true;
    } else if (html.includes('&quot;id&quot;:[0,&quot;model-')) {
      if (modelPage) continue;
      modelPage = true;
    }
    found.push({ path: page, formType: m[1]! });
  }
  return found;
}

function countryOf(slug: string): 'AU' | 'NZ' {
  const site = JSON.parse(readFileSync(path.join(env!.dealersDir, slug, 'site.json'), 'utf8')) as { country: 'AU' | 'NZ' };
  return site.country;
}

if (env) {
  for (const slug of builtSlugs(env.sitesDir)) {
    const origin = localOrigin(slug, env.port);
    const country = countryOf(slug);
    for (const form of formPages(env.sitesDir, slug)) {
      // The simple service booking may leave for another dealer's site: forms-flows.spec.ts.
      if (form.formType === 'simpleServiceBooking') continue;
      test(`${slug} ${form.path}: a visitor completes the ${form.formType} form and the dealer gets one complete lead`, async ({ page }) => {
        const visitor = newVisitor(`${slug}${form.path}`, country);
        await page.goto(origin + form.path);
        await completeForm(page, visitor);
        if (form.formType === 'finance') {
          // The provider's quote page (the local stand-in) takes over.
          await expect(page).toHaveURL(/\/quote\//);
        } else {
          await expect(page).toHaveURL(new RegExp(`^${origin}/[^?]*\\?category=`));
          await expect(page.locator('h1')).toHaveText(/Thank|Thanks|Message sent|You're in the draw/);
        }
        await expect.poll(async () => (await leadsOf(slug, visitor)).length).toBe(1);
        const [lead] = await leadsOf(slug, visitor);
        expect(lead).toMatchObject({ lead_status: 'Complete', form_completed: true, spam: false });
        expect(lead!.PageTitle).toBeTruthy();
        expect(await outboxOf(lead!.lead_id)).toHaveLength(1);
      });
    }
  }
}
