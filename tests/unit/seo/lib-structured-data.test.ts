import { describe, expect, it } from 'vitest';
import { car as carSchema, location as locationSchema } from '../../../src/content/entities.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import type { SiteInput } from '../../../src/content/site.ts';
import { carJsonLd, jsonLdText } from '../../../src/seo/structured-data.ts';
import { dealerOf } from '../../helpers/dealer-content.ts';

const au: SiteInput = {
  id: 1,
  slug: 'acme',
  name: 'Acme Cars',
  url: 'https://www.acmecars.com.au',
  country: 'AU',
  contact: { phone: '(02) 9555 0100' },
};
const nz: SiteInput = { id: 2, slug: 'kiwi', name: 'Kiwi Cars', url: 'https://www.kiwicars.co.nz', country: 'NZ' };

const corolla = carSchema.parse({
  id: 1,
  name: '2021 Toyota Corolla Ascent Sport',
  slug: 'corolla-1',
  make: 'Toyota',
  model: 'Corolla',
  badge: 'Ascent Sport',
  year: 2021,
  km: 35000,
  price: 27990,
  photos: ['/photos/1.jpg', 'https://cdn.example.net/2.jpg'],
  photos_count: 2,
  car_type: 'used',
  vin: 'JTNKU3JE60J123456',
  stock_number: 'AC1234',
  seats: 5,
  simple_body: 'Hatch',
  simple_fuel: 'Petrol',
  transmission: 'CVT',
  colour: 'Silver',
  dealercomments: 'One owner.<br>Full <strong>service</strong> history &amp; two keys.',
  features: ['Reversing camera', 'Apple CarPlay'],
  created_at_timestamp: 1700000000,
});

const yard = locationSchema.parse({
  id: 5,
  name: 'Acme Parramatta',
  location_type: 'sales',
  address: { lat: -33.8, long: 151, address: '1 Church St, Parramatta NSW 2150' },
  contact_detail: { phone: '(02) 9555 0199' },
});
const other = locationSchema.parse({
  id: 6,
  name: 'Acme Penrith',
  location_type: 'Sales',
  primary: true,
  address: { lat: -33.7, long: 150.7, address: '9 High St, Penrith NSW 2750' },
});

type Json = Record<string, unknown>;
const ld = (dealer: DealerContent, car = corolla) => JSON.parse(JSON.stringify(carJsonLd(dealer, car))) as Json;

