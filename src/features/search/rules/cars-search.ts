/**
 * The cars block's rules in plain TypeScript (no framework): hits per page, the block's fixed
 * filters, where 'View All Cars' goes, and how the search state is written to the URL (a hit and
 * its result card are in car-hit.ts). The island, the build-time search and the tests share them.
 */
import type { Page } from '../../../content/page.ts';
import { NO_PHOTO_URL } from '../../../domain/car-photos.ts';

export { NO_PHOTO_URL };
// A hit and its card have their own module; the block's users read them from here too.
export { CAR_HIT_FIELDS, carCard, carHit, type CarCardData, type CarHit } from './car-hit.ts';

/** Spec §9: 3 hits per page by default, 250 with the show-all-cars class. */
export const SHOW_ALL_CARS_CLASS = 'show-all-cars';
export const DEFAULT_CARS_PER_PAGE = 3;
export const SHOW_ALL_CARS_PER_PAGE = 250;
export const NO_CARS_MESSAGE = 'No results found for your search at this time';

export interface CarsBlockData {
  heading?: string;
  filters?: { make?: string[]; car_type?: string[]; location_name?: string[]; account?: string };
  hitsPerPage?: number;
  minPhotos?: number;
}

/** Whether a block's tunes.classname holds the show-all-cars class (one of its words). */
export function showsAllCars(classname: string | undefined): boolean {
  return (classname ?? '').split(/\s+/).includes(SHOW_ALL_CARS_CLASS);
}

export function carsPerPage(data: CarsBlockData, classname: string | undefined): number {
  return showsAllCars(classname) ? SHOW_ALL_CARS_PER_PAGE : (data.hitsPerPage ?? DEFAULT_CARS_PER_PAGE);
}

/** Fewest cars per page that make a block a stock listing, with the filters as a desktop sidebar. */
export const SIDEBAR_MIN_CARS_PER_PAGE = 6;

/**
 * Whether a cars block shows its filters as a sidebar on wide screens: a listing does; a short
 * block (a few latest arrivals) keeps the 'Filters' button, as a sidebar of ten filter groups
 * beside one row of cards would leave most of the block empty.
 */
export function hasSidebar(perPage: number): boolean {
  return perPage >= SIDEBAR_MIN_CARS_PER_PAGE;
}

const quote = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;

/**
 * The block's fixed filters in Algolia's `filters` syntax: each listed attribute is an OR of its
 * values, the car-listing account must match, and at least minPhotos photos (when above 0).
 * `filters` rather than Configure's facetFilters/numericFilters: the InstantSearch helper lets
 * facetFilters/numericFilters set through Configure replace (numeric) or merge index by index
 * (facet) with the widgets' own refinements, so the make or price facets would stop working.
 * `filters` is ANDed with the refinements by Algolia and by the API route alike.
 */
export function carsFixedFilters(data: CarsBlockData): string {
  const parts: string[] = [];
  const f = data.filters ?? {};
  for (const attr of ['make', 'car_type', 'location_name'] as const) {
    const values = (f[attr] ?? []).filter((v) => v.trim() !== '');
    if (values.length === 1) parts.push(`${attr}:${quote(values[0]!)}`);
    else if (values.length > 1) parts.push(`(${values.map((v) => `${attr}:${quote(v)}`).join(' OR ')})`);
  }
  if (f.account?.trim()) parts.push(`account:${quote(f.account.trim())}`);
  if (data.minPhotos && data.minPhotos > 0) parts.push(`photos_count >= ${data.minPhotos}`);
  return parts.join(' AND ');
}

const USED_CARS_PATH = '/used-cars';

/**
 * Where 'View All Cars' links, or undefined to hide it:
 * 1. none when this block already shows all cars (show-all-cars class);
 * 2. else the first page (in snapshot order) whose cars block has the show-all-cars class;
 * 3. else the /used-cars page when the site has one;
 * and none when that target is the page the block is on.
 */
