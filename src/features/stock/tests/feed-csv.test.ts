/**
 * CSV stock feeds (content format 1.2 "Stock feed"): headers and their aliases, the file-level
 * errors, and every rule a value must meet, each bad value reported with its line, column and reason.
 */
import { describe, expect, it } from 'vitest';
import { formatRowError, parseCsvFeed, type FeedParse } from '../rules/feed.ts';

const NOW = Date.UTC(2025, 5, 15);
const YEAR = 2025;
const feed = (text: string) => parseCsvFeed(text, { now: NOW });

/** A feed of one car: the base row with `changes` applied (a column set to undefined is left out). */
function oneCar(changes: Record<string, string | undefined> = {}): FeedParse {
  const row: Record<string, string | undefined> = {
    stock_number: 'A1',
    make: 'Toyota',
    model: 'RAV4',
    year: '2021',
    odometer: '12000',
    price: '32990',
    ...changes,
  };
  const names = Object.keys(row).filter((k) => row[k] !== undefined);
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return feed(`${names.map(quote).join(',')}\n${names.map((n) => quote(row[n]!)).join(',')}\n`);
}
const car = (changes: Record<string, string | undefined> = {}) => {
  const r = oneCar(changes);
  expect(r.errors).toEqual([]);
  expect(r.cars).toHaveLength(1);
  return r.cars[0]!;
};
const reasons = (changes: Record<string, string | undefined>) => {
  const r = oneCar(changes);
  expect(r.cars).toEqual([]);
  return r.errors.map((e) => `${e.column}: ${e.reason}`);
};

