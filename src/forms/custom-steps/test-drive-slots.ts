/**
 * The `testDriveSlots` custom step: the visitor picks a dealership (when the dealer has several
 * sales locations), then a day and a time slot within that location's sales opening hours
 * (content format 1.1 `hours`, read through src/domain/booking-hours.ts).
 *
 * It asks two fields, built here at build time so the shared yup schema and the API check them
 * like any other field:
 *   location_id     a locationSelect of the sales locations (every location when none is a sales
 *                   location); a hidden field holding the only one; nothing without locations.
 *   preferred_date  a dateTime, bookingType 'Test Drive', required (booking-fields.ts dateField): its
 *                   `booking` holds the sales hours of each location that has machine-readable
 *                   hours, so the schema refuses a day or time the chosen dealership is closed.
 *
 * A location without machine-readable hours (only display text, or none) cannot offer slots: the
 * step then asks for a preferred date and time freely (the ordinary date and time inputs), and
 * keeps its Next button whatever its rules say, since there is no slot to pick.
 *
 * The functions below the field builder are pure and shared by the component and the tests.
 */
import type { FieldDef, FormContext, StepDef } from '../types.ts';
import { dateField } from '../booking-fields.ts';
import { locationChoice, locationsOf } from '../dealer-choices.ts';
import { departmentFor, nowIn, slotsOn, type BookingHours } from '../../domain/booking-hours.ts';

export const TEST_DRIVE = 'Test Drive';
export const LOCATION_FIELD = 'location_id';
export const DATE_FIELD = 'preferred_date';
/** How many open days the picker offers, from the location's today. */
export const DAYS_OFFERED = 14;
/** Slots start every half hour and last half an hour (the drive must end by closing time). */
export const SLOT_MINUTES = 30;
/** The earliest slot is at least this far ahead of now, so the dealer can get the car ready. */
export const NOTICE_MINUTES = 60;
/** Days looked through for open ones (a location open one day a week still offers a fortnight's worth). */
const HORIZON_DAYS = 120;

/** The fields the step asks, for the page's dealer. */
export function testDriveSlotsFields(ctx: FormContext): FieldDef[] {
  const locations = locationsOf(ctx, departmentFor(TEST_DRIVE));
  const location = locationChoice(locations, LOCATION_FIELD, 'Dealership');
  const date = dateField(DATE_FIELD, TEST_DRIVE, ctx, {
    locations,
    ...(location.length ? { locationField: LOCATION_FIELD } : {}),
  });
  return [...location, date];
}

/** The step's own location and date fields (as built above), when the step has them. */
export function slotFields(step: StepDef): { location?: FieldDef; date?: FieldDef } {
  const date = step.fields.find((f) => f.name === DATE_FIELD && f.type === 'dateTime');
  const location = step.fields.find((f) => f.name === LOCATION_FIELD);
  return { ...(location ? { location } : {}), ...(date ? { date } : {}) };
}

/** The location the booking is for: the location field's value, else the only location with hours. */
export function bookingLocation(date: FieldDef, values: Record<string, unknown>): string {
  const booking = date.booking;
  if (!booking) return '';
  if (booking.locationField) return String(values[booking.locationField] ?? '').trim();
  const keys = Object.keys(booking.hours);
  return keys.length === 1 ? keys[0]! : '';
}

/** The opening hours slots are offered in: the chosen location's, when it has machine-readable hours. */
export function hoursFor(date: FieldDef, values: Record<string, unknown>): BookingHours | undefined {
  const key = bookingLocation(date, values);
  return key && date.booking && Object.hasOwn(date.booking.hours, key) ? date.booking.hours[key] : undefined;
}

/**
 * Whether picking a slot can move the step on: a slot list is shown (the chosen location has hours),
 * or will be once the visitor chooses a dealership that has hours. Otherwise the step asks for a
 * date and time freely and needs its Next button.
 */
export function testDriveSlotsMovesOn(step: StepDef, values: Record<string, unknown>): boolean {
  const { location, date } = slotFields(step);
  if (!date?.booking) return false;
  const hours = hoursFor(date, values);
  if (hours) return hasSlots(hours);
  const chosen = bookingLocation(date, values);
  return !chosen && location?.type === 'locationSelect' && Object.values(date.booking.hours).some(hasSlots);
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the hours hold any span long enough for a slot (so some day offers one). */
export function hasSlots(hours: BookingHours): boolean {
  return Object.values(hours.week).some((spans) =>
    spans?.some((s) => minutes(s.closes) - minutes(s.opens) >= SLOT_MINUTES),
  );
}

/** The moment slots start from: now plus the notice the dealer needs. */
export function earliest(now: Date): Date {
  return new Date(now.getTime() + NOTICE_MINUTES * 60_000);
}

/** The open days offered at a location, from its today (in its own time zone). */
export function offeredDays(hours: BookingHours, now: Date): string[] {
  const start = asUtc(nowIn(hours.timeZone, earliest(now)).day);
  const days: string[] = [];
  for (let i = 0; i < HORIZON_DAYS && days.length < DAYS_OFFERED; i++) {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    if (offeredSlots(hours, day, now).length) days.push(day);
  }
  return days;
}

/** The start times ("HH:MM", local to the location) offered on a day. */
export function offeredSlots(hours: BookingHours, day: string, now: Date): string[] {
  return slotsOn(hours, day, { now: earliest(now), step: SLOT_MINUTES, length: SLOT_MINUTES });
}

/** "09:30" → "9:30 am"; "13:00" → "1:00 pm". */
export function clockText(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  return `${h % 12 || 12}:${hhmm.slice(3, 5)} ${h < 12 ? 'am' : 'pm'}`;
}

const dayFormat = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-AU', { ...options, timeZone: 'UTC' });
const asUtc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d));
};

/**
 * "2025-07-03" → { weekday: "Thu", day: "3", month: "Jul", long: "Thursday 3 July" }, in Australian
 * English (a calendar day: no zone shift).
 */
export function dayText(day: string): { weekday: string; day: string; month: string; long: string } {
  const at = asUtc(day);
  return {
    weekday: dayFormat({ weekday: 'short' }).format(at),
    day: String(at.getUTCDate()),
    month: MONTHS[at.getUTCMonth()]!,
    long: dayFormat({ weekday: 'long', day: 'numeric', month: 'long' }).format(at),
  };
}

/** Three-letter months: the same width on every chip ("Jun", "Jul", "Sep"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Australia/Sydney" → "Sydney"; for the note that times are the dealership's local times. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}
