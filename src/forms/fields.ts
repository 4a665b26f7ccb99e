/**
 * Field constructors shared by the form types, the dealer facts they draw options from, and the
 * conversion of a content field (formBuilder) into a FieldDef.
 */
import type { FieldType, FormField } from '../content/forms.ts';
import type { Location } from '../content/entities.ts';
import type { FieldDef, FormContext } from './types.ts';
import { locale } from '../lib/locale.ts';
import { bookingHours, departmentFor, timeZoneFor, type BookingRule } from '../domain/booking-hours.ts';
import { footerHours } from '../domain/opening-hours-text.ts';
import { hoursFor } from '../domain/hours.ts';

type Option = { label: string; value: string };

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

/** The zone whose calendar day is "today" for the site's date rules. */
export function siteTimeZone(ctx: FormContext): string {
  return timeZoneFor(ctx.site);
}

/** Where a booking may be made: the locations, the form's location field, and how its values name them. */
export interface BookingPlaces {
  locations: Location[];
  /** The form's location choice (select or hidden); absent when the form has none. */
  locationField?: string;
  /** The location field's value for a location: its id unless said otherwise (dealership_slug). */
  keyOf?: (l: Location) => string | undefined;
}

/** A location's opening hours for a department as people read them, one line per run of days. */
function shownHours(location: Location, department: string): string[] {
  const own = location.hours.length ? hoursFor(location.hours, department) : [];
  // A location with 1.1 hours for other departments only shows nothing rather than its free text.
  if (location.hours.length && !own.length) return [];
  return footerHours({ hours: own, opening_hours: location.opening_hours }).flatMap((d) =>
    d.lines.map((l) => (l.days ? `${l.days} ${l.hours}` : l.hours)),
  );
}

/**
 * The BookingRule of a booking at `places`: each location's machine-readable hours for the
 * booking type's department (departmentFor) and the hours to show, keyed by the location field's
 * value; the first location of a key counts.
 */
export function bookingRule(ctx: FormContext, bookingType: string, places: BookingPlaces): BookingRule {
  const department = departmentFor(bookingType);
  const hours: BookingRule['hours'] = {};
  const shown: Record<string, string[]> = {};
  for (const l of places.locations) {
    const key = places.keyOf ? places.keyOf(l) : String(l.id);
    if (!key || key in hours || key in shown) continue;
    const h = bookingHours(l, department, ctx.site);
    if (h) hours[key] = h;
    const lines = shownHours(l, department);
    if (lines.length) shown[key] = lines;
  }
  return {
    ...(places.locationField ? { locationField: places.locationField } : {}),
    hours,
    ...(Object.keys(shown).length ? { shown } : {}),
    timeZone: siteTimeZone(ctx),
  };
}

/**
 * 'Preferred {type} Date': today or later where the booking is made, on a day and at a time the
 * chosen location is open (its content format 1.1 hours); any day ahead where it has none.
 */
export function dateField(
  name: string,
  bookingType: string,
  ctx: FormContext,
  places: BookingPlaces,
  required = true,
): FieldDef {
  return field(name, 'dateTime', `Preferred ${bookingType} Date`, required, {
    bookingType,
    dateRule: 'notPast',
    timeZone: siteTimeZone(ctx),
    booking: bookingRule(ctx, bookingType, places),
  });
}

/** A finance applicant's date of birth: 18 to 100 years old today in the site's zone. */
export function birthDateField(ctx: FormContext, purpose = 'apply for finance'): FieldDef {
  return field('dateOfBirth', 'dateTime', 'Date of Birth', true, {
    dateRule: 'past',
    autoComplete: 'bday',
    timeZone: siteTimeZone(ctx),
    age: { min: 18, max: 100, purpose },
  });
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
export function locationChoice(locations: Location[], name = 'location_id', label = 'Dealership Location'): FieldDef[] {
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