describe('the header', () => {
  it('matches names without case, with spaces, hyphens and underscores equal', () => {
    const r = feed(
      'STOCK-NUMBER,Make,MODEL,  Year ,Price Drive Away,odo meter,Build_Date,CONDITION\nA1,Kia,Rio,2020,19990,5,2020-01,NEW\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.ignoredColumns).toEqual(['odo meter']);
    expect(r.cars[0]).toMatchObject({
      stock_number: 'A1',
      make: 'Kia',
      price_drive_away: 19990,
      build_date: '2020-01',
    });
  });

  it.each([
    ['Stock No', 'stock_number', 'X9'],
    ['StockNo', 'stock_number', 'X9'],
    ['Stock #', 'stock_number', 'X9'],
    ['Variant', 'badge', 'GX'],
    ['KM', 'odometer', 5],
    ['Kms', 'odometer', 5],
    ['Color', 'colour', 'Red'],
    ['Price Excl Govt Charges', 'price_egc', 5],
  ])('reads the alias "%s" as %s', (alias, field, value) => {
    const base = 'make,model,year,price,odometer,stock_number'.split(',').filter((c) => c !== field);
    const values: Record<string, string> = {
      make: 'Kia',
      model: 'Rio',
      year: '2020',
      price: '9',
      odometer: '1',
      stock_number: 'A1',
    };
    const r = feed(`${[...base, alias].join(',')}\n${[...base.map((c) => values[c]), String(value)].join(',')}\n`);
    expect(r.errors).toEqual([]);
    expect(r.cars[0]).toHaveProperty(field, value);
  });

  it('lists other columns as ignored, once each, and reads the rest', () => {
    const r = feed(
      'stock_number,make,model,year,price,odometer,Notes,Notes,,Internal cost\nA1,Kia,Rio,2020,9,1,x,y,z,5\n',
    );
    expect(r.fileError).toBeUndefined();
    expect(r.ignoredColumns).toEqual(['Notes', '(unnamed column 9)', 'Internal cost']);
    expect(r.cars).toHaveLength(1);
  });

  it('refuses a file without a stock_number column, listing its columns', () => {
    const r = feed('Stock Code,make\nA1,Kia\n');
    expect(r.cars).toEqual([]);
    expect(r.fileError).toMatch(/^line 1: the header has no stock_number column/);
    expect(r.fileError).toContain('"Stock Code", "make"');
  });

  it('refuses two columns for one field, naming both', () => {
    const r = feed('stock_number,km,make,Odometer\nA1,5,Kia,6\n');
    expect(r.cars).toEqual([]);
    expect(r.fileError).toBe(
      'line 1: the header\'s columns "km" (column 2) and "Odometer" (column 4) are both odometer; keep one',
    );
  });

  it('refuses an empty file and one that ends inside quotes', () => {
    expect(feed('').fileError).toMatch(/the file is empty/);
    expect(feed('\n\n').fileError).toMatch(/the file is empty/);
    const cut = feed('stock_number,make,model,year,price\nA1,Kia,Rio,2020,9\nA2,"Kia');
    expect(cut.cars).toEqual([]);
    expect(cut.fileError).toMatch(/^line 3: /);
  });

  it('reads a header alone as no cars', () => {
    expect(feed('\uFEFFstock_number,make\r\n')).toEqual({
      cars: [],
      columns: ['stock_number', 'make'],
      errors: [],
      ignoredColumns: [],
    });
  });
});

describe('rows', () => {
  it('keeps good rows, reports each bad value of a bad row with its line, and skips lines of empty cells', () => {
    const r = feed(
      [
        'stock_number,make,model,year,odometer,price',
        'A1,Kia,Rio,2020,10,9990',
        ',,,,,',
        'A2,Kia,,20x0,-5,free',
        '"A3",Kia,"Rio, GT",2021,"12,000","$19,990"',
      ].join('\r\n'),
    );
    expect(r.cars.map((c) => c.stock_number)).toEqual(['A1', 'A3']);
    expect(r.cars[1]).toMatchObject({ model: 'Rio, GT', odometer: 12000, price: 19990 });
    expect(r.errors.map((e) => [e.line, e.column, e.value])).toEqual([
      [4, 'year', '20x0'],
      [4, 'odometer', '-5'],
      [4, 'price', 'free'],
      [4, 'model', ''],
    ]);
    expect(formatRowError(r.errors[0]!)).toBe(
      `line 4, column "year": expected a year from 1900 to ${YEAR + 2} (got "20x0")`,
    );
  });

  it('names the line a row starts on when an earlier value spans lines', () => {
    const r = feed(
      'stock_number,make,model,year,price,comments,km\nA1,Kia,Rio,2020,9,"one\n\ntwo",1\nA2,Kia,Rio,1800,9,,1\n',
    );
    expect(r.errors.map((e) => e.line)).toEqual([5]);
    expect(r.cars[0]?.comments).toBe('one\n\ntwo');
  });

  it('reports a row with more cells than the header has columns', () => {
    const r = feed('stock_number,make,model,year,odometer,price\nA1,Kia,Rio,2020,1,19,990\nA2,Kia,Rio,2020,1,9,,\n');
    expect(r.errors).toEqual([
      {
        line: 2,
        column: 'column 7',
        value: '990',
        reason: expect.stringMatching(/7 cells but the header names 6 columns; .* double quotes/),
        stock_number: 'A1',
      },
    ]);
    expect(r.cars.map((c) => c.stock_number)).toEqual(['A2']);
  });

  it('reports a row cut short, but not one missing only unnamed trailing columns', () => {
    const r = feed('stock_number,km,make,model,year,price,colour,,\nA1,1,Kia,Rio,2020,9\nA2,1,Kia,Rio,2020,9,Red\n');
    expect(r.errors).toEqual([
      {
        line: 2,
        column: 'colour',
        value: '',
        reason: expect.stringMatching(/ends after 6 of the header's 9 columns/),
        stock_number: 'A1',
      },
    ]);
    expect(r.cars.map((c) => c.stock_number)).toEqual(['A2']);
  });

  it('reports a stock number used twice on the later row, naming the earlier line', () => {
    const r = feed(
      'stock_number,make,model,year,price,condition\nA1,Kia,Rio,2020,9,new\nB1,Kia,Rio,2020,9,new\nA1,Kia,Rio,2021,9,new\nb1,Kia,Rio,2021,9,new\n',
    );
    expect(r.cars.map((c) => c.stock_number)).toEqual(['A1', 'B1']);
    expect(r.errors.map(formatRowError)).toEqual([
      'line 4, column "stock_number": is already used by line 2; a car appears once in a feed (got "A1")',
      expect.stringMatching(/^line 5, column "stock_number": gives the same web address as "B1" on line 3 /),
    ]);
  });

  it('reports a duplicate even when the earlier row was bad', () => {
    const r = feed('stock_number,make,model,year,price,kms\nA1,Kia,Rio,1066,9,1\nA1,Kia,Rio,2020,9,1\n');
    expect(r.cars).toEqual([]);
    expect(r.errors.map((e) => e.line)).toEqual([2, 3]);
  });
});

describe('values', () => {
  it('trims text and reads blank cells as absent', () => {
    const c = car({ badge: '  GX  ', colour: '   ', vin: '' });
    expect(c.badge).toBe('GX');
    expect(c).not.toHaveProperty('colour');
    expect(c).not.toHaveProperty('vin');
  });

  it('requires a stock number of at most 64 characters', () => {
    expect(reasons({ stock_number: '  ' })).toEqual([
      "stock_number: is required: it is the car's identity across feeds",
    ]);
    expect(car({ stock_number: ` ${'S'.repeat(64)} ` }).stock_number).toBe('S'.repeat(64));
    expect(car({ stock_number: '🚗'.repeat(64) }).stock_number).toBe('🚗'.repeat(64));
    expect(reasons({ stock_number: 'S'.repeat(65) })).toEqual(['stock_number: is longer than 64 characters']);
  });

  it('requires make, model and year', () => {
    expect(reasons({ make: undefined, model: ' ', year: undefined })).toEqual([
      "make: is required: it is part of the car's name",
      "model: is required: it is part of the car's name",
      "year: is required: it is part of the car's name",
    ]);
  });

  it('rejects control characters in any value, saying so; comments may hold line breaks and tabs', () => {
    expect(reasons({ make: 'Kia\u0007', badge: 'G\u0000X' })).toEqual([
      'make: contains a control character (U+0007), which a stock feed value may not hold',
      'badge: contains a control character (U+0000), which a stock feed value may not hold',
    ]);
    expect(oneCar({ badge: 'G\u001bX' }).errors[0]?.value).toBe('G\\u001bX');
    expect(car({ comments: 'one\r\ntwo\tthree\rfour' }).comments).toBe('one\ntwo\tthree\nfour');
    expect(reasons({ comments: 'bell\u0007' })[0]).toMatch(
      /^comments: contains a control character \(U\+0007\).*line breaks and tabs are fine/,
    );
    expect(reasons({ features: 'a|b\u0001' })).toEqual([
      'features: item 2 contains a control character (U+0001), which a stock feed value may not hold',
    ]);
  });

  it('reads status and condition without case, status available by default (a car without a condition is used: to-car)', () => {
    expect(car()).toMatchObject({ status: 'available' });
    expect(car()).not.toHaveProperty('condition');
    expect(car({ status: 'SOLD', condition: ' Demo ' })).toMatchObject({ status: 'sold', condition: 'demo' });
    expect(car({ status: 'hidden', condition: 'new' })).toMatchObject({ status: 'hidden', condition: 'new' });
    expect(reasons({ status: 'gone', condition: 'nearly new' })).toEqual([
      'status: expected one of available, sold, hidden',
      'condition: expected one of new, used, demo',
    ]);
  });

  it(`takes years from 1900 to the current year + 2 (${YEAR + 2})`, () => {
    expect(car({ year: '1900' }).year).toBe(1900);
    expect(car({ year: String(YEAR + 2) }).year).toBe(YEAR + 2);
    for (const year of ['1899', String(YEAR + 3), '2021.0', 'MY21', '99999999999999999999']) {
      expect(reasons({ year })).toEqual([`year: expected a year from 1900 to ${YEAR + 2}`]);
    }
  });

  it('reads odometers as 12345, 12,345 or 12345 km; a listing needs none (content format 1.3)', () => {
    expect(car({ odometer: '12,345' }).odometer).toBe(12345);
    expect(car({ odometer: '12345 km' }).odometer).toBe(12345);
    expect(car({ odometer: '12,345KMS' }).odometer).toBe(12345);
    expect(car({ odometer: '0' }).odometer).toBe(0);
    expect(reasons({ odometer: '-1' })).toEqual(['odometer: must not be negative']);
    expect(reasons({ odometer: '12,34' })[0]).toMatch(/^odometer: expected kilometres/);
    expect(reasons({ odometer: '9'.repeat(400) })).toEqual(['odometer: is too large']);
    expect(car({ odometer: undefined })).not.toHaveProperty('odometer');
    expect(car({ odometer: ' ', condition: 'demo' })).not.toHaveProperty('odometer');
  });

  it('reads prices as 32990, 32990.00 or $32,990', () => {
    expect(car({ price: '$32,990' }).price).toBe(32990);
    expect(car({ price: '32990.00' }).price).toBe(32990);
    expect(car({ price: '$ 1,234,567.5' }).price).toBe(1234567.5);
    expect(reasons({ price: '-$5' })).toEqual(['price: must not be negative']);
    expect(reasons({ price: 'free' })).toEqual(['price: expected a price such as 32990, 32990.00 or $32,990, or POA']);
    for (const poa of ['POA', 'poa', ' Poa ']) expect(car({ price: poa }).price).toBe('POA');
  });

  it('takes the price from price_drive_away, else price_egc, and needs one of the three', () => {
    expect(car({ price: undefined, price_drive_away: '40000', price_egc: '37000' }).price).toBe(40000);
    expect(car({ price: undefined, price_egc: '37000' }).price).toBe(37000);
    expect(car({ price: '39000', price_drive_away: '40000' }).price).toBe(39000);
    expect(reasons({ price: undefined })).toEqual([
      'price: no price: a car needs price, price_drive_away or price_egc (or POA)',
    ]);
    expect(reasons({ price: '' })).toEqual([
      'price: no price: a car needs price, price_drive_away or price_egc (or POA)',
    ]);
    // A bad price is reported as bad, not as missing.
    expect(reasons({ price: undefined, price_egc: 'x' })).toEqual([
      'price_egc: expected a price such as 32990, 32990.00 or $32,990, or POA',
    ]);
  });

  it('reads seats, doors and engine_cc as whole numbers above 0', () => {
    const c = car({ seats: '5', doors: '4', engine_cc: '1998' });
    expect(c).toMatchObject({ seats: 5, doors: 4, nz_cin: { engine_cc: 1998 } });
    expect(reasons({ seats: '0', doors: '4.5', engine_cc: '2.0L' })).toEqual([
      'seats: expected a whole number above 0',
      'doors: expected a whole number above 0',
      'engine_cc: expected a whole number above 0',
    ]);
  });

  it('reads months as YYYY-MM and dates as YYYY-MM-DD, real dates only', () => {
    const c = car({
      build_date: '2020-11',
      compliance_date: '2021-01',
      wof_expiry: '2024-02-29',
      rego_expiry: '2025-12-31',
    });
    expect(c).toMatchObject({
      build_date: '2020-11',
      compliance_date: '2021-01',
      nz_cin: { wof_expiry: '2024-02-29' },
    });
    expect(reasons({ build_date: '2020-13', first_registered_nz: '11/2020' })).toEqual([
      'build_date: expected a month "YYYY-MM", such as "2024-03"',
      'first_registered_nz: expected a month "YYYY-MM", such as "2024-03"',
    ]);
    expect(reasons({ wof_expiry: '2025-02-29', cof_expiry: '2025-6-30', rego_expiry: '2025-06-31' })).toEqual([
      'wof_expiry: expected a date "YYYY-MM-DD", such as "2025-06-30"',
      'cof_expiry: expected a date "YYYY-MM-DD", such as "2025-06-30"',
      'rego_expiry: expected a date "YYYY-MM-DD", such as "2025-06-30"',
    ]);
  });

  it('reads yes/no, true/false, 1/0 and y/n without case, blank as absent', () => {
    const c = car({
      certified: 'YES',
      registered_overseas: 'n',
      imported_damaged: 'False',
      odometer_verified: '1',
      security_interest: '0',
    });
    expect(c.certified).toBe(true);
    expect(c.nz_cin).toEqual({
      registered_overseas: false,
      imported_damaged: false,
      odometer_verified: true,
      security_interest: false,
    });
    expect(car({ certified: ' ' })).not.toHaveProperty('certified');
    expect(car({ certified: 'Y' }).certified).toBe(true);
    expect(reasons({ certified: 'maybe' })).toEqual(['certified: expected yes or no (also true/false, 1/0, y/n)']);
  });

  it('splits photos and features on "|", trimmed, without empties; photos and video are http(s) addresses', () => {
    const c = car({
      photos: ' https://cdn.test/1.jpg | |http://cdn.test/2.jpg|',
      features: 'Sunroof || 17" alloys | ',
      video_url: 'https://youtu.be/x',
    });
    expect(c.photos).toEqual(['https://cdn.test/1.jpg', 'http://cdn.test/2.jpg']);
    expect(c.features).toEqual(['Sunroof', '17" alloys']);
    expect(c.video_url).toBe('https://youtu.be/x');
    expect(car({ photos: ' | ' })).not.toHaveProperty('photos');
    expect(
      reasons({
        photos: 'https://ok.test/a.jpg|//other.test/b.jpg|javascript:alert(1)',
        video_url: 'ftp://x.test/v.mp4',
      }),
    ).toEqual([
      'photos: photos 2, 3 are neither a web address starting with http:// or https:// nor a path starting with /',
      'video_url: expected a web address starting with http:// or https://',
    ]);
    expect(reasons({ photos: 'https://' })).toEqual([
      'photos: photo 1 is neither a web address starting with http:// or https:// nor a path starting with /',
    ]);
    // A path on the dealer's own site, as the snapshot's cars.json has them.
    expect(car({ photos: '/samples/a.svg' }).photos).toEqual(['/samples/a.svg']);
  });

  it('gathers the NZ notice values into nz_cin, and leaves it out when none is given', () => {
    expect(car()).not.toHaveProperty('nz_cin');
    expect(car({ first_registered_nz: '2019-04', cof_expiry: '2025-08-01' }).nz_cin).toEqual({
      first_registered_nz: '2019-04',
      cof_expiry: '2025-08-01',
    });
  });

  it('cuts a very long value in the report, saying how long it was', () => {
    const e = oneCar({ year: '7'.repeat(5000) }).errors[0]!;
    expect(e.value).toBe(`${'7'.repeat(200)}… (5000 characters)`);
  });
});
