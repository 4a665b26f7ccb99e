/**
 * The car page's rules in plain TypeScript: its key facts, features list, photo gallery keys,
 * "Back to results" and the links that carry the car into the dealer's forms.
 */
import { describe, expect, it } from 'vitest';
import { car as carSchema, type Car } from '../../../content/entities.ts';
import type { Page } from '../../../content/page.ts';
import type { Block } from '../../../content/blocks.ts';
import type { DealerContent } from '../../../content/load.ts';
import { featureLists, FEATURES_SHOWN, specRows } from '../ui/specs.ts';
import { countText, indexAtScroll, indexForKey, stepIndex } from '../rules/gallery.ts';
import { resultsUrlFrom } from '../rules/back.ts';
import { carPhone, financeHref, resultsPaths, testDriveHref } from '../ui/links.ts';

function makeCar(over: Record<string, unknown> = {}): Car {
  return carSchema.parse({
    id: 501,
    name: 'x',
    slug: '2021-toyota-rav4-gxl-awd-501',
    make: 'Toyota',
    model: 'RAV4',
    badge: 'GXL AWD',
    year: 2021,
    km: 48250,
    price: 38990,
    photos_count: 0,
    car_type: 'used',
    created_at_timestamp: 1,
    simple_body: 'SUV',
    simple_fuel: 'Petrol',
    transmission: 'Automatic',
    colour: 'Silver',
    seats: 5,
    rego: 'ABC123',
    vin: 'JTMW43FV10D123456',
    stock_number: 'U1234',
    location_name: 'Harbour Toyota',
    ...over,
  });
}

const block = (type: string, data: unknown): Block =>
  ({ id: `${type}-1`, type, data, tunes: {}, index: 0 }) as unknown as Block;
const page = (path: string, blocks: Block[]): Page =>
  ({ id: path, path, title: path, publishedAt: '2025-01-01', noindex: false, blocks }) as Page;

describe('key details', () => {
  it('lists every fact the car has, in the order buyers scan them, with clear labels', () => {
    expect(specRows(makeCar()).map((r) => [r.label, r.value])).toEqual([
      ['Condition', 'Used'],
      ['Year', '2021'],
      ['Odometer', '48,250 km'],
      ['Body', 'SUV'],
      ['Fuel', 'Petrol'],
      ['Transmission', 'Automatic'],
      ['Drive', 'AWD'],
      ['Colour', 'Silver'],
      ['Seats', '5'],
      ['Registration', 'ABC123'],
      ['VIN', 'JTMW43FV10D123456'],
      ['Stock number', 'U1234'],
      ['Location', 'Harbour Toyota'],
    ]);
  });

  it('leaves out what the stock does not say, rather than showing an empty cell', () => {
    const bare = makeCar({
      badge: 'GX',
      simple_body: ' ',
      simple_fuel: undefined,
      transmission: undefined,
      colour: undefined,
      seats: undefined,
      rego: undefined,
      vin: undefined,
      stock_number: undefined,
      location_name: undefined,
    });
    expect(specRows(bare).map((r) => r.key)).toEqual(['condition', 'year', 'odometer']);
  });

  it("hides a new car's delivery kilometres but shows a demo's", () => {
    expect(specRows(makeCar({ car_type: 'new', km: 10 })).some((r) => r.key === 'odometer')).toBe(false);
    expect(specRows(makeCar({ car_type: 'demo', km: 1500 })).find((r) => r.key === 'odometer')?.value).toBe('1,500 km');
  });
});

describe('features list', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => `Feature ${i + 1}`);

  it(`shows up to ${FEATURES_SHOWN + 1} features at once, and keeps the rest of a longer list for "Show all"`, () => {
    expect(featureLists(list(FEATURES_SHOWN + 1))).toEqual({ first: list(FEATURES_SHOWN + 1), rest: [] });
    const long = featureLists(list(FEATURES_SHOWN + 2));
    expect(long.first).toHaveLength(FEATURES_SHOWN);
    expect(long.rest).toEqual([`Feature ${FEATURES_SHOWN + 1}`, `Feature ${FEATURES_SHOWN + 2}`]);
  });

  it('drops blank items and repeats', () => {
    expect(featureLists(['Cruise control', ' ', 'cruise control ', 'Sunroof']).first).toEqual([
      'Cruise control',
      'Sunroof',
    ]);
  });
});

