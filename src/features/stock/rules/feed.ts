/**
 * Stock feeds (content format 1.2 "Stock feed") read into checked cars: a CSV file with a header
 * row, or JSON `{ feed_id?, mode?, cars: [...] }`. A bad row is reported with its line (CSV) or
 * index (JSON), column and reason, and skipped; the good rows are kept. A feed that cannot be read
 * as a whole has a `fileError` and no cars.
 */
import { CONTROL_CHARACTERS } from '../../../lib/text.ts';
import { aliasesOf, COLUMNS, columnOf, headerKey, NZ_CIN_COLUMNS, shown, type Column } from './columns.ts';
import { decodeFeed, type FeedEncoding } from './decode.ts';
import { readCsv } from './csv.ts';
import { jsonText, readRow, type Entry, type SeenStock } from './row.ts';
import type { FeedOptions, FeedParse, RowError } from './types.ts';
import type { ReadContext } from './values.ts';

export type { FeedCar, FeedOptions, FeedParse, RowError } from './types.ts';
export { feedCarToCar, type CarOptions } from './to-car.ts';
export type { FeedEncoding } from './decode.ts';
export { carIdOf, carSlugOf, stockKey } from './identity.ts';

const contextOf = (o: FeedOptions): ReadContext => ({ year: new Date(o.now ?? Date.now()).getUTCFullYear() });

const fileError = (message: string): FeedParse => ({
  cars: [],
  columns: [],
  errors: [],
  ignoredColumns: [],
  fileError: message,
});

const ALL_COLUMNS = Object.keys(COLUMNS) as Column[];

/** "line 4, column "Price": expected … (got "abc")", "cars[3].price: …". */
export function formatRowError(e: RowError): string {
  const where =
    e.line !== undefined
      ? `line ${e.line}${e.column ? `, column "${e.column}"` : ''}`
      : `cars[${e.index ?? '?'}]${e.column ? `.${e.column}` : ''}`;
  return `${where}: ${e.reason}${e.value ? ` (got "${e.value}")` : ''}`;
}

/** How many rows (CSV lines, JSON cars) the errors kept out: a row with several bad values counts once. */
export function skippedRows(errors: readonly RowError[]): number {
  return new Set(errors.map((e) => (e.line !== undefined ? `l${e.line}` : `i${e.index}`))).size;
}

/** Rows read between two yields of a feed's reader: a few milliseconds of work. */
export const ROWS_PER_SLICE = 250;

/** Runs a reader to its end at once. */
function runNow(reader: Generator<void, FeedParse>): FeedParse {
  for (;;) {
    const step = reader.next();
    if (step.done) return step.value;
  }
}

