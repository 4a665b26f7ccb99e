/**
 * JSON stock feeds (content format 1.2 "Stock feed"): `{ feed_id?, mode?, cars }`, the same names as
 * the CSV columns, photos and features as lists, the NZ notice as `nz_cin` or flat; errors name the
 * car's index.
 */
import { describe, expect, it } from 'vitest';
import { formatRowError, parseJsonFeed } from '../rules/feed.ts';

const NOW = Date.UTC(2025, 5, 15);
const feed = (v: unknown) => parseJsonFeed(v, { now: NOW });
const base = { stock_number: 'A1', make: 'Kia', model: 'Rio', year: 2020, odometer: 10, price: 19990 };

describe('a JSON feed', () => {
  it('reads feed_id, mode and cars, from text or a parsed value', () => {
    const value = { feed_id: 'dms-42', mode: 'delta', cars: [base] };
    for (const r of [feed(value), feed(`\uFEFF${JSON.stringify(value)}`)]) {
      expect(r.fileError).toBeUndefined();
      expect(r).toMatchObject({ feedId: 'dms-42', mode: 'delta', errors: [], ignoredColumns: [] });
      // A delta's row holds only what it gives: no defaults.
      expect(r.cars).toEqual([{ ...base, where: { index: 0 } }]);
    }
    expect(feed({ ...value, mode: 'full' }).cars).toEqual([{ ...base, status: 'available', where: { index: 0 } }]);
    expect(feed({ cars: [] })).toMatchObject({ cars: [], errors: [], ignoredColumns: [] });
    expect(feed({ Mode: 'FULL', cars: [] }).mode).toBe('full');
  });

  it('reads the values by the CSV rules: numbers or text, aliases, lists', () => {
    const r = feed({
      cars: [
        {
          'Stock No': 7,
          make: ' Kia ',
          model: 'Rio',
          variant: 'S',
          year: '2020',
          km: '12,000 km',
          price_drive_away: '$21,990',
          certified: true,
          seats: 5,
          photos: ['https://cdn.test/1.jpg', ' ', null],
          features: 'Sunroof|Tow bar',
          status: 'Sold',
          internal: 'x',
        },
      ],
    });
    expect(r.errors).toEqual([]);
    expect(r.ignoredColumns).toEqual(['internal']);
    expect(r.cars[0]).toMatchObject({
      stock_number: '7',
      make: 'Kia',
      badge: 'S',
      year: 2020,
      odometer: 12000,
      price: 21990,
      price_drive_away: 21990,
      certified: true,
      seats: 5,
      photos: ['https://cdn.test/1.jpg'],
      features: ['Sunroof', 'Tow bar'],
      status: 'sold',
    });
  });

  it('takes the NZ notice as nz_cin or flat, and refuses one value given both ways', () => {
    const nested = feed({
      cars: [{ ...base, nz_cin: { wof_expiry: '2025-10-01', imported_damaged: false, other: 1 } }],
    });
    expect(nested.errors).toEqual([]);
    expect(nested.ignoredColumns).toEqual(['nz_cin.other']);
    expect(nested.cars[0]?.nz_cin).toEqual({ wof_expiry: '2025-10-01', imported_damaged: false });
    const flat = feed({ cars: [{ ...base, engine_cc: 1998, security_interest: 'no' }] });
    expect(flat.cars[0]?.nz_cin).toEqual({ engine_cc: 1998, security_interest: false });
    const twice = feed({ cars: [{ ...base, wof_expiry: '2025-10-01', nz_cin: { wof_expiry: '2025-10-01' } }] });
    expect(twice.cars).toEqual([]);
    expect(twice.errors.map(formatRowError)).toEqual([
      'cars[0].nz_cin.wof_expiry: gives wof_expiry a second time (also "wof_expiry"); give it once (got "2025-10-01")',
    ]);
  });

  it("names each bad value by the car's index and key", () => {
    const r = feed({
      cars: [
        base,
        {
          ...base,
          stock_number: 'A2',
          price: -1,
          year: 2020.5,
          photos: 'not a url',
          nz_cin: { wof_expiry: '31/12/2025' },
        },
        'A3',
        { ...base, stock_number: 'A4', make: ['Kia'], odometer: { km: 5 }, certified: 'sure' },
        { ...base, stock_number: 'A1' },
        { ...base, stock_number: 'A5', nz_cin: 'yes' },
      ],
    });
    expect(r.cars.map((c) => c.stock_number)).toEqual(['A1']);
    expect(r.errors.map(formatRowError)).toEqual([
      'cars[1].year: expected a year from 1900 to 2027 (got "2020.5")',
      'cars[1].price: must not be negative (got "-1")',
      'cars[1].photos: photo 1 is neither a web address starting with http:// or https:// nor a path starting with / (got "not a url")',
      'cars[1].nz_cin.wof_expiry: expected a date "YYYY-MM-DD", such as "2025-06-30" (got "31/12/2025")',
      'cars[2]: expected a car: an object of its fields (got ""A3"")',
      'cars[3].make: expected text or a number, not a list (got "["Kia"]")',
      'cars[3].odometer: expected text or a number, not an object (got "{"km":5}")',
      'cars[3].certified: expected yes or no (also true/false, 1/0, y/n) (got "sure")',
      'cars[4].stock_number: is already used by cars[0]; a car appears once in a feed (got "A1")',
      'cars[5].nz_cin: expected an object of the NZ notice\'s fields (got ""yes"")',
    ]);
    expect(r.errors.every((e) => e.line === undefined && typeof e.index === 'number')).toBe(true);
  });

  it('refuses a feed it cannot read as a whole', () => {
    expect(feed('{"cars": [').fileError).toMatch(/^the file is not valid JSON: /);
    expect(feed([base]).fileError).toMatch(/^expected a JSON object/);
    expect(feed({ feed_id: 'x' }).fileError).toMatch(/"cars" is missing$/);
    expect(feed({ cars: {} }).fileError).toMatch(/"cars" is not a list$/);
    expect(feed({ mode: 'partial', cars: [base] }).fileError).toBe(
      '"mode" is "partial": expected "full" (every car the dealer has) or "delta" (changed cars only)',
    );
    expect(feed({ feed_id: 'a\u0000b', cars: [] }).fileError).toMatch(/^"feed_id" is "a\\u0000b": expected text/);
    for (const bad of [feed('{"cars": ['), feed({ mode: 1, cars: [base] })]) expect(bad.cars).toEqual([]);
  });

  it('never throws on values JSON text cannot hold', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const r = feed({ cars: [{ ...base, make: 10n, model: cyclic, year: Infinity, price: Symbol('p') }] });
    expect(r.cars).toEqual([]);
    expect(r.errors.map((e) => [e.column, e.value, e.reason])).toEqual([
      ['make', 'bigint', 'expected text or a number, not bigint'],
      ['model', 'object', 'expected text or a number, not an object'],
      ['year', 'null', 'is not a finite number'],
      ['price', 'symbol', 'expected text or a number, not symbol'],
    ]);
  });
});
