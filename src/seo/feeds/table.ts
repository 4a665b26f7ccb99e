/**
 * A feed as a table: columns, one row per vehicle, and the columns a platform rejects a row
 * without. A row missing any of those is left out and reported, rather than sent to be refused.
 */
import type { CatalogueVehicle } from './catalogue.ts';
import { neutraliseFormula } from '../../lib/spreadsheet.ts';

export type FeedRow = Record<string, string>;

export interface FeedSpec {
  /** The column headers, in order, for the vehicles going into the feed. */
  columns(vehicles: readonly CatalogueVehicle[]): string[];
  /** Columns every row must fill. */
  required: readonly string[];
  /** The row of one vehicle; a column it does not set is written empty. */
  row(vehicle: CatalogueVehicle): FeedRow;
}

export interface LeftOut {
  id: string;
  /** The required columns the vehicle could not fill. */
  missing: string[];
}

export interface FeedTable {
  columns: string[];
  rows: FeedRow[];
  leftOut: LeftOut[];
}

export function feedTable(spec: FeedSpec, vehicles: readonly CatalogueVehicle[]): FeedTable {
  const rows: FeedRow[] = [];
  const leftOut: LeftOut[] = [];
  const kept: CatalogueVehicle[] = [];
  for (const vehicle of vehicles) {
    const row = spec.row(vehicle);
    const missing = spec.required.filter((c) => !row[c]?.trim());
    if (missing.length) leftOut.push({ id: vehicle.id, missing });
    else {
      rows.push(row);
      kept.push(vehicle);
    }
  }
  return { columns: spec.columns(kept), rows, leftOut };
}

/**
 * Tabs and line breaks would split a cell; every run of white space becomes one space. A cell a
 * spreadsheet would run as a formula (a dealer opening the file) is kept as text.
 */
function flat(value: string | undefined): string {
  return neutraliseFormula((value ?? '').replace(/\s+/g, ' ').trim());
}

/** Tab-separated, header first, no quoting (Google reads a quote as part of the value). */
export function toTsv(table: FeedTable): string {
  const lines = [table.columns, ...table.rows.map((r) => table.columns.map((c) => flat(r[c])))];
  return lines.map((cells) => cells.join('\t')).join('\n') + '\n';
}

/** Comma-separated (RFC 4180): a value with a comma or quote is quoted, quotes doubled. */
export function toCsv(table: FeedTable): string {
  const cell = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [table.columns, ...table.rows.map((r) => table.columns.map((c) => flat(r[c])))];
  return lines.map((cells) => cells.map(cell).join(',')).join('\n') + '\n';
}

/** "72990.00 AUD": the amount with two decimals and the ISO 4217 code, as both platforms take it. */
export function feedPrice(amount: number | undefined, currency: string): string {
  // No amount (a price on application car): empty, so a feed that requires a price leaves the car out.
  return amount === undefined ? '' : `${amount.toFixed(2)} ${currency}`;
}