describe('structured data of a car page', () => {
  const data = ld(dealerOf(au));

  it('types a car with photos as Product and Car, as Google’s vehicle listings ask', () => {
    expect(data['@type']).toEqual(['Product', 'Car']);
  });

  it('describes the car with brand, model, year, odometer in km, VIN, stock number and seats', () => {
    expect(data).toMatchObject({
      name: '2021 Toyota Corolla Ascent Sport',
      url: 'https://www.acmecars.com.au/cars/corolla-1',
      brand: { '@type': 'Brand', name: 'Toyota' },
      manufacturer: { '@type': 'Organization', name: 'Toyota' },
      model: 'Corolla',
      vehicleConfiguration: 'Ascent Sport',
      vehicleModelDate: '2021',
      itemCondition: 'https://schema.org/UsedCondition',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 35000, unitCode: 'KMT' },
      vehicleIdentificationNumber: 'JTNKU3JE60J123456',
      sku: 'AC1234',
      vehicleSeatingCapacity: 5,
      bodyType: 'Hatch',
      vehicleEngine: { '@type': 'EngineSpecification', fuelType: 'Petrol' },
      vehicleTransmission: 'CVT',
      color: 'Silver',
    });
    expect(data).not.toHaveProperty('seatingCapacity');
  });

  it('gives the dealer comments as plain text, with line breaks as spaces', () => {
    expect(data.description).toBe('One owner. Full service history & two keys.');
  });

  it('lists every photo as an absolute URL', () => {
    expect(data.image).toEqual(['https://www.acmecars.com.au/photos/1.jpg', 'https://cdn.example.net/2.jpg']);
  });

  it('lists the equipment as additional properties', () => {
    expect(data.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Feature', value: 'Reversing camera' },
      { '@type': 'PropertyValue', name: 'Feature', value: 'Apple CarPlay' },
    ]);
  });

  it('offers the car in stock at its price in Australian dollars', () => {
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      price: 27990,
      priceCurrency: 'AUD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
      url: 'https://www.acmecars.com.au/cars/corolla-1',
    });
  });

  it('prices a New Zealand dealer’s car in New Zealand dollars', () => {
    expect((ld(dealerOf(nz)).offers as Json).priceCurrency).toBe('NZD');
  });

  it('sells a new car as new and a demonstrator as used', () => {
    expect(ld(dealerOf(au), carSchema.parse({ ...corolla, car_type: 'new' })).itemCondition).toBe(
      'https://schema.org/NewCondition',
    );
    expect(ld(dealerOf(au), carSchema.parse({ ...corolla, car_type: 'demo' })).itemCondition).toBe(
      'https://schema.org/UsedCondition',
    );
  });

  it('leaves out what the car has no data for', () => {
    const bare = carSchema.parse({
      id: 2,
      name: 'Car',
      slug: 'car-2',
      make: 'Kia',
      model: 'Rio',
      year: 2020,
      km: 1,
      price: 1,
      photos_count: 0,
      car_type: 'used',
      created_at_timestamp: 1,
    });
    const out = ld(dealerOf(au), bare);
    for (const key of [
      'vehicleIdentificationNumber',
      'sku',
      'description',
      'vehicleSeatingCapacity',
      'color',
      'driveWheelConfiguration',
    ]) {
      expect(out, key).not.toHaveProperty(key);
    }
  });

  it('gives a car without photos no image and types it Car only, since a Product listing needs one', () => {
    const out = ld(dealerOf(au), carSchema.parse({ ...corolla, photos: [], photos_count: 0 }));
    expect(out['@type']).toBe('Car');
    expect(out).not.toHaveProperty('image');
  });

  it('reads the driven wheels from the badge', () => {
    const drive = (badge: string) => ld(dealerOf(au), carSchema.parse({ ...corolla, badge })).driveWheelConfiguration;
    expect(drive('GXL AWD')).toBe('https://schema.org/AllWheelDriveConfiguration');
    expect(drive('SR5 Double Cab 4x4')).toBe('https://schema.org/FourWheelDriveConfiguration');
    expect(drive('Rear-Wheel Drive')).toBe('https://schema.org/RearWheelDriveConfiguration');
    expect(drive('Workmate 4x2')).toBeUndefined();
  });
});

describe('the seller of a car', () => {
  it('is the business at the car’s location, with its phone and a postal address', () => {
    const dealer = dealerOf(au, { locations: [yard, other] });
    const offer = ld(dealer, carSchema.parse({ ...corolla, location_name: 'Acme Parramatta' })).offers as Json;
    expect(offer.seller).toEqual({
      '@type': 'AutoDealer',
      '@id': 'https://www.acmecars.com.au/#location-5',
      name: 'Acme Parramatta',
      url: 'https://www.acmecars.com.au/',
      telephone: '(02) 9555 0199',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Church St',
        addressLocality: 'Parramatta',
        addressRegion: 'NSW',
        postalCode: '2150',
        addressCountry: 'AU',
      },
    });
  });

  it('is the primary sales location when the car names none, falling back to the dealer’s phone', () => {
    const dealer = dealerOf(au, { locations: [yard, other] });
    const seller = (ld(dealer).offers as Json).seller as Json;
    expect(seller.name).toBe('Acme Penrith');
    expect(seller.telephone).toBe('(02) 9555 0100');
  });

  it('is the dealer itself, by its own id and name, when the dealer has one place', () => {
    const seller = (ld(dealerOf(au, { locations: [yard] })).offers as Json).seller as Json;
    expect(seller['@id']).toBe('https://www.acmecars.com.au/#dealer');
    expect(seller.name).toBe('Acme Cars');
  });

  it('is the dealer with its phone when there are no locations', () => {
    const seller = (ld(dealerOf(au)).offers as Json).seller as Json;
    expect(seller).toEqual({
      '@type': 'AutoDealer',
      '@id': 'https://www.acmecars.com.au/#dealer',
      name: 'Acme Cars',
      url: 'https://www.acmecars.com.au/',
      telephone: '(02) 9555 0100',
    });
  });
});

describe('JSON-LD script text', () => {
  it('cannot close its script element early', () => {
    const text = jsonLdText({ name: 'Evil </script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: 'Evil </script><script>alert(1)</script>' });
  });
});
