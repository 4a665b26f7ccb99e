/**
 * A cars search in the page's query string, both ways: what the stock page's URL router
 * (src/features/search/ui/url-router.ts) writes and reads, and what the saved-search emails link to and
 * the API reads back (src/features/saved-searches/server/search.ts).
 */
import type { CarsRouteState } from './cars-search.ts';

/**
 * "?make=Toyota&make=Mazda&q=ute" → { make: ['Toyota', 'Mazda'], q: 'ute' }; lists also as links made
 * before wrote them, with bracketed keys ("make[0]=Toyota&make[1]=Mazda").
 */
export function routeOfSearch(search: string): CarsRouteState {
  const route = new Map<string, string | string[]>();
  for (const [raw, value] of new URLSearchParams(search)) {
    const key = raw.replace(/\[\d*\]$/, '');
    const had = route.get(key);
    route.set(key, had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value]);
  }
  // fromEntries makes own properties: a "__proto__" parameter is a key like any other.
  return Object.fromEntries(route);
}

/** The route as a query string ("?make=Toyota&make=Mazda"), or "" for an empty search. */
export function searchOfRoute(route: CarsRouteState): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(route)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
