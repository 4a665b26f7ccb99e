/**
 * Where a visitor searches from: a small interface with two implementations. The offline default
 * matches the shipped postcode/suburb datasets (public/data, fetched on first use); with a Maps
 * key, google-places.ts (loaded only then) asks Google Places. The island only sees PlaceSearch.
 */
import type { LatLng } from '../../lib/geo.ts';
import { locale } from '../../lib/locale.ts';
import { datasetUrls, matchPlaces, parsePlaceFile, placeLabel, type Country, type Place } from './postcodes.ts';

export interface PlaceSuggestion {
  id: string;
  label: string;
  /** Known at once for dataset places; Google predictions are geocoded when chosen. */
  origin?: LatLng;
}

export interface ResolvedPlace {
  label: string;
  origin: LatLng;
}

export interface PlaceSearch {
  /** Pause after the last keystroke before suggest() runs (Google: 300 ms; the dataset: none). */
  debounceMs: number;
  /** At most MAX_SUGGESTIONS suggestions for what the visitor typed. */
  suggest(query: string): Promise<PlaceSuggestion[]>;
  /** The point of a suggestion; undefined when it cannot be found (logged, never shown). */
  resolve(suggestion: PlaceSuggestion): Promise<ResolvedPlace | undefined>;
}

export function placeSuggestion(place: Place): PlaceSuggestion {
  return {
    id: `${place.country}-${place.postcode}-${place.key.replace(/ /g, '-')}`,
    label: placeLabel(place),
    origin: { lat: place.lat, lng: place.lng },
  };
}

export interface DatasetDeps {
  fetch: (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  error: (message: string, detail?: unknown) => void;
}

export const DATASET_FAILED = 'Failed to fetch postcodes';

/**
 * The offline search over the datasets of `country` (NZ sites: NZ first, then AU). The files are
 * fetched on the first suggest() and kept; a file that fails is logged and skipped (and retried
 * on a later keystroke). `urls` defaults to datasetUrls(country); the block passes them in as
 * island props, so the build's per-site split sees (and copies) the files the page uses.
 */
export function datasetPlaceSearch(
  country: string | undefined,
  deps: DatasetDeps,
  urls: readonly string[] = datasetUrls(country),
): PlaceSearch {
  const countries: readonly Country[] = locale(country).postcode.searchOrder;
  const loaded = new Map<string, Promise<Place[] | undefined>>();
  const load = (url: string) => {
    let p = loaded.get(url);
    if (!p) {
      p = deps
        .fetch(url)
        .then(async (res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return parsePlaceFile(await res.json());
        })
        .catch((error: unknown) => {
          deps.error(DATASET_FAILED, error);
          loaded.delete(url);
          return undefined;
        });
      loaded.set(url, p);
    }
    return p;
  };
  return {
    debounceMs: 0,
    async suggest(query) {
      if (!query.trim()) return [];
      const lists = await Promise.all(urls.map(load));
      const places = lists.flatMap((l) => l ?? []);
      return matchPlaces(places, query, undefined, countries).map(placeSuggestion);
    },
    async resolve(s) {
      return s.origin ? { label: s.label, origin: s.origin } : undefined;
    },
  };
}

/** `fn` run `ms` after the last call (earlier calls are dropped); cancel() drops a pending one. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
): ((...args: A) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    if (ms <= 0) {
      timer = undefined;
      fn(...args);
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  return Object.assign(run, {
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  });
}
