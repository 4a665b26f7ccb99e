/**
 * The history provider's real HTTP client against the stand-in (scripts/standins/history-standin.ts),
 * and the import consulting it when stock arrives without a history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHistoryStandIn, HISTORY_SOURCE, type StandIn } from '../../../../scripts/standins/history-standin.ts';
import {
  historyProviderFromEnv,
  httpHistoryProvider,
  HistoryProviderError,
  noHistoryProvider,
} from '../server/history-provider.ts';
import { addHistory } from '../server/at-import.ts';
import { applyStockFeed } from '../../stock/server/import.ts';
import { stockRows } from '../../stock/server/store.ts';
import type { Car } from '../../../content/entities.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';

const KEY = 'history-test-key';
let standIn: StandIn;
beforeAll(async () => {
  standIn = await startHistoryStandIn({ apiKey: KEY, checkedOn: '2026-12-01' });
});
afterAll(() => standIn.close());

const client = (path = '', apiKey = KEY, timeoutMs?: number) =>
  httpHistoryProvider({ baseUrl: `${standIn.url}${path}`, apiKey, ...(timeoutMs ? { timeoutMs } : {}) });

describe('the history client', () => {
  it('asks by VIN and reads the check', async () => {
    const history = await client().check({ vin: 'mr0fz29g00 1234567', country: 'AU' });
    expect(history).toEqual({
      checked_on: '2026-12-01',
      source: HISTORY_SOURCE,
      finance_owing: false,
      stolen: false,
      written_off: true,
      write_off_type: 'repairable',
    });
    expect(standIn.requests.at(-1)).toEqual({ country: 'AU', vin: 'MR0FZ29G001234567' });
  });

  it('has no history for a VIN the service has no record of, and asks nothing for a malformed VIN', async () => {
    expect(await client().check({ vin: 'JTNKB3BE00J099999', country: 'AU' })).toBeUndefined();
    const asked = standIn.requests.length;
    expect(await client().check({ vin: 'NOT-A-VIN', country: 'AU' })).toBeUndefined();
    expect(standIn.requests.length).toBe(asked);
  });

  it('fails with a reason for a rejected key, a broken service and one that never answers', async () => {
    await expect(client('', 'wrong').check({ vin: 'JTNKB3BE00J012345', country: 'AU' })).rejects.toThrow(
      /HISTORY_API_KEY/,
    );
    await expect(client('/broken').check({ vin: 'JTNKB3BE00J012345', country: 'AU' })).rejects.toThrow(
      HistoryProviderError,
    );
    await expect(client('/hang', KEY, 200).check({ vin: 'JTNKB3BE00J012345', country: 'AU' })).rejects.toThrow(
      /no answer in time/,
    );
  });

  it('is chosen by HISTORY_PROVIDER_URL and HISTORY_API_KEY; without them nothing is looked up', async () => {
    expect(historyProviderFromEnv({}).describe).toBe('none');
    expect(await noHistoryProvider().check({ vin: 'JTNKB3BE00J012345', country: 'AU' })).toBeUndefined();
    expect(() => historyProviderFromEnv({ HISTORY_PROVIDER_URL: standIn.url })).toThrow(/HISTORY_API_KEY/);
    const fromEnv = historyProviderFromEnv({ HISTORY_PROVIDER_URL: standIn.url, HISTORY_API_KEY: KEY });
    expect(await fromEnv.check({ vin: 'JM0KF4W1A00123456', country: 'NZ' })).toMatchObject({ finance_owing: true });
  });

  it('at import: checks used cars with a VIN and no history, leaves the others, and survives a failing service', async () => {
    const cars = [
      { vin: 'JTNKB3BE00J012345', car_type: 'used' },
      { vin: 'JM0KF4W1A00123456', car_type: 'new' },
      { vin: 'MR0FZ29G001234567', car_type: 'used', history: { checked_on: '2025-01-01', stolen: false } },
      { car_type: 'used' },
    ] as Car[];
    expect(await addHistory(cars, client(), 'AU')).toBe(1);
    expect(cars[0]!.history).toMatchObject({ checked_on: '2026-12-01', written_off: false });
    expect(cars[1]!.history).toBeUndefined();
    expect(cars[2]!.history).toEqual({ checked_on: '2025-01-01', stolen: false });
    const lines: string[] = [];
    const again = [{ vin: 'JTNKB3BE00J012345', car_type: 'used' }] as Car[];
    expect(await addHistory(again, client('/broken'), 'AU', (l) => lines.push(l))).toBe(0);
    expect(again[0]!.history).toBeUndefined();
    expect(lines[0]).toMatch(/^vehicle history \(http:.*\/broken\): /);
  });
});

describe.each(testDatabases)('a stock import with a history service on $label', (database) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());

  it('stores the provider’s check on a fed car that had none, and the feed’s own where it gives one', async () => {
    const dealer = dealerOf(
      { id: 91, slug: 'history-yard', name: 'History Yard', url: 'https://www.history-yard.example', country: 'AU' },
      { cars: [] },
    );
    const base = { make: 'Toyota', model: 'HiLux', year: 2018, price: 39_990, condition: 'used' as const };
    await applyStockFeed(
      t.db,
      dealer,
      {
        mode: 'full',
        skipped: 0,
        cars: [
          { ...base, stock_number: 'P1', vin: 'JTNKB3BE00J012345' },
          {
            ...base,
            stock_number: 'P2',
            vin: 'JM0KF4W1A00123456',
            history: { checked_on: '2026-10-10', stolen: false },
          },
        ],
      },
      { source: 'cli', force: true, history: client() },
    );
    const byStock = Object.fromEntries((await stockRows(t.db, 'history-yard')).map((r) => [r.stock_number, r.car]));
    expect(byStock.P1!.history).toMatchObject({
      checked_on: '2026-12-01',
      source: HISTORY_SOURCE,
      finance_owing: false,
    });
    expect(byStock.P2!.history).toEqual({ checked_on: '2026-10-10', stolen: false });
  });
});
