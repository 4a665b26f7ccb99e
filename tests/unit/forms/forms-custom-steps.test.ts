/**
 * Custom steps of a formBuilder form (formSteps[].isCustom + customStepKey): the registry, the
 * fields the `testDriveSlots` step asks (built for the page, so the shared schema and the API
 * check them), the days and slots it offers, the build error for an unknown key, and the step in
 * Chromium: only open days and times, a pick that moves the step on, the keyboard, the fallback
 * for a location without machine-readable hours.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteSchema } from '../../../src/content/site.ts';
import { location as locationSchema } from '../../../src/content/entities.ts';
import { formData } from '../../../src/content/forms.ts';
import { loadDealers } from '../../../src/content/load.ts';
import { formatIssue } from '../../../src/content/issues.ts';
import { resolveForm, type FormContext, type FormDef } from '../../../src/forms/definition.ts';
import { stepSchema } from '../../../src/forms/schema.ts';
import { shownButtons } from '../../../src/forms/rules.ts';
import { customStepKeys, isCustomStepKey } from '../../../src/forms/custom-steps/names.ts';
import { customStep, customSteps } from '../../../src/forms/custom-steps/index.ts';
import { customStepComponent, customStepComponents } from '../../../src/forms/custom-steps/components.ts';
import {
  clockText,
  dayText,
  hoursFor,
  offeredDays,
  offeredSlots,
  testDriveSlotsMovesOn,
} from '../../../src/forms/custom-steps/test-drive-slots.ts';
import { weekdayOf } from '../../../src/domain/booking-hours.ts';
import { formSectionCss, islandBrowser, islandProps, type Api } from '../../helpers/island-browser.ts';
import { errorsOf, fieldNames, fieldOf, step } from './forms-context.ts';

const weekdays = { days: ['mon', 'tue', 'wed', 'fri'], opens: '08:30', closes: '17:30' };
const SALES_HOURS = [
  { department: 'sales', ...weekdays },
  { department: 'sales', days: ['thu'], opens: '08:30', closes: '18:00' },
  { department: 'sales', days: ['sat'], opens: '08:30', closes: '16:00' },
  { department: 'service', days: ['sun'], opens: '09:00', closes: '12:00' },
];

function place(id: number, type: string, hours: unknown[] = SALES_HOURS, address = '1 Mann Street, Gosford NSW 2250') {
  return locationSchema.parse({
    id,
    name: `${type === 'sales' ? 'Sales' : 'Service'} ${id}`,
    location_type: type,
    address: { lat: -33.4, long: 151.3, address },
    dealership: { id: id * 10, slug: `dealership-${id}` },
    hours,
  });
}

function ctx(
  locations = [
    place(1, 'sales'),
    place(2, 'service'),
    place(3, 'sales', [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '09:00', closes: '17:00' }]),
  ],
): FormContext {
  return {
    site: siteSchema.parse({
      id: 1,
      slug: 'test-motors',
      name: 'Test Motors',
      url: 'https://www.testmotors.com.au',
      country: 'AU',
      state: 'NSW',
    }),
    locations,
    models: [],
    pagePath: '/test',
    publishedAt: '2025-01-01',
  };
}

const block = (extra: Record<string, unknown>[] = []) =>
  formData.parse({
    type: 'multi',
    heading: 'Book a drive',
    formSteps: [
      { key: 'contact', heading: 'Your details' },
      {
        key: 'slot',
        heading: 'Pick a time',
        isCustom: true,
        customStepKey: 'testDriveSlots',
        customRules: [{ type: 'hideButton', button: 'next' }],
      },
      { key: 'done', heading: 'Anything else?' },
    ],
    fields: [
      { name: 'name', type: 'fullName', required: true, stepKey: 'contact' },
      { name: 'email', type: 'email', required: true, stepKey: 'contact' },
      { name: 'notes', type: 'message', stepKey: 'done' },
      ...extra,
    ],
  });

describe('the custom step registry', () => {
  it('registers testDriveSlots, with a component for every key and nothing for an unknown or inherited one', () => {
    expect(customStepKeys).toContain('testDriveSlots');
    expect(Object.keys(customSteps).sort()).toEqual([...customStepKeys].sort());
    expect(Object.keys(customStepComponents).sort()).toEqual([...customStepKeys].sort());
    expect(isCustomStepKey(' testDriveSlots ')).toBe(true);
    for (const key of ['nope', 'toString', '__proto__', '']) {
      expect(isCustomStepKey(key)).toBe(false);
      expect(customStep(key)).toBeUndefined();
      expect(customStepComponent(key)).toBeUndefined();
    }
  });
});

describe('the fields testDriveSlots asks, built for the page', () => {
  const def = resolveForm(block(), ctx());

  it('asks for a sales dealership and a test drive date, before any content field on the step', () => {
    expect(step(def, 'slot').customStepKey).toBe('testDriveSlots');
    expect(fieldNames(def, 'slot')).toEqual(['location_id', 'preferred_date']);
    expect(fieldOf(def, 'location_id')).toMatchObject({
      type: 'locationSelect',
      required: true,
      options: [
        { label: 'Sales 1', value: '1' },
        { label: 'Sales 3', value: '3' },
      ],
    });
    expect(fieldOf(def, 'preferred_date')).toMatchObject({
      type: 'dateTime',
      label: 'Preferred Test Drive Date',
      required: true,
      bookingType: 'Test Drive',
      dateRule: 'notPast',
    });
  });

  it("carries each location's sales hours, in its own time zone, for the schema and the API (FieldDef.booking)", () => {
    const booking = fieldOf(def, 'preferred_date').booking!;
    expect(booking.locationField).toBe('location_id');
    expect(Object.keys(booking.hours).sort()).toEqual(['1', '3']);
    expect(booking.hours['1']).toMatchObject({
      timeZone: 'Australia/Sydney',
      week: {
        mon: [{ opens: '08:30', closes: '17:30' }],
        tue: [{ opens: '08:30', closes: '17:30' }],
        wed: [{ opens: '08:30', closes: '17:30' }],
        thu: [{ opens: '08:30', closes: '18:00' }],
        fri: [{ opens: '08:30', closes: '17:30' }],
        sat: [{ opens: '08:30', closes: '16:00' }],
      },
    });
    // An entry without a department holds for every department.
    expect(booking.hours['3']!.week.mon).toEqual([{ opens: '09:00', closes: '17:00' }]);
  });

  it('holds the only sales location in a hidden field, and leaves a location without hours out of the hours', () => {
    const one = resolveForm(block(), ctx([place(7, 'sales', []), place(8, 'service')]));
    expect(fieldOf(one, 'location_id')).toMatchObject({ type: 'hidden', defaultValue: '7', required: false });
    expect(fieldOf(one, 'preferred_date').booking).toMatchObject({
      locationField: 'location_id',
      hours: {},
      timeZone: 'Australia/Sydney',
    });
  });

  it('takes over a content field of the same name on its step; one on another step stays there, sharing the value', () => {
    const withDate = resolveForm(block([{ name: 'preferred_date', type: 'text', stepKey: 'slot' }]), ctx());
    expect(fieldNames(withDate, 'slot')).toEqual(['location_id', 'preferred_date']);
    expect(fieldOf(withDate, 'preferred_date').type).toBe('dateTime');
    const earlier = resolveForm(
      block([{ name: 'location_id', type: 'locationSelect', label: 'Preferred dealership', stepKey: 'contact' }]),
      ctx(),
    );
    expect(fieldNames(earlier, 'contact')).toContain('location_id');
    expect(fieldNames(earlier, 'slot')).toEqual(['location_id', 'preferred_date']);
  });

  it('is validated by the shared schema (the one the API uses): a listed dealership and a date are required', async () => {
    const schema = stepSchema(def, 'slot');
    expect(Object.keys(await errorsOf(schema, {}))).toEqual(['location_id', 'preferred_date']);
    expect(await errorsOf(schema, { location_id: '2', preferred_date: '2099-07-02T10:00' })).toHaveProperty(
      'location_id',
    );
    expect(await errorsOf(schema, { location_id: '1', preferred_date: '2099-07-01T10:00' })).toEqual({});
    // The chosen dealership's hours: closed on Sundays, open 8:30 to 4 on Saturdays.
    expect(await errorsOf(schema, { location_id: '1', preferred_date: '2099-07-05T10:00' })).toHaveProperty(
      'preferred_date',
    );
    expect(await errorsOf(schema, { location_id: '1', preferred_date: '2099-07-04T16:30' })).toHaveProperty(
      'preferred_date',
    );
    expect(await errorsOf(schema, { location_id: '1', preferred_date: '2099-07-04T15:30' })).toEqual({});
  });

  it('is a plain step in a single-step form, and an unregistered key asks nothing more', () => {
    const unknown = resolveForm(
      formData.parse({
        type: 'multi',
        formSteps: [{ key: 'a' }, { key: 'b', isCustom: true, customStepKey: 'calendar' }],
        fields: [{ name: 'x', type: 'text', stepKey: 'b' }],
      }),
      ctx(),
    );
    expect(fieldNames(unknown, 'b')).not.toContain('preferred_date');
    expect(fieldNames(unknown, 'b')).toContain('x');
  });
});

describe('the days and slots testDriveSlots offers', () => {
  const def = resolveForm(block(), ctx());
  const hours = fieldOf(def, 'preferred_date').booking!.hours['1']!;
  // Wednesday 2 July 2025, 10:10 in Sydney (AEST, UTC+10).
  const now = new Date('2025-07-02T00:10:00Z');

  it('offers the next 14 open days from the location’s today, never a closed day', () => {
    const days = offeredDays(hours, now);
    expect(days).toHaveLength(14);
    expect(days.slice(0, 6)).toEqual([
      '2025-07-02',
      '2025-07-03',
      '2025-07-04',
      '2025-07-05',
      '2025-07-07',
      '2025-07-08',
    ]);
    expect(days.map(weekdayOf)).not.toContain('sun');
  });

  it('offers half-hour slots that end by closing time, today only from an hour ahead', () => {
    expect(offeredSlots(hours, '2025-07-03', now)).toEqual([
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
    ]);
    expect(offeredSlots(hours, '2025-07-05', now).at(-1)).toBe('15:30');
    expect(offeredSlots(hours, '2025-07-02', now)[0]).toBe('11:30');
    expect(offeredSlots(hours, '2025-07-06', now)).toEqual([]);
    // Late in the day, today has nothing left and the first day offered is tomorrow.
    expect(offeredDays(hours, new Date('2025-07-02T06:45:00Z'))[0]).toBe('2025-07-03');
  });

  it('reads a slot in words', () => {
    expect(clockText('08:30')).toBe('8:30 am');
    expect(clockText('12:00')).toBe('12:00 pm');
    expect(clockText('17:30')).toBe('5:30 pm');
    expect(dayText('2025-07-03')).toEqual({ weekday: 'Thu', day: '3', month: 'Jul', long: 'Thursday 3 July' });
    expect(dayText('2025-09-30')).toMatchObject({ weekday: 'Tue', day: '30', month: 'Sep' });
  });

  it('moves on by a pick where the chosen location (or one still to be chosen) has hours; else Next stays', () => {
    const slot = step(def, 'slot');
    expect(hoursFor(fieldOf(def, 'preferred_date'), { location_id: '3' })).toBe(
      fieldOf(def, 'preferred_date').booking!.hours['3'],
    );
    expect(testDriveSlotsMovesOn(slot, { location_id: '' })).toBe(true);
    expect(testDriveSlotsMovesOn(slot, { location_id: '1' })).toBe(true);
    expect(shownButtons(slot, { location_id: '1' })).toEqual({ back: true, next: false });
    const noHours = resolveForm(block(), ctx([place(1, 'sales', []), place(3, 'sales', [])]));
    expect(testDriveSlotsMovesOn(step(noHours, 'slot'), { location_id: '' })).toBe(false);
    expect(shownButtons(step(noHours, 'slot'), { location_id: '1' })).toEqual({ back: true, next: true });
  });
});

describe('content that names a custom step', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  async function loadPage(formSteps: unknown[]) {
    const dir = await mkdtemp(path.join(tmpdir(), 'custom-steps-'));
    dirs.push(dir);
    const files: Record<string, unknown> = {
      'acme/site.json': { id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acmecars.com.au', country: 'AU' },
      'acme/pages/book.json': {
        id: 2,
        path: '/book',
        title: 'Book',
        publishedAt: '2025-01-01',
        blocks: [
          {
            id: 'f1',
            type: 'formBuilder',
            data: { type: 'multi', formSteps, fields: [{ name: 'name', type: 'fullName', stepKey: 'a' }] },
          },
        ],
      },
    };
    for (const [rel, value] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), JSON.stringify(value));
    }
    return loadDealers(dir);
  }

  it('fails the build for an unknown customStepKey, naming the dealer, file, path, page and step', async () => {
    const r = await loadPage([{ key: 'a' }, { key: 'when', isCustom: true, customStepKey: 'calendarSlots' }]);
    expect(r.dealers).toEqual([]);
    expect(r.errors.map(formatIssue)).toEqual([
      'acme: pages/book.json at blocks[0].data.formSteps[1].customStepKey: unknown custom step "calendarSlots" on step "when" of page /book; registered custom steps: testDriveSlots, regoLookup',
    ]);
  });

  it('fails the build for a custom step that names no key, and accepts a registered one', async () => {
    const missing = await loadPage([{ key: 'a' }, { key: 'when', isCustom: true }]);
    expect(missing.errors.map(formatIssue)).toEqual([
      'acme: pages/book.json at blocks[0].data.formSteps[1]: step "when" on page /book is a custom step (isCustom) but names no customStepKey; registered custom steps: testDriveSlots, regoLookup',
    ]);
    const ok = await loadPage([{ key: 'a' }, { key: 'when', isCustom: true, customStepKey: 'testDriveSlots' }]);
    expect(ok.errors).toEqual([]);
    expect(ok.warnings).toEqual([]);
  });

  it('warns that a customStepKey without isCustom is ignored', async () => {
    const r = await loadPage([{ key: 'a' }, { key: 'when', customStepKey: 'testDriveSlots' }]);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map(formatIssue)).toEqual([
      'acme: pages/book.json at blocks[0].data.formSteps[1].customStepKey: customStepKey "testDriveSlots" on step "when" of page /book is ignored without isCustom: true',
    ]);
  });
});

describe('the testDriveSlots step in Chromium', () => {
  let islands: Awaited<ReturnType<typeof islandBrowser>>;
  beforeAll(async () => {
    islands = await islandBrowser();
  });
  afterAll(() => islands.close());

  const LEAD = '5f0c3a52-0000-4000-8000-000000000001';
  const api: Api = (_path, body) => ({
    status: 200,
    body: { lead_id: LEAD, lead_status: body.isLastStep ? 'Complete' : 'Partial' },
  });
  // Wednesday 2 July 2025, 10:10 in Sydney.
  const now = new Date('2025-07-02T00:10:00Z');
  const css = formSectionCss();

  const propsOf = (def: FormDef) =>
    islandProps(def, {
      locations: [
        { id: '1', name: 'Sales 1' },
        { id: '3', name: 'Sales 3' },
      ],
    });

  async function toSlotStep(page: Page) {
    await page.fill('#form-b1-name', 'Ana Ruiz');
    await page.fill('#form-b1-email', 'ana@example.com');
    await page.click('button[type="submit"]');
    await page.locator('.form-step-heading', { hasText: 'Pick a time' }).waitFor();
  }
  const labels = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((els) => els.map((e) => e.textContent?.trim()));
  /** Next is drawn: not the visually hidden (clipped) button a keyboard user may still reach. */
  const nextHidden = (page: Page) =>
    page.locator('button[type="submit"]').evaluate((b) => getComputedStyle(b).clip === 'rect(0px, 0px, 0px, 0px)');

  it('asks for the dealership first, then lists its open days and the slots of the chosen day; a click on a slot moves on', async () => {
    const def = resolveForm(block(), ctx());
    const { page, calls, errors } = await islands.open(propsOf(def), { api, now, css });
    await toSlotStep(page);
    expect(await nextHidden(page)).toBe(true);
    expect(await page.locator('.slot-days').count()).toBe(0);
    await page.selectOption('#form-b1-location_id', '1');
    const days = await page
      .locator('.slot-days input')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(days).toHaveLength(14);
    expect(days.map(weekdayOf)).not.toContain('sun');
    expect(days[0]).toBe('2025-07-02');
    // Today: from an hour ahead; the first day is shown until the visitor picks another.
    expect((await labels(page, '.slot-times label'))[0]).toBe('11:30 am');
    await page.click('.slot-days label:has-text("Thursday 3 July")');
    expect(await labels(page, '.slot-times label')).toHaveLength(19);
    expect((await labels(page, '.slot-times label')).at(-1)).toBe('5:30 pm');
    expect(await page.locator('.slot-picker legend').nth(1).textContent()).toContain('Times on Thursday 3 July');
    await page.click('.slot-times label:has-text("10:30 am")');
    await page.locator('.form-step-heading', { hasText: 'Anything else?' }).waitFor();
    const save = calls.at(-1)!.body as { values: Record<string, unknown>; form: { step: string } };
    expect(save.form.step).toBe('slot');
    expect(save.values).toMatchObject({ location_id: '1', preferred_date: '2025-07-03T10:30' });
    // Back shows the pick, which is still a choice, and moving on again keeps it.
    await page.click('button:has-text("Back")');
    await expect.poll(() => page.locator('.slot-times input:checked').inputValue()).toBe('2025-07-03T10:30');
    expect(await page.locator('.slot-days input:checked').inputValue()).toBe('2025-07-03');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works from the keyboard: arrows move through slots without leaving, Enter or Space choose, focus is visible', async () => {
    const def = resolveForm(
      block([
        {
          name: 'location_id',
          type: 'locationSelect',
          label: 'Preferred dealership',
          required: true,
          stepKey: 'contact',
        },
      ]),
      ctx(),
    );
    const { page, calls } = await islands.open(propsOf(def), { api, now, css });
    await page.selectOption('#form-b1-location_id', '3');
    await toSlotStep(page);
    // The dealership given on the earlier step is the starting point, and can be changed.
    expect(await page.locator('.slot-location').textContent()).toContain('Test drive at Sales 3');
    expect(await page.locator('.slot-days input').first().inputValue()).toBe('2025-07-02');
    await page.locator('.slot-times input').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const focused = page.locator('.slot-times input:focus');
    expect(await focused.inputValue()).toBe('2025-07-02T12:30');
    const outline = await page
      .locator('.slot-times input:focus + label')
      .evaluate((l) => getComputedStyle(l).outlineStyle);
    expect(outline).toBe('solid');
    expect(await page.locator('.form-step-heading').textContent()).toBe('Pick a time');
    await page.keyboard.press('Enter');
    await page.locator('.form-step-heading', { hasText: 'Anything else?' }).waitFor();
    expect((calls.at(-1)!.body as { values: Record<string, unknown> }).values).toMatchObject({
      location_id: '3',
      preferred_date: '2025-07-02T12:30',
    });
    await page.click('button:has-text("Back")');
    await page.locator('.slot-times input:checked').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    await page.locator('.form-step-heading', { hasText: 'Anything else?' }).waitFor();
    expect((calls.at(-1)!.body as { values: Record<string, unknown> }).values).toMatchObject({
      preferred_date: '2025-07-02T12:00',
    });
    await page.close();
  });

  it('gives every day and slot a 44px target and says when times are another zone’s', async () => {
    const def = resolveForm(block(), ctx());
    const { page } = await islands.open(propsOf(def), { api, now, css, timezoneId: 'Australia/Perth', width: 390 });
    await toSlotStep(page);
    await page.selectOption('#form-b1-location_id', '1');
    const heights = await page
      .locator('.slot-option label')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
    expect(await page.locator('.slot-picker').textContent()).toContain('Times are Sydney time');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('asks for a date and time freely, with Next shown, at a location without machine-readable hours', async () => {
    const def = resolveForm(block(), ctx([place(1, 'sales'), place(4, 'sales', [])]));
    const { page, calls } = await islands.open(islandProps(def), { api, now, css });
    await toSlotStep(page);
    await page.selectOption('#form-b1-location_id', '4');
    expect(await page.locator('.slot-days').count()).toBe(0);
    expect(await nextHidden(page)).toBe(false);
    await page.fill('#form-b1-preferred_date', '2025-07-06');
    await page.fill('#form-b1-preferred_date-time', '10:00');
    await page.click('button[type="submit"]:has-text("Next")');
    await page.locator('.form-step-heading', { hasText: 'Anything else?' }).waitFor();
    expect((calls.at(-1)!.body as { values: Record<string, unknown> }).values).toMatchObject({
      location_id: '4',
      preferred_date: '2025-07-06T10:00',
    });
    await page.close();
  });

  it('does not leave the step without a slot: the hidden Next, pressed from the keyboard, shows what is missing', async () => {
    const def = resolveForm(block(), ctx());
    const { page } = await islands.open(propsOf(def), { api, now, css });
    await toSlotStep(page);
    await page.selectOption('#form-b1-location_id', '1');
    await page.locator('button[type="submit"]').focus();
    expect(await nextHidden(page)).toBe(false);
    await page.keyboard.press('Enter');
    await page.locator('.slot-picker .form-error').waitFor();
    expect(await page.locator('.form-step-heading').textContent()).toBe('Pick a time');
    await page.close();
  });
});
