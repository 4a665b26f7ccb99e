/**
 * Opening hours as people read them, for the footer: "Mon–Wed, Fri 8:30am – 5:30pm", closed days
 * last, per department where a location names several (the same department rule as its JSON-LD,
 * structured-data/hours.ts).
 */
import type { Location, OpeningHours } from '../content/entities.ts';
import { hoursFor, type Department } from './hours.ts';

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Day = (typeof WEEK)[number];
const DAY_SHORT: Record<Day, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
const DEPARTMENTS: readonly Department[] = ['sales', 'service', 'parts'];

export interface HoursLine {
  /** "Mon–Wed, Fri", or undefined for a free-text line (content format 1.0 opening_hours). */
  days?: string;
  hours: string;
}

export interface DepartmentHours {
  /** "Sales", "Service" …; undefined when the location has one set of hours. */
  label?: string;
  lines: HoursLine[];
}

/** "08:30" → "8:30am", "17:00" → "5pm". */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const h12 = h % 12 || 12;
  return m ? `${h12}:${String(m).padStart(2, '0')}${suffix}` : `${h12}${suffix}`;
}

/** Days as runs of the week: [mon, tue, wed, fri] → "Mon–Wed, Fri". */
export function dayRuns(days: readonly Day[]): string {
  const idx = [...new Set(days.map((d) => WEEK.indexOf(d)))].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1] === idx[j]! + 1) j++;
    const from = DAY_SHORT[WEEK[idx[i]!]!];
    const to = DAY_SHORT[WEEK[idx[j]!]!];
    runs.push(j === i ? from : j === i + 1 ? `${from}, ${to}` : `${from}–${to}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** One department's week as lines of days sharing the same hours, then the days it is closed. */
function weekLines(hours: readonly OpeningHours[]): HoursLine[] {
  const byDay = new Map<Day, string>();
  for (const h of hours) for (const d of h.days) byDay.set(d, `${clockTime(h.opens)} – ${clockTime(h.closes)}`);
  const groups = new Map<string, Day[]>();
  for (const d of WEEK) {
    const span = byDay.get(d) ?? 'Closed';
    groups.set(span, [...(groups.get(span) ?? []), d]);
  }
  // Closed days last, whatever day of the week they are.
  return [...groups.entries()]
    .sort(([a], [b]) => Number(a === 'Closed') - Number(b === 'Closed'))
    .map(([span, days]) => ({ days: dayRuns(days), hours: span }));
}

/**
 * A location's opening hours for the footer, compacted ("Mon–Wed, Fri 8:30am – 5:30pm"): from the
 * 1.1 `hours` (per department when it names more than one; an entry without a department holds
 * for all), else the display lines of `opening_hours`.
 */
export function footerHours(location: Pick<Location, 'hours' | 'opening_hours'>): DepartmentHours[] {
  const hours = location.hours ?? [];
  if (hours.length) {
    const named = DEPARTMENTS.filter((d) => hours.some((h) => h.department === d));
    if (named.length <= 1) return [{ lines: weekLines(hours) }];
    return named.map((d) => ({
      label: d[0]!.toUpperCase() + d.slice(1),
      lines: weekLines(hoursFor(hours, d)),
    }));
  }
  const lines = (location.opening_hours ?? []).map((l) => l.trim()).filter(Boolean);
  return lines.length ? [{ lines: lines.map((hours) => ({ hours })) }] : [];
}
