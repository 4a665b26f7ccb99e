/**
 * What a car page shows of a car's history check (content format 1.3 extension `history`,
 * docs/vehicle-history.md): AU a PPSR-style summary, NZ the same facts beside the Consumer
 * Information Notice. Nothing is shown without the date of the check: an undated answer cannot
 * say when it was true. An item the check did not answer is left out (never "No"): the section
 * says that only the answered items are listed, so an absent line claims nothing.
 */
import type { VehicleHistory } from '../../../content/entities.ts';
import { formatDay } from '../../../lib/text.ts';

export const HISTORY_HEADING = 'Vehicle history';

export type WriteOffType = NonNullable<VehicleHistory['write_off_type']>;

export interface HistoryRow {
  label: string;
  value: string;
  /** True when the answer is one a buyer should look into (money owing, stolen, written off). */
  flagged: boolean;
}

export interface HistoryView {
  /** "From a PPSR check on 3 December 2026." */
  intro: string;
  rows: HistoryRow[];
  /** What the answers mean, and what they do not promise. */
  note: string;
}

const WRITE_OFF_KIND: Record<WriteOffType, string> = {
  repairable: 'repairable write-off',
  statutory: 'statutory write-off',
  inspected: 'inspected write-off',
};

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The written-off answer: "No", "Yes", or "Yes (repairable write-off)". */
export function writtenOffText(history: Pick<VehicleHistory, 'written_off' | 'write_off_type'>): string | undefined {
  const kind = history.write_off_type;
  if (history.written_off === false && !kind) return 'No';
  if (history.written_off === true || kind) return kind ? `Yes (${WRITE_OFF_KIND[kind]})` : 'Yes';
  return undefined;
}

/** The car page's history section, or undefined when there is none to show (no check date, or no answer). */
export function historyView(history: VehicleHistory | undefined, country: 'AU' | 'NZ'): HistoryView | undefined {
  if (!history?.checked_on) return undefined;
  const rows: HistoryRow[] = [];
  if (history.finance_owing !== undefined)
    rows.push({ label: 'Money owing', value: yesNo(history.finance_owing), flagged: history.finance_owing });
  if (history.stolen !== undefined)
    rows.push({ label: 'Reported stolen', value: yesNo(history.stolen), flagged: history.stolen });
  const writtenOff = writtenOffText(history);
  if (writtenOff) rows.push({ label: 'Written off', value: writtenOff, flagged: writtenOff !== 'No' });
  if (!rows.length) return undefined;
  const source = history.source ?? (country === 'AU' ? 'PPSR' : 'history');
  const partial = rows.length < 3 ? ' Only the items the check answered are listed.' : '';
  return {
    intro: `From a ${source} check on ${formatDay(history.checked_on)}.`,
    rows,
    note:
      `These answers are as at the time of the check and can change after it.${partial} ` +
      (country === 'AU'
        ? 'You can search the PPSR yourself at ppsr.gov.au before you buy.'
        : 'You can search the Personal Property Securities Register yourself at ppsr.companiesoffice.govt.nz before you buy.'),
  };
}
