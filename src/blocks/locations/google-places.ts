/**
 * The Google side of the location search, used only when the site has a Maps key (GoogleMap.tsx
 * is the one importer, and the island loads that with a dynamic import). Places autocomplete is
 * restricted to Australian regions (spec §7) with a 300 ms debounce; a chosen prediction is
 * geocoded and a geocode failure is logged only (spec §8). The Google objects are passed in, so
 * everything here runs against fakes in unit tests.
 */
import { MAP_MAX_ZOOM, MAX_SUGGESTIONS, type LatLng } from '../../lib/geo.ts';
import { GEOCODE_FAILED } from './locations.ts';
import type { PlaceSearch, PlaceSuggestion } from './places.ts';

export const PLACES_DEBOUNCE_MS = 300;
/** CLDR region codes the predictions are restricted to. */
export const PLACES_REGION_CODES = ['au'] as const;
/** Suburbs, towns, postcodes and other regions (the Places "(regions)" type collection). */
export const PLACES_PRIMARY_TYPES = ['(regions)'] as const;

/** The request of AutocompleteSuggestion.fetchAutocompleteSuggestions (Places API, new). */
export function autocompleteRequest(input: string, sessionToken?: unknown) {
  return {
    input,
    includedRegionCodes: [...PLACES_REGION_CODES],
    includedPrimaryTypes: [...PLACES_PRIMARY_TYPES],
    language: 'en-AU',
    region: 'au',
    ...(sessionToken ? { sessionToken } : {}),
  };
}

/** The Geocoder request for a chosen prediction. */
export function geocodeRequest(placeId: string) {
  return { placeId };
}

/** Options of the results map: never closer than zoom 15. */
export function mapOptions(center: LatLng) {
  return {
    defaultCenter: center,
    defaultZoom: 10,
    maxZoom: MAP_MAX_ZOOM,
    gestureHandling: 'cooperative' as const,
    clickableIcons: false,
  };
}

/** The smallest box holding every point, for fitBounds; undefined for none. */
export function boundsOf(
  points: readonly LatLng[],
): { north: number; south: number; east: number; west: number } | undefined {
  if (points.length === 0) return undefined;
  let north = -90,
    south = 90,
    east = -180,
    west = 180;
  for (const p of points) {
    north = Math.max(north, p.lat);
    south = Math.min(south, p.lat);
    east = Math.max(east, p.lng);
    west = Math.min(west, p.lng);
  }
  return { north, south, east, west };
}

/** What this module needs of google.maps.places (structural, so tests can fake it). */
export interface PlacesLib {
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: ReturnType<typeof autocompleteRequest>): Promise<{
      suggestions: { placePrediction: { placeId: string; text: { text: string } } | null }[];
    }>;
  };
  AutocompleteSessionToken: new () => object;
}

/** What this module needs of a google.maps.Geocoder. */
export interface GeocoderLike {
  geocode(request: { placeId: string }): Promise<{
    results: { formatted_address?: string; geometry: { location: { lat(): number; lng(): number } } }[];
  }>;
}

export interface GoogleDeps {
  error: (message: string, detail?: unknown) => void;
}

export function googlePlaceSearch(places: PlacesLib, geocoder: GeocoderLike, deps: GoogleDeps): PlaceSearch {
  let token: object | undefined;
  return {
    debounceMs: PLACES_DEBOUNCE_MS,
    async suggest(query) {
      const input = query.trim();
      if (!input) return [];
      token ??= new places.AutocompleteSessionToken();
      try {
        const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions(
          autocompleteRequest(input, token),
        );
        const out: PlaceSuggestion[] = [];
        for (const s of suggestions) {
          if (s.placePrediction) out.push({ id: s.placePrediction.placeId, label: s.placePrediction.text.text });
          if (out.length === MAX_SUGGESTIONS) break;
        }
        return out;
      } catch (error) {
        deps.error('Failed to fetch place suggestions', error);
        return [];
      }
    },
    async resolve(s) {
      token = undefined; // the session ends with the choice
      try {
        const { results } = await geocoder.geocode(geocodeRequest(s.id));
        const first = results[0];
        if (!first) throw new Error('No geocode result');
        const { location } = first.geometry;
        return { label: s.label, origin: { lat: location.lat(), lng: location.lng() } };
      } catch (error) {
        deps.error(GEOCODE_FAILED, error);
        return undefined;
      }
    },
  };
}
