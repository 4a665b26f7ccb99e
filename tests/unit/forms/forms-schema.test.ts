import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ctx, errorsOf, form } from './forms-context.ts';
import { fieldSchema, stepSchema } from '../../../src/forms/schema.ts';
import { resolveForm } from '../../../src/forms/definition.ts';
import { formData } from '../../../src/content/forms.ts';
import type { FieldDef } from '../../../src/forms/definition.ts';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-15T00:00:00Z')); // 15 June 2025, 10am in Sydney (the test sites' zone)
});
afterAll(() => vi.useRealTimers());

/** The first message for `value` in a field, or undefined when it is accepted. */
async function check(field: FieldDef, value: unknown) {
  try {
    await fieldSchema(field).validate(value);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
const f = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'x',
  type,
  label: 'X',
  required: false,
  ...extra,
});

describe('required fields left empty', () => {
  it('contact form: name, phone and email each say what is missing', async () => {
    const errors = await errorsOf(stepSchema(form({ formType: 'contact' }), 'contact'), { name: '', phone: '  ' });
    expect(errors).toEqual({
      name: '*Please enter your name',
      phone: '*Please enter your phone number',
      email: '*Please enter your email',
    });
  });

  it("dealership location: '*Please select a dealership location'", async () => {
    const def = form(
      { formType: 'contact' },
      {
        locations: [
          { id: 1, type: 'sales' },
          { id: 2, type: 'sales' },
        ],
      },
    );
    const errors = await errorsOf(stepSchema(def, 'contact'), {
      name: 'Jo',
      phone: '0412345678',
      email: 'jo@example.com',
    });
    expect(errors).toEqual({ location_id: '*Please select a dealership location' });
    expect(
      await check(
        def.steps[0]!.fields.find((x) => x.name === 'location_id')!,
        '99',
      ),
    ).toBe('*Please select a dealership location');
  });

  it("terms: '*You must agree to the terms of use before submitting.'", async () => {
    const def = form({ formType: 'contact' }, { options: { forms: { termsRequired: true } } });
    const terms = def.steps[0]!.fields.find((x) => x.name === 'terms_agreed')!;
    expect(await check(terms, false)).toBe('*You must agree to the terms of use before submitting.');
    expect(await check(terms, undefined)).toBe('*You must agree to the terms of use before submitting.');
    expect(await check(terms, true)).toBeUndefined();
    expect(await check(terms, 'true')).toBeUndefined();
  });

  it('NZ trade-in names and the finance consents have their own messages', async () => {
    const nz = form({ formType: 'tradeIn' }, { country: 'NZ' });
    expect(await errorsOf(stepSchema(nz, 'details'), { email: 'jo@example.co.nz', phone: '021 123 4567' })).toEqual({
      first_name: '*Please enter your first name',
      last_name: '*Please enter your last name',
    });
    const finance = form({ formType: 'finance' });
    const errors = await errorsOf(stepSchema(finance, 'finance'), {
      vehiclePriceBudget: '20000',
      privacy_consent: true,
    });
    expect(errors).toEqual({
      credit_check_consent: '*Please consent to a credit score check',
      electronic_communication: '*Please agree to receive documents electronically',
    });
  });

  it('other kinds of field use one wording each', async () => {
    const req = (type: FieldDef['type'], extra: Partial<FieldDef> = {}) =>
      check(f(type, { required: true, ...extra }), '');
    expect(await req('text')).toBe('*This field is required');
    expect(await req('rego')).toBe('*Please enter your rego');
    expect(await req('year')).toBe('*Please enter the year');
    expect(await req('dateTime')).toBe('*Please choose a date');
    expect(await req('radio')).toBe('*Please choose an option');
    expect(await req('select')).toBe('*Please choose an option');
    expect(await req('currency')).toBe('*Please enter an amount');
    expect(await req('make')).toBe('*Please choose a make');
    expect(await req('message')).toBe('*Please enter a message');
    expect(await check(f('check', { required: true }), false)).toBe('*Please tick this box to continue');
  });

  it('optional fields accept no answer', async () => {
    for (const type of ['text', 'email', 'phone', 'rego', 'year', 'dateTime', 'currency', 'check'] as const) {
      expect(await check(f(type), '')).toBeUndefined();
      expect(await check(f(type), undefined)).toBeUndefined();
    }
  });

  it('hidden fields are never required, even when the content says so', async () => {
    const def = resolveForm(formData.parse({ fields: [{ name: 'source', type: 'hidden', required: true }] }), ctx());
    expect(def.steps[0]!.fields[0]!.required).toBe(false);
    expect(await errorsOf(stepSchema(def, def.steps[0]!.key), {})).toEqual({});
  });
});

