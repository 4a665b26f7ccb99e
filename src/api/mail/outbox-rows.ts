/**
 * The mail outbox's statements (outbox.ts): a mail's insertion under its key, the claim of due
 * mail under a lease, the record of a send (kept in memory while the database is away, and
 * recorded as soon as it answers), and the record of a failed send.
 */
import type { Db } from '../core/deps.ts';
import { unavailableReason } from '../db/errors.ts';
import type { MailMessage } from './mailer.ts';

export interface OutboxMail {
  site: string;
  kind: string;
  key: string;
  message: MailMessage;
  meta?: Record<string, unknown>;
}

/** Inserts `mail` with its fixed Message-ID; false when a mail with that key is there already. */
export async function insertMail(db: Db, mail: OutboxMail, messageId: string, now: Date): Promise<boolean> {
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

export interface ClaimedMail {
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

/** Claims up to `count` due mails (of `site` only, unless null), leased until `leaseUntil`. */
export async function claimDueMail(
  db: Db,
  now: Date,
  count: number,
  site: string | null,
  leaseUntil: Date,
): Promise<ClaimedMail[]> {
  const { rows } = await db.query<ClaimedMail>(CLAIM, [now.toISOString(), count, site, leaseUntil.toISOString()]);
  return rows;
}

/** A send as recorded: when, and the .eml file a file mailer wrote. */
export interface SentRecord {
  at: Date;
  file?: string;
}

/** Sends of this process not yet recorded (the database was away), per database, by row id. */
export const unrecorded = new WeakMap<Db, Map<string, SentRecord>>();

export const dbReason = (e: unknown) => unavailableReason(e) ?? (e as Error)?.message ?? String(e);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function markSent(db: Db, id: string, sent: SentRecord): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = $2::timestamptz, file = $3, lease_until = NULL,
       last_error = NULL, updated_at = $2::timestamptz WHERE id = $1`,
    [id, sent.at.toISOString(), sent.file ?? null],
  );
}

/** Records a send, retrying while the database is away for up to `budgetMs`; false when it could not. */
export async function recordSent(db: Db, id: string, sent: SentRecord, budgetMs: number): Promise<boolean> {
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

/** What an earlier call sent and could not record: recorded first (a quick try each); `errors` says what waits. */
export async function recordEarlier(db: Db, errors: string[]): Promise<void> {
  const waiting = unrecorded.get(db);
  if (!waiting?.size) return;
  for (const [id, sent] of [...waiting]) {
    try {
      await markSent(db, id, sent);
      waiting.delete(id);
    } catch (e) {
      errors.push(`Mail ${id} was sent but is not recorded yet (${dbReason(e)}); recorded once the database answers.`);
      return;
    }
  }
}

/** Records a failed send of a mail still claimed: 'failed' when `final`, else due again at `retryAt`. */
export async function markFailed(
  db: Db,
  id: string,
  failure: { final: boolean; reason: string; retryAt: Date; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = $2, last_error = $3, next_attempt_at = $4::timestamptz, lease_until = NULL,
       updated_at = $5::timestamptz WHERE id = $1 AND status = 'sending'`,
    [id, failure.final ? 'failed' : 'pending', failure.reason, failure.retryAt.toISOString(), failure.at.toISOString()],
  );
}
