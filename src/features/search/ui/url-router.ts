/**
 * The cars search's URL router for InstantSearch: the search as flat query parameters, a list as
 * repeated keys (`?make=Toyota&make=Mazda&price=0:30000`), read back also from the bracketed keys
 * (`make[0]=Toyota`) of links made before. A change goes into the history once the search has
 * settled (WRITE_DELAY after the last one), so Back goes to the previous search, not the previous
 * keystroke; Back and Forward restore the search they land on without pushing a new entry.
 *
 * InstantSearch's own history router does the same with a general query-string library (`qs` and
 * its dependencies), about 17 KB gzipped that every used-cars page loaded before the visitor did
 * anything; the block's parameters are flat, so URLSearchParams is all it needs.
 */
import type { Router } from 'instantsearch.js';
import { routeOfSearch, searchOfRoute } from '../rules/cars-route.ts';
import type { CarsRouteState } from '../rules/cars-search.ts';

/** Milliseconds after the last change before the search goes into the history. */
export const WRITE_DELAY = 400;

/** What the router uses of `window` (a stand-in in tests). */
export interface RouterWindow {
  location: Pick<Location, 'href' | 'origin' | 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'pushState'>;
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

export function urlRouter(win: RouterWindow = window): Router<CarsRouteState> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onPopState: (() => void) | undefined;
  // Set by Back or Forward: the search InstantSearch then writes is the URL's own, not a new entry.
  let fromHistory = false;
  let disposed = false;
  const createURL = (route: CarsRouteState) =>
    `${win.location.origin}${win.location.pathname}${searchOfRoute(route)}${win.location.hash}`;
  return {
    $$type: 'cars.url',
    read: () => routeOfSearch(win.location.search),
    createURL,
    write(route) {
      const url = createURL(route);
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        if (!fromHistory && !disposed && url !== win.location.href) win.history.pushState(route, '', url);
        fromHistory = false;
      }, WRITE_DELAY);
    },
    onUpdate(callback) {
      onPopState = () => {
        fromHistory = true;
        // The search InstantSearch writes back comes at once; if none does (the search did not
        // change), the next change the visitor makes is written as usual.
        clearTimeout(timer);
        timer = setTimeout(() => {
          timer = undefined;
          fromHistory = false;
        }, WRITE_DELAY);
        callback(routeOfSearch(win.location.search));
      };
      win.addEventListener('popstate', onPopState);
    },
    start() {
      disposed = false;
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      timer = undefined;
      if (onPopState) win.removeEventListener('popstate', onPopState);
      onPopState = undefined;
    },
  };
}
