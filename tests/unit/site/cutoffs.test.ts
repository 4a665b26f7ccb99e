import { describe, expect, it } from 'vitest';
import { cutoffs, layoutClasses, layoutFlags, publishedDay, type LayoutFlag } from '../../../src/site/cutoffs.ts';

/** Spec §9, in order. */
const specDates = [
  '2024-01-29',
  '2024-03-05',
  '2024-03-13',
  '2024-04-18',
  '2024-06-03',
  '2024-06-24',
  '2024-11-04',
  '2024-12-18',
  '2025-04-02',
];

function dayBefore(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const entries = Object.entries(cutoffs) as [LayoutFlag, string][];

describe('layout revisions by published date', () => {
  it('has one revision for each of the nine cutoff dates of the spec', () => {
    expect(entries.map(([, date]) => date)).toEqual(specDates);
  });

  it('puts the opt-in checkbox revision on 2024-06-03', () => {
    expect(cutoffs.formOptIn).toBe('2024-06-03');
  });

  describe.each(entries)('%s (%s)', (flag, date) => {
    it('is off for a page published the day before', () => {
      expect(layoutFlags(dayBefore(date))[flag]).toBe(false);
      expect(layoutFlags(`${dayBefore(date)}T23:59:59Z`)[flag]).toBe(false);
    });

    it('is on for a page published on the day itself', () => {
      expect(layoutFlags(date)[flag]).toBe(true);
    });

    it('is on for any time of the cutoff day as written, whatever its time zone', () => {
      expect(layoutFlags(`${date}T00:00:00Z`)[flag]).toBe(true);
      expect(layoutFlags(`${date}T23:59:59.999Z`)[flag]).toBe(true);
      expect(layoutFlags(`${date}T00:30:00+13:00`)[flag]).toBe(true);
      expect(layoutFlags(`${date}T23:30:00-05:00`)[flag]).toBe(true);
    });

    it('leaves the later revisions off on the cutoff day', () => {
      const flags = layoutFlags(date);
      for (const [other, otherDate] of entries) expect(flags[other]).toBe(otherDate <= date);
    });
  });

  it('reads the calendar day as written, without shifting time zones', () => {
    expect(publishedDay('2024-06-03T23:30:00-05:00')).toBe('2024-06-03');
    expect(publishedDay('  2024-06-02T00:15:00+14:00 ')).toBe('2024-06-02');
  });

  it('gives an old page no revision and a new page every revision', () => {
    expect(Object.values(layoutFlags('2023-12-31')).some(Boolean)).toBe(false);
    expect(Object.values(layoutFlags('2025-06-01')).every(Boolean)).toBe(true);
  });
});

describe('layout classes on the page', () => {
  it('turns each revision on into a rev-* class', () => {
    expect(layoutClasses(layoutFlags('2024-03-13'))).toBe('rev-display-headings rev-contained-blocks rev-pill-buttons');
  });

  it('is empty for a page older than every cutoff', () => {
    expect(layoutClasses(layoutFlags('2024-01-28'))).toBe('');
  });

  it('lists all nine classes for a page published after the last cutoff', () => {
    const classes = layoutClasses(layoutFlags('2025-04-02')).split(' ');
    expect(classes).toHaveLength(9);
    expect(classes).toContain('rev-form-opt-in');
    expect(classes).toContain('rev-wide-gutters');
  });
});
