/**
 * Dates that catch bad data: a finance applicant is 18 to 100 years old, and a service or test
 * drive booking falls on a day and at a time the chosen location is open (content format 1.1
 * `hours`), never in the past where the location is. Every rule is in the shared yup schema, so
 * the island and the API say the same (forms-validation-api.test.ts posts them to the API).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ctx, errorsOf, fieldOf, type CtxSpec } from './forms-context.ts';
import { fieldSchema, formSchema, stepSchema, ageOn } from '../../../src/forms/schema.ts';
import { resolveForm, type FieldDef, type FormDef } from '../../../src/forms/definition.ts';
import { formData } from '../../../src/content/forms.ts';
import type { OpeningHours } from '../../../src/content/entities.ts';
import { byMonth, dateBounds, dayLabel, shiftYears } from '../../../src/forms/island/fields/DateTime.tsx';
import { hoursOfChoice, mergeHours } from '../../../src/domain/booking-hours.ts';

const WEEKDAYS: OpeningHours['days'] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const serviceHours: OpeningHours[] = [
  { department: 'service', days: WEEKDAYS, opens: '07:30', closes: '17:00' },
  { department: 'service', days: ['sat'], opens: '08:00', closes: '12:00' },
];
const salesHours: OpeningHours[] = [
  { department: 'sales', days: WEEKDAYS, opens: '08:30', closes: '17:30' },
  { department: 'sales', days: ['sat', 'sun'], opens: '10:00', closes: '16:00' },
];

/** A form on a dealer whose locations have these 1.1 hours (by location id); others have none. */
function formWith(
  data: Record<string, unknown>,
  spec: CtxSpec,
  hours: Record<string, OpeningHours[]>,
  address?: Record<string, string>,
): FormDef {
  const c = ctx(spec);
  for (const l of c.locations) {
    l.hours = hours[String(l.id)] ?? [];
    const at = address?.[String(l.id)];
    if (at) l.address = { ...l.address, address: at };
  }
  return resolveForm(formData.parse(data), c);
}

async function check(field: FieldDef, value: unknown, parent: Record<string, unknown> = {}) {
  const errors = await errorsOf(stepSchemaOf(field), { ...parent, [field.name]: value });
  return errors[field.name];
}
/** A one-field object schema, so the rule sees the other values as yup's parent. */
const stepSchemaOf = (field: FieldDef) =>
  stepSchema(
    {
      formType: 'builder',
      kind: 'single',
      category: 'x',
      heading: 'x',
      steps: [{ key: 's', heading: '', fields: [field], rules: [] }],
      submit: 'lead',
      progress: 'bar',
    },
    's',
  );

// Wednesday 18 June 2025, 10am in Sydney (00:00 UTC).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-18T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('date of birth (finance): 18 to 100 years old', () => {
  const dob = () => fieldOf(resolveForm(formData.parse({ formType: 'finance' }), ctx()), 'dateOfBirth');

  it('refuses an 11-year-old with a clear message, and a 17-year-old the day before their birthday', async () => {
    const field = dob();
    expect(field.age).toEqual({ min: 18, max: 100, purpose: 'apply for finance' });
    expect(
      await fieldSchema(field)
        .validate('2014-03-02')
        .catch((e: Error) => e.message),
    ).toBe('*You must be 18 or older to apply for finance');
    expect(await check(field, '2007-06-19')).toBe('*You must be 18 or older to apply for finance');
    expect(await check(field, '2007-06-18')).toBeUndefined(); // 18 today
    expect(await check(field, '1990-01-31')).toBeUndefined();
  });

  it('refuses over 100 (most likely a typing slip) and accepts 100', async () => {
    const field = dob();
    expect(await check(field, '1924-06-19')).toBeUndefined(); // 100, turning 101 tomorrow
    expect(await check(field, '1924-06-18')).toBe('*Please check your date of birth: it makes you older than 100');
    expect(await check(field, '1902-01-01')).toBe('*Please check your date of birth: it makes you older than 100');
  });

  it('keeps the other date messages: a future date is not a birth date, a made-up date is no date', async () => {
    const field = dob();
    expect(await check(field, '2025-06-18')).toBe('*Please enter a date in the past');
    expect(await check(field, '2030-01-01')).toBe('*Please enter a date in the past');
    expect(await check(field, '2001-02-29')).toBe('*Please enter a valid date');
    expect(await check(field, '')).toBe('*Please choose a date');
  });

  it('counts birthdays on the calendar day, 29 February ones on 1 March in other years', () => {
    expect(ageOn('2007-06-18', '2025-06-18')).toBe(18);
    expect(ageOn('2007-06-19', '2025-06-18')).toBe(17);
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(17);
    expect(ageOn('2004-02-29', '2022-03-01')).toBe(18);
  });

  it("judges today in the site's zone, not the server's: 18 from the morning of the birthday in Auckland", async () => {
    // 11:30 UTC on 17 June = 23:30 on 17 June in Auckland... and 12:30 UTC is already 18 June there.
    vi.setSystemTime(new Date('2025-06-17T12:30:00Z'));
    const nz = fieldOf(resolveForm(formData.parse({ formType: 'finance' }), ctx({ country: 'NZ' })), 'dateOfBirth');
    expect(nz.timeZone).toBe('Pacific/Auckland');
    expect(await check(nz, '2007-06-18')).toBeUndefined();
    const au = dob(); // Sydney: still 17 June, 10:30pm
    expect(await check(au, '2007-06-18')).toBe('*You must be 18 or older to apply for finance');
  });

  it('bounds the native date input to the ages allowed', () => {
    expect(dateBounds(dob(), '2025-06-18')).toEqual({ min: '1924-06-19', max: '2007-06-18' });
    expect(shiftYears('2024-02-29', -1)).toBe('2023-02-28');
  });
});

