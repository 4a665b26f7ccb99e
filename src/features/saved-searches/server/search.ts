/**
 * A saved search: the stock page's query string, read by the page's own URL mapping
 * (carsStateMapping of src/features/search/rules/cars-search.ts) and turned into the search request the
 * page itself would send, which the search route's parser (src/features/search/contract/search-params.ts) checks
 * and the search route's engine (src/features/search/server/search.ts) answers. A saved search therefore
 * matches exactly the cars the stock page lists for that address, typo tolerance included.
 */
import { parseSearchRequest, ParamError, type SearchRequest } from '../../search/contract/search-params.ts';
import {
  CAR_HIT_FIELDS,
  LIST_FACETS,
  RANGE_FACETS,
  carsStateMapping,
  type CarHit,
} from '../../search/rules/cars-search.ts';
import { routeOfSearch } from '../../search/rules/cars-route.ts';
import { MAX_CAR_HITS } from '../../search/rules/indexes.ts';
import { formatKm, formatPrice } from '../../../lib/text.ts';
import type { Db } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { runSearches } from '../../search/server/search.ts';

/** The cars index with its default order: the URL's sort and page do not change what matches. */
const mapping = carsStateMapping('cars', (index) => index);

/** Most cars one saved search follows (pages of MAX_CAR_HITS). */
export const MAX_MATCHED_CARS = 5_000;

/**
 * The query string in one spelling: only what the stock page reads, its sort and page dropped,
 * keys in a fixed order and list values sorted, so two addresses of one search are one search.
 */
export function canonicalQuery(query: string): string {
  const state = mapping.routeToState(routeOfSearch(query));
  const s = state.cars ?? {};
  delete s.sortBy;
  delete s.page;
  const route = mapping.stateToRoute({ cars: s });
  const out = new URLSearchParams();
  for (const key of Object.keys(route).sort()) {
    const value = route[key];
    const values = Array.isArray(value) ? [...new Set(value)].sort() : value === undefined ? [] : [value];
    for (const v of values) out.append(key, v);
  }
  return out.toString();
}

/** A facet value as a facetFilters string: a value that starts with "-" is escaped (not a negation). */
const facetValue = (attr: string, value: string) => `${attr}:${value.startsWith('-') ? `\\${value}` : value}`;

/**
 * The search request the stock page sends for `query` under the block's `filters`, asking for
 * `page` of MAX_CAR_HITS cars with the card's fields. Throws ApiError 400 naming what is wrong.
 */
export function searchRequestOf(query: string, filters: string, page = 0): SearchRequest {
  const s = mapping.routeToState(routeOfSearch(query)).cars ?? {};
  const facetFilters: string[][] = [];
  for (const attr of Object.keys(LIST_FACETS)) {
    const values = s.refinementList?.[attr];
    if (values?.length) facetFilters.push(values.map((v) => facetValue(attr, v)));
  }
  if (s.toggle?.certified) facetFilters.push(['certified:true']);
  const numericFilters: string[] = [];
  for (const attr of Object.keys(RANGE_FACETS)) {
    const [lo, hi] = (s.range?.[attr] ?? ':').split(':');
    if (lo) numericFilters.push(`${attr}>=${lo}`);
    if (hi) numericFilters.push(`${attr}<=${hi}`);
  }
  try {
    return parseSearchRequest({
      indexName: 'cars',
      params: {
        query: s.query ?? '',
        facetFilters,
        numericFilters,
        ...(filters ? { filters } : {}),
        hitsPerPage: MAX_CAR_HITS,
        page,
        attributesToRetrieve: [...CAR_HIT_FIELDS],
        attributesToHighlight: [],
      },
    });
  } catch (e) {
    if (e instanceof ParamError) throw new ApiError(400, `This search cannot be saved: ${e.message}`);
    throw e;
  }
}

/** The cars of `site` that match the saved search now, as search hits (listed cars only). */
export async function matchingCars(db: Db, site: string, query: string, filters: string): Promise<CarHit[]> {
  const out: CarHit[] = [];
  for (let page = 0; out.length < MAX_MATCHED_CARS; page++) {
    const [result] = await runSearches(db, site, [searchRequestOf(query, filters, page)]);
    const hits = (result?.hits ?? []) as CarHit[];
    out.push(...hits);
    if (hits.length < MAX_CAR_HITS) break;
  }
  return out;
}

/** The search in words, for the emails: "Toyota or Mazda, $10,000 to $30,000, “corolla”". */
export function describeSearch(query: string): string {
  const s = mapping.routeToState(routeOfSearch(query)).cars ?? {};
  const parts: string[] = [];
  for (const attr of Object.keys(LIST_FACETS)) {
    const values = s.refinementList?.[attr];
    if (values?.length) parts.push(values.join(' or '));
  }
  for (const attr of Object.keys(RANGE_FACETS) as (keyof typeof RANGE_FACETS)[]) {
    const [lo, hi] = (s.range?.[attr] ?? ':').split(':').map((v) => (v ? Number(v) : undefined));
    const show = (n: number) => (attr === 'price' ? formatPrice(n) : attr === 'km' ? formatKm(n) : String(n));
    if (lo !== undefined && hi !== undefined) parts.push(`${show(lo)} to ${show(hi)}`);
    else if (lo !== undefined) parts.push(`${attr === 'year' ? 'from' : 'at least'} ${show(lo)}`);
    else if (hi !== undefined) parts.push(`${attr === 'year' ? 'up to' : 'at most'} ${show(hi)}`);
  }
  if (s.toggle?.certified) parts.push('certified');
  if (s.query) parts.push(`“${s.query}”`);
  return parts.length ? parts.join(', ') : 'All cars';
}
