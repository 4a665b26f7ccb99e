/** The dealer as an AutoDealer (one place) or an Organization of AutoDealers (a group). */
import { describe, expect, it } from 'vitest';
import { location as locationSchema } from '../../../src/content/entities.ts';
import type { SiteInput } from '../../../src/content/site.ts';
import { addressParts, formatAddress } from '../../../src/seo/structured-data/address.ts';
import { dealerJsonLd } from '../../../src/seo/structured-data.ts';
import { dealerPlaces } from '../../../src/seo/structured-data/places.ts';
import { dealerOf } from '../../helpers/dealer-content.ts';

type Json = Record<string, unknown>;
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

const site: SiteInput = {
  id: 1,
  slug: 'acme',
  name: 'Acme Mazda',
  url: 'https://www.acmemazda.com.au',
  country: 'AU',
  state: 'VIC',
  logo: { url: '/logo.svg' },
  contact: { phone: '(03) 5555 0000', email: 'sales@acmemazda.com.au' },
  social: { facebook: 'https://www.facebook.com/acmemazda', youtube: 'https://www.youtube.com/@acmemazda' },
  legal: { abn: '71 112 402 917', dealerLicence: 'LMCT 6789' },
};

const at = (address: string, lat = -38.1, long = 144.3) => ({ lat, long, address });
const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri'];
const sales = locationSchema.parse({
  id: 21,
  name: 'Acme Mazda',
  location_type: 'Sales',
  primary: true,
  manufacturers: ['Mazda'],
  address: at('271 Latrobe Terrace, Geelong West VIC 3218'),
  contact_detail: { phone: '(03) 5555 0001' },
  hours: [
    { department: 'sales', days: weekdays, opens: '08:30', closes: '17:30' },
    { department: 'sales', days: ['sat'], opens: '09:00', closes: '16:00' },
    { department: 'parts', days: weekdays, opens: '08:00', closes: '17:00' },
  ],
});
const service = locationSchema.parse({
  id: 22,
  name: 'Acme Mazda Service',
  location_type: 'SERVICE',
  address: at('271 Latrobe Terrace, Geelong West VIC 3218'),
  contact_detail: { phone: '(03) 5555 0002' },
  hours: [{ days: weekdays, opens: '07:30', closes: '17:30' }],
});
const usedYard = locationSchema.parse({
  id: 23,
  name: 'Acme Used Cars Belmont',
  location_type: 'sales',
  address: at('1 High Street, Belmont VIC 3216', -38.17, 144.34),
  contact_detail: { phone: '(03) 5555 0003' },
  website_url: 'https://www.acmeused.com.au',
});

describe('address parts', () => {
  it('splits an Australian address into street, suburb, state and postcode', () => {
    expect(addressParts('200 Mann Street, Gosford NSW 2250', 'AU')).toEqual({
      street: '200 Mann Street',
      locality: 'Gosford',
      region: 'NSW',
      postcode: '2250',
      country: 'AU',
    });
    expect(addressParts('Unit 4, 12 Smith Rd, Tuggerah, NSW 2259, Australia', 'AU')).toMatchObject({
      street: 'Unit 4, 12 Smith Rd',
      locality: 'Tuggerah',
      region: 'NSW',
      postcode: '2259',
    });
  });

  it('keeps a New Zealand suburb with the street and takes the region from the site when the address has none', () => {
    expect(addressParts('399 Moorhouse Avenue, Sydenham, Christchurch 8011', 'NZ', 'Canterbury')).toEqual({
      street: '399 Moorhouse Avenue, Sydenham',
      locality: 'Christchurch',
      region: 'Canterbury',
      postcode: '8011',
      country: 'NZ',
    });
  });

  it('reads a New Zealand city named like its region as the city', () => {
    expect(addressParts('1 Queen Street, Auckland Central, Auckland 1010', 'NZ')).toEqual({
      street: '1 Queen Street, Auckland Central',
      locality: 'Auckland',
      region: 'Auckland',
      postcode: '1010',
      country: 'NZ',
    });
  });

  it('keeps an address without a postcode whole, losing nothing', () => {
    expect(addressParts('Corner of Main and High', 'AU')).toEqual({ street: 'Corner of Main and High', country: 'AU' });
  });

  it('writes the address on one line ending with the country', () => {
    expect(formatAddress(addressParts('200 Mann Street, Gosford NSW 2250', 'AU'))).toBe(
      '200 Mann Street, Gosford NSW 2250, AU',
    );
  });
});

