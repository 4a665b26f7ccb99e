/**
 * The shortlist stores (src/features/shortlist/ui/shortlist-store.ts) in a browser-like window: saving writes
 * localStorage and a fresh page load reads it back (persisting across visits), a save pushes
 * `add_to_wishlist` while unsaving pushes nothing, a fourth compared car is refused with the
 * message, viewed cars are recorded newest first, and junk in storage is dropped on reading.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carSnapshot, COMPARE_FULL_MESSAGE, type CarSnapshot } from '../rules/shortlist.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

let local: MemoryStorage;
let win: {
  localStorage: MemoryStorage;
  sessionStorage: MemoryStorage;
  dataLayer?: unknown[];
  addEventListener: () => void;
};

beforeEach(() => {
  local = new MemoryStorage();
  win = { localStorage: local, sessionStorage: new MemoryStorage(), addEventListener: () => {} };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { documentElement: { lang: 'en-NZ' } });
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

const load = () => import('../ui/shortlist-store.ts');
const snap = (n: number): CarSnapshot =>
  carSnapshot({
    objectID: String(n),
    slug: `c${n}`,
    year: 2022,
    make: 'Toyota',
    model: 'Hilux',
    km: 1,
    price: 50_000 + n,
  });

describe('the shortlist stores', () => {
  it('keep saved cars across page loads, and forget a removed one', async () => {
    const first = await load();
    expect(first.toggleSaved(snap(1))).toBe(true);
    first.toggleSaved(snap(2));
    expect(JSON.parse(local.getItem(first.SAVED_KEY)!).map((s: CarSnapshot) => s.id)).toEqual(['2', '1']);

    vi.resetModules();
    const second = await load();
    expect(second.$saved.get().map((s) => s.id)).toEqual(['2', '1']);
    expect(second.toggleSaved(snap(2))).toBe(false);
    second.removeSaved('1');
    expect(JSON.parse(local.getItem(second.SAVED_KEY)!)).toEqual([]);
  });

  it('push add_to_wishlist on saving only, in the page’s currency', async () => {
    const { toggleSaved } = await load();
    toggleSaved(snap(1));
    toggleSaved(snap(1));
    const events = (win.dataLayer ?? []).filter((e) => (e as { event?: string }).event);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'add_to_wishlist',
      ecommerce: { currency: 'NZD', value: 50_001, items: [{ item_id: '1', item_brand: 'Toyota', price: 50_001 }] },
    });
    // GA4: the previous ecommerce object is cleared before each push.
    expect(win.dataLayer![0]).toEqual({ ecommerce: null });
  });

  it('refuse a fourth car to compare and say why; removing one clears the message', async () => {
    const s = await load();
    for (const n of [1, 2, 3]) expect(s.toggleCompare(snap(n))).toBe('added');
    expect(s.toggleCompare(snap(4))).toBe('full');
    expect(s.$compare.get().map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(s.$compareNotice.get()).toBe(COMPARE_FULL_MESSAGE);
    s.removeCompared('2');
    expect(s.$compareNotice.get()).toBe('');
    expect(s.toggleCompare(snap(4))).toBe('added');
    expect(JSON.parse(local.getItem(s.COMPARE_KEY)!).map((c: CarSnapshot) => c.id)).toEqual(['1', '3', '4']);
  });

  it('record viewed cars newest first and once each', async () => {
    const s = await load();
    for (const n of [1, 2, 1]) s.noteViewed(snap(n));
    expect(s.$recent.get().map((c) => c.id)).toEqual(['1', '2']);
  });

  it('drop what is not a snapshot from storage', async () => {
    local.setItem('dealer.savedCars', JSON.stringify([{ id: 'x' }, snap(5), 'junk']));
    local.setItem('dealer.compareCars', '{not json');
    const s = await load();
    expect(s.$saved.get().map((c) => c.id)).toEqual(['5']);
    expect(s.$compare.get()).toEqual([]);
  });
});
