/**
 * The history check's columns (1.3 extension, docs/vehicle-history.md) as a Car's `history`: a
 * row's `ppsr_date`, `finance_owing`, `stolen` and `written_off` (yes/no or the kind of write-off)
 * become `checked_on`, `finance_owing`, `stolen`, `written_off` and `write_off_type`.
 */
import type { VehicleHistory } from '../../../content/entities.ts';
import { HISTORY_COLUMNS, type Column } from './columns.ts';

type HistoryColumn = (typeof HISTORY_COLUMNS)[number];
type Fields = keyof VehicleHistory;

export const isHistoryColumn = (c: Column): c is HistoryColumn => (HISTORY_COLUMNS as readonly Column[]).includes(c);

/** The Car fields each column fills. */
const FIELDS: Record<HistoryColumn, Fields[]> = {
  ppsr_date: ['checked_on'],
  finance_owing: ['finance_owing'],
  stolen: ['stolen'],
  written_off: ['written_off', 'write_off_type'],
};

/** A row's history values as a Car's `history` fields. */
export function historyFields(values: ReadonlyMap<Column, unknown>): VehicleHistory | undefined {
  const out: Record<string, unknown> = {};
  for (const c of HISTORY_COLUMNS) {
    const v = values.get(c);
    if (v === undefined) continue;
    if (c === 'ppsr_date') out.checked_on = v;
    else if (c === 'written_off') {
      out.written_off = v !== false;
      if (typeof v === 'string') out.write_off_type = v;
    } else out[c] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The columns whose values `history` (a FeedCar's) gives. */
export function historyColumnsOf(history: VehicleHistory | undefined): HistoryColumn[] {
  if (!history) return [];
  return HISTORY_COLUMNS.filter((c) => FIELDS[c].some((f) => history[f] !== undefined));
}

/** The car's history after a row: each decided column's fields as the row gives them, the others as they were. */
export function mergeHistory(
  before: VehicleHistory | undefined,
  fed: VehicleHistory | undefined,
  decided: ReadonlySet<Column>,
): VehicleHistory | undefined {
  const out: Record<string, unknown> = { ...(before ?? {}) };
  for (const c of HISTORY_COLUMNS) {
    if (!decided.has(c)) continue;
    for (const f of FIELDS[c]) {
      const v = fed?.[f];
      if (v === undefined) delete out[f];
      else out[f] = v;
    }
  }
  // A new check replaces the old one's source: the feed names none.
  if (decided.has('ppsr_date') && fed?.checked_on !== before?.checked_on) delete out.source;
  return Object.keys(out).length ? out : undefined;
}
