/** What a car page says of a car's history check (rules/history.ts). */
import { describe, expect, it } from 'vitest';
import { historyView, writtenOffText } from '../rules/history.ts';

const clear = { checked_on: '2026-11-20', finance_owing: false, stolen: false, written_off: false };

describe('the vehicle history section', () => {
  it('is not shown without the date of the check, or with no answer at all', () => {
    expect(historyView(undefined, 'AU')).toBeUndefined();
    expect(historyView({ finance_owing: false, stolen: false, written_off: false }, 'AU')).toBeUndefined();
    expect(historyView({ checked_on: '2026-11-20' }, 'AU')).toBeUndefined();
  });

  it('says when and by whom the car was checked, and each answer, as at the check', () => {
    const view = historyView(clear, 'AU')!;
    expect(view.intro).toBe('From a PPSR check on 20/11/2026.');
    expect(view.rows).toEqual([
      { label: 'Money owing', value: 'No', flagged: false },
      { label: 'Reported stolen', value: 'No', flagged: false },
      { label: 'Written off', value: 'No', flagged: false },
    ]);
    expect(view.note).toMatch(/^These answers are as at the time of the check and can change after it\./);
    expect(view.note).toContain('ppsr.gov.au');
    expect(view.note).not.toContain('Only the items');
  });

  it('names the provider that made the check, and flags money owing, a theft report and a write-off', () => {
    const view = historyView(
      { ...clear, source: 'Stand-in PPSR', finance_owing: true, written_off: true, write_off_type: 'repairable' },
      'AU',
    )!;
    expect(view.intro).toBe('From a Stand-in PPSR check on 20/11/2026.');
    expect(view.rows.filter((r) => r.flagged).map((r) => `${r.label}: ${r.value}`)).toEqual([
      'Money owing: Yes',
      'Written off: Yes (repairable write-off)',
    ]);
  });

  it('leaves out an item the check did not answer and says only answered items are listed', () => {
    const view = historyView({ checked_on: '2026-11-20', stolen: false }, 'NZ')!;
    expect(view.rows.map((r) => r.label)).toEqual(['Reported stolen']);
    expect(view.note).toContain('Only the items the check answered are listed.');
    expect(view.intro).toBe('From a history check on 20/11/2026.');
    expect(view.note).toContain('ppsr.companiesoffice.govt.nz');
  });

  it('reads a write-off kind as written off', () => {
    expect(writtenOffText({ write_off_type: 'statutory' })).toBe('Yes (statutory write-off)');
    expect(writtenOffText({ written_off: true })).toBe('Yes');
    expect(writtenOffText({ written_off: false })).toBe('No');
    expect(writtenOffText({})).toBeUndefined();
  });
});
