import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock, toBlocks } from '../../../tests/helpers/render.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Car } from '../../content/entities.ts';
import type { Page } from '../../content/page.ts';
import {
  CAR_SORTS,
  carCard,
  carsFixedFilters,
  carsPerPage,
  carsStateMapping,
  NO_CARS_MESSAGE,
  showsAllCars,
  viewAllCarsHref,
} from '../../features/search/rules/cars-search.ts';
import { staticCarsClient } from '../../features/search/ui/cars-static-search.ts';
import { carsServerState } from './server-state.ts';
import type { CarsAppSettings } from './CarsApp.tsx';

let base: DealerContent;
beforeAll(async () => {
  base = await fixtureDealer('mini-motors');
});

let nextId = 100;
const car = (over: Partial<Car>): Car => {
  const id = over.id ?? nextId++;
  return {
    id,
    name: 'Car',
    slug: `car-${id}`,
    make: 'Toyota',
    model: 'Corolla',
    year: 2020,
    km: 48000,
    price: 32990,
    photos: [`/p/${id}.jpg`],
    photos_count: 1,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + Number(id),
    ...over,
  } as Car;
};

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
const carsBlock = (id: string, classname?: string) => ({
  id,
  type: 'cars',
  data: {},
  tunes: classname ? { classname } : undefined,
});

const text = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const settings = (over: Partial<CarsAppSettings> = {}): CarsAppSettings => ({
  idBase: 'cars-b1',
  indexName: 'cars',
  sorts: CAR_SORTS.map((s) => ({ value: s.index, label: s.label })),
  filters: '',
  hitsPerPage: 3,
  level: 2,
  eager: false,
  listName: 'Stock',
  sidebar: false,
  ...over,
});
const hitsOf = async (cars: Car[], over: Partial<CarsAppSettings> = {}) => {
  const state = await carsServerState(cars, { backend: 'api', apiBase: '/api' }, settings(over));
  const result = state.initialResults.cars!.results![0]!;
  return result as unknown as {
    hits: { slug: string; price: number }[];
    nbHits: number;
    hitsPerPage: number;
    facets: Record<string, Record<string, number>>;
  };
};

describe('cars per page', () => {
  it('shows 3 cars per page by default', () => {
    expect(carsPerPage({}, undefined)).toBe(3);
    expect(carsPerPage({}, 'bg-light')).toBe(3);
  });
  it("uses the block's hitsPerPage when set", () => {
    expect(carsPerPage({ hitsPerPage: 12 }, 'bg-light')).toBe(12);
  });
  it('shows 250 with the show-all-cars class, whatever hitsPerPage says', () => {
    expect(carsPerPage({ hitsPerPage: 12 }, 'show-all-cars')).toBe(250);
    expect(carsPerPage({}, 'bg-light  show-all-cars')).toBe(250);
    expect(showsAllCars('show-all-cars-later')).toBe(false);
  });
  it('asks the search for that many cars', async () => {
    const cars = Array.from({ length: 5 }, () => car({}));
    expect((await hitsOf(cars)).hits).toHaveLength(3);
    expect((await hitsOf(cars, { hitsPerPage: 250 })).hits).toHaveLength(5);
  });
});