/** Runs a reader a slice at a time, giving the event loop its turn between slices. */
async function runInSlices(reader: Generator<void, FeedParse>): Promise<FeedParse> {
  for (;;) {
    const step = reader.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Reads a CSV stock feed. */
export function parseCsvFeed(text: string, o: FeedOptions = {}): FeedParse {
  return runNow(csvReader(text, o));
}

/** The CSV reader, yielding every ROWS_PER_SLICE rows. */
function* csvReader(text: string, o: FeedOptions): Generator<void, FeedParse> {
  const read = readCsv(text);
  if (read.error) return fileError(read.error.message);
  const [header, ...rows] = read.records;
  if (!header) {
    return fileError(
      'the file is empty: a stock feed starts with a header row, such as stock_number,make,model,year,price',
    );
  }
  const columns: (Column | undefined)[] = [];
  const firstAt = new Map<Column, number>();
  const ignored: string[] = [];
  for (const [j, name] of header.cells.entries()) {
    const column = columnOf(name);
    columns.push(column);
    if (!column) {
      ignored.push(name.trim() ? shown(name.trim()) : `(unnamed column ${j + 1})`);
      continue;
    }
    const first = firstAt.get(column);
    if (first !== undefined) {
      return fileError(
        `line ${header.line}: the header's columns "${shown(header.cells[first]!.trim())}" (column ${first + 1}) and ` +
          `"${shown(name.trim())}" (column ${j + 1}) are both ${column}; keep one`,
      );
    }
    firstAt.set(column, j);
  }
  if (!firstAt.has('stock_number')) {
    return fileError(
      `line ${header.line}: the header has no stock_number column (also accepted: ${aliasesOf('stock_number')
        .map((a) => `"${a}"`)
        .join(', ')}); ` + `its columns are ${header.cells.map((c) => `"${shown(c.trim())}"`).join(', ')}`,
    );
  }
  // Columns past the last named one may be missing from a row: spreadsheets leave trailing blanks off.
  let needed = header.cells.length;
  while (needed > 0 && !header.cells[needed - 1]!.trim()) needed--;

  const fields = columns.flatMap((column, at) =>
    column ? [{ column, label: shown(header.cells[at]!.trim()), at }] : [],
  );
  const ctx = contextOf(o);
  const seen: SeenStock = new Map();
  const out: FeedParse = {
    ...(o.mode ? { mode: o.mode } : {}),
    cars: [],
    columns: [...firstAt.keys()],
    errors: [],
    ignoredColumns: [...new Set(ignored)],
  };
  const stockAt = firstAt.get('stock_number')!;
  for (const [n, row] of rows.entries()) {
    if (n > 0 && n % ROWS_PER_SLICE === 0) yield;
    if (row.cells.every((c) => !c.trim())) continue; // a line of empty cells, as spreadsheets write
    const shape: RowError[] = [];
    const extra = row.cells.findIndex((c, j) => j >= header.cells.length && c.trim() !== '');
    if (extra >= 0) {
      shape.push({
        line: row.line,
        column: `column ${extra + 1}`,
        value: shown(row.cells[extra]!),
        reason:
          `the row has ${row.cells.length} cells but the header names ${header.cells.length} columns; ` +
          'a value with a comma in it must be in double quotes',
      });
    } else if (row.cells.length < needed) {
      shape.push({
        line: row.line,
        column: shown(header.cells[row.cells.length]!.trim()) || `column ${row.cells.length + 1}`,
        value: '',
        reason: `the row ends after ${row.cells.length} of the header's ${header.cells.length} columns; is the line cut off?`,
      });
    }
    const stock = row.cells[stockAt]?.trim();
    if (stock) for (const e of shape) e.stock_number = stock;
    out.errors.push(...shape);
    const entries: Entry[] = fields.map(({ column, label, at }) => ({ column, label, raw: row.cells[at] }));
    const car = readRow(entries, { line: row.line }, ctx, seen, out.errors, shape.length, o.mode === 'delta');
    if (car) out.cars.push(car);
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a JSON stock feed: the parsed value, or its text. */
export function parseJsonFeed(value: unknown, o: FeedOptions = {}): FeedParse {
  return runNow(jsonReader(value, o));
}

/** The JSON reader, yielding every ROWS_PER_SLICE cars. */
function* jsonReader(value: unknown, o: FeedOptions): Generator<void, FeedParse> {
  let feed = value;
  if (typeof value === 'string') {
    try {
      feed = JSON.parse(value.replace(/^\uFEFF/, ''));
    } catch (e) {
      return fileError(`the file is not valid JSON: ${(e as Error).message}`);
    }
  }
  const shape = 'expected a JSON object { "feed_id": "…", "mode": "full" or "delta", "cars": [ … ] }';
  if (!isObject(feed)) return fileError(shape);
  const top = new Map(Object.entries(feed).map(([k, v]) => [headerKey(k), v]));
  const out: FeedParse = { cars: [], columns: ALL_COLUMNS, errors: [], ignoredColumns: [] };

  const mode = top.get('mode');
  if (mode !== undefined && mode !== null) {
    const m = typeof mode === 'string' ? mode.trim().toLowerCase() : '';
    if (m !== 'full' && m !== 'delta') {
      return fileError(
        `"mode" is ${shownJson(mode)}: expected "full" (every car the dealer has) or "delta" (changed cars only)`,
      );
    }
    out.mode = m;
  }
  if (o.mode) out.mode = o.mode;
  const feedId = top.get('feed_id');
  if (feedId !== undefined && feedId !== null) {
    const id = typeof feedId === 'number' && Number.isFinite(feedId) ? String(feedId) : feedId;
    if (typeof id !== 'string' || CONTROL_CHARACTERS.test(id) || !id.isWellFormed()) {
      return fileError(`"feed_id" is ${shownJson(feedId)}: expected text without control characters`);
    }
    if (id.trim()) out.feedId = id.trim();
  }
  const cars = top.get('cars');
  if (!Array.isArray(cars)) return fileError(`${shape}; "cars" is ${cars === undefined ? 'missing' : 'not a list'}`);

  const ctx = contextOf(o);
  const seen: SeenStock = new Map();
  const ignored = new Set<string>();
  for (const [index, item] of cars.entries()) {
    if (index > 0 && index % ROWS_PER_SLICE === 0) yield;
    if (!isObject(item)) {
      out.errors.push({ index, column: '', value: shownJson(item), reason: 'expected a car: an object of its fields' });
      continue;
    }
    const entries: Entry[] = [];
    const early: RowError[] = [];
    for (const [key, raw] of Object.entries(item)) {
      if (headerKey(key) === 'nz_cin') {
        nzEntries(key, raw, index, entries, early, ignored);
        continue;
      }
      const column = columnOf(key);
      if (column) entries.push({ column, label: shown(key), raw });
      else ignored.add(shown(key));
    }
    const stock = entries.find((e) => e.column === 'stock_number')?.raw;
    if (typeof stock === 'string' && stock.trim()) for (const e of early) e.stock_number = stock.trim();
    out.errors.push(...early);
    const car = readRow(entries, { index }, ctx, seen, out.errors, early.length, out.mode === 'delta');
    if (car) out.cars.push(car);
  }
  out.ignoredColumns = [...ignored];
  return out;
}

const shownJson = (v: unknown) => shown(jsonText(v));

/** The entries of a car's `nz_cin` object, each named "nz_cin.<key>". */
function nzEntries(
  key: string,
  raw: unknown,
  index: number,
  entries: Entry[],
  early: RowError[],
  ignored: Set<string>,
) {
  if (raw === undefined || raw === null) return;
  if (!isObject(raw)) {
    early.push({
      index,
      column: shown(key),
      value: shownJson(raw),
      reason: "expected an object of the NZ notice's fields",
    });
    return;
  }
  for (const [k, v] of Object.entries(raw)) {
    const column = columnOf(k);
    const label = `${shown(key)}.${shown(k)}`;
    if (column && (NZ_CIN_COLUMNS as readonly string[]).includes(column)) entries.push({ column, label, raw: v });
    else ignored.add(label);
  }
}

/** A feed file read: its rows, and the encoding its text was read in. */
export type FeedFile = FeedParse & { encoding?: FeedEncoding };

/**
 * A feed file's bytes read into rows: UTF-8 or Windows-1252 text (decode.ts), then CSV or JSON
 * (`kind`; absent, JSON when the text starts with "{" or "[").
 */
export function readFeedFile(bytes: Uint8Array, o: FeedOptions & { kind?: 'csv' | 'json' } = {}): FeedFile {
  const decoded = decodeFeed(bytes);
  if ('error' in decoded) return fileError(decoded.error);
  return { ...runNow(readerOf(decoded.text, o)), encoding: decoded.encoding };
}

/**
 * readFeedFile a slice of rows at a time: what a server uses, so a large feed being read never
 * keeps its other requests waiting for long.
 */
export async function readFeedFileInSlices(
  bytes: Uint8Array,
  o: FeedOptions & { kind?: 'csv' | 'json' } = {},
): Promise<FeedFile> {
  const decoded = decodeFeed(bytes);
  if ('error' in decoded) return fileError(decoded.error);
  return { ...(await runInSlices(readerOf(decoded.text, o))), encoding: decoded.encoding };
}

function readerOf(text: string, o: FeedOptions & { kind?: 'csv' | 'json' }): Generator<void, FeedParse> {
  const json = o.kind ? o.kind === 'json' : /^\uFEFF?\s*[{[]/.test(text);
  return json ? jsonReader(text, o) : csvReader(text, o);
}
