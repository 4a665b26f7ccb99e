/**
 * The booking date picker in Chromium (tests/helpers/island-browser.ts, the real FormIsland): a
 * select of the chosen location's next open days and one of the open times of the chosen day, so
 * closed and past days cannot be chosen; the error at once when a change of location leaves the
 * chosen day closed; the native inputs where a location has no machine-readable hours; and the
 * birth date, phone and email messages as a visitor sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ctx, form } from './forms-context.ts';
import { resolveForm } from '../../../src/forms/definition.ts';
import { formData } from '../../../src/content/forms.ts';
import type { OpeningHours } from '../../../src/content/entities.ts';
import { formSectionCss, islandBrowser, islandProps } from '../../helpers/island-browser.ts';

// Wednesday 18 June 2025, 10:00 in Sydney.
const NOW = new Date('2025-06-18T00:00:00Z');
const WEEKDAYS: OpeningHours['days'] = ['mon', 'tue', 'wed', 'thu', 'fri'];

function testDrive(hours: Record<string, OpeningHours[]>) {
  const c = ctx({
    locations: [
      { id: 1, type: 'sales', name: 'North Motors' },
      { id: 2, type: 'sales', name: 'South Motors' },
      { id: 3, type: 'sales', name: 'East Motors' },
    ],
  });
  for (const l of c.locations) l.hours = hours[String(l.id)] ?? [];
  c.locations[2]!.opening_hours = ['Mon-Fri 9am-5pm (call ahead)'];
  return resolveForm(formData.parse({ formType: 'testDrive' }), c);
}
const def = testDrive({
  1: [{ department: 'sales', days: [...WEEKDAYS, 'sat'], opens: '08:30', closes: '17:30' }],
  2: [{ department: 'sales', days: WEEKDAYS, opens: '09:00', closes: '17:00' }],
});

let islands: Awaited<ReturnType<typeof islandBrowser>>;
beforeAll(async () => {
  islands = await islandBrowser();
});
afterAll(() => islands.close());

const open = (d = def, width = 1024) => islands.open(islandProps(d), { now: NOW, css: formSectionCss(), width });
const day = (page: Page) => page.getByLabel('Preferred Test Drive Date');
const time = (page: Page) => page.getByLabel('Preferred Test Drive Time');
const options = (page: Page, label: string) =>
  page
    .getByLabel(label)
    .locator('option')
    .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
const errorOf = (page: Page, name: string) => page.locator(`#form-b1-${name}-error`);

describe('booking picker: the next open days and the open times of the chosen day', () => {
  it('lists only open days from today where the location is, grouped by month, with their times', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Dealership Location').selectOption('1');
    const days = await options(page, 'Preferred Test Drive Date');
    expect(days.slice(0, 5)).toEqual([
      ['', 'Choose a day'],
      ['2025-06-18', 'Today, Wed 18 Jun'],
      ['2025-06-19', 'Tomorrow, Thu 19 Jun'],
      ['2025-06-20', 'Fri 20 Jun'],
      ['2025-06-21', 'Sat 21 Jun'],
    ]);
    const values = days.map(([v]) => v!).filter(Boolean);
    expect(values.every((v) => v >= '2025-06-18')).toBe(true); // no past day
    expect(values).not.toContain('2025-06-22'); // North is closed on Sundays
    expect(values.length).toBeGreaterThan(30);
    expect(
      await day(page)
        .locator('optgroup')
        .evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label)),
    ).toEqual(['June 2025', 'July 2025', 'August 2025']);
    // The time waits for a day; today's times start after now (10am), every half hour to closing.
    await expect(time(page).isDisabled()).resolves.toBe(true);
    await day(page).selectOption('2025-06-18');
    const today = await options(page, 'Preferred Test Drive Time');
    expect(today.slice(0, 3)).toEqual([
      ['', 'Any time'],
      ['10:30', '10:30am'],
      ['11:00', '11am'],
    ]);
    expect(today[today.length - 1]).toEqual(['17:00', '5pm']);
    await day(page).selectOption('2025-06-21');
    expect((await options(page, 'Preferred Test Drive Time'))[1]).toEqual(['08:30', '8:30am']);
    await time(page).selectOption('09:00');
    await day(page).blur();
    await expect(errorOf(page, 'preferred_date').count()).resolves.toBe(0);
    expect(await page.locator('#form-b1-preferred_date-hours').textContent()).toBe(
      'Opening hours: Mon–Sat 8:30am – 5:30pm · Sun Closed.',
    );
    expect(await day(page).getAttribute('aria-describedby')).toContain('form-b1-preferred_date-hours');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the error at once when the chosen location changes and the day no longer fits', async () => {
    const { page } = await open();
    await page.getByLabel('Dealership Location').selectOption('1');
    await day(page).selectOption('2025-06-21');
    await time(page).selectOption('09:00');
    await page.getByLabel('Dealership Location').selectOption('2');
    await expect(errorOf(page, 'preferred_date').textContent()).resolves.toBe(
      '*South Motors is closed on Saturdays. Please choose another day',
    );
    expect(await day(page).inputValue()).toBe('2025-06-21');
    expect(await day(page).locator('option:checked').textContent()).toBe('Sat 21 Jun (closed)');
    expect(await day(page).getAttribute('aria-invalid')).toBe('true');
    // Choosing an open day clears it; a time the new day does not offer is dropped.
    await day(page).selectOption('2025-06-23');
    await page.locator('#form-b1-preferred_date-error').waitFor({ state: 'detached' });
    expect(await time(page).inputValue()).toBe('09:00');
    await time(page).selectOption('16:30');
    await page.getByLabel('Dealership Location').selectOption('1');
    await day(page).selectOption('2025-06-21');
    expect(await time(page).inputValue()).toBe('16:30');
    await page.close();
  });

  it('does not leave the step on a closed day: the schema message, the day select focused', async () => {
    const { page, calls } = await open();
    await page.getByLabel('Make').fill('Toyota');
    await page.getByLabel('Model').fill('Corolla');
    await page.getByLabel('Dealership Location').selectOption('1');
    await day(page).selectOption('2025-06-21');
    await page.getByLabel('Dealership Location').selectOption('2');
    await page.click('button[type="submit"]');
    await expect(errorOf(page, 'preferred_date').textContent()).resolves.toBe(
      '*South Motors is closed on Saturdays. Please choose another day',
    );
    expect(await day(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.form-step-heading').textContent()).toBe('Choose Your Vehicle');
    expect(calls).toEqual([]);
    await page.close();
  });

  it('keeps the native date and time inputs (from today) at a location without machine-readable hours, its hours text shown', async () => {
    const { page } = await open();
    await page.getByLabel('Dealership Location').selectOption('3');
    expect(await day(page).getAttribute('type')).toBe('date');
    expect(await day(page).getAttribute('min')).toBe('2025-06-18');
    expect(await time(page).getAttribute('type')).toBe('time');
    expect(await page.locator('#form-b1-preferred_date-hours').textContent()).toBe(
      'Opening hours: Mon-Fri 9am-5pm (call ahead).',
    );
    await day(page).fill('2025-06-22');
    await time(page).fill('20:00');
    await day(page).blur();
    await expect(errorOf(page, 'preferred_date').count()).resolves.toBe(0);
    await day(page).fill('2025-06-17');
    await day(page).blur();
    await expect(errorOf(page, 'preferred_date').textContent()).resolves.toBe(
      '*Please choose a date that is not in the past',
    );
    await page.close();
  });
});

describe('what a visitor sees for a bad birth date, phone or email', () => {
  it('refuses an 11-year-old finance applicant, the date input bounded to 18 to 100 years ago', async () => {
    const finance = form({ formType: 'finance' });
    const { page } = await islands.open(islandProps(finance), { now: NOW });
    const dob = page.getByLabel('Date of Birth');
    expect([await dob.getAttribute('min'), await dob.getAttribute('max')]).toEqual(['1924-06-19', '2007-06-18']);
    await dob.fill('2014-03-02');
    await dob.blur();
    await expect(errorOf(page, 'dateOfBirth').textContent()).resolves.toBe(
      '*You must be 18 or older to apply for finance',
    );
    await dob.fill('1990-03-02');
    await dob.blur();
    await page.locator('#form-b1-dateOfBirth-error').waitFor({ state: 'detached' });
    await page.close();
  });

  it('asks for a mobile number and an email with a real domain, and clears the messages once they are right', async () => {
    const { page } = await islands.open(islandProps(form({ formType: 'contact' }, { country: 'NZ' })), { now: NOW });
    await page.getByLabel('Mobile Phone').fill('09 300 1234');
    await page.getByLabel('Email').fill('aroha@localhost');
    await page.getByLabel('Full Name').focus();
    await expect(errorOf(page, 'phone').textContent()).resolves.toBe(
      '*Please enter a mobile number, e.g. 021 123 4567',
    );
    await expect(errorOf(page, 'email').textContent()).resolves.toBe('*Please enter a valid email address');
    await page.getByLabel('Mobile Phone').fill('021 123 4567');
    await page.getByLabel('Email').fill('aroha@example.co.nz');
    await page.locator('#form-b1-phone-error').waitFor({ state: 'detached' });
    await page.locator('#form-b1-email-error').waitFor({ state: 'detached' });
    await page.close();
  });
});
