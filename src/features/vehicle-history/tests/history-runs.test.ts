/**
 * History checks off the import's path, on PGlite (and PostgreSQL with TEST_DATABASE_URL): with
 * the stand-in hanging, an import (and a stock push through the runtime) completes promptly and
 * without a history; the hanging check fails, is logged and recorded, and a later run, the
 * service answering again, writes the history into the stored car, the API's dealer and its
 * search hit. A VIN without a record is not asked again at once; a feed's own history is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHistoryStandIn, HISTORY_SOURCE, type StandIn } from '../../../../scripts/standins/history-standin.ts';
import { httpHistoryProvider, type HistoryProvider } from '../server/history-provider.ts';
import { checkStockHistory, historyRuns, RETRY_AFTER_MS } from '../server/history-runs.ts';
import { applyStockFeed, type StockFeed } from '../../stock/server/import.ts';
import { stockRows } from '../../stock/server/store.ts';
import { startRuntime } from '../../../api/runtime.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../../stock/server/signature.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { fixtureDealers, testDatabases, unusedFinanceProvider, type TestDb } from '../../../../tests/helpers/db.ts';

const KEY = 'history-runs-key';
let standIn: StandIn;
beforeAll(async () => {
  standIn = await startHistoryStandIn({ apiKey: KEY, checkedOn: '2026-12-01' });
});
afterAll(() => standIn.close());

/** The stand-in's client: hanging (answers never come; 1 s time limit) until `answering` is set. */
function switchable(): HistoryProvider & { answering: boolean } {
  const hanging = httpHistoryProvider({ baseUrl: `${standIn.url}/hang`, apiKey: KEY, timeoutMs: 1_000 });
  const working = httpHistoryProvider({ baseUrl: standIn.url, apiKey: KEY, timeoutMs: 10_000 });
  const p = {
    answering: false,
    describe: 'stand-in',
    check: (q: Parameters<HistoryProvider['check']>[0]) => (p.answering ? working : hanging).check(q),
  };
  return p;
}

const base = { make: 'Toyota', model: 'HiLux', year: 2018, price: 39_990, condition: 'used' as const };
const feed = (cars: StockFeed['cars']): StockFeed => ({ mode: 'full', skipped: 0, cars });

describe.each(testDatabases)('history checks after an import on $label', (database) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());

  it('an import with the service hanging completes promptly; the history arrives with a later run', async () => {
    const dealer = dealerOf(
      { id: 93, slug: 'history-yard', name: 'History Yard', url: 'https://www.history-yard.example', country: 'AU' },
      { cars: [] },
    );
    const provider = switchable();
    const lines: string[] = [];
    let now = new Date('2026-12-03T01:00:00Z');
    const runs = historyRuns(t.db, [dealer], provider, { log: (l) => lines.push(l), now: () => now, everyMs: 0 });

    const started = performance.now();
    const summary = await applyStockFeed(
      t.db,
      dealer,
      feed([
        { ...base, stock_number: 'P1', vin: 'JTNKB3BE00J012345' },
        { ...base, stock_number: 'P2', vin: 'JM0KF4W1A00123456', history: { checked_on: '2026-10-10', stolen: false } },
      ]),
      { source: 'cli', force: true, now },
    );
    const first = runs.afterImport('history-yard');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(summary.added).toBe(2);
    let byStock = Object.fromEntries((await stockRows(t.db, 'history-yard')).map((r) => [r.stock_number, r.car]));
    expect(byStock.P1!.history).toBeUndefined();

    // The hanging check fails after its time limit, is logged and recorded; the car stays without one.
    expect(await first).toMatchObject({ checked: 1, found: 0, failed: 1 });
    expect(lines.join('\n')).toMatch(/Vehicle history of history-yard .*1 failed .*tried again later/);
    const { rows } = await t.db.query<{ status: string; failures: number }>(
      `SELECT status, failures FROM history_checks WHERE site_slug = 'history-yard'`,
    );
    expect(rows).toEqual([{ status: 'failed', failures: 1 }]);

    // Not retried at once (the service may still be down), but by a run after the retry delay.
    provider.answering = true;
    expect(await checkStockHistory(t.db, dealer, provider, { now, log: () => {} })).toMatchObject({ checked: 0 });
    now = new Date(now.getTime() + RETRY_AFTER_MS);
    expect(await runs.due()).toEqual([expect.objectContaining({ checked: 1, found: 1, failed: 0 })]);
    byStock = Object.fromEntries((await stockRows(t.db, 'history-yard')).map((r) => [r.stock_number, r.car]));
    expect(byStock.P1!.history).toMatchObject({
      checked_on: '2026-12-01',
      source: HISTORY_SOURCE,
      finance_owing: false,
    });
    expect(byStock.P2!.history).toEqual({ checked_on: '2026-10-10', stolen: false });
    expect(dealer.cars.find((c) => c.stock_number === 'P1')?.history).toMatchObject({ source: HISTORY_SOURCE });

    // The next import (a delta changing the price) keeps the found history, and nothing is asked again.
    await applyStockFeed(
      t.db,
      dealer,
      { ...feed([{ stock_number: 'P1', price: 38_990 }]), mode: 'delta' },
      { source: 'cli', now },
    );
    byStock = Object.fromEntries((await stockRows(t.db, 'history-yard')).map((r) => [r.stock_number, r.car]));
    expect(byStock.P1!.history).toMatchObject({ source: HISTORY_SOURCE });
    expect(await runs.afterImport('history-yard')).toMatchObject({ checked: 0 });
  }, 60_000);

  it('a stock push through the runtime answers promptly while the history service hangs', async () => {
    const site = 'mini-motors';
    const secret = 'history-push-key';
    const own = await database.open();
    const rt = await startRuntime({
      dealers: structuredClone(await fixtureDealers()),
      dataDir: '/nonexistent',
      financeProvider: unusedFinanceProvider,
      env: {
        STOCK_FEED_SECRET_MINI_MOTORS: secret,
        HISTORY_PROVIDER_URL: `${standIn.url}/hang`,
        HISTORY_API_KEY: KEY,
      },
      workerIntervalMs: false,
      db: own.db,
    });
    try {
      const body = JSON.stringify({
        mode: 'delta',
        cars: [
          { stock_number: 'H1', vin: 'JTNKB3BE00J012345', make: 'Toyota', model: 'HiLux', year: 2018, price: 39_990 },
        ],
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const started = performance.now();
      const res = await rt.app.fetch(
        new Request(`http://${site}.localhost/api/stock`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [TIMESTAMP_HEADER]: ts,
            [SIGNATURE_HEADER]: stockSignature(ts, '', body, secret),
          },
          body,
        }),
      );
      expect(res.status).toBe(200);
      // The client's own time limit is 5 s: the answer does not wait for it.
      expect(performance.now() - started).toBeLessThan(4_000);
      // The pushed car is served at once, without a history while the check is still hanging.
      await expect
        .poll(() => rt.deps.dealers.find((d) => d.slug === site)!.cars.find((c) => c.stock_number === 'H1'), {
          timeout: 10_000,
        })
        .toMatchObject({ vin: 'JTNKB3BE00J012345' });
      expect(rt.deps.dealers.find((d) => d.slug === site)!.cars.find((c) => c.stock_number === 'H1')?.history).toBe(
        undefined,
      );
    } finally {
      await rt.close();
      await own.cleanup();
    }
  }, 60_000);
});
