/** The history check's columns in a stock feed (content format 1.3 extension), as DMS exports name them. */
import { describe, expect, it } from 'vitest';
import { parseCsvFeed, parseJsonFeed } from '../../stock/rules/feed.ts';
import { mergeFeedCar } from '../../stock/rules/to-car.ts';
import type { Car } from '../../../content/entities.ts';

const NOW = Date.UTC(2026, 11, 3);
const header = 'Stock No,Make,Model,Year,Price,VIN';
const row = 'H1,Toyota,HiLux,2018,39990,JTNKB3BE00J012345';

describe('history columns in a CSV feed', () => {
  it('fill the car’s history from "PPSR Date", "Finance Owing", "Stolen" and "Written Off"', () => {
    const r = parseCsvFeed(
      `${header},PPSR Date,Finance Owing,Stolen,Written Off\n${row},30/11/2026,No,no,Repairable\n`,
      { now: NOW },
    );
    expect(r.errors).toEqual([]);
    expect(r.cars[0]!.history).toEqual({
      checked_on: '2026-11-30',
      finance_owing: false,
      stolen: false,
      written_off: true,
      write_off_type: 'repairable',
    });
    const car = mergeFeedCar(undefined, r.cars[0]!, { now: NOW, mode: 'full', columns: r.columns }) as Car;
    expect(car.history).toMatchObject({ checked_on: '2026-11-30', write_off_type: 'repairable' });
  });

  it('takes "PPSR Checked" as the day of the check, and a bare yes as no day (no section)', () => {
    const dated = parseCsvFeed(`${header},PPSR Checked,Money Owing\n${row},2026-11-29,yes\n`, { now: NOW });
    expect(dated.cars[0]!.history).toEqual({ checked_on: '2026-11-29', finance_owing: true });
    const bare = parseCsvFeed(`${header},PPSR Checked,Stolen\n${row},Yes,no\n`, { now: NOW });
    expect(bare.errors).toEqual([]);
    expect(bare.cars[0]!.history).toEqual({ stolen: false });
  });

  it('reports a written-off value it cannot read with its line and column, and a car without history has none', () => {
    const r = parseCsvFeed(`${header},Written Off\n${row},maybe\n`, { now: NOW });
    expect(r.errors).toMatchObject([{ line: 2, column: 'Written Off' }]);
    expect(r.errors[0]!.reason).toContain('repairable, statutory or inspected');
    const none = parseCsvFeed(`${header}\n${row}\n`, { now: NOW });
    expect(none.cars[0]!.history).toBeUndefined();
  });

  it('keeps a car’s history when a later feed has no history columns, and replaces it when the feed has a new check', () => {
    const first = parseCsvFeed(`${header},PPSR Date,Stolen\n${row},2026-11-01,no\n`, { now: NOW });
    const before = mergeFeedCar(undefined, first.cars[0]!, { now: NOW, mode: 'full', columns: first.columns }) as Car;
    const withSource = { ...before, history: { ...before.history!, source: 'PPSR' } } as Car;
    const plain = parseCsvFeed(`${header}\n${row}\n`, { now: NOW });
    const kept = mergeFeedCar(withSource, plain.cars[0]!, { now: NOW, mode: 'full', columns: plain.columns }) as Car;
    expect(kept.history).toEqual({ checked_on: '2026-11-01', stolen: false, source: 'PPSR' });
    const delta = parseJsonFeed(
      { mode: 'delta', cars: [{ stock_number: 'H1', ppsr_date: '2026-12-01', finance_owing: true }] },
      { now: NOW },
    );
    const after = mergeFeedCar(withSource, delta.cars[0]!, { now: NOW, mode: 'delta' }) as Car;
    expect(after.history).toEqual({ checked_on: '2026-12-01', stolen: false, finance_owing: true });
  });
});
