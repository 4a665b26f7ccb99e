/**
 * Hostile stock feeds: junk in number, date and yes/no columns, control characters, lone surrogates,
 * missing, repeated and over-long stock numbers, huge values, rows cut short or run long. Whatever
 * arrives, reading never throws, and every data row is either a car that makes a valid Car or is
 * reported with its line (index), column and reason: good rows plus bad rows make all the rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { car as carSchema } from '../../../content/entities.ts';
import { CONTROL_CHARACTERS } from '../../../lib/text.ts';
import { COLUMNS, type Column, type ColumnKind } from '../rules/columns.ts';
import { parseCsvFeed, parseJsonFeed, type FeedCar, type FeedParse } from '../rules/feed.ts';
import { mergeFeedCar } from '../rules/to-car.ts';
import { writeCsv } from './write-csv.ts';

const NOW = Date.UTC(2025, 5, 15);
const RUNS = { numRuns: 200 };
const names = Object.keys(COLUMNS) as Column[];

const num = fc.nat({ max: 2_000_000 });
/** Values a stock system would send for each kind; blank where the Car does not need the value. */
const good: Record<ColumnKind, fc.Arbitrary<string>> = {
  stock: fc.constantFrom('A1', 'A2', 'B 7', 'T-100', 'Ü9', '在庫', 'S'.repeat(64)),
  text: fc.constantFrom('Toyota', ' RAV4 ', 'GX Hybrid', 'Ü', 'CX-5', ''),
  comments: fc.constantFrom('One owner.\r\n\r\nFull history.', 'Tab\there', ''),
  status: fc.constantFrom('available', 'SOLD', 'hidden', ''),
  condition: fc.constantFrom('new', 'used', 'Demo', ''),
  year: fc.integer({ min: 1900, max: 2027 }).map(String),
  month: fc.constantFrom('2024-03', '1999-12', ''),
  date: fc.constantFrom('2025-06-30', '2024-02-29', ''),
  odometer: fc.oneof(
    num.map(String),
    num.map((n) => n.toLocaleString('en-AU')),
    num.map((n) => `${n} km`),
  ),
  money: fc.oneof(
    num.map(String),
    num.map((n) => `$${n.toLocaleString('en-AU')}`),
    num.map((n) => `${n}.00`),
    fc.constant(''),
  ),
  count: fc.integer({ min: 1, max: 12 }).map(String),
  boolean: fc.constantFrom('yes', 'No', 'TRUE', '0', 'y', ''),
  photos: fc
    .array(fc.constantFrom('https://cdn.test/a.jpg', ' http://x.test/b.png ', ''), { maxLength: 4 })
    .map((a) => a.join('|')),
  url: fc.constantFrom('https://youtu.be/x', ''),
  checked: fc.constantFrom('2025-06-30', '30/06/2025', 'yes', ''),
  writeoff: fc.constantFrom('no', 'Yes', 'repairable', 'Statutory write-off', ''),
  list: fc
    .array(fc.constantFrom('Sunroof', '17" alloys', 'Tow bar, 3.5t', ''), { maxLength: 4 })
    .map((a) => a.join('|')),
};
const controls = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  minLength: 1,
});
const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => `x${String.fromCharCode(c)}`);
/** Anything at all, in any column. */
const junk = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({
    unit: fc.constantFrom('1', '9', ',', '.', '-', '$', ' ', 'k', 'm', '"', '\n', '|', 'e', '+'),
  }),
  fc.constantFrom(
    '-1',
    '0',
    '1e9',
    'NaN',
    'Infinity',
    '2025-02-30',
    '2025-13',
    '1899',
    '2099',
    'maybe',
    'ftp://x',
    '/a.jpg',
  ),
  fc.constantFrom('9'.repeat(400), 'S'.repeat(65), 'x'.repeat(5000), '\u0000', '\u007f', ' ', ''),
  controls.map((c) => `ok${c}`),
  surrogate,
);

/**
 * A row: every column good, or junk in one column, in a share of them, or in all; some rows cut short
 * or run long.
 */
const row = fc
  .record({
    hostility: fc.constantFrom<'none' | 'one' | 'some' | 'all'>('none', 'one', 'one', 'some', 'all'),
    cells: fc.tuple(...names.map((c) => fc.tuple(good[COLUMNS[c]], junk, fc.double({ min: 0, max: 1, noNaN: true })))),
    one: fc.nat({ max: names.length - 1 }),
    shape: fc.constantFrom('whole', 'whole', 'whole', 'whole', 'short', 'long'),
    extra: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
  })
  .map(({ hostility, cells, one, shape, extra }) => {
    const junkAt = (i: number, roll: number) =>
      hostility === 'all' || (hostility === 'one' && i === one) || (hostility === 'some' && roll < 0.3);
    const out = cells.map(([g, j, roll], i) => (junkAt(i, roll) ? j : g));
    if (shape === 'short') return out.slice(0, out.length - 1 - Math.floor(out.length / 3));
    if (shape === 'long') return [...out, 'x', extra];
    return out;
  });