describe("the block's fixed filters", () => {
  it('ORs the values of each attribute, ANDs the attributes, the account and the minimum photos', () => {
    expect(carsFixedFilters({})).toBe('');
    expect(carsFixedFilters({ filters: { car_type: ['used'], account: 'acme-used' }, minPhotos: 1 })).toBe(
      'car_type:"used" AND account:"acme-used" AND photos_count >= 1',
    );
    expect(carsFixedFilters({ filters: { make: ['Toyota', 'Mazda'], location_name: ['Say "Hi" St'] } })).toBe(
      '(make:"Toyota" OR make:"Mazda") AND location_name:"Say \\"Hi\\" St"',
    );
    expect(carsFixedFilters({ minPhotos: 0 })).toBe('');
  });

  it("lists only the cars of the block's filters and car-listing account", async () => {
    const cars = [
      car({ slug: 'a', make: 'Toyota', account: 'used-acc', car_type: 'used' }),
      car({ slug: 'b', make: 'Mazda', account: 'used-acc', car_type: 'used' }),
      car({ slug: 'c', make: 'Toyota', account: 'new-acc', car_type: 'new' }),
      car({ slug: 'd', make: 'Kia', account: 'used-acc', car_type: 'demo' }),
    ];
    const filters = carsFixedFilters({ filters: { make: ['Toyota', 'Mazda'], account: 'used-acc' } });
    const r = await hitsOf(cars, { filters, hitsPerPage: 250 });
    expect(r.hits.map((h) => h.slug).sort()).toEqual(['a', 'b']);
    expect(r.facets.make).toEqual({ Toyota: 1, Mazda: 1 });
  });

  it('leaves out cars with fewer photos than minPhotos', async () => {
    const cars = [
      car({ slug: 'none', photos: [], photos_count: 0 }),
      car({ slug: 'one', photos_count: 1 }),
      car({ slug: 'six', photos_count: 6 }),
    ];
    expect(
      (await hitsOf(cars, { filters: carsFixedFilters({ minPhotos: 1 }), hitsPerPage: 250 })).hits
        .map((h) => h.slug)
        .sort(),
    ).toEqual(['one', 'six']);
    expect(
      (await hitsOf(cars, { filters: carsFixedFilters({ minPhotos: 6 }), hitsPerPage: 250 })).hits.map((h) => h.slug),
    ).toEqual(['six']);
    expect((await hitsOf(cars, { hitsPerPage: 250 })).nbHits).toBe(3);
  });
});

describe('initial results', () => {
  it('never include sold or hidden cars, in the list or in the counts', async () => {
    const cars = [
      car({ slug: 'ok' }),
      car({ slug: 'sold', status: 'sold', make: 'Ford' }),
      car({ slug: 'hidden', status: 'hidden', make: 'Ford' }),
    ];
    const r = await hitsOf(cars, { hitsPerPage: 250 });
    expect(r.hits.map((h) => h.slug)).toEqual(['ok']);
    expect(r.nbHits).toBe(1);
    expect(r.facets.make).toEqual({ Toyota: 1 });
  });

  it('list the newest first and count every facet of the panel', async () => {
    const cars = [
      car({ slug: 'old', created_at_timestamp: 1 }),
      car({ slug: 'new', created_at_timestamp: 3 }),
      car({ slug: 'mid', created_at_timestamp: 2 }),
    ];
    const r = await hitsOf(cars);
    expect(r.hits.map((h) => h.slug)).toEqual(['new', 'mid', 'old']);
    expect(Object.keys(r.facets).sort()).toEqual([
      'certified',
      'km',
      'location_name',
      'make',
      'model',
      'price',
      'seats',
      'simple_body',
      'simple_fuel',
      'year',
    ]);
    expect(r.facets.make).toEqual({ Toyota: 3 });
  });

  it('answer a price sort and refinements like the search route', async () => {
    const client = staticCarsClient([
      car({ slug: 'b', price: 20000 }),
      car({ slug: 'a', price: 10000, make: 'Kia' }),
      car({ slug: 'c', price: 30000 }),
    ]);
    const { results } = await client.search([
      { indexName: 'cars_price_asc', params: { hitsPerPage: 10 } },
      { indexName: 'cars', params: { facetFilters: [['make:Toyota']], numericFilters: ['price>=25000'] } },
    ]);
    expect((results[0]!.hits as { slug: string }[]).map((h) => h.slug)).toEqual(['a', 'b', 'c']);
    expect((results[1]!.hits as { slug: string }[]).map((h) => h.slug)).toEqual(['c']);
  });
});

