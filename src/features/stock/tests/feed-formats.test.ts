/**
 * Feeds as stock systems write them (content format 1.3): the header aliases of a dealer
 * management system's export, a Windows-1252 file as spreadsheets save "CSV", text never published
 * with U+FFFD or mangled letters, POA prices, and delta rows that hold only the columns they give.
 */
import { describe, expect, it } from 'vitest';
import { decodeFeed, repairMojibake } from '../rules/decode.ts';
import { formatRowError, parseCsvFeed, readFeedFile, readFeedFileInSlices, ROWS_PER_SLICE } from '../rules/feed.ts';

const NOW = Date.UTC(2026, 11, 1);
const latin1 = (text: string) => Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));

describe('the header aliases of content format 1.3', () => {
  it.each([
    ['Stock ID', 'stock_number'],
    ['Registration', 'rego'],
    ['Rego No', 'rego'],
    ['Plate', 'rego'],
    ['Kilometres', 'odometer'],
    ['Mileage', 'odometer'],
    ['Drive Away Price', 'price_drive_away'],
    ['DriveAway Price', 'price_drive_away'],
    ['DAP', 'price_drive_away'],
    ['EGC Price', 'price_egc'],
    ['Images', 'photos'],
    ['Description', 'comments'],
    ['Dealer Comments', 'comments'],
    ['Account', 'account'],
    ['Yard', 'account'],
  ])('reads "%s" as %s', (header, column) => {
    const other = column === 'stock_number' ? 'Notes' : 'Stock ID';
    const value = column === 'photos' ? 'https://cdn.test/a.jpg' : column.startsWith('price') ? '30990' : '1234';
    const r = parseCsvFeed(`${other},${header}\nA1,${value}\n`, { now: NOW, mode: 'delta' });
    expect(r.errors).toEqual([]);
    expect(r.columns).toContain(column);
    expect(r.cars).toHaveLength(1);
  });

  it('reads a dealer management export with its own column names into whole cars', () => {
    const r = parseCsvFeed(
      [
        'Stock ID,Registration,Make,Model,Variant,Year,Kilometres,Drive Away Price,Description,Images,Yard,Internal Cost',
        'U5001,ABC123,Citroën,C4,Shine,2022,"18,400","$31,990","One owner",https://cdn.test/1.jpg|https://cdn.test/2.jpg,pre-owned,25000',
      ].join('\r\n'),
      { now: NOW },
    );
    expect(r.errors).toEqual([]);
    expect(r.ignoredColumns).toEqual(['Internal Cost']);
    expect(r.cars[0]).toMatchObject({
      stock_number: 'U5001',
      rego: 'ABC123',
      make: 'Citroën',
      odometer: 18400,
      price: 31990,
      price_drive_away: 31990,
      comments: 'One owner',
      photos: ['https://cdn.test/1.jpg', 'https://cdn.test/2.jpg'],
      account: 'pre-owned',
    });
  });
});

describe('a file that is not UTF-8', () => {
  it('is read as Windows-1252, saying so, with every letter as written', () => {
    const bytes = latin1(
      'Stock No,Make,Model,Year,Price,Comments\r\nU1,Citro\xebn,C4,2022,31990,\x93Like new\x94 \x96 \x80500 off\r\n',
    );
    const r = readFeedFile(bytes, { now: NOW, kind: 'csv' });
    expect(r.encoding).toBe('windows-1252');
    expect(r.errors).toEqual([]);
    expect(r.cars[0]).toMatchObject({ make: 'Citroën', comments: '“Like new” – €500 off' });
    expect(JSON.stringify(r.cars)).not.toContain('\uFFFD');
  });

  it('is refused, naming the byte, when it is neither UTF-8 nor Windows-1252', () => {
    expect(decodeFeed(Uint8Array.from([0x41, 0x2c, 0x81, 0x0a]))).toEqual({
      error: expect.stringMatching(/neither UTF-8 nor Windows-1252 text \(byte 3 is 0x81\)/),
    });
    const r = readFeedFile(Uint8Array.from([0xc3, 0x00, 0x41]), { now: NOW });
    expect(r.cars).toEqual([]);
    expect(r.fileError).toMatch(/byte 2 is 0x00/);
  });

  it('reads UTF-8 (with or without a byte order mark) as UTF-8', () => {
    const text = '\uFEFFStock No,Make,Model,Year,Price\nU1,Škoda,Octavia,2021,25990\n';
    const r = readFeedFile(new TextEncoder().encode(text), { now: NOW });
    expect(r.encoding).toBe('utf-8');
    expect(r.cars[0]!.make).toBe('Škoda');
  });
});

