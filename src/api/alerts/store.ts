/**
 * Saved searches in the database (migration 0011_saved_searches): saving one, its tokens (only
 * their SHA-256 hashes are stored), confirming and unsubscribing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../deps.ts';

export interface SavedSearchRow {
  id: string;
  site_slug: string;
  email: string;
  email_key: string;
  query: string;
  filters: string;
  page_path: string;
  link_origin: string;
  created_at: string;
  confirmed_at: string | null;
  last_alert_at: string | null;
}

export type TokenPurpose = 'confirm' | 'unsubscribe';

/** How long a confirmation link works, and an unconfirmed search is kept. */
export const UNCONFIRMED_DAYS = 3;
const DAY_MS = 86_400_000;

/** 32 random bytes, URL-safe: what a link carries. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 43 URL-safe characters; anything else is no token of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const emailKey = (email: string) => email.trim().toLowerCase();

/** A new token for the search, stored hashed; the token itself goes into an email only. */
export async function issueToken(db: Db, searchId: string, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = newToken();
  await db.query('INSERT INTO saved_search_tokens (hash, search_id, purpose, created_at) VALUES ($1, $2, $3, $4)', [
    tokenHash(token),
    searchId,
    purpose,
    now.toISOString(),
  ]);
  return token;
}

export interface SaveOutcome {
  search: SavedSearchRow;
  /** Whether the search was already confirmed (then no confirmation is sent again). */
  alreadyConfirmed: boolean;
}

/**
 * Saves the search, or finds the same one (same site, address, search): one person's search is
 * stored once. Saving again is the shopper's activity: the retention counts from it.
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
       SET last_activity_at = EXCLUDED.last_activity_at, page_path = EXCLUDED.page_path, link_origin = EXCLUDED.link_origin,
           consent = COALESCE(EXCLUDED.consent, saved_searches.consent)
     RETURNING id::text, site_slug, email, email_key, query, filters, page_path, link_origin, created_at::text,
       confirmed_at::text, last_alert_at::text`,
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
  return { search, alreadyConfirmed: search.confirmed_at !== null };
}

/** The search a token of `purpose` belongs to, if it is still there (and, for a confirmation, not expired). */
export async function searchOfToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<SavedSearchRow | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const { rows } = await db.query<SavedSearchRow>(
    `SELECT s.id::text, s.site_slug, s.email, s.email_key, s.query, s.filters, s.page_path, s.link_origin, s.created_at::text,
       s.confirmed_at::text, s.last_alert_at::text
     FROM saved_search_tokens t JOIN saved_searches s ON s.id = t.search_id
     WHERE t.hash = $1 AND t.purpose = $2 AND ($2 <> 'confirm' OR t.created_at > $3::timestamptz)`,
    [tokenHash(token), purpose, new Date(now.getTime() - UNCONFIRMED_DAYS * DAY_MS).toISOString()],
  );
  return rows[0];
}

/** Confirms the search (once; a second click changes nothing). */
export async function confirmSearch(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE saved_searches SET confirmed_at = COALESCE(confirmed_at, $2), last_activity_at = $2 WHERE id = $1`,
    [id, now.toISOString()],
  );
}

/** Deletes the search with its tokens and known cars: an unsubscribed search is kept nowhere. */
export async function deleteSearch(db: Db, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM saved_searches WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
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
