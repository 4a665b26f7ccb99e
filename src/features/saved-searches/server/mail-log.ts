/**
 * What was sent to whom (saved_search_mail), and the personal data rules for everything a saved
 * search holds (the lead rules, src/features/leads/server/retention.ts and erase.ts):
 *
 * - an unconfirmed search is deleted UNCONFIRMED_DAYS after it was saved, with its emails' files;
 * - a search the shopper has not touched (saved again, confirmed) for the lead retention period
 *   is deleted, and so is every email record (with its .eml file) older than that period;
 * - an unsubscribed search is deleted at once (route.ts);
 * - erasing a person (`npm run leads -- erase --email`) deletes their searches, email records and
 *   .eml files.
 *
 * The same rules apply to the mail outbox (mail/outbox.ts), which holds each alert's message and
 * its .eml file (and the other mail of the API, reservation receipts among them): erasing an
 * address deletes its outbox mail of the site, and mail enqueued before the retention period is
 * deleted with its file. An alert's record here is written in the transaction that enqueues it.
 */
import type { Db } from '../../../api/core/deps.ts';
import { deleteOutboxMail, deleteRowsWithFiles } from '../../../api/mail/outbox.ts';
import { emailKey, UNCONFIRMED_DAYS, type SavedSearchRow } from './store.ts';

const DAY_MS = 86_400_000;

export async function recordMail(
  db: Db,
  entry: {
    search: SavedSearchRow;
    kind: 'confirm' | 'alert';
    now: Date;
    file?: string;
    cars?: unknown[];
  },
): Promise<void> {
  await db.query(
    `INSERT INTO saved_search_mail (site_slug, email_key, search_id, kind, sent_at, cars, file)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      entry.search.site_slug,
      entry.search.email_key,
      entry.search.id,
      entry.kind,
      entry.now.toISOString(),
      entry.cars ? JSON.stringify(entry.cars) : null,
      entry.file ?? null,
    ],
  );
}

export interface MailDeleteReport {
  searches: number;
  mails: number;
  /** .eml files deleted. */
  files: string[];
  errors: string[];
}

/**
 * Deletes the email records `where` selects ($n parameters in `params`), their files first: a
 * record whose file cannot be deleted is kept (reported), to be tried again.
 */
async function deleteMail(db: Db, where: string, params: unknown[], report: MailDeleteReport): Promise<void> {
  const done = await deleteRowsWithFiles(db, 'saved_search_mail', where, params);
  report.files.push(...done.files);
  report.errors.push(...done.errors);
  report.mails += done.rows;
}

const emptyReport = (): MailDeleteReport => ({ searches: 0, mails: 0, files: [], errors: [] });

/** The outbox mail `where` selects, with its files; their files join the report's. */
async function deleteOutbox(db: Db, where: string, params: unknown[], report: MailDeleteReport): Promise<void> {
  const deleted = await deleteOutboxMail(db, where, params);
  report.files.push(...deleted.files);
  report.errors.push(...deleted.errors);
}

/** Every saved search of `email` on the site, its email records and their .eml files. */
export async function eraseSavedSearchesOf(db: Db, siteSlug: string, email: string): Promise<MailDeleteReport> {
  const report = emptyReport();
  const key = emailKey(email);
  if (!key) return report;
  await deleteMail(db, 'site_slug = $1 AND email_key = $2', [siteSlug, key], report);
  await deleteOutbox(db, 'site_slug = $1 AND email_key = $2', [siteSlug, key], report);
  const { rows } = await db.query('DELETE FROM saved_searches WHERE site_slug = $1 AND email_key = $2 RETURNING id', [
    siteSlug,
    key,
  ]);
  report.searches = rows.length;
  return report;
}

/**
 * Applies the rules above as of `now`; `cutoffOf(slug)` is the date before which a site's data
 * is past the lead retention period.
 */
export async function purgeSavedSearches(
  db: Db,
  options: { now: Date; retentionCutoff: (slug: string) => Date },
): Promise<MailDeleteReport> {
  const report = emptyReport();
  const unconfirmedBefore = new Date(options.now.getTime() - UNCONFIRMED_DAYS * DAY_MS).toISOString();
  // Unconfirmed and expired: the search, and its confirmation email.
  await deleteMail(
    db,
    `search_id IN (SELECT id FROM saved_searches WHERE confirmed_at IS NULL AND created_at <= $1::timestamptz)`,
    [unconfirmedBefore],
    report,
  );
  report.searches += (
    await db.query(
      'DELETE FROM saved_searches WHERE confirmed_at IS NULL AND created_at <= $1::timestamptz RETURNING id',
      [unconfirmedBefore],
    )
  ).rows.length;
  // Past the retention period, per site (sites may have their own LEAD_RETENTION_MONTHS).
  const { rows: sites } = await db.query<{ site_slug: string }>(
    `SELECT DISTINCT site_slug FROM saved_searches UNION SELECT DISTINCT site_slug FROM saved_search_mail
     UNION SELECT DISTINCT site_slug FROM mail_outbox`,
  );
  for (const { site_slug: slug } of sites) {
    const cutoff = options.retentionCutoff(slug).toISOString();
    await deleteMail(db, 'site_slug = $1 AND sent_at <= $2::timestamptz', [slug, cutoff], report);
    await deleteOutbox(db, 'site_slug = $1 AND created_at <= $2::timestamptz', [slug, cutoff], report);
    report.searches += (
      await db.query(
        'DELETE FROM saved_searches WHERE site_slug = $1 AND last_activity_at <= $2::timestamptz RETURNING id',
        [slug, cutoff],
      )
    ).rows.length;
  }
  return report;
}