describe('Algolia mode', () => {
  it('computes the same first results under the prefixed index names', async () => {
    const prefix = 'prod_acme_';
    const state = await carsServerState(
      [car({ slug: 'x' }), car({ slug: 'gone', status: 'sold' })],
      { backend: 'algolia', appId: 'APP', searchKey: 'KEY', indexPrefix: prefix },
      settings({
        indexName: `${prefix}cars`,
        sorts: CAR_SORTS.map((s) => ({ value: prefix + s.index, label: s.label })),
      }),
    );
    const result = state.initialResults[`${prefix}cars`]!.results![0]! as unknown as {
      hits: { slug: string }[];
      index: string;
    };
    expect(result.hits.map((h) => h.slug)).toEqual(['x']);
    expect(result.index).toBe(`${prefix}cars`);
  });
});

describe("'View All Cars'", () => {
  const pages = [
    page('/', [carsBlock('c1')]),
    page('/stock', [carsBlock('c2', 'show-all-cars')]),
    page('/used-cars', [carsBlock('c3')]),
  ];

  it('goes to the page whose cars block has the show-all-cars class', () => {
    expect(viewAllCarsHref(pages, '/', false)).toBe('/stock');
    expect(viewAllCarsHref(pages, '/used-cars', false)).toBe('/stock');
  });
  it('else to the used-cars page', () => {
    const noShowAll = [pages[0]!, pages[2]!];
    expect(viewAllCarsHref(noShowAll, '/', false)).toBe('/used-cars');
  });
  it('is hidden where the block already shows all, on its own target, and when there is no target', () => {
    expect(viewAllCarsHref(pages, '/stock', true)).toBeUndefined();
    expect(viewAllCarsHref([pages[0]!, pages[2]!], '/used-cars', false)).toBeUndefined();
    expect(viewAllCarsHref([pages[0]!], '/', false)).toBeUndefined();
  });
});

describe('result cards and the URL', () => {
  it('show "{year} {make} {model} {badge}", km, price, location and link to the car page', () => {
    const card = carCard({
      objectID: '7',
      slug: '2020-toyota-corolla-7',
      year: 2020,
      make: 'Toyota',
      model: 'Corolla',
      badge: 'Ascent Sport',
      km: 48000,
      price: 32990,
      location_name: 'Gosford',
      photos: ['/a.jpg', '/b.jpg'],
    });
    expect(card).toMatchObject({
      title: '2020 Toyota Corolla Ascent Sport',
      km: '48,000 km',
      price: '$32,990',
      location: 'Gosford',
      href: '/cars/2020-toyota-corolla-7',
      photo: '/a.jpg',
    });
    expect(
      carCard({ objectID: '8', slug: 's', year: 2019, make: 'Kia', model: 'Rio', km: 0, price: 1, photos: [] }),
    ).toMatchObject({ title: '2019 Kia Rio', photo: '/images/no-photo.svg', hasPhoto: false });
  });

  it('label the price with what it includes, and never call an unqualified price drive-away', () => {
    const hit = { objectID: '9', slug: 's', year: 2021, make: 'Mazda', model: 'CX-5', km: 1, price: 1 };
    expect(carCard({ ...hit, price_qualifier: 'drive_away' }).priceNote).toBe('Drive away');
    expect(carCard({ ...hit, price_qualifier: 'excl_govt_charges' }).priceNote).toBe('Excl. government charges');
    expect(carCard(hit).priceNote).toBeUndefined();
  });

  it('writes the search as flat URL parameters and reads it back', () => {
    const m = carsStateMapping('cars', (i) => i);
    const ui = {
      cars: {
        query: 'corolla',
        refinementList: { make: ['Toyota'] },
        range: { price: '10000:30000' },
        toggle: { certified: true },
        sortBy: 'cars_price_asc',
        page: 2,
      },
    };
    const route = m.stateToRoute(ui);
    expect(route).toEqual({
      q: 'corolla',
      make: ['Toyota'],
      price: '10000:30000',
      certified: 'true',
      sort: 'price_asc',
      page: '2',
    });
    expect(m.routeToState(route)).toEqual(ui);
    expect(m.stateToRoute({ cars: { sortBy: 'cars', page: 1 } })).toEqual({});
    expect(m.routeToState({ make: 'Mazda', price: 'x', sort: 'bogus' })).toEqual({
      cars: { refinementList: { make: ['Mazda'] } },
    });
  });
});

