/**
 * One alert run in a process of its own, for the crash tests (src/features/saved-searches/tests/alerts-faults.test.ts):
 * runAlerts, with the delivery of its mail, against the database of ALERT_DB_URL and the SMTP
 * server of ALERT_SMTP_URL, at the time ALERT_NOW, for the dealer of tests/helpers/alerts.ts with
 * the cars of ALERT_CARS (JSON). Prints the report as one JSON line; the test may SIGKILL it
 * halfway.
 */
import { runAlerts } from '../../src/features/saved-searches/server/run.ts';
import { openPostgres } from '../../src/api/db/postgres.ts';
import { smtpMailer } from '../../src/api/mail/mailer.ts';
import type { Car } from '../../src/content/entities.ts';
import { alertDealer } from './alerts.ts';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const db = await openPostgres({ connectionString: need('ALERT_DB_URL'), max: 4 });
try {
  const now = new Date(need('ALERT_NOW'));
  const report = await runAlerts({
    db,
    dealers: [alertDealer(JSON.parse(need('ALERT_CARS')) as Car[])],
    mailer: smtpMailer(need('ALERT_SMTP_URL'), { timeoutMs: 10_000 }),
    now: () => now,
    mailFrom: () => 'alerts@alert-motors.example',
  });
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await db.close();
}
