/**
 * Saved searches in the database (migrations 0011_saved_searches, 0019_saved_search_changes):
 * saving one, its tokens (only their SHA-256 hashes are stored), confirming, changing and
 * unsubscribing.
 *
 * - A search is one row per site, address (as typed, lower-cased), search and filters.
 * - A confirmed search changes only through a link sent to its address: saving it again leaves
 *   its consent, stock page, link origin and retention clock as they are, and the route emails a
 *   change link (purpose 'change') that carries the new values; its button applies them.
 * - A confirmation link likewise carries the values of the save that sent it: pressing it
 *   confirms those, whatever a later save wrote meanwhile.
 * - Each consent line an address agreed to is kept with its time (saved_search_consents).
 * - The rate limits count inboxes, not spellings of an address: inboxKey.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../api/core/deps.ts';

export interface SavedSearchRow {
  id: string;
  site_slug: string;
  email: string;
  email_key: string;
  query: string;
  filters: string;
  page_path: string;
  link_origin: string;
  /** The consent line it holds: once confirmed, the latest the address agreed to. */
  consent?: string | null;
  created_at: string;
  confirmed_at: string | null;
  last_alert_at: string | null;
}

export type TokenPurpose = 'confirm' | 'unsubscribe' | 'change';

/** What a confirm or change link applies when its button is pressed: what its save asked for. */
export interface LinkValues {
  consent: string | null;
  page_path: string;
  link_origin: string;
}

/** How long a confirmation or change link works, and an unconfirmed search is kept. */
export const UNCONFIRMED_DAYS = 3;
const DAY_MS = 86_400_000;

/** The columns of a SavedSearchRow, as a statement on saved_searches returns them. */
const ROW = `id::text, site_slug, email, email_key, query, filters, page_path, link_origin, consent, created_at::text,
  confirmed_at::text, last_alert_at::text`;

/** 32 random bytes, URL-safe: what a link carries. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 43 URL-safe characters; anything else is no token of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

import { emailKey } from '../../../lib/email-address.ts';

export { emailKey, inboxKey } from '../../../lib/email-address.ts';

/**
 * A new token for the search, stored hashed; the token itself goes into an email only. A confirm
 * or change token carries the values its button applies.
 */
export async function issueToken(
  db: Db,
  searchId: string,
  purpose: TokenPurpose,
  now: Date,
  values?: LinkValues,
): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO saved_search_tokens (hash, search_id, purpose, created_at, consent, page_path, link_origin)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      tokenHash(token),
      searchId,
      purpose,
      now.toISOString(),
      values?.consent ?? null,
      values?.page_path ?? null,
      values?.link_origin ?? null,
    ],
  );
  return token;
}

export interface SaveOutcome {
  /** The search as stored: for a confirmed one, as it was before this save. */
  search: SavedSearchRow;
  /** Whether the search was already confirmed: then nothing of it changed, and a change link is due. */
  alreadyConfirmed: boolean;
  /** What this save asked for, for the link emailed to the address. */
  values: LinkValues;
}

/**
 * Saves the search, or finds the same one (same site, address, search): one person's search is
 * stored once. Saving an unconfirmed search again takes the new values (the confirmation links
 * carry their own); a confirmed one is left as it is: anyone may post an address, and only a
 * link sent to it changes what that address agreed to.
 */
export async function saveSearch(
  db: Db,
  input: {
    site: string;
    email: string;
    query: string;
    filters: string;
    page: string;
    /** Where the emails' links go: the dealer's origin the search was saved on. */
    origin: string;
    consent?: string;
    now: Date;
  },
): Promise<SaveOutcome> {
  const { rows } = await db.query<SavedSearchRow & { inserted: boolean }>(
    `INSERT INTO saved_searches (site_slug, email, email_key, query, filters, page_path, link_origin, consent, created_at, last_activity_at)
     VALUES ($1, $2, $3, $4, $5, $6, $9, $7, $8, $8)
     ON CONFLICT (site_slug, email_key, query, filters) DO UPDATE
       SET last_activity_at = CASE WHEN saved_searches.confirmed_at IS NULL
             THEN EXCLUDED.last_activity_at ELSE saved_searches.last_activity_at END,
           page_path = CASE WHEN saved_searches.confirmed_at IS NULL
             THEN EXCLUDED.page_path ELSE saved_searches.page_path END,
           link_origin = CASE WHEN saved_searches.confirmed_at IS NULL
             THEN EXCLUDED.link_origin ELSE saved_searches.link_origin END,
           consent = CASE WHEN saved_searches.confirmed_at IS NULL
             THEN COALESCE(EXCLUDED.consent, saved_searches.consent) ELSE saved_searches.consent END
     RETURNING ${ROW}`,
    [
      input.site,
      input.email.trim(),
      emailKey(input.email),
      input.query,
      input.filters,
      input.page,
      input.consent ?? null,
      input.now.toISOString(),
      input.origin,
    ],
  );
  const search = rows[0]!;
  const values = { consent: input.consent ?? null, page_path: input.page, link_origin: input.origin };
  return { search, alreadyConfirmed: search.confirmed_at !== null, values };
}

/** A link's search, with what the link is and what its button applies. */
export interface TokenSearch {
  search: SavedSearchRow;
  purpose: TokenPurpose;
  /** The hash the token is stored under. */
  hash: string;
  /** What a confirm or change link applies; undefined for a link from before it carried them. */
  values?: LinkValues;
}

/**
 * The search a token of one of `purposes` belongs to, if it is still there (and, for a
 * confirmation or a change, not expired).
 */
