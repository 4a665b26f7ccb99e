/**
 * A dealer's locations as the places customers visit. The CMS often keeps the sales, service and
 * parts counters of one dealership as separate Location entries at one address; to search engines
 * those are one business with departments, not three businesses at the same spot. Locations are
 * therefore grouped by address, and each group becomes one place whose first department (sales,
 * when there is one) is the place itself.
 */
import type { Location, OpeningHours } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import { hoursFor, type Department } from '../../domain/hours.ts';

export interface PlaceDepartment {
  kind: Department;
  name: string;
  phone?: string;
  hours: OpeningHours[];
  /** The Location entry of this department, when it has one of its own. */
  location?: Location;
}

export interface Place {
  /** The location that stands for the place: its sales location, else its primary one, else the first. */
  main: Location;
  /** Department of the main location ('sales' for any type the format does not name). */
  kind: Department;
  hours: OpeningHours[];
  /** The other departments at the same address, in the order sales, service, parts. */
  departments: PlaceDepartment[];
  /** Every Location entry of the place. */
  locations: Location[];
}

const ORDER: Department[] = ['sales', 'service', 'parts'];

export function departmentOf(location: Location): Department {
  const type = location.location_type.trim().toLowerCase();
  return type === 'service' || type === 'parts' ? type : 'sales';
}

function addressKey(location: Location): string {
  return location.address.address
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function rank(location: Location): number {
  return (departmentOf(location) === 'sales' ? 0 : 2) + (location.primary ? 0 : 1);
}

const titleCase = (kind: Department) => kind[0]!.toUpperCase() + kind.slice(1);

function placeOf(group: Location[]): Place {
  const main = [...group].sort((a, b) => rank(a) - rank(b))[0]!;
  const kind = departmentOf(main);
  const departments: PlaceDepartment[] = [];
  for (const dept of ORDER) {
    if (dept === kind) continue;
    const own = group.find((l) => l !== main && departmentOf(l) === dept);
    if (own) {
      departments.push({
        kind: dept,
        name: own.name,
        phone: own.contact_detail?.phone,
        hours: hoursFor(own.hours, dept),
        location: own,
      });
      continue;
    }
    // Hours of a department with no Location entry of its own: it shares the main location's phone.
    const named = main.hours.filter((h) => h.department === dept);
    if (named.length) {
      departments.push({
        kind: dept,
        name: `${main.name} ${titleCase(dept)}`,
        phone: main.contact_detail?.phone,
        hours: hoursFor(main.hours, dept),
      });
    }
  }
  return { main, kind, hours: hoursFor(main.hours, kind), departments, locations: group };
}

const cache = new WeakMap<DealerContent, Place[]>();

/** The dealer's places, in the order their first location appears in locations.json. */
export function dealerPlaces(dealer: DealerContent): Place[] {
  let places = cache.get(dealer);
  if (!places) {
    const groups = new Map<string, Location[]>();
    for (const location of dealer.locations) {
      const key = addressKey(location);
      groups.set(key, [...(groups.get(key) ?? []), location]);
    }
    places = [...groups.values()].map(placeOf);
    cache.set(dealer, places);
  }
  return places;
}

/** The place a location belongs to. */
export function placeOfLocation(dealer: DealerContent, location: Location): Place | undefined {
  return dealerPlaces(dealer).find((p) => p.locations.includes(location));
}

/**
 * Where a car is: its `location_name`, else the primary sales location, else the first sales
 * location, else the first location of any kind.
 */
export function carLocation(
  dealer: Pick<DealerContent, 'locations'>,
  locationName: string | undefined,
): Location | undefined {
  const { locations } = dealer;
  return (
    (locationName ? locations.find((l) => l.name === locationName) : undefined) ??
    locations.find((l) => departmentOf(l) === 'sales' && l.primary) ??
    locations.find((l) => departmentOf(l) === 'sales') ??
    locations[0]
  );
}