/** Header names as stock systems write them: aliases, any case, spaces or hyphens for underscores. */
const header = fc.tuple(
  fc.constantFrom('stock_number', 'Stock No', 'STOCKNO', 'stock #'),
  fc.constantFrom('odometer', 'KM', 'kms'),
  fc.constantFrom('badge', 'Variant'),
  fc.constantFrom('colour', 'Color'),
  fc.constantFrom('price_egc', 'Price Excl Govt Charges'),
  fc.constantFrom(
    (s: string) => s,
    (s: string) => s.toUpperCase().replace(/_/g, ' '),
    (s: string) => s.replace(/_/g, '-'),
  ),
);
const ALIASED: Partial<Record<Column, number>> = { stock_number: 0, odometer: 1, badge: 2, colour: 3, price_egc: 4 };

/**
 * Every car of a parse makes a valid Car (a delta's row as a new car, when it gives a whole
 * listing; else the merge says what it lacks), and no two share an id or a slug.
 */
function expectValidCars(r: FeedParse) {
  const merged = r.cars.map((f: FeedCar) => mergeFeedCar(undefined, f, { now: NOW, mode: r.mode ?? 'full' }));
  if (r.mode !== 'delta') expect(merged.filter((m) => 'lacks' in m)).toEqual([]);
  for (const m of merged) if ('lacks' in m) expect(m.lacks).toMatch(/make|model|year|price/);
  const cars = merged.flatMap((m) => ('lacks' in m ? [] : [carSchema.parse(m)]));
  expect(new Set(cars.map((c) => c.id)).size).toBe(cars.length);
  expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
  for (const c of cars) {
    const texts: string[] = [];
    JSON.stringify({ ...c, dealercomments: undefined }, (_, v: unknown) =>
      typeof v === 'string' ? (texts.push(v), v) : v,
    );
    expect(texts.filter((t) => CONTROL_CHARACTERS.test(t) || !t.isWellFormed() || t !== t.trim())).toEqual([]);
  }
}

describe('a hostile CSV feed', () => {
  it('never throws, and every row is a valid car or reported with line, column and reason', () => {
    fc.assert(
      fc.property(header, fc.array(row, { maxLength: 12 }), fc.boolean(), (h, rows, bom) => {
        const [, , , , , style] = h;
        const headerRow = [
          ...names.map((c) => (ALIASED[c] !== undefined ? (h[ALIASED[c]] as string) : style(c))),
          'Internal notes',
        ];
        const table = [headerRow, ...rows.map((r) => (r.length === names.length ? [...r, 'note'] : r))];
        const { text, lines } = writeCsv(table, { bom, finalEnd: true });
        const r = parseCsvFeed(text, { now: NOW });

        expect(r.fileError).toBeUndefined();
        expect(r.ignoredColumns).toEqual(['Internal notes']);
        const data = rows.flatMap((cells, i) =>
          cells.every((c) => c.trim() === '') ? [] : [{ cells, line: lines[i + 1]! }],
        );
        const dataLines = new Set(data.map((d) => d.line));
        for (const e of r.errors) {
          expect(dataLines.has(e.line!)).toBe(true);
          expect(e.column).not.toBe('');
          expect(e.reason).not.toBe('');
        }
        const bad = new Set(r.errors.map((e) => e.line));
        const goodRows = data.filter((d) => !bad.has(d.line));
        expect(r.cars.length + bad.size).toBe(data.length);
        expect(r.cars.map((c) => c.stock_number)).toEqual(goodRows.map((d) => d.cells[0]!.trim()));
        expectValidCars(r);
      }),
      RUNS,
    );
  });
});

describe('a hostile JSON feed', () => {
  const value = fc.oneof(
    junk,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(junk, { maxLength: 3 }),
  );
  const car = fc.oneof(
    row.map((cells) => Object.fromEntries(names.map((c, i) => [c, cells[i]]).filter(([, v]) => v !== undefined))),
    fc.dictionary(fc.constantFrom(...names, 'nz_cin', 'km', 'other'), value),
    value,
  );
  it('never throws, and every car is a valid car or reported with index, column and reason', () => {
    fc.assert(
      fc.property(fc.array(car, { maxLength: 10 }), fc.constantFrom(undefined, 'full', 'delta'), (cars, mode) => {
        const r = parseJsonFeed(JSON.stringify({ mode, cars }), { now: NOW });
        expect(r.fileError).toBeUndefined();
        for (const e of r.errors) {
          expect(e.index).toBeGreaterThanOrEqual(0);
          expect(e.index).toBeLessThan(cars.length);
          expect(e.reason).not.toBe('');
        }
        const bad = new Set(r.errors.map((e) => e.index));
        expect(r.cars.length + bad.size).toBe(cars.length);
        expectValidCars(r);
      }),
      RUNS,
    );
  });
});
