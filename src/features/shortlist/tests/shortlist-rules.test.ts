/**
 * The shortlist's rules (src/features/shortlist/rules/shortlist.ts): saved cars newest first, once each, at most
 * MAX_SAVED; compare at most three, a fourth refused; the compare address parsed and written with
 * bad ids left out; recently viewed newest first, deduplicated, at most MAX_RECENT, the current car
 * left out of the row; stored data that is not a snapshot dropped.
 */
import { describe, expect, it } from 'vitest';
import {
  carSnapshot,
  cleanList,
  compareCar,
  compareHref,
  COMPARE_ROWS,
  MAX_COMPARE,
  MAX_RECENT,
  MAX_SAVED,
  parseCompareIds,
  recentToShow,
  RECENT_SHOWN,
  toggledCompare,
  withoutCar,
  withSaved,
  withViewed,
  type CarSnapshot,
} from '../rules/shortlist.ts';

const snap = (n: number): CarSnapshot =>
  carSnapshot({
    objectID: String(n),
    slug: `car-${n}`,
    year: 2020,
    make: 'Mazda',
    model: 'CX-5',
    badge: 'Touring',
    km: 30_000,
    price: 30_000 + n,
    photos: [`/p${n}.jpg`],
    price_qualifier: 'drive_away',
    simple_body: 'SUV',
  });

describe('saved cars', () => {
  it('snapshots a card: title, link, price and what it includes, photo, key facts', () => {
    expect(snap(7)).toEqual({
      id: '7',
      title: '2020 Mazda CX-5 Touring',
      href: '/cars/car-7',
      price: '$30,007',
      priceNote: 'Drive away',
      photo: '/p7.jpg',
      hasPhoto: true,
      facts: ['SUV', '30,000 km'],
      make: 'Mazda',
      model: 'CX-5',
      badge: 'Touring',
      year: 2020,
      amount: 30_007,
    });
  });

  it('adds newest first, once per car, and removes', () => {
    let list = withSaved([], snap(1));
    list = withSaved(list, snap(2));
    list = withSaved(list, snap(1));
    expect(list.map((s) => s.id)).toEqual(['1', '2']);
    expect(withoutCar(list, '1').map((s) => s.id)).toEqual(['2']);
  });

  it(`keeps at most ${MAX_SAVED}, dropping the oldest`, () => {
    let list: CarSnapshot[] = [];
    for (let n = 1; n <= MAX_SAVED + 5; n++) list = withSaved(list, snap(n));
    expect(list).toHaveLength(MAX_SAVED);
    expect(list[0]!.id).toBe(String(MAX_SAVED + 5));
    expect(list.some((s) => s.id === '1')).toBe(false);
  });

  it('drops stored entries that are not snapshots, or repeat one, or point off the site', () => {
    const stored = [snap(1), { id: '2' }, 'x', null, snap(1), { ...snap(3), href: '//evil.example/' }, snap(4)];
    expect(cleanList(stored, 10).map((s) => s.id)).toEqual(['1', '4']);
    expect(cleanList('not a list', 10)).toEqual([]);
    expect(cleanList([snap(1), snap(2), snap(3)], 2)).toHaveLength(2);
  });
});

describe('compare', () => {
  it(`takes up to ${MAX_COMPARE} cars in order, refuses a fourth and toggles one out`, () => {
    let list: CarSnapshot[] = [];
    for (const n of [1, 2, 3]) {
      const r = toggledCompare(list, snap(n));
      expect(r.outcome).toBe('added');
      list = r.list;
    }
    const full = toggledCompare(list, snap(4));
    expect(full.outcome).toBe('full');
    expect(full.list.map((s) => s.id)).toEqual(['1', '2', '3']);
    const out = toggledCompare(list, snap(2));
    expect(out.outcome).toBe('removed');
    expect(out.list.map((s) => s.id)).toEqual(['1', '3']);
    expect(toggledCompare(out.list, snap(4)).outcome).toBe('added');
  });

  it('reads the address: valid ids once each, three at most, bad ones left out', () => {
    expect(parseCompareIds('10001,10002,10003')).toEqual(['10001', '10002', '10003']);
    expect(parseCompareIds(' a1 ,a1,,<script>,../x,b-2,c_3,d4')).toEqual(['a1', 'b-2', 'c_3']);
    expect(parseCompareIds('x'.repeat(200))).toEqual([]);
    expect(parseCompareIds(null)).toEqual([]);
    expect(parseCompareIds('')).toEqual([]);
  });

  it('writes the address the parser reads back', () => {
    expect(compareHref(['1', '2', '3'])).toBe('/compare?cars=1,2,3');
    expect(compareHref(['1', 'bad id', '2', '3', '4'])).toBe('/compare?cars=1,2,3');
    expect(compareHref([])).toBe('/compare');
    const href = compareHref(['P:1', 'x.2']);
    expect(parseCompareIds(new URL(href, 'https://d.example').searchParams.get('cars'))).toEqual(['P:1', 'x.2']);
  });

  it('lays out a car’s facts for the table, "—" where the stock does not say', () => {
    const car = compareCar(
      {
        id: 9,
        slug: 'car-9',
        year: 2021,
        make: 'Kia',
        model: 'Sorento',
        km: 12_000,
        price: 52_990,
        price_qualifier: 'excl_govt_charges',
        car_type: 'used',
        simple_body: 'SUV',
        drive: 'AWD',
        engine: '2.2L diesel',
        seats: 7,
        features: [' Sunroof ', '', 'Heated seats'],
      },
      'sold',
    );
    const table = Object.fromEntries(COMPARE_ROWS.map((r) => [r.label, r.value(car) ?? '—']));
    expect(table).toMatchObject({
      Price: '$52,990 (Excl. government charges)',
      Condition: 'Used',
      Year: '2021',
      Odometer: '12,000 km',
      Body: 'SUV',
      Fuel: '—',
      Drive: 'AWD',
      Engine: '2.2L diesel',
      Seats: '7',
    });
    expect(car.status).toBe('sold');
    expect(car.features).toEqual(['Sunroof', 'Heated seats']);
  });
});

describe('recently viewed', () => {
  it(`puts the last viewed first, once each, at most ${MAX_RECENT}`, () => {
    let list: CarSnapshot[] = [];
    for (const n of [1, 2, 3, 2]) list = withViewed(list, snap(n));
    expect(list.map((s) => s.id)).toEqual(['2', '3', '1']);
    for (let n = 10; n < 30; n++) list = withViewed(list, snap(n));
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]!.id).toBe('29');
  });

  it(`shows at most ${RECENT_SHOWN}, never the page's own car`, () => {
    let list: CarSnapshot[] = [];
    for (const n of [1, 2, 3, 4, 5, 6]) list = withViewed(list, snap(n));
    expect(recentToShow(list, '6').map((s) => s.id)).toEqual(['5', '4', '3', '2']);
    expect(recentToShow(list).map((s) => s.id)).toEqual(['6', '5', '4', '3']);
    expect(recentToShow(withViewed([], snap(1)), '1')).toEqual([]);
  });
});