export function viewAllCarsHref(
  pages: readonly Page[],
  currentPath: string,
  blockShowsAll: boolean,
): string | undefined {
  if (blockShowsAll) return undefined;
  const showAll = pages.find((p) => p.blocks.some((b) => b.type === 'cars' && showsAllCars(b.tunes.classname)));
  const target = showAll?.path ?? pages.find((p) => p.path === USED_CARS_PATH)?.path;
  return target && target !== currentPath ? target : undefined;
}

/* ---------- the search state in the URL ---------- */

/** Refinement-list facets and their short names in the URL. */
export const LIST_FACETS = {
  make: 'make',
  model: 'model',
  simple_body: 'body',
  simple_fuel: 'fuel',
  seats: 'seats',
  location_name: 'location',
} as const;
export const RANGE_FACETS = { year: 'year', price: 'price', km: 'km' } as const;

/** Sort options: the short name in the URL and the index behind it. `cars` is the default. */
export const CAR_SORTS = [
  { key: 'newest', index: 'cars', label: 'Newest listings' },
  { key: 'price_asc', index: 'cars_price_asc', label: 'Price: low to high' },
  { key: 'price_desc', index: 'cars_price_desc', label: 'Price: high to low' },
  { key: 'year_desc', index: 'cars_year_desc', label: 'Year: newest first' },
  { key: 'km_asc', index: 'cars_km_asc', label: 'Kilometres: lowest first' },
] as const;
export type CarSortIndex = (typeof CAR_SORTS)[number]['index'];

/** The flat query string of a search: ?q=corolla&make=Toyota&price=10000:30000&sort=price_asc&page=2 */
export type CarsRouteState = Record<string, string | string[] | undefined>;

/** The parts of InstantSearch's index UI state the block writes (a structural subset). */
export interface CarsIndexUiState {
  query?: string;
  refinementList?: Record<string, string[]>;
  range?: Record<string, string>;
  toggle?: Record<string, boolean>;
  sortBy?: string;
  page?: number;
  [key: string]: unknown;
}

/**
 * uiState ↔ URL for the block's index. `indexFor(key)` names the backend index of a sort key
 * (Algolia's index names carry a prefix); the default sort and page 1 are left out of the URL.
 */
export function carsStateMapping(indexId: string, indexFor: (index: CarSortIndex) => string) {
  return {
    stateToRoute(uiState: Record<string, CarsIndexUiState>): CarsRouteState {
      const s = uiState[indexId] ?? {};
      const route: CarsRouteState = {};
      if (s.query) route.q = s.query;
      for (const [attr, key] of Object.entries(LIST_FACETS)) {
        const values = s.refinementList?.[attr];
        if (values?.length) route[key] = values;
      }
      for (const [attr, key] of Object.entries(RANGE_FACETS)) {
        const value = s.range?.[attr];
        if (value && value !== ':') route[key] = value;
      }
      if (s.toggle?.certified) route.certified = 'true';
      const sort = CAR_SORTS.find((o) => indexFor(o.index) === s.sortBy);
      if (sort && sort.index !== 'cars') route.sort = sort.key;
      if (s.page && s.page > 1) route.page = String(s.page);
      return route;
    },
    routeToState(route: CarsRouteState): Record<string, CarsIndexUiState> {
      const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
      const list = (v: string | string[] | undefined) =>
        (Array.isArray(v) ? v : v ? [v] : []).filter((x) => typeof x === 'string' && x !== '');
      const s: CarsIndexUiState = {};
      const q = one(route.q);
      if (q) s.query = q;
      for (const [attr, key] of Object.entries(LIST_FACETS)) {
        const values = list(route[key]);
        if (values.length) (s.refinementList ??= {})[attr] = values;
      }
      for (const [attr, key] of Object.entries(RANGE_FACETS)) {
        const value = one(route[key]);
        if (value && /^-?\d*(\.\d+)?:-?\d*(\.\d+)?$/.test(value) && value !== ':') (s.range ??= {})[attr] = value;
      }
      if (one(route.certified) === 'true') s.toggle = { certified: true };
      const sort = CAR_SORTS.find((o) => o.key === one(route.sort));
      if (sort && sort.index !== 'cars') s.sortBy = indexFor(sort.index);
      const page = Number(one(route.page));
      if (Number.isInteger(page) && page > 1) s.page = page;
      return { [indexId]: s };
    },
  };
}
