/** The vehicle catalogue and the Google and Meta feeds made from it. */
import { describe, expect, it } from 'vitest';
import { car as carSchema, location as locationSchema } from '../../../src/content/entities.ts';
import type { SiteInput } from '../../../src/content/site.ts';
import { vehicleCatalogue } from '../../../src/seo/feeds/catalogue.ts';
import { googleVehicleAds } from '../../../src/seo/feeds/google.ts';
import { GOOGLE_FEED_FILE, leftOutNote, META_FEED_FILE, vehicleFeeds } from '../../../src/seo/feeds/index.ts';
import { metaVehicles } from '../../../src/seo/feeds/meta.ts';
import { feedPrice, feedTable, toCsv, toTsv } from '../../../src/seo/feeds/table.ts';
import { dealerOf } from '../../helpers/dealer-content.ts';

const site: SiteInput = {
  id: 1,
  slug: 'acme',
  name: 'Acme Cars',
  url: 'https://www.acmecars.com.au',
  country: 'AU',
  contact: { phone: '(02) 9555 0100' },
};
const yard = locationSchema.parse({
  id: 5,
  name: 'Acme Parramatta',
  location_type: 'sales',
  primary: true,
  address: { lat: -33.81, long: 151.0, address: '1 Church St, Parramatta NSW 2150' },
  contact_detail: { phone: '(02) 9555 0199' },
});
const base = {
  id: 1,
  name: '2021 Toyota Corolla Ascent Sport',
  slug: 'corolla-1',
  make: 'Toyota',
  model: 'Corolla',
  badge: 'Ascent Sport',
  year: 2021,
  km: 35000.4,
  price: 27990,
  photos: ['/p/1.jpg', '/p/2.jpg'],
  photos_count: 2,
  car_type: 'used',
  vin: 'jtnku3je60j123456',
  simple_body: 'Hatch',
  simple_fuel: 'Hybrid',
  transmission: 'CVT',
  colour: 'Silver',
  location_name: 'Acme Parramatta',
  created_at_timestamp: 1700000000,
};
const car = (over: Record<string, unknown> = {}) => carSchema.parse({ ...base, ...over });
const dealer = (cars = [car()]) => dealerOf(site, { locations: [yard], cars });

describe('the catalogue', () => {
  it('lists only cars the site lists: sold and hidden cars are left out', () => {
    const cars = [car(), car({ id: 2, slug: 's', status: 'sold' }), car({ id: 3, slug: 'h', status: 'hidden' })];
    expect(vehicleCatalogue(dealer(cars)).map((v) => v.id)).toEqual(['1']);
  });

  it('gives absolute URLs, the VIN in capitals, the store of the car’s location and the stock date', () => {
    const [v] = vehicleCatalogue(dealer());
    expect(v).toMatchObject({
      url: 'https://www.acmecars.com.au/cars/corolla-1',
      images: ['https://www.acmecars.com.au/p/1.jpg', 'https://www.acmecars.com.au/p/2.jpg'],
      vin: 'JTNKU3JE60J123456',
      currency: 'AUD',
      condition: 'used',
      dateInStock: '2023-11-14',
      store: {
        code: '5',
        name: 'Acme Parramatta',
        addressLine: '1 Church St, Parramatta NSW 2150, AU',
        phone: '(02) 9555 0199',
      },
    });
  });

  it('leaves out a VIN that is not 17 valid characters, such as a chassis number', () => {
    expect(vehicleCatalogue(dealer([car({ vin: 'NHP10-6712345' })]))[0]!.vin).toBeUndefined();
    expect(vehicleCatalogue(dealer([car({ vin: 'JTNKU3JE60J12345O' })]))[0]!.vin).toBeUndefined();
  });

  it('takes a demonstrator as used, and certified only when not new', () => {
    const [demo, fresh] = vehicleCatalogue(
      dealer([car({ car_type: 'demo', certified: true }), car({ id: 2, slug: 'n', car_type: 'new', certified: true })]),
    );
    expect([demo!.condition, demo!.certified]).toEqual(['used', true]);
    expect([fresh!.condition, fresh!.certified]).toEqual(['new', false]);
  });

  it('describes a car without comments from its details, and says what the price includes', () => {
    const [plain, driveAway] = vehicleCatalogue(
      dealer([
        car(),
        car({ id: 2, slug: 'd', dealercomments: 'Immaculate.<br>Two keys.', price_qualifier: 'drive_away' }),
      ]),
    );
    expect(plain!.description).toBe(
      'Used 2021 Toyota Corolla Ascent Sport, Hatch, CVT, Hybrid, 35,000 km, at Acme Parramatta.',
    );
    expect(driveAway!.description).toBe('Immaculate. Two keys. Price is drive-away.');
  });
});

