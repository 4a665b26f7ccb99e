/**
 * The car's 1.2 details in its JSON-LD: drive, engine, doors and build month as schema.org Car
 * properties, the NVIC and Redbook code as named identifiers (never as the VIN), and the first
 * registration only where it is the vehicle's first anywhere.
 */
import { describe, expect, it } from 'vitest';
import { car as carSchema } from '../../../src/content/entities.ts';
import type { SiteInput } from '../../../src/content/site.ts';
import { carJsonLd } from '../../../src/seo/structured-data.ts';
import { dealerOf } from '../../helpers/dealer-content.ts';

const au: SiteInput = { id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acmecars.com.au', country: 'AU' };
const nz: SiteInput = { id: 2, slug: 'kiwi', name: 'Kiwi Cars', url: 'https://www.kiwicars.co.nz', country: 'NZ' };

const base = {
  id: 1,
  name: '2019 Toyota Kluger GXL',
  slug: 'kluger-1',
  make: 'Toyota',
  model: 'Kluger',
  badge: 'GXL',
  year: 2019,
  km: 112000,
  price: 38990,
  photos: ['/p/1.jpg'],
  photos_count: 1,
  car_type: 'used',
  vin: 'JTMWZF5AM4X8Z1MRS',
  simple_fuel: 'Petrol',
  created_at_timestamp: 1,
};

type Json = Record<string, unknown>;
const ld = (over: Record<string, unknown> = {}, site = au) =>
  JSON.parse(JSON.stringify(carJsonLd(dealerOf(site), carSchema.parse({ ...base, ...over })))) as Json;

describe('the car’s key details in its JSON-LD', () => {
  const data = ld({
    drive: 'AWD',
    engine: '3.5L V6',
    doors: 5,
    build_date: '2019-03',
    compliance_date: '2019-05',
    series: 'MY19',
  });

  it('gives the drive, engine, doors and build month as schema.org Car properties', () => {
    expect(data).toMatchObject({
      driveWheelConfiguration: 'https://schema.org/AllWheelDriveConfiguration',
      vehicleEngine: { '@type': 'EngineSpecification', name: '3.5L V6', fuelType: 'Petrol' },
      numberOfDoors: 5,
      productionDate: '2019-03',
      vehicleModelDate: '2019',
    });
  });

  it('leaves the compliance month out: it is not a registration, and schema.org has no property for it', () => {
    expect(JSON.stringify(data)).not.toContain('2019-05');
    expect(data).not.toHaveProperty('dateVehicleFirstRegistered');
  });

  it('takes the drive from the stock’s own field over the badge, and keeps a drive it cannot name as text', () => {
    expect(ld({ badge: 'GXL AWD', drive: 'FWD' }).driveWheelConfiguration).toBe(
      'https://schema.org/FrontWheelDriveConfiguration',
    );
    expect(ld({ badge: 'GXL AWD', drive: '2WD' }).driveWheelConfiguration).toBe('2WD');
  });

  it('describes the engine by its name alone when the fuel is not known, and leaves out an engine it knows nothing of', () => {
    expect(ld({ simple_fuel: undefined, engine: '2.0L' }).vehicleEngine).toEqual({
      '@type': 'EngineSpecification',
      name: '2.0L',
    });
    expect(ld({ simple_fuel: undefined })).not.toHaveProperty('vehicleEngine');
  });
});

describe('identity codes', () => {
  it('carries the NVIC and Redbook code as identifiers named by their scheme, never as the VIN', () => {
    const data = ld({ nvic: ' Q9Y19A ', redbook_code: 'AUVTOYO2019AEKL' });
    expect(data.identifier).toEqual([
      { '@type': 'PropertyValue', propertyID: 'NVIC', value: 'Q9Y19A' },
      { '@type': 'PropertyValue', propertyID: 'Redbook code', value: 'AUVTOYO2019AEKL' },
    ]);
    expect(data.vehicleIdentificationNumber).toBe('JTMWZF5AM4X8Z1MRS');
  });

  it('gives no identifier when the stock has neither code', () => {
    expect(ld({ nvic: ' ' })).not.toHaveProperty('identifier');
  });
});

describe('a New Zealand car’s notice facts', () => {
  it('gives the engine size in cubic centimetres', () => {
    expect(ld({ engine: '1.5L hybrid', nz_cin: { engine_cc: 1496 } }, nz).vehicleEngine).toEqual({
      '@type': 'EngineSpecification',
      name: '1.5L hybrid',
      fuelType: 'Petrol',
      engineDisplacement: { '@type': 'QuantitativeValue', value: 1496, unitCode: 'CMQ' },
    });
  });

  it('gives the first New Zealand registration as the first registration only for a car never registered abroad', () => {
    expect(
      ld({ nz_cin: { first_registered_nz: '2019-08', registered_overseas: false } }, nz).dateVehicleFirstRegistered,
    ).toBe('2019-08');
    expect(ld({ nz_cin: { first_registered_nz: '2020-02', registered_overseas: true } }, nz)).not.toHaveProperty(
      'dateVehicleFirstRegistered',
    );
    expect(ld({ nz_cin: { first_registered_nz: '2020-02' } }, nz)).not.toHaveProperty('dateVehicleFirstRegistered');
  });
});
