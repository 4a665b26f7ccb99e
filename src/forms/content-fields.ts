/**
 * A content form's field (formBuilder) as a FieldDef: its label when the content gives none, its
 * options, and the date rules of a booking date.
 */
import type { FieldType, FormField } from '../content/forms.ts';
import type { FieldDef, FormContext } from './types.ts';
import { field, LEAD_CATEGORIES, toOptions } from './fields.ts';
import { bookingRule, siteTimeZone } from './booking-fields.ts';
import { locationOptions } from './dealer-choices.ts';

const defaultLabels: Record<FieldType, string> = {
  text: '',
  message: 'Message',
  fullName: 'Full Name',
  phone: 'Mobile Phone',
  email: 'Email',
  locationSelect: 'Dealership Location',
  leadCategorySelect: 'Enquiry Type',
  make: 'Make',
  year: 'Year',
  check: '',
  rego: 'Rego',
  radio: '',
  radioCard: '',
  dateTime: 'Preferred Date',
  hidden: '',
  currency: 'Amount',
  captcha: 'Security check',
};

/** A readable label from a field name: "trade_make" → "Trade make". */
function labelFromName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A content field as a FieldDef. A dateTime with a bookingType is labelled
 * 'Preferred {type} Date' (spec §3), may not be in the past and keeps to the opening hours of the
 * location chosen in location_id (dateField). A phone is read in the site's country. A location select with no options
 * lists every location; a make with none is free text (a visitor's own car can be any make).
 */
export function toFieldDef(f: FormField, ctx: FormContext): FieldDef {
  const bookingType = f.type === 'dateTime' ? f.bookingType?.trim() : undefined;
  const label = bookingType
    ? `Preferred ${bookingType} Date`
    : f.label || defaultLabels[f.type] || labelFromName(f.name);
  let options = f.options?.length ? toOptions(f.options) : undefined;
  if (!options && f.type === 'locationSelect') options = locationOptions(ctx.locations);
  if (!options && f.type === 'leadCategorySelect') options = toOptions(LEAD_CATEGORIES);
  return field(f.name, f.type, label, f.required ?? false, {
    ...(f.placeholder ? { placeholder: f.placeholder } : {}),
    ...(options ? { options } : {}),
    ...(f.defaultValue !== undefined ? { defaultValue: f.defaultValue } : {}),
    ...(f.type === 'phone' ? { phoneCountry: ctx.site.country } : {}),
    ...(f.type === 'dateTime' ? { timeZone: siteTimeZone(ctx) } : {}),
    // A content form's location choice is location_id (the lead value of spec §3); without one the
    // booking keeps to the dealer's only location, or to the hours any location is open.
    ...(bookingType
      ? {
          bookingType,
          dateRule: 'notPast' as const,
          booking: bookingRule(ctx, bookingType, { locations: ctx.locations, locationField: 'location_id' }),
        }
      : {}),
  });
}
