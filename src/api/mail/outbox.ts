/**
 * The mail outbox (migration 0018_mail_outbox): the emails the API sends on its own (saved-search
 * alerts, reservation receipts) are sent at most once and never lost.
 *
 * - `enqueueMail` writes the rendered message in the caller's transaction, with the change it
 *   tells of (an alert's claim, a paid reservation). Until that commits nothing is sent; once it
 *   has, the mail is in the database and some delivery sends it. The caller's key names the mail:
 *   the same key enqueued twice is one mail. The Message-ID is fixed then, from the key.
 * - `deliverMail` claims due mail in a committed statement (FOR UPDATE SKIP LOCKED: status
 *   'sending', attempts + 1, a lease of MAIL_LEASE_MS), sends it, and records it 'sent'. Another
 *   instance leaves a leased mail alone; a lease that ended (its sender crashed, or lost the
 *   database for longer than the lease) is claimed again and the mail sent again.
 * - When the database is away just after a send, the fact is kept in memory and recorded as soon
 *   as it answers (retried with backoff for RECORD_RETRY_MS, then by the next call in this
 *   process first of all, before its lease ends): a database fault after a send is no resend.
 * - A 5xx refusal of the message or its recipient is permanent: the mail is 'failed' at once,
 *   with the server's reason. Anything else (a 4xx, a lost connection, a refused login, a disk
 *   the file mailer cannot write) is tried again with backoff (1 min, doubling, at most 1 h)
 *   until MAIL_MAX_ATTEMPTS, then 'failed'. A failed mail stays in the table with last_error and
 *   is reported and logged; nothing is dropped silently.
 *
 * The window no SMTP client can close: the process dies (or loses the database for longer than
 * the lease) after the server's 250 and before the record. The mail is then sent again when its
 * lease ends, with the same Message-ID, so the receiving side and the shopper's mail program can
 * tell it is the same message; this is the only way a mail is sent twice. A send whose outcome
 * is unknown (a timeout after DATA) is sent again the same way.
 */
import { createHash } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { redactUrls } from '../../lib/redact.ts';
import type { Db } from '../core/deps.ts';
import { MailSendError, type Mailer, type SentMail } from './mailer.ts';
import {
  claimDueMail,
  dbReason,
  insertMail,
  markFailed,
  recordEarlier,
  recordSent,
  unrecorded,
  type ClaimedMail,
  type OutboxMail,
  type SentRecord,
} from './outbox-rows.ts';

/** Attempts of one mail before it is 'failed'. */
export const MAIL_MAX_ATTEMPTS = 10;
export const MAIL_FIRST_RETRY_MS = 60_000;
export const MAIL_MAX_RETRY_MS = 60 * 60_000;
/** How long a claimed mail is left to its sender: longer than any send (the SMTP time limits) and RECORD_RETRY_MS. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** How long a send is kept trying to record itself while the database is away. */
export const RECORD_RETRY_MS = 60_000;
/** Mails sent at once by one call. */
const IN_FLIGHT = 4;
/** Mails one call claims at most, by default. */
const DEFAULT_LIMIT = 200;

export interface MailDeliverReport {
  claimed: number;
  sent: number;
  /** Failed this time, to be tried again. */
  retrying: number;
  /** Failed for good (refused, or out of attempts): the row keeps the reason. */
  failed: number;
  errors: string[];
}

export const emptyMailReport = (): MailDeliverReport => ({ claimed: 0, sent: 0, retrying: 0, failed: 0, errors: [] });

/** Wait before the next try after `attempts` failed ones: 1 min, 2, 4, … at most 1 h. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAIL_MAX_RETRY_MS);
}

/** `<hash of site and key@the sender's domain>`: the same mail always has the same Message-ID. */
export function outboxMessageId(site: string, key: string, fromAddress: string): string {
  const domain = (/@([A-Za-z0-9.-]+)$/.exec(fromAddress.trim())?.[1] ?? 'localhost').toLowerCase();
  const hash = createHash('sha256').update(`${site}\u0000${key}`).digest('hex').slice(0, 32);
  return `<${hash}@${domain}>`;
}

/** Inside the caller's transaction; false when a mail with that key was already enqueued. */
export async function enqueueMail(db: Db, mail: OutboxMail, now: Date): Promise<boolean> {
  const messageId = mail.message.messageId ?? outboxMessageId(mail.site, mail.key, mail.message.from.address);
  return insertMail(db, mail, messageId, now);
}

/** What delivery needs: the database, the mailer, the clock, a log; `recordRetryMs` defaults to RECORD_RETRY_MS. */
export interface MailDeliverDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log?: (line: string) => void;
  /** How long a send's record is retried while the database is away, before it is kept in memory. */
  recordRetryMs?: number;
}

