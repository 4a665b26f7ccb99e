/**
 * When a visitor may book: the machine-readable `hours` of a location (content format 1.1) in the
 * location's own time zone. Free-text `opening_hours` are only shown, never parsed; a location
 * without `hours` puts no limit on the day or time (beyond "not in the past").
 *
 * A BookingHours is plain data: the build puts it on a date field, the browser's date picker and
 * slot list read it, and the shared yup schema (so the API too) checks a date against it.
 */
import type { Location, OpeningHours } from '../content/entities.ts';
import { hoursFor, type Department } from './structured-data/hours.ts';

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
}

const AU_ZONES: Record<string, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};

const STATE_NAMES: Record<string, string> = {
  'NEW SOUTH WALES': 'NSW', 'AUSTRALIAN CAPITAL TERRITORY': 'ACT', VICTORIA: 'VIC', QUEENSLAND: 'QLD',
  'SOUTH AUSTRALIA': 'SA', 'WESTERN AUSTRALIA': 'WA', TASMANIA: 'TAS', 'NORTHERN TERRITORY': 'NT',
};

function auState(text: string | undefined): string | undefined {
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
  if (site.country === 'NZ') return 'Pacific/Auckland';
  const state = auState(address) ?? auState(site.state);
  return (state && AU_ZONES[state]) || 'Australia/Sydney';
}

/** The department whose hours a booking keeps to: service bookings the service desk's, else sales. */
export function departmentFor(bookingType: string | undefined): Department {
  if (/service/i.test(bookingType ?? '')) return 'service';
  if (/part/i.test(bookingType ?? '')) return 'parts';
  return 'sales';
}

/** The location's booking hours for a department, or undefined when it has no machine-readable hours. */
export function bookingHours(
  location: Pick<Location, 'hours' | 'address'>,
  department: Department,
  site: { country: 'AU' | 'NZ'; state?: string | undefined },
): BookingHours | undefined {
  const entries: readonly OpeningHours[] = hoursFor(location.hours ?? [], department);
  if (!entries.length) return undefined;
  const week: BookingHours['week'] = {};
  for (const h of entries) {
    for (const d of h.days) (week[d] ??= []).push({ opens: h.opens, closes: h.closes });
  }
  for (const spans of Object.values(week)) spans!.sort((a, b) => a.opens.localeCompare(b.opens));
  return { timeZone: timeZoneFor(site, location.address?.address), week };
}

/** "2025-07-01" → its weekday (a calendar day, no time zone involved). */
export function weekdayOf(day: string): Weekday {
  const [y, m, d] = day.split('-').map(Number);
  return WEEK[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()]!;
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

/** The calendar day and clock time in a time zone: { day: "2025-07-01", time: "09:30" }. */
export function nowIn(timeZone: string, now = new Date()): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    }).formatToParts(now).map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The bookable start times of a day, every `step` minutes from opening, ending at least `length`
 * minutes before closing; on the location's today, only times still ahead of `now`.
 */
export function slotsOn(hours: BookingHours, day: string, opts: { step?: number; length?: number; now?: Date } = {}): string[] {
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
export function openDays(hours: BookingHours, count: number, opts: { now?: Date; horizonDays?: number } = {}): string[] {
  const start = nowIn(hours.timeZone, opts.now).day;
  const [y, m, d] = start.split('-').map(Number);
  const days: string[] = [];
  for (let i = 0; i < (opts.horizonDays ?? 90) && days.length < count; i++) {
    const day = new Date(Date.UTC(y!, m! - 1, d! + i)).toISOString().slice(0, 10);
    if (slotsOn(hours, day, opts).length) days.push(day);
  }
  return days;
}
