import { describe, expect, it } from 'vitest';
import { car as carSchema, location as locationSchema } from '../../src/content/entities.ts';
import { siteSchema } from '../../src/content/site.ts';
import { carJsonLd, jsonLdText } from '../../src/lib/structured-data.ts';

const au = siteSchema.parse({
  id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acmecars.com.au', country: 'AU', contact: { phone: '(02) 9555 0100' },
});
const nz = siteSchema.parse({ id: 2, slug: 'kiwi', name: 'Kiwi Cars', url: 'https://www.kiwicars.co.nz', country: 'NZ' });

const corolla = carSchema.parse({
  id: 1, name: '2021 Toyota Corolla Ascent Sport', slug: 'corolla-1', make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport',
  year: 2021, km: 35000, price: 27990, photos: ['/photos/1.jpg'], photos_count: 1, car_type: 'used',
  vin: 'JTNKU3JE60J123456', created_at_timestamp: 1700000000,
});

describe('structured data of a car page', () => {
  const ld = carJsonLd(au, corolla) as Record<string, any>;

  it('describes the car with brand, model, year, odometer in km and VIN', () => {
    expect(ld['@type']).toBe('Car');
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'Toyota' });
    expect(ld.model).toBe('Corolla');
    expect(ld.vehicleModelDate).toBe('2021');
    expect(ld.mileageFromOdometer).toEqual({ '@type': 'QuantitativeValue', value: 35000, unitCode: 'KMT' });
    expect(ld.vehicleIdentificationNumber).toBe('JTNKU3JE60J123456');
    expect(ld.url).toBe('https://www.acmecars.com.au/cars/corolla-1');
    expect(ld.image).toEqual(['https://www.acmecars.com.au/photos/1.jpg']);
  });

  it('offers the car at its price in Australian dollars, sold by the dealer', () => {
    expect(ld.offers).toMatchObject({
      '@type': 'Offer',
      price: 27990,
      priceCurrency: 'AUD',
      seller: { '@type': 'AutoDealer', name: 'Acme Cars', url: 'https://www.acmecars.com.au/', telephone: '(02) 9555 0100' },
    });
  });

  it('prices a New Zealand dealer’s car in New Zealand dollars', () => {
    expect((carJsonLd(nz, corolla) as Record<string, any>).offers.priceCurrency).toBe('NZD');
  });

  it('leaves out the VIN when the car has none', () => {
    const noVin = carSchema.parse({ ...corolla, vin: undefined });
    expect(carJsonLd(au, noVin)).not.toHaveProperty('vehicleIdentificationNumber');
  });

  it('uses the car’s location phone and address for the seller when known', () => {
    const yard = locationSchema.parse({
      id: 5, name: 'Parramatta', location_type: 'sales', address: { lat: -33.8, long: 151, address: '1 Church St, Parramatta NSW' },
      contact_detail: { phone: '(02) 9555 0199' },
    });
    const seller = (carJsonLd(au, corolla, yard) as Record<string, any>).offers.seller;
    expect(seller.telephone).toBe('(02) 9555 0199');
    expect(seller.address).toBe('1 Church St, Parramatta NSW');
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
