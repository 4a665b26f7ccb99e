/**
 * Date fields and the booking rules behind them: the site's time zone, the hours a location takes
 * bookings for a department and shows them, the preferred-date field and a finance applicant's
 * date of birth.
 */
import type { Location } from '../content/entities.ts';
import type { FieldDef, FormContext } from './types.ts';
import { bookingHours, departmentFor, timeZoneFor, type BookingRule } from '../domain/booking-hours.ts';
import { footerHours } from '../domain/opening-hours-text.ts';
import { hoursFor } from '../domain/hours.ts';
import { field } from './fields.ts';

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
