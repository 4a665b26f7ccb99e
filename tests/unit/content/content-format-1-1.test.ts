/** The optional fields that version 1.1 of the content format added are read, and checked. */
import { describe, expect, it } from 'vitest';
import { siteSchema } from '../../../src/content/site.ts';
import { car, location } from '../../../src/content/entities.ts';

const site = { id: 1, slug: 'a', name: 'A Motors', url: 'https://www.a.com.au', country: 'AU' };
const place = {
  id: 1,
  name: 'Main',
  location_type: 'sales',
  address: { lat: -33.9, long: 151.2, address: '1 Main St' },
};
const stock = {
  id: 1,
  name: 'x',
  slug: 'x',
  make: 'Toyota',
  model: 'HiLux',
  year: 2016,
  km: 1,
  price: 1,
  photos_count: 0,
  car_type: 'used',
  created_at_timestamp: 1,
};

describe('content format 1.1', () => {
  it('keeps legal, social and the image CDN template of site.json', () => {
    const s = siteSchema.parse({
      ...site,
      legal: { abn: '12 345 678 901', dealerLicence: 'MD 12345' },
      social: { facebook: 'https://www.facebook.com/amotors' },
      images: { transform: 'https://img.example.net/{width}/{url}' },
    });
    expect(s.legal?.dealerLicence).toBe('MD 12345');
    expect(s.social?.facebook).toBe('https://www.facebook.com/amotors');
    expect(s.images?.transform).toBe('https://img.example.net/{width}/{url}');
  });

  it('says what is wrong with a relative profile link or a template without {width}', () => {
    const r = siteSchema.safeParse({
      ...site,
      social: { instagram: 'amotors' },
      images: { transform: 'https://img/{url}' },
    });
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues.some((m) => m.startsWith('social.instagram: expected an absolute http(s) URL'))).toBe(true);
    expect(
      issues.some((m) => m.startsWith('images.transform: expected a URL template holding both {url} and {width}')),
    ).toBe(true);
  });

  it('keeps a car’s features and price qualifier, and refuses an unknown qualifier', () => {
    const c = car.parse({ ...stock, features: ['Tow bar'], price_qualifier: 'drive_away' });
    expect(c.features).toEqual(['Tow bar']);
    expect(c.price_qualifier).toBe('drive_away');
    expect(car.parse(stock).features).toEqual([]);
    expect(car.safeParse({ ...stock, price_qualifier: 'on_road' }).success).toBe(false);
  });

  it('reads machine-readable opening hours and names a bad time', () => {
    const l = location.parse({
      ...place,
      hours: [{ department: 'service', days: ['mon', 'fri'], opens: '07:30', closes: '17:00' }],
    });
    expect(l.hours[0]).toEqual({ department: 'service', days: ['mon', 'fri'], opens: '07:30', closes: '17:00' });
    expect(location.parse(place).hours).toEqual([]);
    const bad = location.safeParse({ ...place, hours: [{ days: ['mon'], opens: '7:30', closes: '17:00' }] });
    expect(bad.error!.issues[0]!.path).toEqual(['hours', 0, 'opens']);
    expect(bad.error!.issues[0]!.message).toContain('"HH:MM"');
    const backwards = location.safeParse({ ...place, hours: [{ days: ['sat'], opens: '17:00', closes: '09:00' }] });
    expect(backwards.error!.issues[0]!.path).toEqual(['hours', 0, 'closes']);
  });
});