describe('places', () => {
  it('makes one place of the locations at one address, with the sales location first', () => {
    const places = dealerPlaces(dealerOf(site, { locations: [service, sales, usedYard] }));
    expect(places.map((p) => p.main.id)).toEqual([21, 23]);
    expect(places[0]!.departments.map((d) => [d.kind, d.name])).toEqual([
      ['service', 'Acme Mazda Service'],
      ['parts', 'Acme Mazda Parts'],
    ]);
  });
});

describe('the dealer of one place', () => {
  const data = json(dealerJsonLd(dealerOf(site, { locations: [sales, service] })));

  it('is an AutoDealer at the place’s address and coordinates, with the dealer’s name and contact details', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      '@id': 'https://www.acmemazda.com.au/#dealer',
      name: 'Acme Mazda',
      url: 'https://www.acmemazda.com.au/',
      logo: 'https://www.acmemazda.com.au/logo.svg',
      image: 'https://www.acmemazda.com.au/logo.svg',
      telephone: '(03) 5555 0000',
      email: 'sales@acmemazda.com.au',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '271 Latrobe Terrace',
        addressLocality: 'Geelong West',
        addressRegion: 'VIC',
        postalCode: '3218',
        addressCountry: 'AU',
      },
      geo: { '@type': 'GeoCoordinates', latitude: -38.1, longitude: 144.3 },
      brand: [{ '@type': 'Brand', name: 'Mazda' }],
    });
  });

  it('gives the sales hours with schema.org day URLs, leaving closed days out', () => {
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`),
        opens: '08:30',
        closes: '17:30',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Saturday'],
        opens: '09:00',
        closes: '16:00',
      },
    ]);
  });

  it('lists service (its own location) and parts (hours only) as departments with their phones and hours', () => {
    const departments = data.department as Json[];
    expect(departments.map((d) => [d['@id'], d.name, d.telephone])).toEqual([
      ['https://www.acmemazda.com.au/#location-22', 'Acme Mazda Service', '(03) 5555 0002'],
      [undefined, 'Acme Mazda Parts', '(03) 5555 0001'],
    ]);
    expect(departments.every((d) => d['@type'] === 'AutoDealer')).toBe(true);
    expect((departments[1]!.openingHoursSpecification as Json[])[0]).toMatchObject({ opens: '08:00', closes: '17:00' });
  });

  it('links the social profiles as sameAs and gives the ABN and licence', () => {
    expect(data.sameAs).toEqual(['https://www.facebook.com/acmemazda', 'https://www.youtube.com/@acmemazda']);
    expect(data.identifier).toEqual([
      { '@type': 'PropertyValue', propertyID: 'ABN', value: '71 112 402 917' },
      { '@type': 'PropertyValue', propertyID: 'Dealer licence', value: 'LMCT 6789' },
    ]);
    expect(data.taxID).toBe('71 112 402 917');
  });
});

describe('a dealer group', () => {
  const data = json(dealerJsonLd(dealerOf(site, { locations: [sales, service, usedYard] })));

  it('is an Organization whose places are AutoDealers in subOrganization', () => {
    expect(data['@type']).toBe('Organization');
    expect(data).not.toHaveProperty('address');
    const places = data.subOrganization as Json[];
    expect(places.map((p) => [p['@type'], p['@id'], p.name, p.url])).toEqual([
      ['AutoDealer', 'https://www.acmemazda.com.au/#location-21', 'Acme Mazda', 'https://www.acmemazda.com.au/'],
      [
        'AutoDealer',
        'https://www.acmemazda.com.au/#location-23',
        'Acme Used Cars Belmont',
        'https://www.acmeused.com.au/',
      ],
    ]);
    expect((places[1]!.address as Json).addressLocality).toBe('Belmont');
    expect(places[1]!.telephone).toBe('(03) 5555 0003');
    expect(data.sameAs).toHaveLength(2);
  });
});

describe('a dealer with no locations', () => {
  it('is an AutoDealer with its name, site, phone and email but no invented address', () => {
    const data = json(dealerJsonLd(dealerOf(site)));
    expect(data).toMatchObject({
      '@type': 'AutoDealer',
      name: 'Acme Mazda',
      telephone: '(03) 5555 0000',
      email: 'sales@acmemazda.com.au',
    });
    expect(data).not.toHaveProperty('address');
  });
});
