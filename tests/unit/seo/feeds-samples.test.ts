/**
 * The vehicle feeds the build writes for the sample dealers: every row complete and well formed
 * for its platform, sold and hidden cars left out, and the files beside sitemap.xml but not in it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import { GOOGLE_FEED_FILE, META_FEED_FILE } from '../../../src/seo/feeds/index.ts';
import { isListed } from '../../../src/domain/routes.ts';
import { sharedSampleBuild, type SampleBuild } from '../../helpers/sample-build.ts';

type Row = Record<string, string>;

/** RFC 4180 CSV: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const parseTsv = (text: string) =>
  text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.split('\t'));

function records(table: string[][]): Row[] {
  const [head, ...body] = table;
  for (const cells of body) expect(cells).toHaveLength(head!.length);
  return body.map((cells) => Object.fromEntries(head!.map((h, i) => [h, cells[i]!])));
}

let build: SampleBuild;
let dealers: DealerContent[];
beforeAll(async () => {
  [build, dealers] = await Promise.all([sharedSampleBuild(), loadDealers('dealers').then((r) => r.dealers)]);
}, 240_000);

const feedOf = (slug: string, file: string) => readFile(path.join(build.sites, slug, file), 'utf8');

const PRICE = /^\d+\.\d{2} (AUD|NZD)$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const isAbsoluteOn = (url: string, origin: string) =>
  URL.canParse(url) && new URL(url).origin === new URL(origin).origin;

describe.each(['coastal-motor-group', 'ridgeline-mazda', 'tasman-motors'])('%s', (slug) => {
  const dealer = () => dealers.find((d) => d.slug === slug)!;
  const currency = () => (dealer().site.country === 'NZ' ? 'NZD' : 'AUD');
  const unlisted = () =>
    new Set(
      dealer()
        .cars.filter((c) => !isListed(c))
        .map((c) => String(c.id)),
    );

  it('writes a Google vehicle ads row, complete and well formed, for each listed car with a photo and a VIN', async () => {
    const rows = records(parseTsv(await feedOf(slug, GOOGLE_FEED_FILE)));
    const required = [
      'id',
      'title',
      'description',
      'link',
      'image_link',
      'price',
      'condition',
      'vin',
      'brand',
      'make',
      'model',
      'year',
      'mileage',
      'store_code',
      'vehicle_fulfillment',
      'dealership_name',
      'dealership_address',
      'google_product_category',
    ];
    const origin = dealer().site.url;
    for (const row of rows) {
      for (const field of required) expect(row[field]?.trim(), `${row.id} ${field}`).toBeTruthy();
      expect(isAbsoluteOn(row.link!, origin), row.link).toBe(true);
      expect(URL.canParse(row.image_link!), row.image_link).toBe(true);
      for (const extra of row.additional_image_link ? row.additional_image_link.split(',') : [])
        expect(URL.canParse(extra)).toBe(true);
      expect(row.price).toMatch(PRICE);
      expect(row.price!.endsWith(currency())).toBe(true);
      expect(row.year).toMatch(/^\d{4}$/);
      expect(row.mileage).toMatch(/^\d+ km$/);
      expect(row.condition).toMatch(/^(new|used)$/);
      expect(row.vin).toMatch(VIN);
      expect(row.vehicle_fulfillment).toBe(`in_store:${row.store_code}`);
      expect(row.dealership_address).toMatch(new RegExp(`\\d{4}, ${dealer().site.country}$`));
      expect(row.google_product_category).toBe('916');
    }
    const ids = rows.map((r) => r.id!);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => unlisted().has(id))).toEqual([]);
    const expected = dealer()
      .cars.filter((c) => isListed(c) && c.photos.length && c.vin && VIN.test(c.vin))
      .map((c) => String(c.id));
    expect(ids.sort()).toEqual(expected.sort());
  });

  it('writes a Meta vehicle catalogue row, complete and well formed, for each listed car with a photo and a VIN', async () => {
    const rows = records(parseCsv(await feedOf(slug, META_FEED_FILE)));
    const required = [
      'vehicle_id',
      'title',
      'description',
      'url',
      'make',
      'model',
      'year',
      'mileage.value',
      'mileage.unit',
      'vin',
      'body_style',
      'exterior_color',
      'state_of_vehicle',
      'price',
      'availability',
      'image[0].url',
      'address.addr1',
      'address.city',
      'address.region',
      'address.postal_code',
      'address.country',
    ];
    for (const row of rows) {
      for (const field of required) expect(row[field]?.trim(), `${row.vehicle_id} ${field}`).toBeTruthy();
      expect(isAbsoluteOn(row.url!, dealer().site.url)).toBe(true);
      expect(URL.canParse(row['image[0].url']!)).toBe(true);
      expect(row.price).toMatch(PRICE);
      expect(row.price!.endsWith(currency())).toBe(true);
      expect(row.year).toMatch(/^\d{4}$/);
      expect(row['mileage.value']).toMatch(/^\d+$/);
      expect(row['mileage.unit']).toBe('KM');
      expect(row.vin).toMatch(VIN);
      expect(row.state_of_vehicle).toMatch(/^(NEW|USED|CPO)$/);
      expect(row.body_style).toMatch(
        /^(CONVERTIBLE|COUPE|HATCHBACK|MINIVAN|TRUCK|SUV|SEDAN|VAN|WAGON|CROSSOVER|OTHER)$/,
      );
      expect(row.availability).toBe('AVAILABLE');
      expect(row['address.country']).toBe(dealer().site.country);
      expect(row['address.postal_code']).toMatch(/^\d{4}$/);
      expect(Number.isFinite(Number(row.latitude)) && Number.isFinite(Number(row.longitude))).toBe(true);
    }
    const ids = rows.map((r) => r.vehicle_id!);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => unlisted().has(id))).toEqual([]);
    expect(rows.length).toBeGreaterThan(20);
  });

  it('keeps the feeds out of the sitemap', async () => {
    const sitemap = await readFile(path.join(build.sites, slug, 'sitemap.xml'), 'utf8');
    expect(sitemap).not.toContain('vehicles-');
  });
});
