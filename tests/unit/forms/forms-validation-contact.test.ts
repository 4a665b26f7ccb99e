/**
 * Phone numbers and email addresses that catch bad data: Australian and New Zealand numbers read
 * with libphonenumber-js in the site's country (+61 and +64 from either), a mobile where the label
 * says mobile, stored in E.164; email addresses with a real domain.
 */
import { describe, expect, it } from 'vitest';
import { ctx, errorsOf, fieldOf, form } from './forms-context.ts';
import { fieldSchema, normaliseLeadValues, stepSchema, validDomain, validEmail } from '../../../src/forms/schema.ts';
import { resolveForm, type FieldDef } from '../../../src/forms/definition.ts';
import { formData } from '../../../src/content/forms.ts';
import { e164, phoneProblem } from '../../../src/forms/phone.ts';
import { PHONE_METADATA } from '../../../src/forms/phone-metadata.ts';
import { installedMetadata, sliceMetadata } from '../../../scripts/datasets/phone-metadata.ts';

async function check(field: FieldDef, value: unknown) {
  return fieldSchema(field)
    .validate(value)
    .then(
      () => undefined,
      (e: Error) => e.message,
    );
}
const phone = (label: string, phoneCountry: 'AU' | 'NZ' = 'AU'): FieldDef => ({
  name: 'phone',
  type: 'phone',
  label,
  required: true,
  phoneCountry,
});

const AU_MOBILE = '*Please enter a mobile number, e.g. 0412 345 678';
const NZ_MOBILE = '*Please enter a mobile number, e.g. 021 123 4567';
const INVALID = '*Please enter a valid phone number';

