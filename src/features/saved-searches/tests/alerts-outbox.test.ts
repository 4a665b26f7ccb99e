/**
 * The mail outbox (src/api/mail/outbox.ts) with the alert run, on both databases, sending through
 * a real SMTP conversation (smtp-server as the stand-in, nodemailer as the client): an alert is
 * queued in the claim's transaction and sent once with its fixed Message-ID; a 4xx is retried and
 * sent once; a 5xx fails the mail for good with the reason, reported and never resent; a database
 * fault before the commit claims nothing and the next run sends it; a record that fails after the
 * send is retried, not resent; erase and the retention purge delete outbox mail and its files.
 */
import { access, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eraseSavedSearchesOf, purgeSavedSearches } from '../server/mail-log.ts';
import { runAlerts, type AlertDeps } from '../server/run.ts';
import { deleteSearch } from '../server/store.ts';
import { fileMailer, smtpMailer } from '../../../api/mail/mailer.ts';
import { deliverMail, enqueueMail, MAIL_MAX_ATTEMPTS } from '../../../api/mail/outbox.ts';
import type { Car } from '../../../content/entities.ts';
import { startRuntime } from '../../../api/runtime.ts';
import { testDatabases, unusedFinanceProvider, type TestDb } from '../../../../tests/helpers/db.ts';
import {
  alertFixture,
  confirmedSearch,
  importCars,
  stockCar,
  withFaults,
  type AlertFixture,
} from '../../../../tests/helpers/alerts.ts';
import { smtpStandIn, type SmtpStandIn } from '../../../../tests/helpers/smtp-stand-in.ts';

const MINUTE = 60_000;

interface OutboxRow {
  status: string;
  attempts: number;
  message_id: string;
  last_error: string | null;
  file: string | null;
  meta: { search: string; cars: { id: string }[] } | null;
}

