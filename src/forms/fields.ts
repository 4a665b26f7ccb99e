/**
 * Field constructors shared by the form types, the dealer facts they draw options from, and the
 * conversion of a content field (formBuilder) into a FieldDef.
 */
import type { FieldType, FormField } from '../content/forms.ts';
import type { Location } from '../content/entities.ts';
import type { FieldDef, FormContext } from './definition.ts';

type Option = { label: string; value: string };

export const MIN_YEAR = 1950;
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];
export const LEAD_CATEGORIES = [
  'General Enquiry', 'New Vehicle Enquiry', 'Used Vehicle Enquiry', 'Service Booking',
  'Finance Enquiry', 'Parts Enquiry', 'Trade In Enquiry', 'Test Drive Booking',
];

/** One field; hidden fields are never required. */
export function field(
  name: string, type: FieldDef['type'], label: string, required = false, extra: Partial<FieldDef> = {},
): FieldDef {
  return { name, type, label, required: type === 'hidden' ? false : required, ...typeExtras(type), ...extra };
}

function typeExtras(type: FieldDef['type']): Partial<FieldDef> {
  switch (type) {
    case 'fullName': return { autoComplete: 'name' };
    case 'email': return { autoComplete: 'email', inputMode: 'email' };
    case 'phone': return { autoComplete: 'tel', inputMode: 'tel' };
    case 'year': return { inputMode: 'numeric', min: MIN_YEAR };
    case 'currency': return { inputMode: 'numeric' };
    case 'rego': return { autoComplete: 'off' };
    default: return {};
  }
}

export function toOptions(values: readonly (string | Option)[]): Option[] {
  return values.map((v) => (typeof v === 'string' ? { label: v, value: v } : v));
}

