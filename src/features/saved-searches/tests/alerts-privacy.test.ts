/**
 * Saved searches are personal information (src/features/saved-searches/server/mail-log.ts), on both databases:
 * `npm run leads -- erase --email` deletes the person's searches and their .eml files; the lead
 * retention purge deletes unconfirmed searches after 3 days, searches untouched for the retention
 * period and email records (with files) older than it. And under the runtime (npm start, the
 * scheduled entry): an import's alerts run after the delay, and deliver() runs them too.
 */
import { access } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeErase, eraseLeadsOf } from '../../leads/server/erase.ts';
import { purgeExpired, retentionFromEnv } from '../../leads/server/retention.ts';
import { startRuntime } from '../../../api/runtime.ts';
import { unusedFinanceProvider, testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';
import {
  alertFixture,
  importCars,
  linkIn,
  mails,
  saveRequest,
  SLUG,
  stockCar,
  type AlertFixture,
} from '../../../../tests/helpers/alerts.ts';

const DAY = 86_400_000;
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe.each(testDatabases)('saved searches as personal data on $label', (database) => {
  let t: TestDb;
  let f: AlertFixture;
  beforeAll(async () => {
    t = await database.open();
    f = await alertFixture(t.db, [stockCar(1)]);
  });
  afterAll(async () => {
    await f.cleanup();
    await t.cleanup();
  });

  const count = async (table: string) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  const confirm = async (email: string) => {
    const sent = (await mails(f.dataDir)).filter((m) => m.to === email).at(-1)!;
    const link = new URL(linkIn(sent.mail.text!, `http://${SLUG}.localhost:4321/api/saved-searches/confirm?token=`));
    await f.app.fetch(new Request(`http://${SLUG}.localhost${link.pathname}${link.search}`, { method: 'POST' }));
  };
  const retention = retentionFromEnv([SLUG], { LEAD_RETENTION_MONTHS: '12' });

  it('erases a person’s saved searches and their email files with their leads', async () => {
    await f.app.fetch(saveRequest({ email: 'Erase.Me@example.com', query: 'make=Toyota' }));
    await f.app.fetch(saveRequest({ email: 'erase.me@example.com', query: 'make=Mazda' }));
    await f.app.fetch(saveRequest({ email: 'keep@example.com', query: 'make=Toyota' }));
    const files = (await mails(f.dataDir)).filter((m) => m.to === 'erase.me@example.com').map((m) => m.file);
    expect(files).toHaveLength(2);
    const report = await eraseLeadsOf(t.db, SLUG, { email: ' ERASE.me@example.com ' });
    expect(report.savedSearches).toBe(2);
    expect(report.mailFiles.sort()).toEqual(files.sort());
    for (const file of files) expect(await exists(file)).toBe(false);
    expect(describeErase(report, SLUG, { email: 'erase.me@example.com' })).toContain(
      `Deleted 2 saved searches of ${SLUG} with the email erase.me@example.com, and 2 email files:`,
    );
    const { rows } = await t.db.query<{ email_key: string }>('SELECT DISTINCT email_key FROM saved_search_mail');
    expect(rows).toEqual([{ email_key: 'keep@example.com' }]);
    expect(await count('saved_searches')).toBe(1);
  });

  it('purges unconfirmed searches after 3 days, and confirmed ones untouched for the retention period', async () => {
    await confirm('keep@example.com');
    await f.app.fetch(saveRequest({ email: 'never@example.com', query: '' }));
    const neverFile = (await mails(f.dataDir)).find((m) => m.to === 'never@example.com')!.file;
    const purge = (at: number) => purgeExpired(t.db, { retention, now: new Date(f.clock.now.getTime() + at) });
    expect((await purge(2 * DAY)).savedSearchesDeleted).toBe(0);
    const after3 = await purge(3 * DAY + 1);
    expect(after3).toMatchObject({ savedSearchesDeleted: 1, mailDeleted: 1, mailFilesDeleted: 1 });
    expect(await exists(neverFile)).toBe(false);
    expect(await count('saved_searches')).toBe(1);
    // The confirmed one lives until 12 months after its last activity, then goes with its emails.
    expect((await purge(300 * DAY)).savedSearchesDeleted).toBe(0);
    const late = await purge(370 * DAY);
    expect(late).toMatchObject({ savedSearchesDeleted: 1, mailDeleted: 1 });
    expect(await count('saved_searches')).toBe(0);
    expect(await count('saved_search_mail')).toBe(0);
  });
});

describe.each(testDatabases)('alerts under the runtime on $label', (database) => {
  let t: TestDb;
  let f: AlertFixture;
  beforeAll(async () => {
    t = await database.open();
    f = await alertFixture(t.db, [stockCar(1)]);
  });
  afterAll(async () => {
    await f.cleanup();
    await t.cleanup();
  });

  it('runs a dealer’s alerts shortly after its import (onStockChanged), and from deliver()', async () => {
    const runtime = await startRuntime({
      dealers: [f.dealer],
      dataDir: f.dataDir,
      db: t.db,
      env: {},
      financeProvider: unusedFinanceProvider,
      workerIntervalMs: false,
      alertDelayMs: 50,
    });
    try {
      const app = runtime.app;
      expect((await app.fetch(saveRequest({ email: 'fast@example.com', query: 'make=Toyota' }))).status).toBe(202);
      const [sent] = await mails(f.dataDir);
      const link = new URL(linkIn(sent!.mail.text!, `http://${SLUG}.localhost:4321/api/saved-searches/confirm?token=`));
      const url = `http://${SLUG}.localhost${link.pathname}${link.search}`;
      expect((await app.fetch(new Request(url, { method: 'POST' }))).status).toBe(200);
      await importCars(t.db, f.dealer, [stockCar(1), stockCar(2)], new Date());
      runtime.deps.onStockChanged?.(SLUG);
      await new Promise((r) => setTimeout(r, 100));
      await runtime.alertsIdle();
      const alerts = (await mails(f.dataDir)).filter((m) => m.mail.subject?.startsWith('A new car'));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.mail.text).toContain('/cars/2021-toyota-corolla-2');
      // The scheduled entry's run finds nothing more to send (the day has not passed).
      const run = await runtime.deliver();
      expect(run.alerts).toMatchObject({ sent: 0 });
    } finally {
      await runtime.close();
    }
  });
});
