/** Opening hours of a dealer's locations, for the dealerHours component. */
import type { Location } from '../../content/entities.ts';

export interface HoursRow {
  /** "Monday", or undefined when the line has no day to split off. */
  day?: string;
  hours: string;
}

export interface LocationHours {
  id: string;
  name: string;
  rows: HoursRow[];
}

/**
 * Locations with opening hours, optionally of one type (compared lowercased, as
 * location_type is). Each line such as "Monday: 8:00 AM – 5:30 PM" splits into day and hours.
 */
export function locationHours(locations: readonly Location[], locationType?: unknown): LocationHours[] {
  const type = typeof locationType === 'string' ? locationType.trim().toLowerCase() : '';
  return locations
    .filter((l) => !type || l.location_type.trim().toLowerCase() === type)
    .map((l) => ({ id: String(l.id), name: l.name, rows: l.opening_hours.map(splitHours).filter((r) => r.hours) }))
    .filter((l) => l.rows.length > 0);
}

export function splitHours(line: string): HoursRow {
  const m = /^\s*([A-Za-z][A-Za-z .]*?)\s*:\s*(.+?)\s*$/.exec(line);
  return m ? { day: m[1], hours: m[2]! } : { hours: line.trim() };
}
