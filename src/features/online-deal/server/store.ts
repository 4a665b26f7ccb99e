/**
 * Deals in the database (migration 0022). A deal is found by its token's hash only; every change
 * is one statement guarded by the deal's state and bumps its version, so two tabs racing on one
 * deal never both send it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../api/core/deps.ts';
import type { DealStatus } from '../contract/deal.ts';
import type { DealParts } from './parts.ts';

export interface DealRow {
  id: string;
  site_slug: string;
  car_id: string;
  token_hash: string;
  status: DealStatus;
  parts: DealParts;
  lead_id: string | null;
  reservation_id: string | null;
  completed_by: 'deposit' | 'dealer' | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  submitted_at: Date | null;
  closed_at: Date | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new deal's id and the shopper's token (192 random bits; only its hash is stored). */
export function newDealIds(): { id: string; token: string } {
  return { id: `deal_${randomBytes(12).toString('hex')}`, token: randomBytes(24).toString('base64url') };
}

export async function insertDeal(
  db: Db,
  d: { id: string; site: string; carId: string; token: string; now: Date },
): Promise<DealRow> {
  const { rows } = await db.query<DealRow>(
    `INSERT INTO deals (id, site_slug, car_id, token_hash, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $5) RETURNING *`,
    [d.id, d.site, d.carId, hashToken(d.token), d.now],
  );
  return rows[0]!;
}

/** The deal of `token` on `site`, or undefined (another site's deal is not found either). */
export async function dealByToken(db: Db, site: string, token: string): Promise<DealRow | undefined> {
  const hash = hashToken(token);
  const { rows } = await db.query<DealRow>('SELECT * FROM deals WHERE token_hash = $1 AND site_slug = $2', [
    hash,
    site,
  ]);
  const row = rows[0];
  // The index found it by equality; compared again in constant time all the same.
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex'))) return undefined;
  return row;
}

export async function dealByReservation(db: Db, reservationId: string): Promise<DealRow | undefined> {
  const { rows } = await db.query<DealRow>('SELECT * FROM deals WHERE reservation_id = $1', [reservationId]);
  return rows[0];
}

/**
 * Saves the deal's parts (and its new state) if it is still at `version` and open; undefined when
 * another save won meanwhile or the deal is closed.
 */
export async function saveDeal(
  db: Db,
  row: Pick<DealRow, 'id' | 'version'>,
  change: { parts: DealParts; status: DealStatus; leadId?: string; submitted?: boolean; now: Date },
): Promise<DealRow | undefined> {
  const { rows } = await db.query<DealRow>(
    `UPDATE deals SET parts = $3, status = $4, lead_id = COALESCE($5, lead_id),
        submitted_at = CASE WHEN $6 THEN $7 ELSE submitted_at END, version = version + 1, updated_at = $7
      WHERE id = $1 AND version = $2 AND status IN ('draft', 'submitted') RETURNING *`,
    [
      row.id,
      row.version,
      JSON.stringify(change.parts),
      change.status,
      change.leadId ?? null,
      !!change.submitted,
      change.now,
    ],
  );
  return rows[0];
}

/** Closes an open deal: cancelled by the shopper, or completed (deposit paid, or the dealer). */
export async function closeDeal(
  db: Db,
  id: string,
  status: 'cancelled' | 'completed',
  now: Date,
  by?: 'deposit' | 'dealer',
): Promise<DealRow | undefined> {
  const { rows } = await db.query<DealRow>(
    `UPDATE deals SET status = $2, completed_by = $3, closed_at = $4, updated_at = $4, version = version + 1
      WHERE id = $1 AND status IN ('draft', 'submitted') RETURNING *`,
    [id, status, by ?? null, now],
  );
  return rows[0];
}

export async function attachReservation(db: Db, id: string, reservationId: string, now: Date): Promise<void> {
  await db.query('UPDATE deals SET reservation_id = $2, updated_at = $3 WHERE id = $1', [id, reservationId, now]);
}

export async function dealById(db: Db, id: string): Promise<DealRow | undefined> {
  const { rows } = await db.query<DealRow>('SELECT * FROM deals WHERE id = $1', [id]);
  return rows[0];
}

/** A dealer's deals, the latest changed first; `statuses` narrows them (every state when absent). */
export async function dealsOfSite(db: Db, site: string, statuses?: DealStatus[]): Promise<DealRow[]> {
  const { rows } = await db.query<DealRow>(
    `SELECT * FROM deals WHERE site_slug = $1 AND ($2::text[] IS NULL OR status = ANY($2::text[]))
      ORDER BY updated_at DESC, id`,
    [site, statuses ?? null],
  );
  return rows;
}

/** The webhook events queued for a deal (rows of the leads outbox), oldest first. */
export async function dealEvents(
  db: Db,
  id: string,
): Promise<{ id: string; event: string; status: string; attempts: number; created_at: Date }[]> {
  const { rows } = await db.query<{ id: string; event: string; status: string; attempts: number; created_at: Date }>(
    `SELECT id, payload->>'event' AS event, status, attempts, created_at FROM outbox
      WHERE destination = 'deal-webhook' AND payload->'deal'->>'id' = $1
      ORDER BY created_at, (payload->'deal'->>'version')::int`,
    [id],
  );
  return rows;
}
