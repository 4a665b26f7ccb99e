/**
 * Two API instances on one database, as a serverless platform runs them: a stock push taken by one
 * reaches the other's dealers (the car a lead names) on its next request after the refresh
 * interval, and a stock system's key comes from STOCK_FEED_SECRET_<SLUG>.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../../api/runtime.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import { fixtureDealers, testDatabases, unusedFinanceProvider, type TestDb } from '../../../../tests/helpers/db.ts';

const SITE = 'mini-motors';
const KEY = 'runtime-key';

describe.each(testDatabases)('two instances on $label', (database) => {
  let t: TestDb;
  let a: Runtime;
  let b: Runtime;
  beforeAll(async () => {
    t = await database.open();
    const start = async () =>
      startRuntime({
        dealers: structuredClone(await fixtureDealers()),
        dataDir: '/nonexistent',
        financeProvider: unusedFinanceProvider,
        env: { STOCK_FEED_SECRET_MINI_MOTORS: KEY },
        workerIntervalMs: false,
        db: t.db,
        stockRefreshMs: 0,
      });
    a = await start();
    b = await start();
  });
  afterAll(async () => {
    // Both share the test's database: it is closed once, by its cleanup.
    await t.cleanup();
  });

  it('a car pushed to one is known to the other on its next request', async () => {
    const body = JSON.stringify({
      mode: 'delta',
      cars: [{ stock_number: 'RT1', make: 'Ford', model: 'Ranger', year: 2023, odometer: 9_000, price: 59_990 }],
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await a.app.fetch(
      new Request(`http://${SITE}.localhost/api/stock`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: ts,
          [SIGNATURE_HEADER]: stockSignature(ts, '', body, KEY),
        },
        body,
      }),
    );
    expect(res.status).toBe(200);
    const dealerOf = (r: Runtime) => r.deps.dealers.find((d) => d.slug === SITE)!;
    expect(dealerOf(b).cars.some((c) => c.id === 'RT1')).toBe(false);
    await b.app.fetch(new Request(`http://${SITE}.localhost/api/health`));
    expect(dealerOf(b).cars.find((c) => c.id === 'RT1')).toMatchObject({
      make: 'Ford',
      model: 'Ranger',
      price: 59_990,
    });
  });
});