describe('rendering the block', () => {
  const cars = [
    car({
      slug: 'first',
      year: 2022,
      make: 'Mazda',
      model: 'CX-5',
      badge: 'Maxx',
      km: 12000,
      price: 35990,
      created_at_timestamp: 30,
      location_name: 'Main St',
    }),
    car({ slug: 'second', created_at_timestamp: 20, photos: [] }),
    car({ slug: 'third', created_at_timestamp: 10 }),
    car({ slug: 'fourth', created_at_timestamp: 5 }),
    car({ slug: 'gone', status: 'sold', created_at_timestamp: 99 }),
  ];

  it("shows the first cars, the 'Filters' toggle, the sort and no sold car, without JavaScript", async () => {
    const dealer = { ...base, cars };
    const html = await renderBlock('cars', { heading: 'Our stock' }, { dealer });
    const t = text(html);
    expect(html).toContain('<astro-island');
    expect(html).toMatch(/client="visible"/);
    expect(html).toMatch(
      /<button[^>]*aria-expanded="false"[^>]*aria-controls="cars-b1-panel"[^>]*><svg[^>]*aria-hidden="true"[\s\S]*?<\/svg>Filters<\/button>/,
    );
    expect(html).toMatch(/<select id="cars-b1-sort"/); // sort stays outside the panel, always visible
    expect(t).toContain('2022 Mazda CX-5 Maxx');
    expect(t).toContain('$35,990');
    expect(t).toContain('12,000 km');
    expect(t).toContain('Main St');
    expect(html).toContain('href="/cars/first"');
    expect(html).toContain('href="/cars/second"');
    expect(html).toContain('href="/cars/third"');
    expect(html).not.toContain('href="/cars/fourth"');
    expect(html).not.toContain('href="/cars/gone"');
    expect(html).toMatch(/src="\/images\/no-photo.svg"[^>]*width="400" height="250"/);
  });

  it("says 'No results found for your search at this time' when nothing matches", async () => {
    const html = await renderBlock('cars', { filters: { make: ['Lada'] } }, { dealer: { ...base, cars } });
    expect(text(html)).toContain(NO_CARS_MESSAGE);
    expect(html).not.toContain('href="/cars/');
  });

  it('lays a stock listing out with a desktop sidebar, and keeps a short block to the Filters sheet', async () => {
    const dealer = { ...base, cars };
    const short = await renderBlock('cars', { hitsPerPage: 3 }, { dealer });
    expect(short).toContain('class="cars-layout"');
    expect(short).not.toContain('cars-layout-sidebar');
    const listing = await renderBlock('cars', { hitsPerPage: 12 }, { dealer });
    expect(listing).toContain('class="cars-layout cars-layout-sidebar"');
  });

  it("links 'View All Cars' to the show-all page, and hides it there", async () => {
    // A home page's short block is a row with its own View all (cars-row.test.ts).
    const pages = [page('/featured', [carsBlock('c1')]), page('/all-stock', [carsBlock('c2', 'show-all-cars')])];
    const dealer = { ...base, cars, pages };
    const featured = await renderBlock('cars', {}, { dealer, path: '/featured' });
    expect(featured).toMatch(/<a[^>]*href="\/all-stock"[^>]*>View All Cars<\/a>/);
    const all = await renderBlock('cars', {}, { dealer, path: '/all-stock', tunes: { classname: 'show-all-cars' } });
    expect(all).not.toContain('View All Cars');
    expect(all).toContain('href="/cars/fourth"');
  });
});
