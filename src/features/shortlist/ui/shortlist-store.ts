/**
 * The shopper's shortlist in the browser, kept in localStorage so it lasts across visits:
 * - `dealer.savedCars`: saved cars, newest first (at most MAX_SAVED);
 * - `dealer.compareCars`: the cars chosen to compare, in order (at most MAX_COMPARE);
 * - `dealer.recentCars`: recently viewed cars, newest first (at most MAX_RECENT).
 * Each holds card snapshots (src/features/shortlist/rules/shortlist.ts); stored data that is not a snapshot is dropped
 * on reading. Another tab's change reaches this one through the `storage` event.
 * Saving a car tells the tag manager (`add_to_wishlist`).
 */
import { atom, type WritableAtom } from 'nanostores';
import { persistentAtom } from '../../../stores/persistent.ts';
import {
  cleanList,
  COMPARE_FULL_MESSAGE,
  hasCar,
  MAX_COMPARE,
  MAX_RECENT,
  MAX_SAVED,
  toggledCompare,
  withoutCar,
  withSaved,
  withViewed,
  type CarSnapshot,
  type CompareToggle,
} from '../rules/shortlist.ts';
import { addToWishlistEvent, currencyOf, trackEcommerce } from '../../../site/analytics-ecommerce.ts';

export const SAVED_KEY = 'dealer.savedCars';
export const COMPARE_KEY = 'dealer.compareCars';
export const RECENT_KEY = 'dealer.recentCars';

function listStore(key: string, max: number): WritableAtom<CarSnapshot[]> {
  const store = persistentAtom<CarSnapshot[]>(key, [], 'local');
  const clean = cleanList(store.get(), max);
  if (clean.length !== store.get().length) store.set(clean);
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== key) return;
      let next: unknown;
      try {
        next = e.newValue ? JSON.parse(e.newValue) : [];
      } catch {
        next = [];
      }
      store.set(cleanList(next, max));
    });
  }
  return store;
}

export const $saved = listStore(SAVED_KEY, MAX_SAVED);
export const $compare = listStore(COMPARE_KEY, MAX_COMPARE);
export const $recent = listStore(RECENT_KEY, MAX_RECENT);

const pageCurrency = () => currencyOf(typeof document === 'undefined' ? undefined : document.documentElement.lang);

/** Saves the car, or forgets it when it is saved; true when it is saved now. */
export function toggleSaved(car: CarSnapshot): boolean {
  const list = $saved.get();
  if (hasCar(list, car.id)) {
    $saved.set(withoutCar(list, car.id));
    return false;
  }
  $saved.set(withSaved(list, car));
  trackEcommerce(addToWishlistEvent({ ...car, price: car.amount }, pageCurrency()));
  return true;
}

export function removeSaved(id: string): void {
  $saved.set(withoutCar($saved.get(), id));
}

/** What the compare bar says after the last choice ('' once there is nothing to say). */
export const $compareNotice = atom('');

/**
 * Adds the car to the comparison or takes it out; 'full' when three are chosen already, and the
 * compare bar then says so (COMPARE_FULL_MESSAGE).
 */
export function toggleCompare(car: CarSnapshot): CompareToggle['outcome'] {
  const { list, outcome } = toggledCompare($compare.get(), car);
  if (outcome !== 'full') $compare.set(list);
  $compareNotice.set(outcome === 'full' ? COMPARE_FULL_MESSAGE : '');
  return outcome;
}

export function removeCompared(id: string): void {
  $compare.set(withoutCar($compare.get(), id));
  $compareNotice.set('');
}

export function noteViewed(car: CarSnapshot): void {
  $recent.set(withViewed($recent.get(), car));
}
