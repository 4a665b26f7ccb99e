/**
 * Field constructors shared by the form types: one field, contact, name, message, terms, address
 * and vehicle fields. Date and booking fields are in booking-fields.ts, the dealer's locations and
 * makes in dealer-choices.ts, a content form's fields in content-fields.ts.
 */
import type { FieldDef, FormContext } from './types.ts';
import { locale } from '../lib/locale.ts';

/** One choice of a select or radio field: what it shows and the value it sends. */
export type Option = { label: string; value: string };

export const MIN_YEAR = 1950;
export const AU_STATES: readonly string[] = locale('AU').address.regions;
export const LEAD_CATEGORIES = [
  'General Enquiry',
  'New Vehicle Enquiry',
  'Used Vehicle Enquiry',
  'Service Booking',
  'Finance Enquiry',
  'Parts Enquiry',
  'Trade In Enquiry',
  'Test Drive Booking',
];

/** One field; hidden fields are never required. */
export function field(
  name: string,
  type: FieldDef['type'],
  label: string,
  required = false,
  extra: Partial<FieldDef> = {},
): FieldDef {
  return { name, type, label, required: type === 'hidden' ? false : required, ...typeExtras(type), ...extra };
}

function typeExtras(type: FieldDef['type']): Partial<FieldDef> {
  switch (type) {
    case 'fullName':
      return { autoComplete: 'name' };
    case 'email':
      return { autoComplete: 'email', inputMode: 'email' };
    case 'phone':
      return { autoComplete: 'tel', inputMode: 'tel' };
    case 'year':
      return { inputMode: 'numeric', min: MIN_YEAR };
    case 'currency':
      return { inputMode: 'numeric' };
    case 'rego':
      return { autoComplete: 'off' };
    default:
      return {};
  }
}

export function toOptions(values: readonly (string | Option)[]): Option[] {
  return values.map((v) => (typeof v === 'string' ? { label: v, value: v } : v));
}

/**
 * A phone number, read in the site's country (+61 and +64 numbers from either). A label that says
 * mobile asks for a mobile number (see fieldSchema).
 */
export function phoneField(ctx: FormContext, label = 'Mobile Phone', required = true, name = 'phone'): FieldDef {
  return field(name, 'phone', label, required, { phoneCountry: ctx.site.country });
}

/** Name, mobile phone and email: what a dealer needs to reply, all required. */
export function contactFields(ctx: FormContext): FieldDef[] {
  return [field('name', 'fullName', 'Full Name', true), phoneField(ctx), field('email', 'email', 'Email', true)];
}

export function splitNameFields(middleName = false): FieldDef[] {
  return [
    field('first_name', 'text', 'First Name', true, { autoComplete: 'given-name' }),
    ...(middleName ? [field('middle_name', 'text', 'Middle Name', false, { autoComplete: 'additional-name' })] : []),
    field('last_name', 'text', 'Last Name', true, { autoComplete: 'family-name' }),
  ];
}

export function messageField(label = 'Message', name = 'message'): FieldDef {
  return field(name, 'message', label);
}

export function termsField(): FieldDef {
  return field('terms_agreed', 'check', 'I agree to the terms of use', true, { defaultValue: false });
}

export function optInField(): FieldDef {
  return field('opt_in', 'check', 'Keep me up to date with news and offers', false, { defaultValue: false });
}

/** Street, suburb, state and postcode, all required (site option `addressFields`). */
export function addressFields(ctx: FormContext): FieldDef[] {
  const address = locale(ctx.site.country).address;
  return [
    field('street', 'text', 'Street Address', true, { autoComplete: 'street-address' }),
    field('suburb', 'text', address.suburbLabel, true, { autoComplete: 'address-level2' }),
    address.regionChoice
      ? field('state', 'select', address.regionLabel, true, {
          options: toOptions(address.regions),
          autoComplete: 'address-level1',
          ...stateDefault(ctx),
        })
      : field('state', 'text', address.regionLabel, true, { autoComplete: 'address-level1', ...stateDefault(ctx) }),
    field('postcode', 'text', 'Postcode', true, { autoComplete: 'postal-code', inputMode: 'numeric' }),
  ];
}

/** The state the vehicle is registered in: the dealer's state unless the visitor changes it. */
export function vehicleStateField(ctx: FormContext): FieldDef {
  if (!locale(ctx.site.country).vehicle.registeredByState)
    return field('vehicle_state', 'hidden', 'Vehicle State', false, stateDefault(ctx));
  return field('vehicle_state', 'select', 'Vehicle State', false, {
    options: toOptions(AU_STATES),
    ...stateDefault(ctx),
  });
}

function stateDefault(ctx: FormContext): Partial<FieldDef> {
  return ctx.site.state ? { defaultValue: ctx.site.state } : {};
}

/** Vehicle make, model and year; `required` applies to all three. */
export function vehicleFields(
  required: boolean,
  labels = { make: 'Vehicle Make', model: 'Vehicle Model', year: 'Vehicle Year' },
): FieldDef[] {
  return [
    field('make', 'make', labels.make, required),
    field('model', 'text', labels.model, required),
    field('year', 'year', labels.year, required),
  ];
}
