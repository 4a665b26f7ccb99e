/**
 * The slider's hero: the quick search's listing, choices and counts from the listing's own cars
 * (its fixed filters; sold and hidden cars left out), the GET form with the listing's URL
 * parameters, and the headline as the page's only <h1>. A slider without `hero` renders none of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealerContent } from '../../content/load.ts';
import type { Car } from '../../content/entities.ts';
import type { Page } from '../../content/page.ts';
import { fixtureDealer, renderBlock, renderBlocks, toBlocks } from '../../../tests/helpers/render.ts';
import { heroIsH1, priceChoices, quickSearch, quickSearchListing } from './hero.ts';
import { countMatching, searchLabel } from './quick-count.ts';
import { routeOfSearch } from '../../features/search/rules/cars-route.ts';
import { carsStateMapping } from '../../features/search/rules/cars-search.ts';

let base: DealerContent;
beforeAll(async () => {
  base = await fixtureDealer('mini-motors');
});

const car = (id: number, over: Partial<Car>): Car =>
  ({
    id,
    name: 'Car',
    slug: `car-${id}`,
    make: 'Toyota',
    model: 'Corolla',
    year: 2020,
    km: 48000,
    price: 25000,
    photos: [`/p/${id}.jpg`],
    photos_count: 1,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + id,
    ...over,
  }) as Car;
const cars = [
  car(1, { make: 'Toyota', model: 'Corolla', price: 18990 }),
  car(2, { make: 'Toyota', model: 'RAV4', price: 38990 }),
  car(3, { make: 'Mazda', model: 'CX-5', price: 29990 }),
  car(4, { make: 'Mazda', model: 'CX-5', price: 31990, status: 'sold' }),
  car(5, { make: 'Kia', model: 'Sportage', price: 44990, car_type: 'new' }),
];
const page = (path: string, blocks: unknown[]): Page => ({
  id: path,
  path,
  title: path,
  description: undefined,
  publishedAt: '2025-01-01',
  noindex: false,
  file: `pages${path}.json`,
  blocks: toBlocks(blocks).blocks,
});
const slider = (hero?: unknown) => ({
  id: 'b1',
  type: 'imageSlider',
  data: { slides: [{ image: { url: '/a.jpg', width: 1600, height: 600 }, alt: 'A' }], ...(hero ? { hero } : {}) },
});
const HERO = {
  headline: 'Find your next car',
  subheading: 'Upfront prices',
  cta: { label: 'Book a test drive', href: '/book' },
};
const dealerWith = (homeBlocks: unknown[]) => ({
  ...base,
  cars,
  pages: [
    page('/', homeBlocks),
    page('/used-cars', [
      { id: 'c', type: 'cars', data: { filters: { car_type: ['used'] } }, tunes: { classname: 'show-all-cars' } },
    ]),
  ],
});

describe('the quick search', () => {
  it('opens the listing and offers what that listing shows, with counts', () => {
    const dealer = dealerWith([slider(HERO)]);
    expect(quickSearchListing(dealer.pages, '/')?.path).toBe('/used-cars');
    const search = quickSearch(dealer, '/')!;
    expect(search.action).toBe('/used-cars');
    // The sold CX-5 and the new Kia are not on the used listing.
    expect(search.total).toBe(3);
    expect(search.makes.map((m) => [m.value, m.count])).toEqual([
      ['Mazda', 1],
      ['Toyota', 2],
    ]);
    expect(search.models.find((g) => g.make === 'Toyota')!.models.map((m) => m.value)).toEqual(['Corolla', 'RAV4']);
    expect(search.prices.map((p) => p.value)).toEqual([':20000', ':25000', ':30000', ':40000']);
    expect(search.prices[0]!.label).toBe('Under $20,000');
  });

  it('is left out when the dealer has no listing or no listed cars', () => {
    const noListing = { ...base, cars, pages: [page('/', [slider(HERO)])] };
    expect(quickSearch(noListing, '/')).toBeUndefined();
    const sold = { ...dealerWith([slider(HERO)]), cars: cars.map((c) => ({ ...c, status: 'sold' as const })) };
    expect(quickSearch(sold, '/')).toBeUndefined();
  });

  it('offers max prices that make a difference, up to the first one above every car', () => {
    expect(priceChoices([])).toEqual([]);
    expect(priceChoices([12000, 14000]).map((p) => p.value)).toEqual([':15000']);
    expect(
      priceChoices([9000, 160000])
        .map((p) => p.value)
        .at(-1),
    ).toBe(':150000');
  });

  it('counts the cars a choice finds, as the listing will', () => {
    const rows = quickSearch(dealerWith([slider(HERO)]), '/')!.cars;
    expect(countMatching(rows, '', '', '')).toBe(3);
    expect(countMatching(rows, 'Toyota', '', '')).toBe(2);
    expect(countMatching(rows, 'Toyota', 'RAV4', '')).toBe(1);
    expect(countMatching(rows, '', '', ':30000')).toBe(2);
    expect(searchLabel(1)).toBe('Search 1 car');
    expect(searchLabel(3)).toBe('Search 3 cars');
  });

  it("writes the listing's own URL parameters", () => {
    const route = routeOfSearch('?make=Toyota&model=RAV4&price=:40000');
    const state = carsStateMapping('cars', (i) => i).routeToState(route).cars!;
    expect(state.refinementList).toEqual({ make: ['Toyota'], model: ['RAV4'] });
    expect(state.range).toEqual({ price: ':40000' });
  });
});

describe('the hero block', () => {
  it('renders the headline, subheading, call to action and a GET form to the listing', async () => {
    const dealer = dealerWith([slider(HERO)]);
    const html = await renderBlock('imageSlider', slider(HERO).data, { dealer, path: '/' });
    expect(html).toMatch(/<h1 class="hero-headline"[^>]*>Find your next car<\/h1>/);
    expect(html).toContain('Upfront prices');
    expect(html).toMatch(/<a class="btn btn-primary btn-lg" href="\/book"[^>]*>Book a test drive<\/a>/);
    expect(html).toMatch(/<form class="hero-search" method="get" action="\/used-cars"/);
    for (const name of ['make', 'model', 'price']) expect(html).toMatch(new RegExp(`<select[^>]*name="${name}"`));
    expect(html).toMatch(/<optgroup label="Toyota"[^>]*>/);
    expect(html).toContain('Search 3 cars');
  });

  it('draws no unsafe call to action, no search when turned off, and nothing without a hero', async () => {
    const dealer = dealerWith([slider(HERO)]);
    const off = { ...HERO, cta: { label: 'Go', href: 'javascript:alert(1)' }, search: false };
    const html = await renderBlock('imageSlider', slider(off).data, { dealer, path: '/' });
    expect(html).toContain('Find your next car');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('hero-search');
    const plain = await renderBlock('imageSlider', slider().data, { dealer, path: '/' });
    expect(plain).not.toContain('hero-panel');
  });

  it('is the page h1 only when no heading block gives the page one', async () => {
    const heading = { id: 'h', type: 'heading', data: { text: 'Welcome', level: 1 } };
    const withHeading = toBlocks([slider(HERO), heading]).blocks;
    expect(heroIsH1(withHeading, 'b1')).toBe(false);
    expect(heroIsH1(toBlocks([slider(HERO)]).blocks, 'b1')).toBe(true);
    const dealer = dealerWith([slider(HERO), heading]);
    const html = await renderBlocks([slider(HERO), heading], { dealer, path: '/' });
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toMatch(/<p class="hero-headline"/);
  });
});