export async function searchOfToken(
  db: Db,
  token: string,
  purposes: TokenPurpose | readonly TokenPurpose[],
  now: Date,
): Promise<TokenSearch | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const hash = tokenHash(token);
  const { rows } = await db.query<
    SavedSearchRow & {
      t_purpose: TokenPurpose;
      t_consent: string | null;
      t_page_path: string | null;
      t_link_origin: string | null;
    }
  >(
    `SELECT s.id::text, s.site_slug, s.email, s.email_key, s.query, s.filters, s.page_path, s.link_origin, s.consent,
       s.created_at::text, s.confirmed_at::text, s.last_alert_at::text,
       t.purpose AS t_purpose, t.consent AS t_consent, t.page_path AS t_page_path, t.link_origin AS t_link_origin
     FROM saved_search_tokens t JOIN saved_searches s ON s.id = t.search_id
     WHERE t.hash = $1 AND t.purpose = ANY($2::text[]) AND (t.purpose = 'unsubscribe' OR t.created_at > $3::timestamptz)`,
    [
      hash,
      typeof purposes === 'string' ? [purposes] : [...purposes],
      new Date(now.getTime() - UNCONFIRMED_DAYS * DAY_MS).toISOString(),
    ],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { t_purpose, t_consent, t_page_path, t_link_origin, ...search } = row;
  return {
    search,
    purpose: t_purpose,
    hash,
    values:
      t_page_path !== null && t_link_origin !== null
        ? { consent: t_consent, page_path: t_page_path, link_origin: t_link_origin }
        : undefined,
  };
}

/**
 * Confirms the search with the values its link carries, and keeps the consent it was confirmed
 * with. Once: a search already confirmed keeps its values (a second click, or another
 * confirmation email's link, changes only its activity).
 */
export async function confirmSearch(db: Db, link: TokenSearch, now: Date): Promise<SavedSearchRow> {
  const at = now.toISOString();
  const v = link.values;
  // Only the statement that turns confirmed_at from NULL applies the values (one of two clicks at once).
  const { rows } = await db.query<SavedSearchRow>(
    `UPDATE saved_searches SET confirmed_at = $2, last_activity_at = $2,
       consent = CASE WHEN $3 THEN $4 ELSE consent END,
       page_path = CASE WHEN $3 THEN $5 ELSE page_path END,
       link_origin = CASE WHEN $3 THEN $6 ELSE link_origin END
     WHERE id = $1 AND confirmed_at IS NULL
     RETURNING ${ROW}`,
    [link.search.id, at, v !== undefined, v?.consent ?? null, v?.page_path ?? '', v?.link_origin ?? ''],
  );
  if (rows[0]) {
    await db.query(
      `INSERT INTO saved_search_consents (search_id, consent, agreed_at, via) VALUES ($1, $2, $3, 'confirm')`,
      [link.search.id, rows[0].consent, at],
    );
    return rows[0];
  }
  const again = await db.query<SavedSearchRow>(
    `UPDATE saved_searches SET last_activity_at = $2 WHERE id = $1 RETURNING ${ROW}`,
    [link.search.id, at],
  );
  return again.rows[0] ?? link.search;
}

/**
 * Applies a change link: the consent, stock page and link origin its save asked for, as the
 * address's own act (the retention counts from it). The consent is added to the search's
 * history; the link is used up.
 */
export async function applyChange(db: Db, link: TokenSearch, now: Date): Promise<SavedSearchRow> {
  const at = now.toISOString();
  const v = link.values ?? {
    consent: null,
    page_path: link.search.page_path,
    link_origin: link.search.link_origin,
  };
  const { rows } = await db.query<SavedSearchRow>(
    `UPDATE saved_searches SET last_activity_at = $2, consent = COALESCE($3, consent), page_path = $4, link_origin = $5
     WHERE id = $1
     RETURNING ${ROW}`,
    [link.search.id, at, v.consent, v.page_path, v.link_origin],
  );
  if (rows[0])
    await db.query(
      `INSERT INTO saved_search_consents (search_id, consent, agreed_at, via) VALUES ($1, $2, $3, 'change')`,
      [link.search.id, rows[0].consent, at],
    );
  await db.query('DELETE FROM saved_search_tokens WHERE hash = $1', [link.hash]);
  return rows[0] ?? link.search;
}

/** Deletes the search with its tokens and known cars: an unsubscribed search is kept nowhere. */
/**
 * Deletes the search (an unsubscribe), and its alert emails not yet sent: an address that has
 * unsubscribed gets nothing more, even an alert queued a moment before.
 */
export async function deleteSearch(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM mail_outbox WHERE kind = 'alert' AND status IN ('pending', 'failed') AND meta->>'search' = $1`,
      [String(id)],
    );
    const { rows } = await tx.query('DELETE FROM saved_searches WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  });
}

/**
 * Records that the search knows these cars at these prices, without telling anyone: the cars
 * that match when it is saved are no news later (only their price drops are).
 */
export async function rememberCars(
  db: Db,
  searchId: string,
  cars: { id: string; price: number | null }[],
  now: Date,
): Promise<void> {
  if (!cars.length) return;
  await db.query(
    `INSERT INTO saved_search_cars (search_id, car_id, price, first_seen)
     SELECT $1, x.id, x.price, $2 FROM jsonb_to_recordset($3::jsonb) AS x(id text, price numeric)
     ON CONFLICT (search_id, car_id) DO NOTHING`,
    [searchId, now.toISOString(), JSON.stringify(cars)],
  );
}
