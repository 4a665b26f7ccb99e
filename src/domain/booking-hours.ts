/**
 * When a visitor may book: the machine-readable `hours` of a location (content format 1.1) in the
 * location's own time zone. Free-text `opening_hours` are only shown, never parsed; a location
 * without `hours` puts no limit on the day or time (beyond "not in the past").
 *
 * A BookingHours is plain data: the build puts it on a date field, the browser's date picker and
 * slot list read it, and the shared yup schema (so the API too) checks a date against it.
 */
import type { Location, OpeningHours } from '../content/entities.ts';
import { hoursFor, type Department } from './hours.ts';
import { locale } from '../lib/locale.ts';

export const WEEK = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEK)[number];

export interface OpenSpan {
  /** "HH:MM", 24-hour local time. */
  opens: string;
  closes: string;
}

export interface BookingHours {
  /** IANA zone of the location, e.g. "Australia/Sydney". */
  timeZone: string;
  /** Open spans per weekday; a day with none is closed. */
  week: Partial<Record<Weekday, OpenSpan[]>>;
  /** The location's name, for messages ("Coastal Toyota is closed on Sundays"). */
  name?: string;
}

/**
 * What a booking date field keeps to (FieldDef.booking): the hours of each location it may be
 * booked at, keyed by the value of the form's location field (a location id, or a dealership
 * slug for the quick service form's dealership_slug).
 */
export interface BookingRule {
  /** The form's location choice; absent when the form has none. */
  locationField?: string;
  /** Locations with machine-readable hours (content format 1.1) for the booking's department. */
  hours: Record<string, BookingHours>;
  /**
   * The hours as people read them, per key, shown beside the picker: from `hours`, or the
   * free-text `opening_hours` of a location without them (shown, never parsed).
   */
  shown?: Record<string, string[]>;
  /** The site's zone: whose today a booking at a location without `hours` may not be before. */
  timeZone?: string;
}

const STATE_NAMES: Record<string, string> = {
  'NEW SOUTH WALES': 'NSW',
  'AUSTRALIAN CAPITAL TERRITORY': 'ACT',
  VICTORIA: 'VIC',
  QUEENSLAND: 'QLD',
  'SOUTH AUSTRALIA': 'SA',
  'WESTERN AUSTRALIA': 'WA',
  TASMANIA: 'TAS',
  'NORTHERN TERRITORY': 'NT',
};

/** The Australian state or territory a text names ("NSW", "… Geelong VIC 3218", "Victoria"), as its code. */
export function auState(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const upper = text.toUpperCase();
  const abbr = /\b(NSW|ACT|VIC|QLD|SA|WA|TAS|NT)\b/.exec(upper);
  if (abbr) return abbr[1];
  for (const [name, code] of Object.entries(STATE_NAMES)) if (upper.includes(name)) return code;
  return undefined;
}

/**
 * The time zone of a location: New Zealand is one zone; in Australia the state named in the
 * location's address, else the site's state, else Sydney's.
 */
export function timeZoneFor(site: { country: 'AU' | 'NZ'; state?: string | undefined }, address?: string): string {
  const { timeZone, regionZones } = locale(site.country);
  if (timeZone) return timeZone;
  const state = auState(address) ?? auState(site.state);
  return (state && regionZones[state]) || 'Australia/Sydney';
}

/** The department whose hours a booking keeps to: service bookings the service desk's, else sales. */
export function departmentFor(bookingType: string | undefined): Department {
  if (/service/i.test(bookingType ?? '')) return 'service';
  if (/part/i.test(bookingType ?? '')) return 'parts';
  return 'sales';
}

/** The location's booking hours for a department, or undefined when it has no machine-readable hours. */
export function bookingHours(
  location: Pick<Location, 'hours' | 'address'> & { name?: string },
  department: Department,
  site: { country: 'AU' | 'NZ'; state?: string | undefined },
): BookingHours | undefined {
  const entries: readonly OpeningHours[] = hoursFor(location.hours ?? [], department);
  if (!entries.length) return undefined;
  const week: BookingHours['week'] = {};
  for (const h of entries) {
    for (const d of h.days) (week[d] ??= []).push({ opens: h.opens, closes: h.closes });
  }
  for (const spans of Object.values(week)) spans.sort((a, b) => a.opens.localeCompare(b.opens));
  return {
    timeZone: timeZoneFor(site, location.address?.address),
    week,
    ...(location.name ? { name: location.name } : {}),
  };
}

