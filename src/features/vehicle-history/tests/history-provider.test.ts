/**
 * The history provider's real HTTP client against the stand-in (scripts/standins/history-standin.ts),
 * and which cars of fed stock it is asked about (the asking itself: history-runs.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHistoryStandIn, HISTORY_SOURCE, type StandIn } from '../../../../scripts/standins/history-standin.ts';
import {
  historyProviderFromEnv,
  httpHistoryProvider,
  HistoryProviderError,
  noHistoryProvider,
} from '../server/history-provider.ts';
import { wantsHistory } from '../server/at-import.ts';
import type { Car } from '../../../content/entities.ts';

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

  it('asks about used and demo cars with a VIN and no history, never new, sold or already checked ones', () => {
    const cars = [
      { vin: 'JTNKB3BE00J012345', car_type: 'used' },
      { vin: 'JTNKB3BE00J012346', car_type: 'demo' },
      { vin: 'JM0KF4W1A00123456', car_type: 'new' },
      { vin: 'JTNKB3BE00J012347', car_type: 'used', status: 'sold' },
      { vin: 'MR0FZ29G001234567', car_type: 'used', history: { checked_on: '2025-01-01', stolen: false } },
      { car_type: 'used' },
    ] as Car[];
    expect(cars.map(wantsHistory)).toEqual([true, true, false, false, false, false]);
  });
});