/** Name, mobile phone and email: what a dealer needs to reply, all required. */
export function contactFields(): FieldDef[] {
  return [
    field('name', 'fullName', 'Full Name', true),
    field('phone', 'phone', 'Mobile Phone', true),
    field('email', 'email', 'Email', true),
  ];
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

export function dateField(name: string, bookingType: string, required = true): FieldDef {
  return field(name, 'dateTime', `Preferred ${bookingType} Date`, required, { bookingType, dateRule: 'notPast' });
}

export function termsField(): FieldDef {
  return field('terms_agreed', 'check', 'I agree to the terms of use', true, { defaultValue: false });
}

export function optInField(): FieldDef {
  return field('opt_in', 'check', 'Keep me up to date with news and offers', false, { defaultValue: false });
}

/** Street, suburb, state and postcode, all required (site option `addressFields`). */
export function addressFields(ctx: FormContext): FieldDef[] {
  const au = ctx.site.country === 'AU';
  return [
    field('street', 'text', 'Street Address', true, { autoComplete: 'street-address' }),
    field('suburb', 'text', au ? 'Suburb' : 'Suburb / Town', true, { autoComplete: 'address-level2' }),
    au
      ? field('state', 'select', 'State', true, { options: toOptions(AU_STATES), autoComplete: 'address-level1', ...stateDefault(ctx) })
      : field('state', 'text', 'Region', true, { autoComplete: 'address-level1', ...stateDefault(ctx) }),
    field('postcode', 'text', 'Postcode', true, { autoComplete: 'postal-code', inputMode: 'numeric' }),
  ];
}

/** The state the vehicle is registered in: the dealer's state unless the visitor changes it. */
export function vehicleStateField(ctx: FormContext): FieldDef {
  if (ctx.site.country !== 'AU') return field('vehicle_state', 'hidden', 'Vehicle State', false, stateDefault(ctx));
  return field('vehicle_state', 'select', 'Vehicle State', false, { options: toOptions(AU_STATES), ...stateDefault(ctx) });
}

function stateDefault(ctx: FormContext): Partial<FieldDef> {
  return ctx.site.state ? { defaultValue: ctx.site.state } : {};
}

const ofType = (locations: Location[], type: string) =>
  locations.filter((l) => l.location_type.trim().toLowerCase() === type);

/**
 * Locations of a type (sales, service, parts). With `fallback`, every location when none has that
 * type (a dealer that lists no service department still services at its one site).
 */
export function locationsOf(ctx: FormContext, type: string, fallback = true): Location[] {
  const found = ofType(ctx.locations, type);
  return found.length || !fallback ? found : ctx.locations;
}

export function locationOptions(locations: Location[]): Option[] {
  return locations.map((l) => ({ label: l.name, value: String(l.id) }));
}

/**
 * The dealership choice among `locations`: a required select when there are several, a hidden
 * field holding the only one when there is one, nothing when there are none.
 */
export function locationChoice(
  locations: Location[], name = 'location_id', label = 'Dealership Location',
): FieldDef[] {
  const options = locationOptions(locations);
  if (options.length > 1) return [field(name, 'locationSelect', label, true, { options })];
  if (options.length === 1) return [field(name, 'hidden', label, false, { defaultValue: options[0]!.value })];
  return [];
}

/** Distinct dealerships (by slug) of the locations, labelled with the first location's name. */
export function dealershipOptions(locations: Location[]): Option[] {
  const seen = new Map<string, Option>();
  for (const l of locations) {
    const slug = l.dealership?.slug;
    if (slug && !seen.has(slug)) seen.set(slug, { label: l.website_name ?? l.name, value: slug });
  }
  return [...seen.values()];
}

/** The makes the dealer sells: the site's manufacturer, then every location's, each once. */
export function dealerMakes(ctx: FormContext): string[] {
  const makes = new Map<string, string>();
  for (const m of [ctx.site.manufacturer, ...ctx.locations.flatMap((l) => l.manufacturers)]) {
    const name = m?.trim();
    if (name && !makes.has(name.toLowerCase())) makes.set(name.toLowerCase(), name);
  }
  return [...makes.values()];
}

/** Vehicle make, model and year; `required` applies to all three. */
export function vehicleFields(required: boolean, labels = { make: 'Vehicle Make', model: 'Vehicle Model', year: 'Vehicle Year' }): FieldDef[] {
  return [
    field('make', 'make', labels.make, required),
    field('model', 'text', labels.model, required),
    field('year', 'year', labels.year, required),
  ];
}

const defaultLabels: Record<FieldType, string> = {
  text: '', message: 'Message', fullName: 'Full Name', phone: 'Mobile Phone', email: 'Email',
  locationSelect: 'Dealership Location', leadCategorySelect: 'Enquiry Type', make: 'Make', year: 'Year',
  check: '', rego: 'Rego', radio: '', radioCard: '', dateTime: 'Preferred Date', hidden: '',
  currency: 'Amount', captcha: 'Security check',
};

/** A readable label from a field name: "trade_make" → "Trade make". */
function labelFromName(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A content field as a FieldDef. A dateTime with a bookingType is labelled
 * 'Preferred {type} Date' (spec §3) and may not be in the past. A location select with no options
 * lists every location; a make with none is free text (a visitor's own car can be any make).
 */
export function toFieldDef(f: FormField, ctx: FormContext): FieldDef {
  const bookingType = f.type === 'dateTime' ? f.bookingType?.trim() : undefined;
  const label = bookingType ? `Preferred ${bookingType} Date` : f.label || defaultLabels[f.type] || labelFromName(f.name);
  let options = f.options?.length ? toOptions(f.options) : undefined;
  if (!options && f.type === 'locationSelect') options = locationOptions(ctx.locations);
  if (!options && f.type === 'leadCategorySelect') options = toOptions(LEAD_CATEGORIES);
  return field(f.name, f.type, label, f.required ?? false, {
    ...(f.placeholder ? { placeholder: f.placeholder } : {}),
    ...(options ? { options } : {}),
    ...(f.defaultValue !== undefined ? { defaultValue: f.defaultValue } : {}),
    ...(bookingType ? { bookingType, dateRule: 'notPast' as const } : {}),
  });
}
