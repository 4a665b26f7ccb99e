/**
 * The dealer facts forms draw their choices from: its locations of a type, the dealership choice
 * (a select, a hidden field or nothing), its dealerships and the makes it sells.
 */
import type { Location } from '../content/entities.ts';
import type { FieldDef, FormContext } from './types.ts';
import { field, type Option } from './fields.ts';

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
