/**
 * The postcode and suburb lookup of the locations block's offline search (no Maps key): the
 * shipped datasets public/data/postcodes-au.json and postcodes-nz.json (public/data/README.md),
 * parsed and matched here. Pure: the island fetches the files only when the visitor types.
 */
import { MAX_SUGGESTIONS } from '../../lib/geo.ts';
import { LOCALES, locale, type Country } from '../../lib/locale.ts';

export type { Country };

/** One row of a dataset file: postcode, locality, index into `states`, lat, lng. */
export type PlaceRow = [postcode: string, locality: string, state: number, lat: number, lng: number];

/** The compact file format (one JSON object per country). */
export interface PlaceFile {
  country: Country;
  /** AU: state codes (NSW, VIC …); NZ: the city or region a suburb belongs to. */
  states: string[];
  rows: PlaceRow[];
}

export interface Place {
  postcode: string;
  locality: string;
  state: string;
  country: Country;
  lat: number;
  lng: number;
  /** normaliseQuery(locality), precomputed for matching. */
  key: string;
}

export const DATASET_URLS: Record<Country, string> = {
  AU: LOCALES.AU.postcode.dataset,
  NZ: LOCALES.NZ.postcode.dataset,
};

/** The files a site searches, its own country first (NZ sites can also find Australian places). */
export function datasetUrls(country: string | undefined): string[] {
  const { postcode } = locale(country);
  return postcode.searchesAbroad ? postcode.searchOrder.map((c) => DATASET_URLS[c]) : [postcode.dataset];
}

/** Coordinates rounded to 3 decimals (~100 m), as the dataset stores them. */
export function roundCoord(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** "NORTH GOSFORD" → "North Gosford", "MCMAHONS POINT" → "Mcmahons Point", "O'CONNOR" → "O'Connor". */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s\-'(])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** Lowercase, punctuation to spaces, spaces folded: "St. Ives " → "st ives", "O'Connor" → "o connor". */
export function normaliseQuery(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function isRow(row: unknown, states: number): row is PlaceRow {
  if (!Array.isArray(row) || row.length < 5) return false;
  const [postcode, locality, state, lat, lng] = row as unknown[];
  return (
    typeof postcode === 'string' &&
    typeof locality === 'string' &&
    Number.isInteger(state) &&
    (state as number) >= 0 &&
    (state as number) < states &&
    typeof lat === 'number' &&
    Number.isFinite(lat) &&
    Math.abs(lat) <= 90 &&
    typeof lng === 'number' &&
    Number.isFinite(lng) &&
    Math.abs(lng) <= 180
  );
}

/** The places of a dataset file; malformed rows are skipped, a malformed file gives none. */
export function parsePlaceFile(json: unknown): Place[] {
  if (typeof json !== 'object' || json === null) return [];
  const file = json as Partial<PlaceFile>;
  const { country } = locale(file.country);
  const states = Array.isArray(file.states) ? file.states.map(String) : [];
  if (!Array.isArray(file.rows)) return [];
  const places: Place[] = [];
  for (const row of file.rows) {
    if (!isRow(row, states.length)) continue;
    const [postcode, locality, state, lat, lng] = row;
    places.push({ postcode, locality, state: states[state]!, country, lat, lng, key: normaliseQuery(locality) });
  }
  return places;
}

/** "Gosford NSW 2250" (AU) or "Riccarton, Christchurch 8041" (NZ). */
export function placeLabel(place: Pick<Place, 'postcode' | 'locality' | 'state' | 'country'>): string {
  return locale(place.country).address.placeLabel(place);
}

/** Lower is better; undefined = no match. */
function nameRank(key: string, name: string): number | undefined {
  if (!name) return 0;
  if (key === name) return 0;
  if (key.startsWith(name)) return 1;
  if (key.includes(' ' + name)) return 2;
  return undefined;
}

/**
 * Places matching what the visitor typed, best first, at most `limit` (MAX_SUGGESTIONS, 5).
 * Digits match a postcode by prefix ("225" → 2250, 2251 …); words match a suburb name by prefix,
 * case-insensitively, first the exact name, then names starting with it, then names with a later
 * word starting with it ("ives" → St Ives). Both may be combined ("gosford 2250"). Ties keep the
 * order of `countries` (a site's own country first), then sort by name and postcode.
 */
export function matchPlaces(
  places: readonly Place[],
  query: string,
  limit: number = MAX_SUGGESTIONS,
  countries: readonly Country[] = ['AU', 'NZ'],
): Place[] {
  const q = normaliseQuery(query);
  if (!q || limit <= 0) return [];
  const words = q.split(' ');
  const digits = words.filter((w) => /^\d+$/.test(w)).join('');
  const name = words.filter((w) => !/^\d+$/.test(w)).join(' ');
  const scored: { place: Place; rank: number }[] = [];
  for (const place of places) {
    if (digits && !place.postcode.startsWith(digits)) continue;
    const rank = nameRank(place.key, name);
    if (rank === undefined) continue;
    // A complete postcode ranks ahead of longer ones it prefixes (none in 4-digit data, but cheap).
    scored.push({ place, rank: rank * 2 + (digits && place.postcode !== digits ? 1 : 0) });
  }
  const order = (c: Country) => {
    const i = countries.indexOf(c);
    return i === -1 ? countries.length : i;
  };
  scored.sort(
    (a, b) =>
      a.rank - b.rank ||
      order(a.place.country) - order(b.place.country) ||
      (digits && !name ? a.place.postcode.localeCompare(b.place.postcode) : 0) ||
      a.place.key.localeCompare(b.place.key) ||
      a.place.postcode.localeCompare(b.place.postcode),
  );
  return scored.slice(0, limit).map((s) => s.place);
}
