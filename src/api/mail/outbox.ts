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
import { unavailableReason } from '../db/errors.ts';
import { MailSendError, type Mailer, type MailMessage, type SentMail } from './mailer.ts';

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

export interface OutboxMail {
  site: string;
  kind: string;
  key: string;
  message: MailMessage;
  meta?: Record<string, unknown>;
}

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
  const { rows } = await db.query(
    `INSERT INTO mail_outbox (site_slug, kind, dedupe_key, email_key, message, message_id, status, attempts,
       next_attempt_at, meta, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, 'pending', 0, $7::timestamptz, $8::jsonb, $7::timestamptz, $7::timestamptz)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [
      mail.site,
      mail.kind,
      mail.key,
      mail.message.to.trim().toLowerCase(),
      JSON.stringify({ ...mail.message, messageId }),
      messageId,
      now.toISOString(),
      mail.meta ? JSON.stringify(mail.meta) : null,
    ],
  );
  return rows.length > 0;
}

interface ClaimedMail {
  id: string;
  site_slug: string;
  kind: string;
  message: MailMessage;
  message_id: string;
  attempts: number;
}

const DUE = `((status = 'pending' AND next_attempt_at <= $1::timestamptz)
  OR (status = 'sending' AND lease_until <= $1::timestamptz))`;

/**
 * $1 now, $2 how many, $3 the site or null, $4 the lease's end. The conditions are checked again
 * on the locked row, so a mail another instance claimed meanwhile is not taken twice.
 */
const CLAIM = `
WITH due AS (
  SELECT id FROM mail_outbox
  WHERE ${DUE} AND ($3::text IS NULL OR site_slug = $3::text)
  ORDER BY next_attempt_at, id
  LIMIT $2
  FOR UPDATE SKIP LOCKED
)
UPDATE mail_outbox m SET status = 'sending', attempts = m.attempts + 1, lease_until = $4::timestamptz,
  updated_at = $1::timestamptz
FROM due WHERE m.id = due.id AND ${DUE.replace(/\b(status|next_attempt_at|lease_until)\b/g, 'm.$1')}
RETURNING m.id::text, m.site_slug, m.kind, m.message, m.message_id, m.attempts`;

/** Sends of this process not yet recorded (the database was away), per database, by row id. */
const unrecorded = new WeakMap<Db, Map<string, { at: Date; file?: string }>>();

const dbReason = (e: unknown) => unavailableReason(e) ?? (e as Error)?.message ?? String(e);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function markSent(db: Db, id: string, sent: { at: Date; file?: string }): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = $2::timestamptz, file = $3, lease_until = NULL,
       last_error = NULL, updated_at = $2::timestamptz WHERE id = $1`,
    [id, sent.at.toISOString(), sent.file ?? null],
  );
}

/** Records a send, retrying while the database is away for up to `budgetMs`; false when it could not. */
async function recordSent(db: Db, id: string, sent: { at: Date; file?: string }, budgetMs: number): Promise<boolean> {
  const deadline = performance.now() + budgetMs;
  for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      await markSent(db, id, sent);
      return true;
    } catch (e) {
      if (performance.now() + wait > deadline) return false;
      await sleep(wait);
    }
  }
}

/** What an earlier call sent and could not record: recorded first (a quick try each). */
async function recordEarlier(db: Db, report: MailDeliverReport): Promise<void> {
  const waiting = unrecorded.get(db);
  if (!waiting?.size) return;
  for (const [id, sent] of [...waiting]) {
    try {
      await markSent(db, id, sent);
      waiting.delete(id);
    } catch (e) {
      report.errors.push(
        `Mail ${id} was sent but is not recorded yet (${dbReason(e)}); recorded once the database answers.`,
      );
      return;
    }
  }
}

async function sendOne(
  deps: { db: Db; mailer: Mailer; now: () => Date; log?: (line: string) => void },
  row: ClaimedMail,
  report: MailDeliverReport,
): Promise<void> {
  const what = `Mail ${row.id} (${row.kind} of ${row.site_slug})`;
  const waiting = unrecorded.get(deps.db);
  // Its lease ended while this process kept its send in memory: it was sent, so record it.
  const earlier = waiting?.get(row.id);
  let sent: { at: Date; file?: string };
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
  if (await recordSent(deps.db, row.id, sent, RECORD_RETRY_MS)) {
    waiting?.delete(row.id);
    return;
  }
  if (waiting) waiting.set(row.id, sent);
  else unrecorded.set(deps.db, new Map([[row.id, sent]]));
  const line = `${what} was sent, but the database did not answer for ${RECORD_RETRY_MS / 1000} s to record it: the next delivery records it (should this process end first, it is sent again with the same Message-ID ${row.message_id}).`;
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
    await deps.db.query(
      `UPDATE mail_outbox SET status = $2, last_error = $3, next_attempt_at = $4::timestamptz, lease_until = NULL,
         updated_at = $5::timestamptz WHERE id = $1 AND status = 'sending'`,
      [row.id, final ? 'failed' : 'pending', reason, retryAt.toISOString(), at.toISOString()],
    );
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
  deps: { db: Db; mailer: Mailer; now: () => Date; log?: (line: string) => void },
  options?: { limit?: number; site?: string },
): Promise<MailDeliverReport> {
  const report = emptyMailReport();
  const limit = options?.limit ?? DEFAULT_LIMIT;
  await recordEarlier(deps.db, report);
  while (report.claimed < limit) {
    const now = deps.now();
    let rows: ClaimedMail[];
    try {
      ({ rows } = await deps.db.query<ClaimedMail>(CLAIM, [
        now.toISOString(),
        Math.min(IN_FLIGHT, limit - report.claimed),
        options?.site ?? null,
        new Date(now.getTime() + MAIL_LEASE_MS).toISOString(),
      ]));
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
