/**
 * Pure logic of the locations block: which of the dealer's locations it lists and how (cards or a
 * compact list), directions links, the locations the search island gets from
 * GET /api/manufacturer-locations, and the query parameters it reads and writes
 * (locationId, locationType, lat, lng, userLocation, distance).
 */
import type { Location } from '../../content/entities.ts';
import { apiFetch } from '../../contract/fetch.ts';
import { manufacturerLocationsPath } from '../../contract/routes.ts';
import { trimmed } from '../../lib/text.ts';
import {
  DEFAULT_DISTANCE_KM,
  LOCATION_CARDS_MAX,
  SEARCH_RADIUS_KM,
  parseDistance,
  parseLatLng,
  type DistanceKm,
  type LatLng,
} from '../../lib/geo.ts';

export const FETCH_FAILED = 'Failed to fetch locations';
export const GEOCODE_FAILED = 'Failed to geocode place';

/** Locations of `type` (compared lowercased and trimmed); all when `type` is absent or blank. */
export function locationsOfType<T extends Pick<Location, 'location_type'>>(
  locations: readonly T[],
  type: string | null | undefined,
): T[] {
  const wanted = type?.trim().toLowerCase();
  if (!wanted) return [...locations];
  return locations.filter((l) => l.location_type.trim().toLowerCase() === wanted);
}

/** Search locations of `type` (their `type` is already lowercased); all when absent. */
export function searchLocationsOfType(
  locations: readonly SearchLocation[],
  type: string | null | undefined,
): SearchLocation[] {
  const wanted = type?.trim().toLowerCase();
  return wanted ? locations.filter((l) => l.type === wanted) : [...locations];
}

/**
 * Cards only with 3 or fewer locations (spec §2 and §9), and never beside the search (its results
 * are the main view there): otherwise a compact list.
 */
export function showCards(count: number, search: boolean | undefined): boolean {
  return !search && count > 0 && count <= LOCATION_CARDS_MAX;
}

/** Google Maps directions to a point (works without any key). */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${lat},${lng}`)}`;
}

/** One location as the search island shows it (from the API's websites). */
export interface SearchLocation {
  id: string;
  name: string;
  type: string;
  address: string;
  phone?: string;
  lat: number;
  lng: number;
  websiteName?: string;
  websiteUrl?: string;
  primary: boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Location (file or API shape) as a SearchLocation; undefined without a name or coordinates. */
export function toSearchLocation(
  raw: unknown,
  website?: { name?: unknown; url?: unknown },
): SearchLocation | undefined {
  if (!isObject(raw) || !isObject(raw.address)) return undefined;
  const { lat, long, address } = raw.address;
  const name = trimmed(raw.name);
  const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? String(raw.id) : undefined;
  if (
    !name ||
    id === undefined ||
    typeof lat !== 'number' ||
    typeof long !== 'number' ||
    !Number.isFinite(lat) ||
    !Number.isFinite(long)
  )
    return undefined;
  const phone = isObject(raw.contact_detail) ? trimmed(raw.contact_detail.phone) : undefined;
  return {
    id,
    name,
    type: (trimmed(raw.location_type) ?? '').toLowerCase(),
    address: trimmed(address) ?? '',
    phone,
    lat,
    lng: long,
    websiteName: trimmed(raw.website_name) ?? trimmed(website?.name),
    websiteUrl: trimmed(raw.website_url) ?? trimmed(website?.url),
    primary: raw.primary === true,
  };
}

/** Every location of the API's answer ({ ok, websites: [{ name, url, locations }] }), each id once. */
export function locationsFromApi(body: unknown): SearchLocation[] {
  if (!isObject(body) || body.ok === false || !Array.isArray(body.websites)) return [];
  const seen = new Set<string>();
  const out: SearchLocation[] = [];
  for (const website of body.websites) {
    if (!isObject(website) || !Array.isArray(website.locations)) continue;
    for (const raw of website.locations) {
      const location = toSearchLocation(raw, website);
      if (!location || seen.has(location.id)) continue;
      seen.add(location.id);
      out.push(location);
    }
  }
  return out;
}

export interface FetchDeps {
  fetch: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  error: (message: string, detail?: unknown) => void;
}

export function locationsApiUrl(site: string): string {
  return manufacturerLocationsPath(site);
}

/**
 * The group's locations, or undefined when the call fails (spec §8: 'Failed to fetch locations'
 * is logged and the list stays empty). An answer without ok: true counts as a failure.
 */
export async function fetchLocations(site: string, deps: FetchDeps): Promise<SearchLocation[] | undefined> {
  try {
    const body = await apiFetch(locationsApiUrl(site), { fetch: deps.fetch });
    if (!isObject(body) || body.ok !== true) throw new Error('The answer is not ok');
    return locationsFromApi(body);
  } catch (error) {
    deps.error(FETCH_FAILED, error);
    return undefined;
  }
}

export interface LocationQuery {
  locationId?: string;
  locationType?: string;
  origin?: LatLng;
  /** "true" (or "1", "yes"): ask the browser for the visitor's location. */
  askLocation: boolean;
  /** Any other userLocation value: the label of `origin` ("Gosford NSW 2250"). */
  originLabel?: string;
  distance: DistanceKm;
}

const YES = new Set(['true', '1', 'yes']);

/** The block's query parameters. lat/lng win over userLocation=true (no prompt when a point is given). */
export function parseLocationQuery(search: string): LocationQuery {
  const params = new URLSearchParams(search);
  const locationId = params.get('locationId')?.trim() || undefined;
  const locationType = params.get('locationType')?.trim().toLowerCase() || undefined;
  const origin = parseLatLng(params.get('lat'), params.get('lng'));
  const user = params.get('userLocation')?.trim() ?? '';
  const ask = YES.has(user.toLowerCase());
  return {
    locationId,
    locationType,
    origin,
    askLocation: ask && !origin,
    originLabel: !ask && user ? user.slice(0, 120) : undefined,
    distance: parseDistance(params.get('distance')),
  };
}

export interface SearchState {
  origin: LatLng;
  distance: DistanceKm;
  locationType?: string;
  /** A place's label; absent for the browser location. */
  label?: string;
}

/** `href` with the search written into lat, lng, distance, locationType and userLocation; other parameters kept. */
export function hrefWithSearch(href: string, state: SearchState): string {
  const url = new URL(href);
  const p = url.searchParams;
  p.set('lat', String(Number(state.origin.lat.toFixed(4))));
  p.set('lng', String(Number(state.origin.lng.toFixed(4))));
  if (state.distance === DEFAULT_DISTANCE_KM) p.delete('distance');
  else p.set('distance', String(state.distance));
  if (state.locationType) p.set('locationType', state.locationType);
  else p.delete('locationType');
  if (state.label) p.set('userLocation', state.label);
  else p.delete('userLocation');
  return url.href;
}

/** The status line announced after a search. */
export function resultsMessage(count: number, distance: number, widened: boolean, near: string): string {
  const n = (k: number) => `${k} ${k === 1 ? 'dealership' : 'dealerships'}`;
  if (widened)
    return `No dealerships within ${distance} km of ${near}. Showing the ${count === 1 ? 'nearest' : `${count} nearest`} within ${SEARCH_RADIUS_KM} km.`;
  if (count === 0) return `No dealerships within ${distance} km of ${near}.`;
  return `${n(count)} within ${distance} km of ${near}.`;
}