describe('text mangled before it reached the feed', () => {
  it('reads UTF-8 that was read as Windows-1252 and saved again as it was meant', () => {
    expect(repairMojibake('CitroÃ«n')).toBe('Citroën');
    expect(repairMojibake('â€œLike newâ€\u009d')).toBe('“Like new”');
    expect(repairMojibake('Ã‰tÃ© special')).toBe('Été special');
    const r = parseCsvFeed('Stock No,Make,Model,Year,Price\nU1,CitroÃ«n,C4,2022,31990\n', { now: NOW });
    expect(r.cars[0]!.make).toBe('Citroën');
  });

  it('leaves real text alone', () => {
    for (const text of ['Citroën', 'Ã on its own', 'Mazda CX-5 Maxx Sport', 'Â', '100 km/h in 7.9 s'])
      expect(repairMojibake(text)).toBe(text);
  });

  it('refuses a value holding U+FFFD, the mark of a lost letter, naming line and column', () => {
    const r = parseCsvFeed('Stock No,Make,Model,Year,Price\nU1,Citro\uFFFDn,C4,2022,31990\nU2,Kia,Rio,2020,9990\n', {
      now: NOW,
    });
    expect(r.cars.map((c) => c.stock_number)).toEqual(['U2']);
    expect(formatRowError(r.errors[0]!)).toMatch(/^line 2, column "Make": holds "\uFFFD", the mark of a letter lost/);
    expect(r.errors[0]!.stock_number).toBe('U1');
  });
});

describe('price on application', () => {
  it('reads POA in any case as a price, in CSV and JSON', () => {
    const r = parseCsvFeed('Stock No,Make,Model,Year,Price\nU1,Porsche,911,2020,POA\nU2,Porsche,911,2021,poa\n', {
      now: NOW,
    });
    expect(r.errors).toEqual([]);
    expect(r.cars.map((c) => c.price)).toEqual(['POA', 'POA']);
    const j = readFeedFile(
      new TextEncoder().encode(
        JSON.stringify({ cars: [{ stock_number: 'U3', make: 'Kia', model: 'EV9', year: 2025, price: 'POA' }] }),
      ),
      { now: NOW },
    );
    expect(j.cars[0]!.price).toBe('POA');
  });
});

describe('a delta feed', () => {
  it('reads a status-only row and a price-only row as just those values', () => {
    const status = parseCsvFeed('Stock No,Status\nU5001,sold\n', { now: NOW, mode: 'delta' });
    expect(status.errors).toEqual([]);
    expect(status.cars).toEqual([{ stock_number: 'U5001', status: 'sold', where: { line: 2 } }]);
    const price = parseCsvFeed('Stock No,Price\nU5001,"$29,990"\n', { now: NOW, mode: 'delta' });
    expect(price.cars).toEqual([{ stock_number: 'U5001', price: 29990, where: { line: 2 } }]);
  });

  it('still reports bad values, but not the columns it leaves out', () => {
    const r = parseCsvFeed('Stock No,Price,Year\nU1,abc,\nU2,,1800\n', { now: NOW, mode: 'delta' });
    expect(r.cars).toEqual([]);
    expect(r.errors.map(formatRowError)).toEqual([
      expect.stringMatching(/^line 2, column "Price": expected a price/),
      expect.stringMatching(/^line 3, column "Year": expected a year/),
    ]);
  });

  it('is a full feed when the same file is read without --delta: every row a whole listing', () => {
    const r = parseCsvFeed('Stock No,Status\nU5001,sold\n', { now: NOW });
    expect(r.cars).toEqual([]);
    expect(r.errors.map((e) => e.column)).toEqual(['make', 'model', 'year', 'price']);
  });
});

describe('a large feed read by a server', () => {
  it('is read a slice of rows at a time, other work going on between, to the same result', async () => {
    const rows = Array.from({ length: ROWS_PER_SLICE * 8 }, (_, i) => `S${i},Toyota,Yaris,2020,${9000 + i},15990`);
    const csvBytes = new TextEncoder().encode(['Stock No,Make,Model,Year,Kms,Price', ...rows].join('\n'));
    const jsonBytes = new TextEncoder().encode(
      JSON.stringify({
        cars: rows.map((r) => ({ stock_number: r.split(',')[0], make: 'Kia', model: 'Rio', year: 2020, price: 'POA' })),
      }),
    );
    for (const bytes of [csvBytes, jsonBytes]) {
      let turns = 0;
      let reading = true;
      const other = (async () => {
        while (reading) {
          turns++;
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      })();
      const sliced = await readFeedFileInSlices(bytes, { now: NOW });
      reading = false;
      await other;
      expect(turns).toBeGreaterThanOrEqual(7);
      expect(sliced).toEqual(readFeedFile(bytes, { now: NOW }));
      expect(sliced.cars).toHaveLength(rows.length);
    }
  });
});