/** "2025-07-01" → its weekday (a calendar day, no time zone involved). */
export function weekdayOf(day: string): Weekday {
  const [y, m, d] = day.split('-').map(Number);
  return WEEK[new Date(Date.UTC(y!, m! - 1, d)).getUTCDay()]!;
}

/** The open spans of a calendar day at the location; empty when it is closed. */
export function spansOn(hours: BookingHours, day: string): OpenSpan[] {
  return hours.week[weekdayOf(day)] ?? [];
}

export function isOpenDay(hours: BookingHours, day: string): boolean {
  return spansOn(hours, day).length > 0;
}

/** Open at "HH:MM" on the day: at or after opening and before closing. */
export function isOpenAt(hours: BookingHours, day: string, time: string): boolean {
  return spansOn(hours, day).some((s) => time >= s.opens && time < s.closes);
}

/**
 * The calendar day and clock time in a time zone: { day: "2025-07-01", time: "09:30" }; without a
 * zone, the runtime's own.
 */
export function nowIn(timeZone: string | undefined, now = new Date()): { day: string; time: string } {
  if (!timeZone) {
    const p = (n: number) => String(n).padStart(2, '0');
    return {
      day: `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`,
      time: `${p(now.getHours())}:${p(now.getMinutes())}`,
    };
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The bookable start times of a day, every `step` minutes from opening, ending at least `length`
 * minutes before closing; on the location's today, only times still ahead of `now`.
 */
export function slotsOn(
  hours: BookingHours,
  day: string,
  opts: { step?: number; length?: number; now?: Date } = {},
): string[] {
  const { step = 30, length = 30 } = opts;
  const here = nowIn(hours.timeZone, opts.now);
  if (day < here.day) return [];
  const slots: string[] = [];
  for (const s of spansOn(hours, day)) {
    for (let m = minutes(s.opens); m + length <= minutes(s.closes); m += step) {
      const t = clock(m);
      if (day === here.day && t <= here.time) continue;
      slots.push(t);
    }
  }
  return slots;
}

/** The next `count` days from the location's today (itself included) that have a bookable slot. */
export function openDays(
  hours: BookingHours,
  count: number,
  opts: { now?: Date; horizonDays?: number } = {},
): string[] {
  const start = nowIn(hours.timeZone, opts.now).day;
  const days: string[] = [];
  for (let i = 0; i < (opts.horizonDays ?? 90) && days.length < count; i++) {
    const day = addDays(start, i);
    if (slotsOn(hours, day, opts).length) days.push(day);
  }
  return days;
}

const value = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/**
 * The hours a booking keeps to, given the form's values: the chosen location's (undefined when it
 * has no machine-readable hours, which puts no limit on the booking); with no location chosen, the
 * only location's, or with several, any time one of them is open (the location choice says
 * itself that it is missing).
 */
export function hoursOfChoice(
  rule: BookingRule,
  values: Record<string, unknown> | undefined,
): BookingHours | undefined {
  const chosen = rule.locationField ? value(values?.[rule.locationField]) : '';
  if (chosen) return rule.hours[chosen];
  const all = Object.values(rule.hours);
  return all.length > 1 ? mergeHours(all) : all[0];
}

/** What `hoursOfChoice` shows as opening hours: the chosen location's lines, else the only location's. */
export function shownOfChoice(rule: BookingRule, values: Record<string, unknown> | undefined): string[] {
  const shown = rule.shown ?? {};
  const chosen = rule.locationField ? value(values?.[rule.locationField]) : '';
  if (chosen) return shown[chosen] ?? [];
  const all = Object.values(shown);
  return all.length === 1 ? all[0]! : [];
}

/** Hours when any of `list` is open: per weekday the union of their spans (the first one's zone, no name). */
export function mergeHours(list: readonly BookingHours[]): BookingHours {
  const week: BookingHours['week'] = {};
  for (const day of WEEK) {
    const spans = list.flatMap((h) => h.week[day] ?? []).sort((a, b) => a.opens.localeCompare(b.opens));
    const merged: OpenSpan[] = [];
    for (const s of spans) {
      const last = merged[merged.length - 1];
      if (last && s.opens <= last.closes) last.closes = s.closes > last.closes ? s.closes : last.closes;
      else merged.push({ ...s });
    }
    if (merged.length) week[day] = merged;
  }
  return { timeZone: list[0]?.timeZone ?? 'Australia/Sydney', week };
}

/** The calendar day in a zone ("2025-07-01"); without a zone, the runtime's own. */
export function todayIn(timeZone?: string, now = new Date()): string {
  return nowIn(timeZone, now).day;
}

/** "2025-07-01" plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}
