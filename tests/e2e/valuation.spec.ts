/**
 * The valuation thank-you page (spec §2) in Chromium against the real API (api-setup.ts, whose
 * valuations come from the local depreciation model, dated E2E_VALUATION_DATE): a visitor values
 * their car with the sample dealers' sell-my-car forms and sees the estimated trade-in range, the
 * vehicle, the date and the disclaimer beside the similar car; the panel keeps its height while
 * the answer is on its way and when the service is down; offer_rejected shows the default page.
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { estimate, type ModelInput } from '../../src/features/valuation/server/valuation-model.ts';
import { asAtText, rangeText } from '../../src/features/valuation/rules/valuation.ts';
import { SUBMISSION_KEY } from '../../src/stores/submission.ts';
import { VALUATION_UNAVAILABLE } from '../../src/features/valuation/ui/ValuationWidget.tsx';
import { fillStep, formIn, newVisitor } from './setup/form-driver.ts';
import { E2E_VALUATION_DATE } from './setup/api-setup.ts';
import { e2eEnv, localOrigin } from './setup/support.ts';

const COASTAL = 'coastal-motor-group';
const TASMAN = 'tasman-motors';

function originOf(slug: string): string {
  const env = e2eEnv();
  if (!env) throw new Error('The global setup did not run: no E2E_* variables.');
  return localOrigin(slug, env.port);
}

const isLocal = (url: URL) =>
  url.hostname.endsWith('.localhost') || url.hostname === 'localhost' || url.hostname === '127.0.0.1';

/** What the local model answers on the e2e API's valuation day, as the widget writes it. */
function expected(input: ModelInput, country: 'AU' | 'NZ') {
  const asAt = E2E_VALUATION_DATE;
  const { answer } = estimate(input, { asAt, country });
  if (answer.status !== 'valued') throw new Error(`the model has no valuation for ${JSON.stringify(input)}`);
  return { range: rangeText(answer.tradeIn), asAt: `As at ${asAtText(asAt)}` };
}

/** Every call of the valuation route the page makes. */
function valuationCalls(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/valuation' && r.method() === 'POST') bodies.push(r.postData() ?? '');
  });
  return bodies;
}

/** Fills the form's steps, with the vehicle's own answers on the step that asks for them, and submits. */
async function valueMyCar(
  page: Page,
  url: string,
  vehicle: Record<string, string>,
  options: { condition?: string; country?: 'AU' | 'NZ' } = {},
): Promise<void> {
  await page.goto(url);
  const form = formIn(page);
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('data-ready', 'true');
  const visitor = newVisitor('valuation', options.country);
  const thanked = () => new URL(page.url()).pathname === '/thank-you';
  const stepHeading = async () => (await form.locator('.form-step-heading').allTextContents())[0] ?? '';
  for (let step = 0; step < 4 && !thanked(); step++) {
    const heading = await stepHeading();
    if (await form.locator('[name="make"]').isVisible()) {
      for (const [name, value] of Object.entries(vehicle)) await form.locator(`[name="${name}"]`).fill(value);
      if (options.condition) await form.locator('label', { hasText: new RegExp(`^${options.condition}$`) }).click();
    }
    await fillStep(form, visitor);
    await form.locator('.form-actions button[type="submit"]').click();
    // The next step shows, or the browser leaves for the thank-you page.
    await expect
      .poll(async () => thanked() || (await stepHeading().catch(() => heading)) !== heading, { timeout: 15_000 })
      .toBe(true);
  }
  await page.waitForURL(/\/thank-you\?/);
}

const widget = (page: Page): Locator => page.locator('.valuation-widget');