describe('phone numbers (libphonenumber-js, AU and NZ)', () => {
  it('reads a number in the site’s country, and +61 or +64 numbers on either', async () => {
    const au = phone('Phone');
    for (const ok of [
      '0412 345 678',
      '(02) 4323 1100',
      '02 4323 1100',
      '+61 2 4323 1100',
      '1300 123 456',
      '+64 21 123 4567',
      '+64 3-379 0000',
      '0412.345.678',
    ]) {
      expect(await check(au, ok), ok).toBeUndefined();
    }
    const nz = phone('Phone', 'NZ');
    for (const ok of ['021 123 4567', '03 379 0000', '(09) 300 1234', '+61 412 345 678', '0800 123 456']) {
      expect(await check(nz, ok), ok).toBeUndefined();
    }
    expect(await check(nz, '0412 345 678')).toBe(INVALID); // an Australian mobile needs +61 on a New Zealand site
  });

  it('refuses numbers that are not AU or NZ numbers, too short, too long or not numbers', async () => {
    const au = phone('Phone');
    for (const bad of [
      '12345678',
      '0412 345 67',
      '0412 345 6789',
      '+1 213 373 4253',
      '+44 20 7946 0958',
      '0412 345 67a',
      'call me',
      '04+12345678',
      '0412345678 ext 5',
      '00000000',
    ]) {
      expect(await check(au, bad), bad).toBe(INVALID);
    }
  });

  it('asks a field labelled mobile (any case) for a mobile, with an example of the site’s country', async () => {
    for (const label of ['Mobile Phone', 'Mobile', 'Your mobile number', 'MOBILE']) {
      expect(await check(phone(label), '(02) 4323 1100'), label).toBe(AU_MOBILE);
      expect(await check(phone(label), '0412 345 678'), label).toBeUndefined();
    }
    expect(await check(phone('Mobile Phone'), '0412')).toBe(AU_MOBILE);
    expect(await check(phone('Mobile Phone', 'NZ'), '03 379 0000')).toBe(NZ_MOBILE);
    expect(await check(phone('Mobile Phone', 'NZ'), '021 123 4567')).toBeUndefined();
    expect(await check(phone('Mobile Phone', 'NZ'), '+61 412 345 678')).toBeUndefined();
    expect(await check(phone('Phone'), '(02) 4323 1100')).toBeUndefined(); // any valid number
    expect(phoneProblem('1300 123 456', { mobile: true })).toBe('notMobile');
  });

  it('gives every form’s phone field the site’s country, built-in and content fields alike', async () => {
    const nz = { country: 'NZ' as const };
    for (const formType of [
      'contact',
      'finance',
      'tradeIn',
      'valuation',
      'parts',
      'orderNow',
      'testDrive',
      'serviceBooking',
      'serviceBookingFull',
      'quickService',
    ]) {
      expect(fieldOf(form({ formType }, nz), 'phone').phoneCountry, formType).toBe('NZ');
      expect(fieldOf(form({ formType }), 'phone').phoneCountry, formType).toBe('AU');
    }
    const builder = resolveForm(
      formData.parse({ fields: [{ name: 'cell', type: 'phone', label: 'Mobile' }] }),
      ctx(nz),
    );
    expect(fieldOf(builder, 'cell')).toMatchObject({ phoneCountry: 'NZ', label: 'Mobile' });
    // The NZ trade-in's 'Phone' takes any valid number; the contact form's 'Mobile Phone' a mobile.
    expect(
      await errorsOf(stepSchema(form({ formType: 'tradeIn' }, nz), 'details'), {
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.co.nz',
        phone: '03 379 0000',
      }),
    ).toEqual({});
    expect(
      (
        await errorsOf(stepSchema(form({ formType: 'contact' }, nz), 'contact'), {
          name: 'A',
          email: 'a@b.co.nz',
          phone: '03 379 0000',
        })
      ).phone,
    ).toBe(NZ_MOBILE);
  });

  it('normalises to E.164 wherever lead values are built, leaving what is no number as it is', () => {
    expect(e164('0412 345 678')).toBe('+61412345678');
    expect(e164('021 123 4567', 'NZ')).toBe('+64211234567');
    expect(e164('+64 21 123 4567', 'AU')).toBe('+64211234567');
    expect(e164('(02) 4323 1100')).toBe('+61243231100');
    expect(e164('12')).toBeUndefined();
    const def = form({ formType: 'tradeIn' }, { country: 'NZ' });
    const values = { first_name: 'A', phone: '021 123 4567', email: 'a@b.co.nz', kms: '0412 345 678' };
    expect(normaliseLeadValues(def, values)).toEqual({ ...values, phone: '+64211234567' });
    expect(values.phone).toBe('021 123 4567'); // a copy: the form's own values keep what the visitor typed
    const done = { phone: '+64211234567' };
    expect(normaliseLeadValues(def, done)).toBe(done);
    expect(normaliseLeadValues(def, { phone: 'nope' })).toEqual({ phone: 'nope' });
  });

  it('carries the AU and NZ slice of the installed libphonenumber-js metadata (npx tsx scripts/datasets/phone-metadata.ts after an upgrade)', () => {
    expect(PHONE_METADATA).toEqual(sliceMetadata(installedMetadata()));
    expect(Object.keys((PHONE_METADATA as { countries: object }).countries)).toEqual(['AU', 'NZ']);
  });
});

describe('email addresses with a real domain', () => {
  it('refuses a domain without two valid labels and a top-level domain of 2+ letters', async () => {
    const email: FieldDef = { name: 'email', type: 'email', label: 'Email', required: true };
    for (const bad of [
      'a@b',
      'a@b.c',
      'a@-x.com',
      'a@x-.com',
      'a@x..com',
      'a@localhost',
      'a@.com',
      'a@x.com.',
      'a@x.c0m',
      'a@x_y.com',
      'a@x.123',
      '@x.com',
      'a b@x.com',
      'a@@x.com',
      `a@${'x'.repeat(64)}.com`,
    ]) {
      expect(await check(email, bad), bad).toBe('*Please enter a valid email address');
    }
    for (const ok of [
      'a@b.co',
      'jo.smith+cars@example.com.au',
      'sales@my-dealer.co.nz',
      'x@1st-cars.com',
      ' jo@example.com ',
      'anna@bücher.de',
    ]) {
      expect(await check(email, ok), ok).toBeUndefined();
    }
  });

  it('judges the domain label by label', () => {
    expect(validDomain('example.com')).toBe(true);
    expect(validDomain('a.b.c.example.org')).toBe(true);
    expect(validDomain('example')).toBe(false);
    expect(validDomain('ex--ample.com')).toBe(true);
    expect(validEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });
});
