/**
 * The sample /enquiry-assistant of coastal-motor-group in Chromium against the real API: steps
 * that hide Next move on by a pick (a radio card, a time slot), the testDriveSlots step offers
 * only the days and times the chosen dealership is open (its sales `hours`), and the dealer gets
 * one complete lead with the dealership and the slot. Leads are read through the test-only lead
 * reader (form-driver.ts).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loadDealers } from '../../src/content/load.ts';
import { bookingHours, weekdayOf, type BookingHours } from '../../src/domain/booking-hours.ts';
import { clockText, offeredDays, offeredSlots } from '../../src/forms/custom-steps/test-drive-slots.ts';
import { e2eEnv, localOrigin } from './setup/support.ts';
import { formIn, leadsOf, newVisitor } from './setup/form-driver.ts';

const COASTAL = 'coastal-motor-group';
/** Coastal Mazda Erina, a sales location with machine-readable hours. */
const ERINA = '3';

function env() {
  const found = e2eEnv();
  if (!found) throw new Error('The global setup did not run: no E2E_* variables.');
  return found;
}

async function erinaHours(): Promise<BookingHours> {
  const { dealers, errors } = await loadDealers(env().dealersDir, { only: [COASTAL] });
  expect(errors).toEqual([]);
  const dealer = dealers[0]!;
  const hours = bookingHours(
    dealer.locations.find((l) => String(l.id) === ERINA)!,
    'sales',
    dealer.site,
  );
  if (!hours) throw new Error('Coastal Mazda Erina has no sales hours in the sample');
  return hours;
}

const isLocal = (url: URL) =>
  url.hostname.endsWith('.localhost') || url.hostname === 'localhost' || url.hostname === '127.0.0.1';

const heading = (form: Locator) => form.locator('.form-step-heading');
const submit = (form: Locator) => form.locator('.form-actions button[type="submit"]');
/** Whether a button is drawn (a hidden Next is clipped to nothing until a keyboard user focuses it). */
const drawn = (button: Locator) => button.evaluate((b) => getComputedStyle(b).clip !== 'rect(0px, 0px, 0px, 0px)');

async function values(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
}

test.beforeEach(async ({ page }) => {
  await page.route(
    (url) => !isLocal(url),
    (route) => route.abort('blockedbyclient'),
  );
});

async function openAssistant(page: Page): Promise<Locator> {
  await page.goto(localOrigin(COASTAL, env().port) + '/enquiry-assistant');
  const form = formIn(page);
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('data-ready', 'true');
  return form;
}

test('the enquiry assistant moves on by picks where Next is hidden, offers only open days and times, and delivers the slot', async ({
  page,
}) => {
  const hours = await erinaHours();
  const visitor = newVisitor('enquiry-assistant-slots');
  const form = await openAssistant(page);

  // Step 1 hides both buttons: choosing what the visitor would like moves on.
  await expect(heading(form)).toHaveText('How can we help?');
  expect(await drawn(submit(form))).toBe(false);
  await expect(form.locator('.form-back')).toHaveCount(0);
  await form.locator('label', { hasText: 'Buy a new car' }).click();

  // Step 2 hides Back only.
  await expect(heading(form)).toHaveText('Your details');
  await expect(form.locator('.form-back')).toHaveCount(0);
  expect(await drawn(submit(form))).toBe(true);
  await form.locator('[name="name"]').fill(`${visitor.firstName} ${visitor.lastName}`);
  await form.locator('[name="phone"]').fill(visitor.phone);
  await form.locator('[name="email"]').fill(visitor.email);
  await form.locator('[name="location_id"]').selectOption(ERINA);
  await submit(form).click();

  // Step 3: no trade-in (the answer it starts with) skips the trade-in step.
  await expect(heading(form)).toHaveText('Your current vehicle');
  await expect(form.locator('input[name="has_trade_in"][value="No"]')).toBeChecked();
  await submit(form).click();

  // The slot picker: Next hidden, the dealership from step 2, only days and times it is open.
  await expect(heading(form)).toHaveText('Pick a time');
  const before = offeredDays(hours, new Date());
  await expect(form.locator('.slot-days input')).toHaveCount(14);
  expect(await drawn(submit(form))).toBe(false);
  await expect(form.locator('.slot-location')).toContainText('Test drive at Coastal Mazda Erina');
  const days = await values(form.locator('.slot-days input'));
  expect([before, offeredDays(hours, new Date())]).toContainEqual(days);
  expect(days.map(weekdayOf)).not.toContain('sun');

  // A day after today: its slots are the dealership's hours in half hours, ending by closing.
  const day = days[2]!;
  await form.locator(`label[for$="-day-${day}"]`).click();
  await expect(form.locator('.slot-days input:checked')).toHaveValue(day);
  const slots = offeredSlots(hours, day, new Date());
  await expect(form.locator('.slot-times label')).toHaveText(slots.map(clockText));
  expect(await values(form.locator('.slot-times input'))).toEqual(slots.map((t) => `${day}T${t}`));
  const slot = slots[Math.floor(slots.length / 2)]!;
  await form.locator('.slot-times label', { hasText: new RegExp(`^${clockText(slot)}$`) }).click();

  // Picking the slot moved the step on; the last step submits.
  await expect(heading(form)).toHaveText('Last few details');
  const captcha = /What is (\d+) \+ (\d+)\?/.exec((await form.locator('label[for$="-captcha"]').textContent()) ?? '');
  await form.locator('[name="captcha"]').fill(String(Number(captcha![1]) + Number(captcha![2])));
  await submit(form).click();
  await expect(page).toHaveURL(/\/thank-you\?category=/);

  await expect.poll(async () => (await leadsOf(COASTAL, visitor)).map((l) => l.lead_status)).toEqual(['Complete']);
  const [lead] = await leadsOf(COASTAL, visitor);
  expect(lead).toMatchObject({
    form_completed: true,
    interest: 'new',
    location_id: ERINA,
    preferred_date: `${day}T${slot}`,
    has_trade_in: 'No',
    email: visitor.email,
  });
});

test('a keyboard user reaches the hidden Next of a pick step, and it is drawn while focused', async ({ page }) => {
  const form = await openAssistant(page);
  await form.locator('input[name="interest"]').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(heading(form)).toHaveText('How can we help?');
  await submit(form).focus();
  expect(await drawn(submit(form))).toBe(true);
  await page.keyboard.press('Enter');
  await expect(heading(form)).toHaveText('Your details');
});