async function sendOne(deps: MailDeliverDeps, row: ClaimedMail, report: MailDeliverReport): Promise<void> {
  const what = `Mail ${row.id} (${row.kind} of ${row.site_slug})`;
  // Its lease ended while this process kept its send in memory: it was sent, so record it.
  const earlier = unrecorded.get(deps.db)?.get(row.id);
  let sent: SentRecord;
  if (earlier) sent = earlier;
  else {
    let result: SentMail;
    try {
      result = await deps.mailer.send({ ...row.message, messageId: row.message_id });
    } catch (e) {
      await recordFailure(deps, row, e, report, what);
      return;
    }
    sent = { at: deps.now(), file: result.file };
  }
  report.sent++;
  const budgetMs = deps.recordRetryMs ?? RECORD_RETRY_MS;
  // The list is looked up after the awaits: the other sends of this batch may have made it since.
  if (await recordSent(deps.db, row.id, sent, budgetMs)) {
    unrecorded.get(deps.db)?.delete(row.id);
    return;
  }
  let waiting = unrecorded.get(deps.db);
  if (!waiting) unrecorded.set(deps.db, (waiting = new Map<string, SentRecord>()));
  waiting.set(row.id, sent);
  const line = `${what} was sent, but the database did not answer for ${budgetMs / 1000} s to record it: the next delivery records it (should this process end first, it is sent again with the same Message-ID ${row.message_id}).`;
  report.errors.push(line);
  deps.log?.(line);
}

async function recordFailure(
  deps: { db: Db; now: () => Date; log?: (line: string) => void },
  row: ClaimedMail,
  error: unknown,
  report: MailDeliverReport,
  what: string,
): Promise<void> {
  const reason = redactUrls((error as Error)?.message || String(error));
  const permanent = error instanceof MailSendError && error.permanent;
  const final = permanent || row.attempts >= MAIL_MAX_ATTEMPTS;
  const at = deps.now();
  const retryAt = new Date(at.getTime() + mailRetryDelayMs(row.attempts));
  try {
    await markFailed(deps.db, row.id, { final, reason, retryAt, at });
  } catch (e) {
    const line = `${what} was not sent (${reason}) and that could not be recorded (${dbReason(e)}): it is tried again when its lease ends.`;
    report.retrying++;
    report.errors.push(line);
    deps.log?.(line);
    return;
  }
  const line = final
    ? `${what} failed for good after ${row.attempts} attempt(s)${permanent ? ' (refused by the mail server)' : ''}: ${reason}`
    : `${what} was not sent (attempt ${row.attempts} of ${MAIL_MAX_ATTEMPTS}), tried again at ${retryAt.toISOString()}: ${reason}`;
  if (final) report.failed++;
  else report.retrying++;
  report.errors.push(line);
  deps.log?.(line);
}

/**
 * Sends the due mail (of `options.site` only, when given), at most `options.limit` mails. Never
 * throws: what failed is in the report (and the log), and stays in the table to be tried again.
 */
export async function deliverMail(
  deps: MailDeliverDeps,
  options?: { limit?: number; site?: string },
): Promise<MailDeliverReport> {
  const report = emptyMailReport();
  const limit = options?.limit ?? DEFAULT_LIMIT;
  await recordEarlier(deps.db, report.errors);
  while (report.claimed < limit) {
    const now = deps.now();
    let rows: ClaimedMail[];
    try {
      rows = await claimDueMail(
        deps.db,
        now,
        Math.min(IN_FLIGHT, limit - report.claimed),
        options?.site ?? null,
        new Date(now.getTime() + MAIL_LEASE_MS),
      );
    } catch (e) {
      const line = `Mail delivery: could not claim due mail (${dbReason(e)}); it waits for the next delivery.`;
      report.errors.push(line);
      deps.log?.(line);
      break;
    }
    if (!rows.length) break;
    report.claimed += rows.length;
    await Promise.all(rows.map((row) => sendOne(deps, row, report)));
  }
  return report;
}

/** One log line of a delivery, or '' when it claimed nothing. */
export function describeMailDelivery(r: MailDeliverReport): string {
  if (!r.claimed) return '';
  return (
    `Mail: ${r.sent} sent` +
    (r.retrying ? `, ${r.retrying} to retry` : '') +
    (r.failed ? `, ${r.failed} failed for good (see mail_outbox.last_error)` : '')
  );
}

export interface OutboxDeleteReport {
  rows: number;
  /** .eml files deleted. */
  files: string[];
  errors: string[];
}

/**
 * Deletes the outbox mail `where` selects ($n parameters in `params`), their .eml files first: a
 * row whose file cannot be deleted is kept (reported), to be tried again. For the erase of an
 * address and the retention purge (alerts/mail-log.ts).
 */
export async function deleteOutboxMail(db: Db, where: string, params: unknown[]): Promise<OutboxDeleteReport> {
  return deleteRowsWithFiles(db, 'mail_outbox', where, params);
}

/**
 * Deletes the rows of `table` (an email table with `id` and `file`) that `where` selects, each
 * row's .eml file first: a row whose file cannot be deleted is kept (reported), to be tried again.
 */
export async function deleteRowsWithFiles(
  db: Db,
  table: 'mail_outbox' | 'saved_search_mail',
  where: string,
  params: unknown[],
): Promise<OutboxDeleteReport> {
  const report: OutboxDeleteReport = { rows: 0, files: [], errors: [] };
  const { rows } = await db.query<{ id: string; file: string | null }>(
    `SELECT id::text, file FROM ${table} WHERE ${where}`,
    params,
  );
  const gone: string[] = [];
  for (const row of rows) {
    if (row.file) {
      try {
        await unlink(row.file);
        report.files.push(row.file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
          report.errors.push(`Could not delete ${row.file}: ${(e as Error).message}`);
          continue;
        }
      }
    }
    gone.push(row.id);
  }
  if (gone.length) {
    await db.query(`DELETE FROM ${table} WHERE id = ANY($1::bigint[])`, [gone]);
    report.rows = gone.length;
  }
  return report;
}
