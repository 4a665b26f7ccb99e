/**
 * Every form of every sample dealer, filled in and sent in Chromium against the real API (see
 * api-setup.ts): the visitor reaches the thank-you page (or the finance provider's page), and the
 * dealer has exactly one lead for the visitor, Complete, with one outbox row to deliver.
 */
import { expect, test } from '@playwright/test';
import { builtSlugs, e2eEnv, localOrigin, readSiteJson } from './setup/support.ts';
import { completeForm, formPagesOf, leadsOf, newVisitor, outboxOf } from './setup/form-driver.ts';

const env = e2eEnv();

function countryOf(slug: string): 'AU' | 'NZ' {
  return readSiteJson(env!.dealersDir, slug).country;
}

if (env) {
  for (const slug of builtSlugs(env.sitesDir)) {
    const origin = localOrigin(slug, env.port);
    const country = countryOf(slug);
    // Forms of a form type; a formBuilder's steps come from its content and are not walked here.
    for (const form of formPagesOf(env.sitesDir, slug).filter((f) => f.formType)) {
      // The simple service booking may leave for another dealer's site: forms-flows.spec.ts.
      if (form.formType === 'simpleServiceBooking') continue;
      test(`${slug} ${form.path}: a visitor completes the ${form.formType} form and the dealer gets one complete lead`, async ({
        page,
      }) => {
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
