/**
 * Distances and the nearby-dealership search of the locations block (spec §9): radius 250 km,
 * at most 5 suggestions, distance options 25–1000 km with 50 by default, map max zoom 15.
 *
 * How the distance select and the 250 km radius interact: results are every location within the
 * chosen distance, nearest first. When none is, the search widens to the 250 km radius and shows
 * the nearest locations there (at most MAX_SUGGESTIONS), flagged as outside the chosen distance.
 * A chosen distance of 250 km or more never widens (nothing more is within 250 km).
 */

export const SEARCH_RADIUS_KM = 250;
/** Postcode/suburb suggestions, places predictions and widened nearest results are each capped at 5. */
export const MAX_SUGGESTIONS = 5;
export const DISTANCE_OPTIONS_KM = [25, 50, 75, 100, 150, 250, 500, 750, 1000] as const;
export type DistanceKm = (typeof DISTANCE_OPTIONS_KM)[number];
export const DEFAULT_DISTANCE_KM: DistanceKm = 50;
export const MAP_MAX_ZOOM = 15;
/** Contact location cards only with this many locations or fewer (spec §2 and §9). */
export const LOCATION_CARDS_MAX = 3;

const EARTH_RADIUS_KM = 6371;
/** Floating-point slack so a point exactly on a limit counts as within it. */
const EPSILON_KM = 1e-6;

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine, mean Earth radius 6371 km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `km` is at most `limit` (a point exactly on the limit is within it). */
export function withinKm(km: number, limit: number): boolean {
  return km <= limit + EPSILON_KM;
}

export function isDistanceOption(value: number): value is DistanceKm {
  return (DISTANCE_OPTIONS_KM as readonly number[]).includes(value);
}

/** The distance a query value or select value names, else the default (50). "100" → 100, "60" → 50. */
export function parseDistance(value: string | number | null | undefined): DistanceKm {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN);
  return isDistanceOption(n) ? n : DEFAULT_DISTANCE_KM;
}

/** A valid coordinate pair from query strings, else undefined. */
export function parseLatLng(lat: string | null | undefined, lng: string | null | undefined): LatLng | undefined {
  if (lat == null || lng == null || !lat.trim() || !lng.trim()) return undefined;
  const a = Number(lat);
  const b = Number(lng);
  if (!Number.isFinite(a) || !Number.isFinite(b) || Math.abs(a) > 90 || Math.abs(b) > 180) return undefined;
  return { lat: a, lng: b };
}

/** "12 km", "3.4 km" (one decimal under 10 km), "0 km". */
export function formatKm(km: number): string {
  if (km < 10) return `${(Math.round(km * 10) / 10).toLocaleString('en-AU')} km`;
  return `${Math.round(km).toLocaleString('en-AU')} km`;
}

export interface Ranked<T> {
  item: T;
  km: number;
}

export interface NearbyResult<T> {
  results: Ranked<T>[];
  /** True when nothing was within the chosen distance and the results are the nearest within 250 km. */
  widened: boolean;
}

/**
 * Items within `distanceKm` of `origin`, nearest first (ties keep input order). When there are
 * none, the nearest MAX_SUGGESTIONS within SEARCH_RADIUS_KM, with `widened` set.
 */
export function nearby<T>(
  origin: LatLng,
  items: readonly T[],
  position: (item: T) => LatLng,
  distanceKm: number = DEFAULT_DISTANCE_KM,
): NearbyResult<T> {
  const ranked = items
    .map((item, i) => ({ item, km: haversineKm(origin, position(item)), i }))
    .sort((a, b) => a.km - b.km || a.i - b.i)
    .map(({ item, km }) => ({ item, km }));
  const results = ranked.filter((r) => withinKm(r.km, distanceKm));
  if (results.length > 0 || distanceKm >= SEARCH_RADIUS_KM) return { results, widened: false };
  return { results: ranked.filter((r) => withinKm(r.km, SEARCH_RADIUS_KM)).slice(0, MAX_SUGGESTIONS), widened: true };
}