test.describe('the valuation thank-you page', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(
      (url) => !isLocal(url),
      (route) => route.abort('blockedbyclient'),
    );
  });

  test('a visitor who values their car sees the estimated trade-in range, the vehicle, the date and the disclaimer, and a similar car', async ({
    page,
  }) => {
    const calls = valuationCalls(page);
    await valueMyCar(
      page,
      `${originOf(COASTAL)}/sell-my-car`,
      { make: 'Toyota', model: 'Corolla', year: '2019', kms: '85,000', RegoOrVin: 'ABC 123' },
      { condition: 'Good' },
    );
    await expect(page).toHaveURL(`${originOf(COASTAL)}/thank-you?category=valuation-enquiry`);
    await expect(page.locator('.success-title')).toHaveText('Thanks for your valuation request');

    const want = expected({ make: 'Toyota', model: 'Corolla', year: 2019, km: 85_000, condition: 'good' }, 'AU');
    const panel = widget(page);
    await expect(panel.getByRole('heading', { name: 'Estimated trade-in value' })).toBeVisible();
    await expect(panel.locator('.valuation-range')).toHaveText(want.range);
    await expect(panel.locator('.valuation-vehicle')).toHaveText('2019 Toyota Corolla, 85,000 km, good condition');
    await expect(panel.locator('.valuation-meta')).toContainText(want.asAt);
    await expect(panel.locator('.valuation-meta')).toContainText('Source: Dealer estimate');
    // Coastal makes a conditional offer beside the range, so the disclaimer never says "not an offer".
    await expect(panel.locator('.valuation-disclaimer')).toHaveText(/range is an estimate only.*offer is conditional/);
    await expect(page.getByRole('heading', { name: 'You might also like' })).toBeVisible();
    // A stock car of the same make (the page's candidates hold no Corolla).
    await expect(page.locator('.success-car-name')).toContainText('Toyota');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!)).toEqual({
      make: 'Toyota',
      model: 'Corolla',
      year: 2019,
      km: 85_000,
      condition: 'good',
      rego: 'ABC123',
      // The form asks the state the car is registered in, the dealer's by default.
      state: 'NSW',
      site: COASTAL,
    });

    // A reload shows the same figures without asking again.
    await page.reload();
    await expect(widget(page).locator('.valuation-range')).toHaveText(want.range);
    expect(calls).toHaveLength(1);
  });

  test('a New Zealand trade-in is valued in NZ dollars', async ({ page }) => {
    await valueMyCar(
      page,
      `${originOf(TASMAN)}/sell-my-car`,
      { make: 'Mitsubishi', model: 'Triton', year: '2019', kms: '118000' },
      { country: 'NZ' },
    );
    await expect(page).toHaveURL(/\/thank-you\?category=trade-in-enquiry$/);
    const want = expected({ make: 'Mitsubishi', model: 'Triton', year: 2019, km: 118_000 }, 'NZ');
    await expect(widget(page).locator('.valuation-range')).toHaveText(want.range);
    await expect(widget(page).locator('.valuation-vehicle')).toHaveText('2019 Mitsubishi Triton, 118,000 km');
  });

  test.describe('with a kept submission', () => {
    const submission = {
      category: 'Valuation Enquiry',
      values: { make: 'Toyota', model: 'Corolla', year: '2019', kms: '85000', condition: 'Good' },
      submittedAt: new Date().toISOString(),
    };
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
        SUBMISSION_KEY,
        JSON.stringify(submission),
      ] as const);
    });

    test('offer_rejected shows the default thank-you page: no valuation is asked for', async ({ page }) => {
      const calls = valuationCalls(page);
      // The server HTML is the generic page whatever the query: wait for the island to read it.
      // Coastal's own message for a rejected valuation offer wins over the default title.
      const titles = {
        'valuation-enquiry': 'Thanks for considering our offer',
        'sell-my-car-enquiry': 'Thank you for your enquiry',
        'trade-in-enquiry': 'Thank you for your enquiry',
      };
      for (const [category, title] of Object.entries(titles)) {
        await page.goto(`${originOf(COASTAL)}/thank-you?category=${category}&offer_rejected=true`);
        await expect(page.locator('astro-island', { has: page.locator('.success') })).not.toHaveAttribute('ssr');
        await expect(page.locator('.success')).toHaveClass(/success-generic/);
        await expect(page.locator('.success-title')).toHaveText(title);
        await expect(widget(page)).toHaveCount(0);
      }
      await page.goto(`${originOf(COASTAL)}/thank-you?category=sell-my-car-enquiry`);
      await expect(widget(page).locator('.valuation-range')).toHaveText(/^\$[\d,]+ – \$[\d,]+$/);
      expect(calls).toHaveLength(1);
    });

    /** Holds the valuation call until `answer` is called, and measures the panel before and after. */
    async function heldThen(
      page: Page,
      answer: (route: Route) => Promise<void>,
    ): Promise<{ loading: number; answered: number }> {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/valuation', async (route) => {
        await held;
        await answer(route);
      });
      await page.goto(`${originOf(COASTAL)}/thank-you?category=valuation-enquiry`);
      await expect(widget(page)).toHaveClass(/valuation-loading/);
      await expect(widget(page).locator('.valuation-body')).toHaveAttribute('aria-busy', 'true');
      const loading = (await widget(page).boundingBox())!.height;
      release();
      await expect(widget(page)).not.toHaveClass(/valuation-loading/);
      return { loading, answered: (await widget(page).boundingBox())!.height };
    }

    for (const width of [390, 1366]) {
      test(`at ${width} px the panel keeps its height from loading to the range`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const { loading, answered } = await heldThen(page, (route) => route.continue());
        await expect(widget(page)).toHaveClass(/valuation-valued/);
        expect(answered).toBe(loading);
      });

      test(`at ${width} px a valuation service that is down: the team will be in touch, and nothing moves`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const { loading, answered } = await heldThen(page, (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            headers: { 'Retry-After': '30' },
            body: JSON.stringify({
              error: { status: 503, message: 'The valuation provider did not answer within 5 seconds.' },
            }),
          }),
        );
        await expect(widget(page).locator('.valuation-message')).toHaveText(VALUATION_UNAVAILABLE);
        await expect(widget(page).locator('.valuation-range:visible')).toHaveCount(0);
        expect(answered).toBe(loading);
      });
    }
  });
});
