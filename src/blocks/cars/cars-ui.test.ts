/**
 * The cars search UI's pure rules: the stock card's view model (key facts, photo count,
 * certified, Enquire), the active-filter chips made from InstantSearch's refinements, the page
 * buttons with their ellipses (and the phone's shorter row), and the sheet's 'Show N cars'.
 */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { CAR_HIT_FIELDS, carCard, type CarHit } from '../../features/search/rules/cars-search.ts';
import {
  carsCount,
  pageList,
  refinementChips,
  responsivePageList,
  showCarsLabel,
  type RefinementLike,
} from './cars-ui.ts';
import CarCard from './CarCard.tsx';

const hit: CarHit = {
  objectID: '7',
  slug: '2020-toyota-corolla-7',
  year: 2020,
  make: 'Toyota',
  model: 'Corolla',
  badge: 'Ascent Sport',
  km: 48000,
  price: 32990,
  location_name: 'Gosford',
  photos: ['/a.jpg'],
  photos_count: 7,
  price_qualifier: 'drive_away',
  simple_body: 'Hatch',
  simple_fuel: 'Petrol',
  transmission: 'Automatic',
  certified: true,
};

describe('the stock card', () => {
  it('lists body, fuel, transmission and km as key facts, in that order, leaving out what the stock lacks', () => {
    expect(carCard(hit).facts.map((f) => f.value)).toEqual(['Hatch', 'Petrol', 'Automatic', '48,000 km']);
    const bare = carCard({ ...hit, simple_body: undefined, transmission: ' ', simple_fuel: undefined });
    expect(bare.facts.map((f) => f.key)).toEqual(['km']);
  });

  it('counts the photos from the stock, links Enquire to the enquiry form, and says whether it is certified', () => {
    const card = carCard(hit);
    expect(card).toMatchObject({
      photosCount: 7,
      certified: true,
      enquireHref: '/cars/2020-toyota-corolla-7#enquire',
      name: '2020 Toyota Corolla',
      badge: 'Ascent Sport',
    });
    // Hits without photos_count count their photos; a car without a photo shows no count.
    expect(carCard({ ...hit, photos_count: undefined, photos: ['/a.jpg', '/b.jpg'] }).photosCount).toBe(2);
    expect(carCard({ ...hit, photos: [] }).photosCount).toBe(0);
    expect(carCard({ ...hit, certified: undefined }).certified).toBe(false);
  });

  it('is carried by every hit: the retrieved fields hold all the card reads', () => {
    for (const f of [
      'simple_body',
      'simple_fuel',
      'transmission',
      'certified',
      'photos_count',
      'price_qualifier',
      'location_name',
    ] as const) {
      expect(CAR_HIT_FIELDS).toContain(f);
    }
  });

  it('renders statically: the name links to the car page, the photo count is spoken, certified is a success badge', () => {
    const html = renderToStaticMarkup(createElement(CarCard, { card: carCard(hit), level: 3, eager: false, as: 'li' }));
    expect(html).toMatch(/^<li class="car-card">/);
    expect(html).toContain(
      '<h3 class="car-card-title"><a href="/cars/2020-toyota-corolla-7">2020 Toyota Corolla<span class="car-card-badge"> Ascent Sport</span></a></h3>',
    );
    expect(html).toContain('<span class="visually-hidden">7 photos</span>');
    expect(html).toContain('class="badge badge-success car-card-certified">Certified</span>');
    expect(html).toContain('href="/cars/2020-toyota-corolla-7#enquire"');
    expect(html).toContain(
      '<span class="car-card-price">$32,990</span><span class="car-card-price-note">Drive away</span>',
    );
    expect(html).toContain('loading="lazy"');
    const plain = renderToStaticMarkup(
      createElement(CarCard, { card: carCard({ ...hit, certified: false, photos: [] }), level: 2, eager: true }),
    );
    expect(plain).toContain('<article class="car-card">');
    expect(plain).not.toContain('badge-success');
    expect(plain).not.toContain('photos</span>');
    expect(plain).toContain('loading="eager"');
  });
});