describe('gallery', () => {
  it('arrow keys step through the photos and wrap at either end; Home and End jump', () => {
    expect(indexForKey('ArrowRight', 0, 7)).toBe(1);
    expect(indexForKey('ArrowRight', 6, 7)).toBe(0);
    expect(indexForKey('ArrowLeft', 0, 7)).toBe(6);
    expect(indexForKey('Home', 4, 7)).toBe(0);
    expect(indexForKey('End', 1, 7)).toBe(6);
    expect(indexForKey('Enter', 1, 7)).toBeUndefined();
    expect(stepIndex(0, -1, 0)).toBe(0);
  });

  it('knows which photo a swiped track shows and counts from 1', () => {
    expect(indexAtScroll(0, 390, 7)).toBe(0);
    expect(indexAtScroll(390 * 2 + 100, 390, 7)).toBe(2);
    expect(indexAtScroll(390 * 2 + 250, 390, 7)).toBe(3);
    expect(indexAtScroll(99999, 390, 7)).toBe(6);
    expect(indexAtScroll(100, 0, 7)).toBe(0);
    expect(countText(2, 7)).toBe('3 / 7');
  });
});

describe('back to results', () => {
  const origin = 'https://www.harbour.com.au';
  const paths = ['/used-cars', '/'];

  it('remembers a search on one of the site’s results pages, query and all', () => {
    expect(resultsUrlFrom(`${origin}/used-cars?make=Toyota&price=10000%3A30000#top`, origin, paths)).toBe(
      '/used-cars?make=Toyota&price=10000%3A30000',
    );
    expect(resultsUrlFrom(`${origin}/used-cars/?q=ranger`, origin, paths)).toBe('/used-cars/?q=ranger');
    expect(resultsUrlFrom(`${origin}/`, origin, paths)).toBe('/');
  });

  it('ignores other sites, other pages and an empty referrer', () => {
    expect(resultsUrlFrom('https://www.google.com/used-cars?q=x', origin, paths)).toBeUndefined();
    expect(resultsUrlFrom(`${origin}/cars/2021-toyota-rav4-501`, origin, paths)).toBeUndefined();
    expect(resultsUrlFrom('', origin, paths)).toBeUndefined();
    expect(resultsUrlFrom('not a url', origin, paths)).toBeUndefined();
  });

  it('counts as results pages those with a cars block, nested ones included', () => {
    const dealer = {
      pages: [
        page('/', [block('paragraph', { text: 'hi' })]),
        page('/used-cars', [block('cars', {})]),
        page('/deals', [block('columns', { cols: [{ blocks: [block('cars', {})] }] })]),
      ],
    };
    expect(resultsPaths(dealer)).toEqual(['/used-cars', '/deals']);
  });
});

describe('links that carry the car', () => {
  const car = makeCar();
  const pages = [
    page('/finance', [block('financeCalculator', {}), block('form', { formType: 'finance' })]),
    page('/book-test-drive', [block('form', { formType: 'testDrive' })]),
  ];

  it('the finance application gets the price as the budget, and the car’s id, name and stock number', () => {
    const href = financeHref({ pages }, car)!;
    const url = new URL(href, 'https://x.test');
    expect(url.pathname).toBe('/finance');
    expect(url.hash).toBe('#form-section');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      car_id: '501',
      selected_car: '2021 Toyota RAV4 GXL AWD',
      stock_number: 'U1234',
      vehiclePriceBudget: '38990',
    });
  });

  it('the test drive booking gets the make (spec: /book-test-drive?make=) and the car named', () => {
    const url = new URL(testDriveHref({ pages }, car)!, 'https://x.test');
    expect(url.pathname).toBe('/book-test-drive');
    expect(url.searchParams.get('make')).toBe('Toyota');
    expect(url.searchParams.get('selected_car')).toBe('2021 Toyota RAV4 GXL AWD');
    expect(url.searchParams.get('car_id')).toBe('501');
  });

  it('finds a form on another page, and gives no link when the dealer has none', () => {
    const moved = [page('/apply', [block('form', { formType: 'finance' })])];
    expect(financeHref({ pages: moved }, car)).toMatch(/^\/apply\?/);
    expect(financeHref({ pages: [] }, car)).toBeUndefined();
    expect(testDriveHref({ pages: [] }, car)).toBeUndefined();
  });

  it("calls the car's own location, else the dealer's main number", () => {
    const site = { contact: { phone: '(02) 9000 0000' } } as DealerContent['site'];
    const locations = [
      { name: 'Harbour Toyota', contact_detail: { phone: '(02) 9111 1111' } },
    ] as DealerContent['locations'];
    expect(carPhone({ site, locations }, car)).toBe('(02) 9111 1111');
    expect(carPhone({ site, locations }, makeCar({ location_name: 'harbour toyota ' }))).toBe('(02) 9111 1111');
    expect(carPhone({ site, locations }, makeCar({ location_name: 'Elsewhere' }))).toBe('(02) 9000 0000');
    expect(carPhone({ site: {} as DealerContent['site'], locations: [] }, car)).toBeUndefined();
  });
});
