/** schema.org opening hours from the machine-readable `hours` of a location (content format 1.1). */
import type { DayOfWeek, OpeningHoursSpecificationLeaf } from 'schema-dts';
import type { OpeningHours } from '../content/entities.ts';

export type Department = 'sales' | 'service' | 'parts';

const DAYS: Record<OpeningHours['days'][number], DayOfWeek> = {
  mon: 'https://schema.org/Monday',
  tue: 'https://schema.org/Tuesday',
  wed: 'https://schema.org/Wednesday',
  thu: 'https://schema.org/Thursday',
  fri: 'https://schema.org/Friday',
  sat: 'https://schema.org/Saturday',
  sun: 'https://schema.org/Sunday',
};

/** The entries that hold for `department`: its own, and those that name no department (all of them). */
export function hoursFor(hours: readonly OpeningHours[], department: string): OpeningHours[] {
  return hours.filter((h) => !h.department || h.department === department);
}

/**
 * One specification per entry. A day the location is closed has no entry, and schema.org reads a
 * day missing from every specification as closed, so nothing is written for it.
 */
export function openingHoursSpecification(hours: readonly OpeningHours[]): OpeningHoursSpecificationLeaf[] {
  return hours.map((h) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: h.days.map((d) => DAYS[d]),
    opens: h.opens,
    closes: h.closes,
  }));
}