describe('the Google vehicle ads feed', () => {
  const table = feedTable(
    googleVehicleAds,
    vehicleCatalogue(dealer([car(), car({ id: 2, slug: 'n', photos: [], photos_count: 0 })])),
  );

  it('writes the price with cents and currency, mileage in km, and in-store fulfilment at the car’s store', () => {
    expect(table.rows[0]).toMatchObject({
      id: '1',
      price: '27990.00 AUD',
      mileage: '35000 km',
      year: '2021',
      condition: 'used',
      'certified_pre-owned': 'no',
      brand: 'Toyota',
      make: 'Toyota',
      trim: 'Ascent Sport',
      store_code: '5',
      vehicle_fulfillment: 'in_store:5',
      image_link: 'https://www.acmecars.com.au/p/1.jpg',
      additional_image_link: 'https://www.acmecars.com.au/p/2.jpg',
      dealership_name: 'Acme Parramatta',
      dealership_address: '1 Church St, Parramatta NSW 2150, AU',
    });
  });

  it('leaves out a car missing a required field, and says which', () => {
    expect(table.leftOut).toEqual([{ id: '2', missing: ['image_link'] }]);
    expect(leftOutNote({ name: GOOGLE_FEED_FILE, text: '', rows: 1, leftOut: table.leftOut })).toBe(
      'vehicles-google.tsv: 1 of 2 cars left out (missing image_link: 1)',
    );
  });

  it('is tab-separated with the header first, and no cell can break a line or a column', () => {
    const messy = feedTable(
      googleVehicleAds,
      vehicleCatalogue(dealer([car({ dealercomments: 'Line one\n\nLine\ttwo' })])),
    );
    const lines = toTsv(messy).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split('\t')[0]).toBe('id');
    expect(lines[1]!.split('\t')).toHaveLength(lines[0]!.split('\t').length);
    expect(lines[1]).toContain('Line one Line two');
  });
});

describe('the Meta vehicle catalogue feed', () => {
  const row = (over: Record<string, unknown> = {}) =>
    feedTable(metaVehicles, vehicleCatalogue(dealer([car(over)]))).rows[0]!;

  it('writes Meta’s enums, the mileage in KM and the address in flattened columns', () => {
    expect(row()).toMatchObject({
      vehicle_id: '1',
      'mileage.value': '35000',
      'mileage.unit': 'KM',
      body_style: 'HATCHBACK',
      transmission: 'AUTOMATIC',
      fuel_type: 'HYBRID',
      state_of_vehicle: 'USED',
      price: '27990.00 AUD',
      availability: 'AVAILABLE',
      'address.addr1': '1 Church St',
      'address.city': 'Parramatta',
      'address.region': 'NSW',
      'address.postal_code': '2150',
      'address.country': 'AU',
      'image[0].url': 'https://www.acmecars.com.au/p/1.jpg',
      'image[1].url': 'https://www.acmecars.com.au/p/2.jpg',
    });
  });

  it('maps body styles, fuels, gearboxes and driven wheels to Meta’s values', () => {
    expect(row({ simple_body: 'Ute', simple_fuel: 'Diesel', transmission: 'Manual', badge: 'SR5 4x4' })).toMatchObject({
      body_style: 'TRUCK',
      fuel_type: 'DIESEL',
      transmission: 'MANUAL',
      drivetrain: '4X4',
    });
    expect(row({ simple_body: 'People Mover', simple_fuel: 'Plug-in Hybrid', badge: 'GT AWD' })).toMatchObject({
      body_style: 'MINIVAN',
      fuel_type: 'PLUGIN_HYBRID',
      drivetrain: 'AWD',
    });
    expect(row({ simple_body: 'Cab Chassis', simple_fuel: 'Petrol' })).toMatchObject({
      body_style: 'TRUCK',
      fuel_type: 'PETROL',
    });
    expect(row({ certified: true })).toMatchObject({ state_of_vehicle: 'CPO' });
  });

  it('has as many image columns as the car with the most photos', () => {
    const table = feedTable(
      metaVehicles,
      vehicleCatalogue(dealer([car(), car({ id: 2, slug: 'x', photos: ['/a', '/b', '/c'] })])),
    );
    expect(table.columns.filter((c) => c.startsWith('image['))).toEqual([
      'image[0].url',
      'image[1].url',
      'image[2].url',
    ]);
  });

  it('is CSV that quotes commas and doubles quotes', () => {
    const text = toCsv({ columns: ['a', 'b'], rows: [{ a: 'x, "y"', b: 'plain' }], leftOut: [] });
    expect(text).toBe('a,b\n"x, ""y""",plain\n');
  });
});

describe('the feed files of a dealer', () => {
  it('are one Google and one Meta file made from the same catalogue', () => {
    const files = vehicleFeeds(dealer());
    expect(files.map((f) => [f.name, f.rows])).toEqual([
      [GOOGLE_FEED_FILE, 1],
      [META_FEED_FILE, 1],
    ]);
  });

  it('format prices as both platforms take them', () => {
    expect(feedPrice(12345, 'NZD')).toBe('12345.00 NZD');
    expect(feedPrice(9990.5, 'AUD')).toBe('9990.50 AUD');
  });
});