describe('active-filter chips', () => {
  const r = (
    attribute: string,
    value: string | number | boolean,
    extra: Partial<RefinementLike> = {},
  ): RefinementLike => ({ attribute, type: 'disjunctive', value, label: String(value), ...extra });

  it('makes one chip per list value, the keyword and certified', () => {
    const chips = refinementChips([
      r('make', 'Toyota'),
      r('make', 'Mazda'),
      r('seats', '7'),
      r('certified', true, { label: 'true' }),
      { attribute: 'query', type: 'query', value: 'corolla', label: 'corolla' },
    ]);
    expect(chips.map((c) => c.label)).toEqual([
      'Toyota',
      'Mazda',
      '7 seats',
      'Certified pre-owned',
      'Keyword: corolla',
    ]);
    expect(new Set(chips.map((c) => c.key)).size).toBe(chips.length);
    expect(chips[1]!.refinements).toEqual([r('make', 'Mazda')]);
  });

  it('makes one chip per range, both bounds together, removing both', () => {
    const lo = r('price', 10000, { type: 'numeric', operator: '>=', label: '≥ 10000' });
    const hi = r('price', 30000, { type: 'numeric', operator: '<=', label: '≤ 30000' });
    const [price] = refinementChips([lo, hi]);
    expect(price).toEqual({ key: 'range:price', label: 'Price: $10,000 – $30,000', refinements: [lo, hi] });
    expect(refinementChips([r('km', 50000, { type: 'numeric', operator: '<=' })])[0]!.label).toBe(
      'Kilometres: up to 50,000 km',
    );
    expect(refinementChips([r('year', 2018, { type: 'numeric', operator: '>=' })])[0]!.label).toBe('Year: from 2018');
    expect(
      refinementChips([
        r('year', 2018, { type: 'numeric', operator: '>=' }),
        r('year', 2018, { type: 'numeric', operator: '<=' }),
      ])[0]!.label,
    ).toBe('Year: 2018');
  });

  it('makes none without refinements', () => {
    expect(refinementChips([])).toEqual([]);
  });
});

describe('page buttons', () => {
  const shown = (l: (number | 'gap')[]) => l.map((p) => (p === 'gap' ? '…' : p + 1)).join(' ');

  it('show every page when there are few', () => {
    expect(shown(pageList(0, 1))).toBe('1');
    expect(shown(pageList(2, 5))).toBe('1 2 3 4 5');
    expect(pageList(0, 0)).toEqual([]);
  });

  it('keep the first, the last and the current page with its neighbours, and put … for the rest', () => {
    expect(shown(pageList(0, 10))).toBe('1 2 3 4 5 … 10');
    expect(shown(pageList(4, 10))).toBe('1 … 4 5 6 … 10');
    expect(shown(pageList(9, 10))).toBe('1 … 6 7 8 9 10');
    // Never one page hidden behind '…': that page is shown instead.
    expect(shown(pageList(3, 7))).toBe('1 2 3 4 5 6 7');
    for (let n = 1; n <= 30; n++) {
      for (let c = 0; c < n; c++) {
        const l = pageList(c, n);
        expect(l.length).toBeLessThanOrEqual(7);
        expect(l).toContain(c);
        expect(l[0]).toBe(0);
        expect(l.at(-1)).toBe(n - 1);
        const nums = l.filter((p): p is number => p !== 'gap');
        expect([...nums].sort((a, b) => a - b)).toEqual(nums);
        l.forEach((p, i) => {
          if (p === 'gap') expect((l[i + 1] as number) - (l[i - 1] as number)).toBeGreaterThan(2);
        });
      }
    }
  });

  it('give phones a shorter row of the same pages, and wide screens the full one', () => {
    for (let n = 1; n <= 30; n++) {
      for (let c = 0; c < n; c++) {
        const entries = responsivePageList(c, n);
        const view = (k: 'wide' | 'narrow') =>
          entries.filter((e) => e[k]).map((e) => (e.kind === 'gap' ? 'gap' : e.page));
        expect(view('wide')).toEqual(pageList(c, n, 1));
        expect(view('narrow')).toEqual(pageList(c, n, 0));
        expect(view('narrow').length).toBeLessThanOrEqual(5);
      }
    }
  });
});

describe('counts', () => {
  it('say car or cars', () => {
    expect(carsCount(1)).toBe('1 car');
    expect(carsCount(23)).toBe('23 cars');
    expect(showCarsLabel(23)).toBe('Show 23 cars');
    expect(showCarsLabel(0)).toBe('Show 0 cars');
  });
});
