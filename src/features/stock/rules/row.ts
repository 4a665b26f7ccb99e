/**
 * One row of a stock feed (a CSV line or a JSON car) read into a FeedCar, or into the errors that
 * keep it out: every bad value, the values a Car cannot do without, and a stock number already used.
 */
import { COLUMNS, NZ_CIN_COLUMNS, shown, type Column } from './columns.ts';
import { historyFields, isHistoryColumn } from './history-columns.ts';
import { stockKey } from './identity.ts';
import type { FeedCar, RowError } from './types.ts';
import { readValue, type ReadContext } from './values.ts';

/** A value of the row: which column it fills, the column as the feed writes it, and the value. */
export interface Entry {
  column: Column;
  label: string;
  raw: unknown;
}

/** Where a row is: its line (CSV) or index (JSON), and how a message names it. */
export type Where = { line: number } | { index: number };

const whereText = (w: Where) => ('line' in w ? `line ${w.line}` : `cars[${w.index}]`);

/** The stock keys seen so far in one feed, with the stock number and where it was. */
export type SeenStock = Map<string, { stock: string; where: Where }>;

/** A value as JSON text for a message; what it is, for a value JSON cannot write (a cycle, a bigint). */
export function jsonText(v: unknown): string {
  try {
    return JSON.stringify(v) ?? typeof v;
  } catch {
    return typeof v;
  }
}

/** A value for an error message. */
export function shownValue(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  return shown(typeof raw === 'string' ? raw : jsonText(raw));
}

const isBlank = (raw: unknown) =>
  raw === undefined ||
  raw === null ||
  (typeof raw === 'string' && raw.trim() === '') ||
  (Array.isArray(raw) && raw.length === 0);

const REQUIRED: Partial<Record<Column, string>> = {
  stock_number: "is required: it is the car's identity across feeds",
  make: "is required: it is part of the car's name",
  model: "is required: it is part of the car's name",
  year: "is required: it is part of the car's name",
};

const PRICES = ['price', 'price_drive_away', 'price_egc'] as const satisfies Column[];

/**
 * Reads a row's entries. Errors go to `errors` with `where`; a FeedCar comes back only when the row
 * has none (counting `earlier`, errors the caller already found in this row). A row of a full feed
 * must be a whole listing; a `partial` row (a delta feed's) holds only what it gives, and whether
 * it is enough is known only once it meets the dealer's stock (a new car needs a whole listing).
 */
export function readRow(
  entries: readonly Entry[],
  where: Where,
  ctx: ReadContext,
  seen: SeenStock,
  errors: RowError[],
  earlier = 0,
  partial = false,
): FeedCar | undefined {
  const mine: RowError[] = [];
  const fail = (label: string, raw: unknown, reason: string) =>
    mine.push({ ...where, column: label, value: shownValue(raw), reason });
  const values = new Map<Column, unknown>();
  const labels = new Map<Column, string>();
  const failed = new Set<Column>();
  const given = new Set<Column>();
  for (const { column, label, raw } of entries) {
    if (isBlank(raw)) {
      if (!labels.has(column)) labels.set(column, label);
      continue;
    }
    if (given.has(column)) {
      fail(label, raw, `gives ${column} a second time (also "${labels.get(column)}"); give it once`);
      continue;
    }
    given.add(column);
    labels.set(column, label);
    const read = readValue(COLUMNS[column], raw, ctx);
    if (!read.ok) {
      fail(label, raw, read.reason);
      failed.add(column);
    } else if (read.value !== undefined) values.set(column, read.value);
  }
  const labelOf = (c: Column) => labels.get(c) ?? c;
  const missing = (c: Column, reason: string) => {
    if (!values.has(c) && !failed.has(c)) fail(labelOf(c), undefined, reason);
  };
  for (const [c, reason] of Object.entries(REQUIRED) as [Column, string][])
    if (!partial || c === 'stock_number') missing(c, reason);

  if (!partial && !values.has('price')) {
    const price = values.get('price_drive_away') ?? values.get('price_egc');
    if (price !== undefined) values.set('price', price);
    else if (!PRICES.some((c) => failed.has(c)))
      fail(labelOf('price'), undefined, 'no price: a car needs price, price_drive_away or price_egc (or POA)');
  }

  const stock = values.get('stock_number') as string | undefined;
  if (stock !== undefined) {
    const key = stockKey(stock);
    const first = seen.get(key);
    if (first) {
      const same = first.stock === stock;
      fail(
        labelOf('stock_number'),
        stock,
        same
          ? `is already used by ${whereText(first.where)}; a car appears once in a feed`
          : `gives the same web address as "${shown(first.stock)}" on ${whereText(first.where)} ` +
              '(letters compared without case, other characters as hyphens); a car appears once in a feed',
      );
    } else seen.set(key, { stock, where });
  }

  // A full feed leaves the car of a row it could not read as it was: the errors say which car.
  if (stock !== undefined) for (const e of mine) e.stock_number = stock;
  errors.push(...mine);
  if (mine.length > 0 || earlier > 0) return undefined;
  return { ...feedCar(values, partial), where };
}

function feedCar(values: Map<Column, unknown>, partial: boolean): FeedCar {
  // Defaults of a column the feed lacks are the merge's (to-car.ts): such a column leaves a known car's value.
  const out: Record<string, unknown> = partial ? {} : { status: 'available' };
  const nz: Record<string, unknown> = {};
  for (const [c, v] of values) {
    if ((NZ_CIN_COLUMNS as readonly string[]).includes(c)) nz[c] = v;
    else if (!isHistoryColumn(c)) out[c] = v;
  }
  if (Object.keys(nz).length) out.nz_cin = nz;
  const history = historyFields(values);
  if (history) out.history = history;
  return out as unknown as FeedCar;
}
