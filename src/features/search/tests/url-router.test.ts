/**
 * The cars search's URL router (src/features/search/ui/url-router.ts) against a stand-in window: lists as
 * repeated keys and read back from bracketed keys, one history entry per settled search, Back and
 * Forward restoring a search without a new entry, nothing written once disposed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeOfSearch, searchOfRoute } from '../rules/cars-route.ts';
import { urlRouter, WRITE_DELAY, type RouterWindow } from '../ui/url-router.ts';

/** A window whose location follows pushState and a simulated Back, and that counts history entries. */
function standInWindow(start: string) {
  const entries = [start];
  let at = 0;
  const listeners = new Set<() => void>();
  const current = () => new URL(entries[at]!);
  const win: RouterWindow = {
    location: {
      get href() {
        return current().href;
      },
      get origin() {
        return current().origin;
      },
      get pathname() {
        return current().pathname;
      },
      get search() {
        return current().search;
      },
      get hash() {
        return current().hash;
      },
    },
    history: {
      pushState(_data: unknown, _unused: string, url?: string | URL | null) {
        entries.splice(at + 1, entries.length, String(url));
        at = entries.length - 1;
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const back = () => {
    at -= 1;
    for (const l of listeners) l();
  };
  return { win, entries, back, listeners };
}

describe('the search in the query string', () => {
  it('writes lists as repeated keys and reads them back, and reads bracketed keys of older links', () => {
    const route = { q: 'hilux sr5', make: ['Toyota', 'Mazda'], price: '0:30000', sort: undefined };
    const search = searchOfRoute(route);
    expect(search).toBe('?q=hilux+sr5&make=Toyota&make=Mazda&price=0%3A30000');
    expect(routeOfSearch(search)).toEqual({ q: 'hilux sr5', make: ['Toyota', 'Mazda'], price: '0:30000' });
    expect(routeOfSearch('?make%5B0%5D=Kia&make%5B1%5D=Audi&body%5B0%5D=SUV')).toEqual({
      make: ['Kia', 'Audi'],
      body: 'SUV',
    });
    expect(searchOfRoute({})).toBe('');
  });

  it('takes a "__proto__" parameter as a key like any other', () => {
    const route = routeOfSearch('?__proto__=x&q=ute');
    expect(Object.getPrototypeOf(route)).toBe(Object.prototype);
    expect(Object.keys(route)).toEqual(['__proto__', 'q']);
  });
});

describe('urlRouter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("makes full URLs of the page's own path, keeping its hash", () => {
    const { win } = standInWindow('http://coastal.localhost/used-cars?q=old#results');
    expect(urlRouter(win).createURL({ make: ['Kia'] })).toBe('http://coastal.localhost/used-cars?make=Kia#results');
    expect(urlRouter(win).read()).toEqual({ q: 'old' });
  });

  it('pushes one history entry once the search has settled, not one per change', () => {
    const { win, entries } = standInWindow('http://coastal.localhost/used-cars');
    const router = urlRouter(win);
    router.write({ q: 't' });
    router.write({ q: 'to' });
    router.write({ q: 'toy' });
    vi.advanceTimersByTime(WRITE_DELAY - 1);
    expect(entries).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(entries).toEqual(['http://coastal.localhost/used-cars', 'http://coastal.localhost/used-cars?q=toy']);
    // The same search again is not a new entry.
    router.write({ q: 'toy' });
    vi.advanceTimersByTime(WRITE_DELAY);
    expect(entries).toHaveLength(2);
  });

  it('restores the search Back lands on, without pushing it again, and then writes the next change', () => {
    const { win, entries, back } = standInWindow('http://coastal.localhost/used-cars?make%5B0%5D=Kia');
    const router = urlRouter(win);
    const restored: unknown[] = [];
    router.onUpdate((route) => {
      restored.push(route);
      // InstantSearch writes the state it was given back to the router.
      router.write(route);
    });
    router.write({ make: ['Kia', 'Audi'] });
    vi.advanceTimersByTime(WRITE_DELAY);
    expect(entries).toHaveLength(2);
    back();
    expect(restored).toEqual([{ make: 'Kia' }]);
    vi.advanceTimersByTime(WRITE_DELAY);
    // The older link's spelling differs from the router's, and still no entry is added.
    expect(entries).toHaveLength(2);
    expect(win.location.href).toBe('http://coastal.localhost/used-cars?make%5B0%5D=Kia');
    router.write({ make: ['Kia', 'Ford'] });
    vi.advanceTimersByTime(WRITE_DELAY);
    expect(win.location.href).toBe('http://coastal.localhost/used-cars?make=Kia&make=Ford');
  });

  it('Back cancels a write still waiting, so the page does not jump forward again', () => {
    const { win, entries, back } = standInWindow('http://coastal.localhost/used-cars');
    const router = urlRouter(win);
    router.onUpdate(() => {});
    router.write({ q: 'a' });
    vi.advanceTimersByTime(WRITE_DELAY);
    router.write({ q: 'ab' });
    back();
    vi.advanceTimersByTime(WRITE_DELAY);
    expect(win.location.href).toBe('http://coastal.localhost/used-cars');
    expect(entries).toHaveLength(2);
    // No search was written back after Back: the visitor's next change is written all the same.
    router.write({ q: 'van' });
    vi.advanceTimersByTime(WRITE_DELAY);
    expect(win.location.href).toBe('http://coastal.localhost/used-cars?q=van');
  });

  it('writes nothing and stops listening once disposed', () => {
    const { win, entries, listeners } = standInWindow('http://coastal.localhost/used-cars');
    const router = urlRouter(win);
    router.onUpdate(() => {});
    expect(listeners.size).toBe(1);
    router.write({ q: 'ute' });
    router.dispose();
    vi.advanceTimersByTime(WRITE_DELAY);
    expect(entries).toHaveLength(1);
    expect(listeners.size).toBe(0);
  });
});