describe('formats', () => {
  it('email needs a name, an @ and a domain with a dot', async () => {
    expect(await check(f('email'), 'jo@example')).toBe('*Please enter a valid email address');
    expect(await check(f('email'), 'jo example@x.com')).toBe('*Please enter a valid email address');
    expect(await check(f('email'), 'jo@example.com.au')).toBeUndefined();
  });

  it('phone: a valid Australian or New Zealand number (the rules are in forms-validation-phone.test.ts)', async () => {
    const bad = '*Please enter a valid phone number';
    expect(await check(f('phone'), '0412 345 678')).toBeUndefined();
    expect(await check(f('phone'), '+61 (2) 4323 1100')).toBeUndefined();
    expect(await check(f('phone'), '+64 21-123-4567')).toBeUndefined();
    expect(await check(f('phone'), '1234567')).toBe(bad);
    expect(await check(f('phone'), '12345678')).toBe(bad);
    expect(await check(f('phone'), '1234567890123456')).toBe(bad);
    expect(await check(f('phone'), '0412 345 67a')).toBe(bad);
    expect(await check(f('phone'), '04+12345678')).toBe(bad);
  });

  it('rego: up to 9 letters and digits, spaces and dashes aside', async () => {
    expect(await check(f('rego'), 'ABC123')).toBeUndefined();
    expect(await check(f('rego'), 'abc-12 3')).toBeUndefined();
    expect(await check(f('rego'), 'ABCDE1234')).toBeUndefined();
    expect(await check(f('rego'), 'ABCDE12345')).toBe('*Please enter a valid rego');
    expect(await check(f('rego'), 'AB#12')).toBe('*Please enter a valid rego');
  });

  it('year: from 1950 to next year', async () => {
    const msg = '*Please enter a year from 1950 to 2026';
    expect(await check(f('year', { min: 1950 }), '1949')).toBe(msg);
    expect(await check(f('year', { min: 1950 }), '1950')).toBeUndefined();
    expect(await check(f('year'), 2026)).toBeUndefined();
    expect(await check(f('year'), '2027')).toBe(msg);
    expect(await check(f('year'), '20.5')).toBe(msg);
  });

  it('finance budget: from $5,000 up to $150,000', async () => {
    const budget = form({ formType: 'finance' }).steps[1]!.fields.find((x) => x.name === 'vehiclePriceBudget')!;
    const msg = '*Please enter an amount from $5,000 up to $150,000';
    expect(await check(budget, 4999)).toBe(msg);
    expect(await check(budget, '4,999')).toBe(msg);
    expect(await check(budget, 5000)).toBeUndefined();
    expect(await check(budget, '$5,000')).toBeUndefined();
    expect(await check(budget, '150000')).toBeUndefined();
    expect(await check(budget, 150001)).toBe(msg);
    expect(await check(budget, 'lots')).toBe('*Please enter an amount in dollars, e.g. 25,000');
  });

  it('booking dates may be today or later, never in the past', async () => {
    const date = form({ formType: 'serviceBooking' }).steps[3]!.fields[0]!;
    expect(date.name).toBe('preferred_date');
    expect(await check(date, '2025-06-14')).toBe('*Please choose a date that is not in the past');
    expect(await check(date, '2025-06-15')).toBeUndefined();
    expect(await check(date, '2025-06-15T08:00')).toBe('*Please choose a time that is not in the past');
    expect(await check(date, '2025-06-15T16:00')).toBeUndefined();
    expect(await check(date, '2025-06-16')).toBeUndefined();
    expect(await check(date, '2025-02-30')).toBe('*Please enter a valid date');
    expect(await check(date, 'next Tuesday')).toBe('*Please enter a valid date');
  });

  it('a date of birth must be in the past', async () => {
    const dob = form({ formType: 'finance' }).steps[0]!.fields.find((x) => x.name === 'dateOfBirth')!;
    expect(await check(dob, '1990-04-01')).toBeUndefined();
    expect(await check(dob, '2025-06-15')).toBe('*Please enter a date in the past');
  });

  it('choices must be one of the listed options', async () => {
    const radio = f('radio', { options: [{ label: 'Yes', value: 'Yes' }] });
    expect(await check(radio, 'Yes')).toBeUndefined();
    expect(await check(radio, 'Maybe')).toBe('*Please choose one of the listed options');
  });

  it('long text is refused with its limit', async () => {
    expect(await check(f('text'), 'a'.repeat(201))).toBe('*Please keep this under 200 characters');
    expect(await check(f('message'), 'a'.repeat(4000))).toBeUndefined();
    expect(await check(f('message'), 'a'.repeat(4001))).toBe('*Please keep this under 4000 characters');
  });
});
