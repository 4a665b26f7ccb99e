/**
 * A fed car as the dealer's Car: id and slug from the stock number (stable, URL-safe, named as the
 * sample cars are), the feed's names mapped to the Car's, and every result a valid Car.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { car as carSchema, type Car } from '../../../content/entities.ts';
import { carIdOf, carSlugOf, feedCarToCar, parseCsvFeed, parseJsonFeed, type FeedCar } from '../rules/feed.ts';
import { carNameOf, slugify, stockKey } from '../rules/identity.ts';

const NOW = Date.UTC(2025, 5, 15, 9, 30);
const ROOT = path.resolve(import.meta.dirname, '../../../..');

const fed = (changes: Record<string, unknown> = {}): FeedCar => {
  const r = parseJsonFeed(
    {
      cars: [
        {
          stock_number: 'CMG04017',
          make: 'Toyota',
          model: 'RAV4',
          badge: 'GX',
          year: 2021,
          km: 15000,
          price: 32990,
          ...changes,
        },
      ],
    },
    { now: NOW },
  );
  expect(r.errors).toEqual([]);
  return r.cars[0]!;
};
const convert = (f: FeedCar, locations?: { id: string | number; name: string }[]): Car => {
  const c = feedCarToCar(f, { now: NOW, ...(locations ? { locations } : {}) });
  expect(carSchema.parse(c)).toEqual(c);
  return c;
};

describe("a car's identity", () => {
  it('is named and slugged as the sample cars are (their slugs end in their id where a fed car has its stock number)', () => {
    const samples = readdirSync(path.join(ROOT, 'dealers'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => JSON.parse(readFileSync(path.join(ROOT, 'dealers', d.name, 'cars.json'), 'utf8')) as Car[]);
    expect(samples.length).toBeGreaterThan(50);
    for (const s of samples) {
      expect(carNameOf(s)).toBe(s.name);
      expect(carSlugOf({ ...s, stock_number: String(s.id) })).toBe(s.slug);
    }
  });

  it('gives "2021 Toyota RAV4 GX", slug 2021-toyota-rav4-gx-cmg04017 and id CMG04017', () => {
    const c = convert(fed());
    expect(c).toMatchObject({
      id: 'CMG04017',
      name: '2021 Toyota RAV4 GX',
      slug: '2021-toyota-rav4-gx-cmg04017',
      stock_number: 'CMG04017',
    });
    expect(convert(fed({ badge: undefined })).name).toBe('2021 Toyota RAV4');
    expect(
      convert(fed({ make: 'Citroën', model: 'C5 Aircross', badge: 'Shine/Plus', stock_number: 'St 7' })).slug,
    ).toBe('2021-citroen-c5-aircross-shine-plus-st-7');
  });

  it('keeps the id when anything but the stock number changes', () => {
    const a = convert(fed());
    const b = convert(fed({ year: 2022, badge: 'GXL', price: 1, km: 2 }));
    expect(b.id).toBe(a.id);
    expect(b.slug).not.toBe(a.slug);
    expect(b.slug.endsWith('-cmg04017')).toBe(true);
  });

  it('writes other characters of a stock number in the id as ~ and UTF-8 hex', () => {
    expect(carIdOf('AB 12/3')).toBe('AB~2012~2F3');
    expect(carIdOf('a~b')).toBe('a~7Eb');
    expect(carIdOf('Ü-1_2.3')).toBe('~C3~9C-1_2.3');
    expect(carIdOf('🚗')).toBe('~F0~9F~9A~97');
  });

  it('gives every stock number an id safe in a URL as it is, and no two the same', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        (a, b) => {
          const [x, y] = [carIdOf(a), carIdOf(b)];
          expect(x).toMatch(/^[A-Za-z0-9._~-]+$/);
          expect(encodeURIComponent(x)).toBe(x);
          expect(x === y).toBe(a === b);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ends a slug in a key of the stock number, a hash when it has no ASCII letter or digit', () => {
    expect(stockKey('AB 12')).toBe('ab-12');
    expect(stockKey('在庫')).toMatch(/^x[0-9a-f]{8}$/);
    expect(stockKey('在庫')).not.toBe(stockKey('庫在'));
    expect(convert(fed({ stock_number: '在庫' })).slug).toBe(`2021-toyota-rav4-gx-${stockKey('在庫')}`);
  });

  it('keeps a slug short when the description is long, cut between words', () => {
    const c = convert(fed({ badge: 'Extraordinarily Long Special Edition Badge '.repeat(5) }));
    const description = c.slug.slice(0, -'-cmg04017'.length);
    expect(description.length).toBeLessThanOrEqual(80);
    expect(slugify(c.name).startsWith(description)).toBe(true);
    expect(slugify(c.name).charAt(description.length)).toBe('-');
  });
});

describe("the Car's fields", () => {
  it('maps the feed names to the Car: car_type, km, simple_body, simple_fuel, dealercomments, photos_count', () => {
    const c = convert(
      fed({
        condition: 'demo',
        odometer: undefined,
        km: '1,200',
        body: 'SUV',
        fuel: 'Hybrid',
        comments: 'Great car.\n\nOne owner.',
        photos: ['https://cdn.test/1.jpg', 'https://cdn.test/2.jpg'],
        features: ['Sunroof'],
        vin: 'JTM123',
        rego: 'ABC123',
        colour: 'Red',
        transmission: 'Automatic',
        seats: 5,
        doors: 5,
        series: 'MY24',
        drive: 'AWD',
        engine: '2.5L 4cyl',
        build_date: '2024-01',
        compliance_date: '2024-02',
        redbook_code: 'TOYO24AB',
        nvic: 'ABC12',
        video_url: 'https://youtu.be/x',
        certified: 'yes',
        status: 'hidden',
      }),
    );
    expect(c).toMatchObject({
      car_type: 'demo',
      km: 1200,
      simple_body: 'SUV',
      simple_fuel: 'Hybrid',
      dealercomments: 'Great car.\n\nOne owner.',
      photos_count: 2,
      features: ['Sunroof'],
      vin: 'JTM123',
      rego: 'ABC123',
      colour: 'Red',
      transmission: 'Automatic',
      seats: 5,
      doors: 5,
      series: 'MY24',
      drive: 'AWD',
      engine: '2.5L 4cyl',
      build_date: '2024-01',
      compliance_date: '2024-02',
      redbook_code: 'TOYO24AB',
      nvic: 'ABC12',
      video_url: 'https://youtu.be/x',
      certified: true,
      status: 'hidden',
    });
  });

  it('stamps created_at_timestamp in seconds, as the sample cars have it', () => {
    expect(convert(fed()).created_at_timestamp).toBe(Math.floor(NOW / 1000));
  });

  it('gives a new car without an odometer 0 km', () => {
    expect(convert(fed({ condition: 'new', km: undefined })).km).toBe(0);
  });

  it('leaves absent fields out instead of writing them as undefined', () => {
    const c = convert(fed());
    expect(Object.values(c).includes(undefined)).toBe(false);
    expect(c).not.toHaveProperty('nz_cin');
    expect(c).not.toHaveProperty('price_qualifier');
  });

  it('labels the price drive-away or excluding government charges only when it is that price', () => {
    expect(convert(fed({ price: undefined, price_drive_away: 40000, price_egc: 37000 }))).toMatchObject({
      price: 40000,
      price_qualifier: 'drive_away',
      price_drive_away: 40000,
      price_egc: 37000,
    });
    expect(convert(fed({ price: undefined, price_egc: 37000 })).price_qualifier).toBe('excl_govt_charges');
    expect(convert(fed({ price: 37000, price_drive_away: 40000, price_egc: 37000 })).price_qualifier).toBe(
      'excl_govt_charges',
    );
    expect(convert(fed({ price: 39000, price_drive_away: 40000 }))).not.toHaveProperty('price_qualifier');
  });

  it("names the location by the dealer's location it is the id or name of, else as given", () => {
    const locations = [
      { id: 3, name: 'Harbour City Toyota' },
      { id: 'north', name: 'North Shore Toyota' },
    ];
    expect(convert(fed({ location: '3' }), locations).location_name).toBe('Harbour City Toyota');
    expect(convert(fed({ location: 'north' }), locations).location_name).toBe('North Shore Toyota');
    expect(convert(fed({ location: 'harbour city TOYOTA' }), locations).location_name).toBe('Harbour City Toyota');
    expect(convert(fed({ location: 'Yard 2' }), locations).location_name).toBe('Yard 2');
    expect(convert(fed({ location: '3' })).location_name).toBe('3');
  });

  it('builds nz_cin from the NZ notice values', () => {
    const c = convert(
      fed({
        first_registered_nz: '2019-04',
        registered_overseas: 'yes',
        imported_damaged: 'no',
        odometer_verified: 'y',
        engine_cc: '1998',
        wof_expiry: '2025-10-01',
        rego_expiry: '2025-12-31',
        security_interest: 'false',
      }),
    );
    expect(c.nz_cin).toEqual({
      first_registered_nz: '2019-04',
      registered_overseas: true,
      imported_damaged: false,
      odometer_verified: true,
      engine_cc: 1998,
      wof_expiry: '2025-10-01',
      rego_expiry: '2025-12-31',
      security_interest: false,
    });
  });

  it('gives every car of a CSV feed a valid Car with its own id and slug', () => {
    const r = parseCsvFeed(
      [
        'Stock #,Condition,Make,Model,Variant,Year,KMs,Price,Photos,Features,Location,Certified,WOF Expiry',
        'T1,new,Toyota,Corolla,Ascent Sport,2025,,"$31,990",https://cdn.test/a.jpg,Apple CarPlay|AEB,1,,',
        'T 1,used,Toyota,Corolla,Ascent Sport,2025,"8,000 km",29990,,,,yes,2026-01-31',
        'Z/9,demo,Mazda,CX-5,,2024,1500,45000.00,,,,,',
      ].join('\r\n'),
      { now: NOW },
    );
    expect(r.errors).toEqual([]);
    const cars = r.cars.map((f) => convert(f, [{ id: 1, name: 'Main yard' }]));
    expect(cars.map((c) => c.id)).toEqual(['T1', 'T~201', 'Z~2F9']);
    expect(cars.map((c) => c.slug)).toEqual([
      '2025-toyota-corolla-ascent-sport-t1',
      '2025-toyota-corolla-ascent-sport-t-1',
      '2024-mazda-cx-5-z-9',
    ]);
    expect(cars[0]).toMatchObject({
      car_type: 'new',
      km: 0,
      location_name: 'Main yard',
      features: ['Apple CarPlay', 'AEB'],
    });
  });
});