describe.each(testDatabases)('alert mail through the outbox on $label', (database) => {
  let t: TestDb;
  let f: AlertFixture;
  let smtp: SmtpStandIn;
  let deps: AlertDeps;
  const cars: Car[] = [];
  let n = 0;

  beforeAll(async () => {
    t = await database.open();
    f = await alertFixture(t.db, []);
    smtp = await smtpStandIn();
    deps = {
      db: t.db,
      dealers: [f.dealer],
      mailer: smtpMailer(smtp.url, { timeoutMs: 5_000 }),
      now: () => f.clock.now,
      mailFrom: () => 'alerts@alert-motors.example',
    };
  });
  afterAll(async () => {
    await smtp.close();
    await f.cleanup();
    await t.cleanup();
  });
  beforeEach(() => {
    smtp.onMessage = undefined;
  });

  const later = (ms: number) => {
    f.clock.now = new Date(f.clock.now.getTime() + ms);
  };
  /** A confirmed search of its own make, and a car of that make arriving: one alert due. */
  const newAlert = async () => {
    n++;
    const email = `shopper${n}@example.com`;
    const id = await confirmedSearch(t.db, email, `make=Make${n}`, f.clock.now);
    cars.push(stockCar(n, { make: `Make${n}` }));
    await importCars(t.db, f.dealer, cars, f.clock.now);
    return { id, email };
  };
  const outboxOf = async (searchId: string) =>
    (
      await t.db.query<OutboxRow>(
        `SELECT status, attempts, message_id, last_error, file, meta FROM mail_outbox WHERE meta->>'search' = $1`,
        [searchId],
      )
    ).rows;

  it('queues an alert and sends it once, with the Message-ID fixed in the outbox; a second run sends nothing', async () => {
    const { id, email } = await newAlert();
    const report = await runAlerts(deps);
    expect(report).toMatchObject({ checked: 1, sent: 1, arrived: 1, failed: 0, mail: { claimed: 1, sent: 1 } });
    const [row] = await outboxOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.message_id).toMatch(/^<[0-9a-f]{32}@alert-motors\.example>$/);
    expect(row!.meta!.cars.map((c) => c.id)).toEqual([`c${n}`]);
    expect(smtp.to(email).map((m) => m.messageId)).toEqual([row!.message_id]);
    later(10 * MINUTE);
    expect(await runAlerts(deps)).toMatchObject({ checked: 0, sent: 0, mail: { claimed: 0 } });
    expect(await deliverMail(deps)).toMatchObject({ claimed: 0, sent: 0 });
    expect(smtp.to(email)).toHaveLength(1);
    const { rows } = await t.db.query(`SELECT 1 FROM saved_search_mail WHERE search_id = $1 AND kind = 'alert'`, [id]);
    expect(rows).toHaveLength(1);
  });

  it('sends nothing more to an address that unsubscribed, not even an alert queued a moment before', async () => {
    const { id, email } = await newAlert();
    // The mail server refuses for now: the alert waits in the outbox.
    smtp.onMessage = () => ({ code: 451, message: 'Mailbox busy, try later' });
    await runAlerts(deps);
    expect((await outboxOf(id))[0]).toMatchObject({ status: 'pending' });
    smtp.onMessage = undefined;
    expect(await deleteSearch(t.db, id)).toBe(true);
    expect(await outboxOf(id)).toEqual([]);
    later(2 * MINUTE);
    await deliverMail(deps);
    expect(smtp.to(email)).toHaveLength(0);
  });

  it('is one mail when the same key is enqueued twice', async () => {
    const mail = {
      site: f.dealer.slug,
      kind: 'reservation-receipt',
      key: `test:twice:${n}`,
      message: {
        site: f.dealer.slug,
        kind: 'reservation-receipt',
        from: { name: 'Alert Motors', address: 'alerts@alert-motors.example' },
        to: 'Twice@Example.com',
        subject: 'Your reservation',
        text: 'Thanks',
        html: '<p>Thanks</p>',
      },
    };
    expect(await t.db.transaction((tx) => enqueueMail(tx, mail, f.clock.now))).toBe(true);
    expect(await t.db.transaction((tx) => enqueueMail(tx, mail, f.clock.now))).toBe(false);
    expect(await deliverMail(deps)).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.to('twice@example.com')).toHaveLength(1);
  });

  it('retries a 4xx and sends once; fails a 5xx for good with the reason, reported, never resent', async () => {
    const busy = await newAlert();
    let refusals = 0;
    smtp.onMessage = () => (refusals++ ? undefined : { code: 451, message: 'Mailbox busy, try later' });
    const first = await runAlerts(deps);
    expect(first).toMatchObject({ sent: 1, mail: { claimed: 1, sent: 0, retrying: 1, failed: 0 } });
    expect(first.errors.join('\n')).toContain('451');
    expect((await outboxOf(busy.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await deliverMail(deps)).toMatchObject({ claimed: 0 });
    later(MINUTE);
    expect(await deliverMail(deps)).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.to(busy.email)).toHaveLength(1);
    expect((await outboxOf(busy.id))[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });

    const refused = await newAlert();
    smtp.onMessage = () => ({ code: 550, message: 'No such mailbox here' });
    const second = await runAlerts(deps);
    expect(second).toMatchObject({ sent: 1, mail: { claimed: 1, sent: 0, retrying: 0, failed: 1 } });
    expect(second.mail!.errors[0]).toMatch(/failed for good after 1 attempt.*refused.*550 No such mailbox here/);
    const [row] = await outboxOf(refused.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toContain('550 No such mailbox here');
    smtp.onMessage = undefined;
    later(6 * 60 * MINUTE);
    expect(await deliverMail(deps)).toMatchObject({ claimed: 0 });
    expect(smtp.to(refused.email)).toHaveLength(0);
  });

  it(`fails a mail that keeps meeting 4xx after ${MAIL_MAX_ATTEMPTS} attempts, with the last reason`, async () => {
    const { id, email } = await newAlert();
    smtp.onMessage = () => ({ code: 421, message: 'Service not available' });
    let report = await runAlerts(deps);
    for (let i = 1; i < MAIL_MAX_ATTEMPTS && report.mail!.failed === 0; i++) {
      later(61 * MINUTE);
      report = { ...report, mail: await deliverMail(deps) };
    }
    expect(report.mail).toMatchObject({ claimed: 1, failed: 1 });
    expect((await outboxOf(id))[0]).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect((await outboxOf(id))[0]!.last_error).toContain('421');
    expect(smtp.to(email)).toHaveLength(0);
  });

  it('claims nothing when the database fails before the commit, and the next run sends it once', async () => {
    const { id, email } = await newAlert();
    const faulty = withFaults(t.db, {
      before: (sql) => {
        if (/INSERT INTO mail_outbox/.test(sql)) throw new Error('Connection terminated unexpectedly');
      },
    });
    const failed = await runAlerts({ ...deps, db: faulty });
    expect(failed).toMatchObject({ sent: 0, failed: 1, mail: { claimed: 0 } });
    expect(failed.errors[0]).toMatch(/Connection terminated|connection was lost/);
    const { rows } = await t.db.query<{ last_alert_at: string | null }>(
      'SELECT last_alert_at::text FROM saved_searches WHERE id = $1',
      [id],
    );
    expect(rows[0]!.last_alert_at).toBeNull();
    expect(await outboxOf(id)).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM saved_search_cars WHERE search_id = $1', [id])).rows).toEqual([]);
    later(5 * MINUTE);
    expect(await runAlerts(deps)).toMatchObject({ sent: 1, mail: { sent: 1 } });
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('keeps trying to record a send the database failed to record, and does not send it again', async () => {
    const { id, email } = await newAlert();
    let failures = 0;
    const faulty = withFaults(t.db, {
      before: (sql) => {
        if (/SET status = 'sent'/.test(sql) && failures++ < 3) throw new Error('Connection terminated unexpectedly');
      },
    });
    const report = await runAlerts({ ...deps, db: faulty });
    expect(report).toMatchObject({ sent: 1, mail: { claimed: 1, sent: 1 } });
    expect(failures).toBe(4);
    expect((await outboxOf(id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    later(10 * MINUTE);
    expect(await deliverMail(deps)).toMatchObject({ claimed: 0 });
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('remembers every send of a batch the database could not record, and sends none of them again', async () => {
    let away = true;
    const faulty = withFaults(t.db, {
      before: (sql) => {
        if (away && /SET status = 'sent'/.test(sql)) throw new Error('Connection terminated unexpectedly');
      },
    });
    const to = [1, 2, 3].map((i) => `batch${n}-${i}@example.com`);
    for (const [i, address] of to.entries()) {
      const mail = {
        site: f.dealer.slug,
        kind: 'reservation-receipt',
        key: `test:batch:${n}:${i}`,
        message: {
          site: f.dealer.slug,
          kind: 'reservation-receipt',
          from: { name: 'Alert Motors', address: 'alerts@alert-motors.example' },
          to: address,
          subject: 'Your reservation',
          text: 'Thanks',
          html: '<p>Thanks</p>',
        },
      };
      await t.db.transaction((tx) => enqueueMail(tx, mail, f.clock.now));
    }
    // All three sent at once, none recorded: each is kept in memory, not only the last.
    const first = await deliverMail({ ...deps, db: faulty, recordRetryMs: 50 });
    expect(first).toMatchObject({ claimed: 3, sent: 3 });
    expect(first.errors.filter((e) => /was sent, but the database did not answer/.test(e))).toHaveLength(3);
    away = false;
    later(10 * MINUTE);
    expect(await deliverMail({ ...deps, db: faulty })).toMatchObject({ claimed: 0, sent: 0 });
    for (const address of to) expect(smtp.to(address), address).toHaveLength(1);
    const rows = await t.db.query<{ status: string }>(`SELECT status FROM mail_outbox WHERE dedupe_key LIKE $1`, [
      `test:batch:${n}:%`,
    ]);
    expect(rows.rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('erases an address’s outbox mail and its .eml files; the retention purge deletes old mail', async () => {
    const files = { ...deps, mailer: fileMailer(f.dataDir) };
    const erased = await newAlert();
    expect(await runAlerts(files)).toMatchObject({ sent: 1, mail: { sent: 1 } });
    const [sent] = await outboxOf(erased.id);
    const file = sent!.file!;
    expect(file).toMatch(/\.eml$/);
    // The file mailer writes the outbox's Message-ID too.
    expect(await readFile(file, 'utf8')).toContain(`Message-ID: ${sent!.message_id}`);
    const report = await eraseSavedSearchesOf(t.db, f.dealer.slug, erased.email.toUpperCase());
    expect(report.files).toContain(file);
    await expect(access(file)).rejects.toThrow();
    expect(await outboxOf(erased.id)).toEqual([]);

    const kept = await newAlert();
    later(MINUTE);
    expect(await runAlerts(files)).toMatchObject({ sent: 1 });
    const old = (await outboxOf(kept.id))[0]!.file!;
    const at = f.clock.now;
    const purge = (cutoff: Date) => purgeSavedSearches(t.db, { now: at, retentionCutoff: () => cutoff });
    await purge(new Date(at.getTime() - 2 * MINUTE));
    expect(await outboxOf(kept.id)).toHaveLength(1);
    expect((await purge(new Date(at.getTime() + MINUTE))).files).toContain(old);
    expect(await outboxOf(kept.id)).toEqual([]);
  });

  it('sends due outbox mail from the runtime’s delivery run (the scheduled entry, the npm start worker; last: it closes the database)', async () => {
    const runtime = await startRuntime({
      dealers: [f.dealer],
      dataDir: f.dataDir,
      db: t.db,
      env: {},
      financeProvider: unusedFinanceProvider,
      workerIntervalMs: false,
      mailer: deps.mailer,
    });
    try {
      // Left by another instance, or by this one before a crash.
      await enqueueMail(
        t.db,
        {
          site: f.dealer.slug,
          kind: 'reservation-receipt',
          key: 'test:runtime',
          message: {
            site: f.dealer.slug,
            kind: 'reservation-receipt',
            from: { name: 'Alert Motors', address: 'alerts@alert-motors.example' },
            to: 'left@example.com',
            subject: 'Your reservation',
            text: 'Thanks',
            html: '<p>Thanks</p>',
          },
        },
        new Date(),
      );
      const run = await runtime.deliver();
      // Sent by the run: by its sweep of the alerts (which delivers due mail) or its own delivery.
      expect((run.alerts?.mail?.sent ?? 0) + (run.mail?.sent ?? 0)).toBe(1);
      expect(smtp.to('left@example.com')).toHaveLength(1);
    } finally {
      await runtime.close();
    }
  });
});