describe('booking dates keep to the chosen location’s opening hours', () => {
  const service = () =>
    formWith(
      { formType: 'serviceBooking' },
      {
        locations: [
          { id: 1, type: 'sales' },
          { id: 2, type: 'service', name: 'Test Service Centre' },
          { id: 3, type: 'service', name: 'Late Service' },
        ],
      },
      {
        1: salesHours,
        2: serviceHours,
        3: [{ department: 'service', days: ['sun'], opens: '09:00', closes: '13:00' }],
      },
    );

  it('fills FieldDef.booking from the service locations, keyed by location_id, with the hours shown', () => {
    const date = fieldOf(service(), 'preferred_date');
    expect(date.booking).toMatchObject({ locationField: 'location_id', timeZone: 'Australia/Sydney' });
    expect(Object.keys(date.booking!.hours)).toEqual(['2', '3']);
    expect(date.booking!.hours['2']).toEqual({
      timeZone: 'Australia/Sydney',
      name: 'Test Service Centre',
      week: {
        mon: [{ opens: '07:30', closes: '17:00' }],
        tue: [{ opens: '07:30', closes: '17:00' }],
        wed: [{ opens: '07:30', closes: '17:00' }],
        thu: [{ opens: '07:30', closes: '17:00' }],
        fri: [{ opens: '07:30', closes: '17:00' }],
        sat: [{ opens: '08:00', closes: '12:00' }],
      },
    });
    expect(date.booking!.shown!['2']).toEqual(['Mon–Fri 7:30am – 5pm', 'Sat 8am – 12pm', 'Sun Closed']);
  });

  it("refuses a day the chosen location is closed: '*{Location} is closed on Sundays. Please choose another day'", async () => {
    const def = service();
    const date = fieldOf(def, 'preferred_date');
    expect(await check(date, '2025-06-22', { location_id: '2' })).toBe(
      '*Test Service Centre is closed on Sundays. Please choose another day',
    );
    expect(await check(date, '2025-06-21', { location_id: '2' })).toBeUndefined(); // Saturday
    // Another location's Sunday is open, and its Monday closed.
    expect(await check(date, '2025-06-22', { location_id: '3' })).toBeUndefined();
    expect(await check(date, '2025-06-23', { location_id: '3' })).toBe(
      '*Late Service is closed on Mondays. Please choose another day',
    );
  });

  it("refuses a time outside the day's hours, naming them with clockTime", async () => {
    const date = fieldOf(service(), 'preferred_date');
    expect(await check(date, '2025-06-19T07:00', { location_id: '2' })).toBe(
      '*Please choose a time between 7:30am and 5pm',
    );
    expect(await check(date, '2025-06-19T17:00', { location_id: '2' })).toBe(
      '*Please choose a time between 7:30am and 5pm',
    );
    expect(await check(date, '2025-06-19T16:30', { location_id: '2' })).toBeUndefined();
    expect(await check(date, '2025-06-21T12:30', { location_id: '2' })).toBe(
      '*Please choose a time between 8am and 12pm',
    );
    expect(await check(date, '2025-06-19T25:00', { location_id: '2' })).toBe('*Please choose a valid time');
  });

  it('refuses the past where the location is: an earlier day, or an earlier time today', async () => {
    const date = fieldOf(service(), 'preferred_date');
    expect(await check(date, '2025-06-17', { location_id: '2' })).toBe('*Please choose a date that is not in the past');
    expect(await check(date, '2025-06-18T09:30', { location_id: '2' })).toBe(
      '*Please choose a time that is not in the past',
    );
    expect(await check(date, '2025-06-18T10:30', { location_id: '2' })).toBeUndefined();
    expect(await check(date, '2025-06-18', { location_id: '2' })).toBeUndefined();
  });

  it("judges today in the location's own zone: 11pm in Perth is already tomorrow in Sydney", async () => {
    const def = formWith(
      { formType: 'serviceBooking' },
      {
        locations: [
          { id: 2, type: 'service', name: 'Perth Service' },
          { id: 4, type: 'service', name: 'Sydney Service' },
        ],
      },
      {
        2: [{ department: undefined, days: ['wed', 'thu'], opens: '00:00', closes: '23:59' }],
        4: [{ department: undefined, days: ['wed', 'thu'], opens: '00:00', closes: '23:59' }],
      },
      { 2: '1 Hay St, Perth WA 6000', 4: '1 George St, Sydney NSW 2000' },
    );
    const date = fieldOf(def, 'preferred_date');
    expect(date.booking!.hours['2']!.timeZone).toBe('Australia/Perth');
    vi.setSystemTime(new Date('2025-06-18T15:00:00Z')); // 11pm Wednesday in Perth, 1am Thursday in Sydney
    expect(await check(date, '2025-06-18', { location_id: '2' })).toBeUndefined();
    expect(await check(date, '2025-06-18', { location_id: '4' })).toBe('*Please choose a date that is not in the past');
  });

  it('shows the error when the chosen location changes and the date no longer fits (the whole form’s values are the parent)', async () => {
    const def = service();
    const values = {
      RegoOrVin: 'ABC123',
      name: 'Jo Citizen',
      phone: '0412 345 678',
      email: 'jo@example.com',
      make: 'Toyota',
      model: 'Corolla',
      year: '2019',
      preferred_date: '2025-06-22',
    };
    expect((await errorsOf(stepSchema(def, 'date'), { ...values, location_id: '3' })).preferred_date).toBeUndefined();
    expect((await errorsOf(stepSchema(def, 'date'), { ...values, location_id: '2' })).preferred_date).toBe(
      '*Test Service Centre is closed on Sundays. Please choose another day',
    );
    expect((await errorsOf(formSchema(def, values), { ...values, location_id: '2' })).preferred_date).toBe(
      '*Test Service Centre is closed on Sundays. Please choose another day',
    );
  });

  it('puts no limit beyond "not in the past" on a location without machine-readable hours', async () => {
    const def = formWith(
      { formType: 'serviceBooking' },
      {
        locations: [
          { id: 2, type: 'service' },
          { id: 3, type: 'service' },
        ],
      },
      { 3: serviceHours },
    );
    const date = fieldOf(def, 'preferred_date');
    expect(await check(date, '2025-06-22T22:00', { location_id: '2' })).toBeUndefined();
    expect(await check(date, '2025-06-22T22:00', { location_id: '3' })).toBe(
      '*Location 3 is closed on Sundays. Please choose another day',
    );
  });

  it('with no location chosen yet: the only location, or any time one of them is open', async () => {
    const one = formWith(
      { formType: 'serviceBooking' },
      { locations: [{ id: 2, type: 'service', name: 'Only Service' }] },
      { 2: serviceHours },
    );
    const only = fieldOf(one, 'preferred_date');
    expect(fieldOf(one, 'location_id').type).toBe('hidden');
    expect(await check(only, '2025-06-22')).toBe('*Only Service is closed on Sundays. Please choose another day');
    const date = fieldOf(service(), 'preferred_date');
    expect(await check(date, '2025-06-22')).toBeUndefined(); // location 3 opens on Sundays
    expect(await check(date, '2025-06-22T14:00')).toBe('*Please choose a time between 9am and 1pm');
    expect(mergeHours([date.booking!.hours['2']!, date.booking!.hours['3']!]).week.sun).toEqual([
      { opens: '09:00', closes: '13:00' },
    ]);
    expect(hoursOfChoice(date.booking!, { location_id: '9' })).toBeUndefined();
  });

  it('test drives keep to the sales hours of the chosen dealership', async () => {
    const def = formWith(
      { formType: 'testDrive' },
      {
        locations: [
          { id: 1, type: 'sales', name: 'North' },
          { id: 2, type: 'service' },
          { id: 5, type: 'sales', name: 'South' },
        ],
      },
      { 1: salesHours, 2: serviceHours, 5: [{ department: 'sales', days: WEEKDAYS, opens: '09:00', closes: '17:00' }] },
    );
    const date = fieldOf(def, 'preferred_date');
    expect(date.booking!.locationField).toBe('location_id');
    expect(Object.keys(date.booking!.hours)).toEqual(['1', '5']);
    expect(await check(date, '2025-06-22T10:00', { location_id: '1' })).toBeUndefined();
    expect(await check(date, '2025-06-22T10:00', { location_id: '5' })).toBe(
      '*South is closed on Sundays. Please choose another day',
    );
    expect(await check(date, '2025-06-19T08:45', { location_id: '5' })).toBe(
      '*Please choose a time between 9am and 5pm',
    );
  });

  it('the full and simple service forms keep to the service location; the quick form to the chosen dealership', async () => {
    const spec: CtxSpec = {
      locations: [
        { id: 2, type: 'service', name: 'A', dealership: 'dealer-a' },
        { id: 3, type: 'service', name: 'B', dealership: 'dealer-b' },
      ],
    };
    const hours = { 2: serviceHours, 3: salesHours.map((h) => ({ ...h, department: 'service' as const })) };
    for (const formType of ['serviceBookingFull', 'simpleServiceBooking']) {
      const date = fieldOf(formWith({ formType }, spec, hours), 'preferred_date');
      expect(await check(date, '2025-06-22', { location_id: '2' })).toBe(
        '*A is closed on Sundays. Please choose another day',
      );
    }
    const quick = fieldOf(formWith({ formType: 'quickService' }, spec, hours), 'preferred_date');
    expect(quick.booking!.locationField).toBe('dealership_slug');
    expect(Object.keys(quick.booking!.hours)).toEqual(['dealer-a', 'dealer-b']);
    expect(await check(quick, '2025-06-22', { dealership_slug: 'dealer-a' })).toBe(
      '*A is closed on Sundays. Please choose another day',
    );
    expect(await check(quick, '2025-06-22T11:00', { dealership_slug: 'dealer-b' })).toBeUndefined();
  });

  it('a content (formBuilder) booking keeps to the location chosen in location_id', async () => {
    const def = formWith(
      {
        fields: [
          { name: 'location_id', type: 'locationSelect', label: 'Dealership', required: true },
          { name: 'when', type: 'dateTime', bookingType: 'Service' },
        ],
      },
      {
        locations: [
          { id: 2, type: 'service', name: 'Builder Service' },
          { id: 3, type: 'sales' },
        ],
      },
      { 2: serviceHours, 3: salesHours },
    );
    const date = fieldOf(def, 'when');
    expect(date.booking).toMatchObject({ locationField: 'location_id' });
    expect(Object.keys(date.booking!.hours)).toEqual(['2']); // location 3 has sales hours only
    expect(await check(date, '2025-06-22', { location_id: '2' })).toBe(
      '*Builder Service is closed on Sundays. Please choose another day',
    );
    expect(await check(date, '2025-06-22', { location_id: '3' })).toBeUndefined();
  });

  it('shows free-text opening hours (never parsed) of a location without machine-readable ones', () => {
    const c = ctx({ locations: [{ id: 2, type: 'service' }] });
    c.locations[0]!.opening_hours = ['Mon - Fri: 7:30am - 5:30pm', 'Sat: Closed'];
    const date = fieldOf(resolveForm(formData.parse({ formType: 'serviceBooking' }), c), 'preferred_date');
    expect(date.booking!.hours).toEqual({});
    expect(date.booking!.shown).toEqual({ 2: ['Mon - Fri: 7:30am - 5:30pm', 'Sat: Closed'] });
  });
});

describe('the day list of the picker', () => {
  it('labels days for people, today and tomorrow named, grouped by month', () => {
    expect(dayLabel('2025-06-19', '2025-06-18')).toBe('Tomorrow, Thu 19 Jun');
    expect(dayLabel('2025-06-18', '2025-06-18')).toBe('Today, Wed 18 Jun');
    expect(dayLabel('2025-07-01')).toBe('Tue 1 Jul');
    expect(byMonth(['2025-06-27', '2025-06-30', '2025-07-01'])).toEqual([
      { month: 'June 2025', days: ['2025-06-27', '2025-06-30'] },
      { month: 'July 2025', days: ['2025-07-01'] },
    ]);
  });
});
