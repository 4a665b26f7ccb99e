/**
 * Reservations in the database (migration 0012). Every change is one statement guarded by the
 * row's current state, and the partial unique index `reservations_one_live` keeps at most one held
 * or reserved row per car, so two shoppers racing for one car get exactly one hold between them.
 */
import type { Db } from '../../../api/core/deps.ts';
import { releaseDue, type ReservationContact, type ReservationRow } from './rows.ts';
import {
  HOLDS_PER_CLIENT_MESSAGE,
  HOLDS_PER_DEALER_MESSAGE,
  STARTS_PER_DAY_MESSAGE,
  type HoldLimits,
  type HoldRefusal,
  type HolderKeys,
} from './limits.ts';

export interface NewHold {
  id: string;
  site: string;
  carId: string;
  amount: number;
  currency: string;
  contact: ReservationContact;
  keyHash: string;
  cancelHash: string;
  keys: HolderKeys;
  timeZone: string;
  checkoutExpiresAt: Date;
  now: Date;
}

/** PostgreSQL's unique_violation: another live reservation of the car won the race. */
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export type HoldOutcome =
  | { ok: true; replaced?: ReservationRow }
  | { ok: false; taken: true }
  | { ok: false; taken: false; refusal: HoldRefusal };

const retryAfter = (until: Date | string | null | undefined, now: Date) =>
  Math.max(1, Math.ceil(((until ? new Date(until).getTime() : now.getTime() + 60_000) - now.getTime()) / 1000));

/**
 * Holds the car for a new checkout, inside one transaction under the dealer's lock, so racing
 * requests are counted one after another (limits.ts): refused when another shopper holds or has
 * reserved the car, or when the holder is over a limit. The same shopper (same inbox) starting
 * again for a car they hold unpaid replaces their own hold: the replaced row is answered, for its
 * checkout to be closed.
 */
export async function startHold(db: Db, h: NewHold, limits: HoldLimits): Promise<HoldOutcome> {
  return db.transaction(async (tx): Promise<HoldOutcome> => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('reservations:' || $1))`, [h.site]);
    await releaseDue(tx, h.now, { site: h.site });
    const { rows: live } = await tx.query<ReservationRow>(
      `SELECT * FROM reservations WHERE site_slug = $1 AND car_id = $2 AND status IN ('held', 'reserved')`,
      [h.site, h.carId],
    );
    let replaced: ReservationRow | undefined;
    const mine = live[0];
    if (mine) {
      if (mine.status !== 'held' || mine.email_key !== h.keys.email) return { ok: false, taken: true };
      await tx.query(
        `UPDATE reservations SET status = 'released', released_reason = 'restarted', updated_at = $2 WHERE id = $1`,
        [mine.id, h.now],
      );
      replaced = mine;
    }
    const dayAgo = new Date(h.now.getTime() - 86_400_000);
    const { rows } = await tx.query<{
      dealer: number;
      client: number;
      contact: number;
      starts: number;
      dealer_free: Date | null;
      client_free: Date | null;
      contact_free: Date | null;
      starts_free: Date | null;
    }>(
      `SELECT count(*) FILTER (WHERE status = 'held')::int AS dealer,
          count(*) FILTER (WHERE status = 'held' AND client_key = $2)::int AS client,
          count(*) FILTER (WHERE status = 'held' AND (email_key = $3 OR phone_key = $4))::int AS contact,
          count(*) FILTER (WHERE client_key = $2 AND created_at > $5 AND payment_id IS NULL)::int AS starts,
          min(checkout_expires_at) FILTER (WHERE status = 'held') AS dealer_free,
          min(checkout_expires_at) FILTER (WHERE status = 'held' AND client_key = $2) AS client_free,
          min(checkout_expires_at) FILTER (WHERE status = 'held' AND (email_key = $3 OR phone_key = $4)) AS contact_free,
          min(created_at) FILTER (WHERE client_key = $2 AND created_at > $5 AND payment_id IS NULL) AS starts_free
        FROM reservations
        WHERE site_slug = $1 AND (status = 'held' OR (created_at > $5 AND client_key = $2))`,
      [h.site, h.keys.client, h.keys.email, h.keys.phone, dayAgo],
    );
    const c = rows[0]!;
    const refuse = (message: string, until: Date | null): HoldOutcome => ({
      ok: false,
      taken: false,
      refusal: { status: 429, message, retryAfterSeconds: retryAfter(until, h.now) },
    });
    if (h.keys.client && c.starts >= limits.startsPerIpPerDay)
      return refuse(STARTS_PER_DAY_MESSAGE, c.starts_free && new Date(new Date(c.starts_free).getTime() + 86_400_000));
    if (h.keys.client && c.client >= limits.perIp) return refuse(HOLDS_PER_CLIENT_MESSAGE, c.client_free);
    if (c.contact >= limits.perContact) return refuse(HOLDS_PER_CLIENT_MESSAGE, c.contact_free);
    if (c.dealer >= limits.perDealer) return refuse(HOLDS_PER_DEALER_MESSAGE, c.dealer_free);
    // One car, one live reservation: the unique index answers a paid checkout that won the car
    // back meanwhile (markPaid runs outside this lock).
    const inserted = await tx.query(
      `INSERT INTO reservations (id, site_slug, car_id, status, amount, currency, contact, key_hash, cancel_hash,
          client_key, email_key, phone_key, time_zone, checkout_expires_at, created_at, updated_at)
        VALUES ($1, $2, $3, 'held', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
        ON CONFLICT (site_slug, car_id) WHERE status IN ('held', 'reserved') DO NOTHING
        RETURNING id`,
      [
        h.id,
        h.site,
        h.carId,
        h.amount,
        h.currency,
        JSON.stringify(h.contact),
        h.keyHash,
        h.cancelHash,
        h.keys.client,
        h.keys.email,
        h.keys.phone,
        h.timeZone,
        h.checkoutExpiresAt,
        h.now,
      ],
    );
    if (inserted.rows.length !== 1) return { ok: false, taken: true };
    return replaced ? { ok: true, replaced } : { ok: true };
  });
}

export async function attachCheckout(db: Db, id: string, checkoutId: string, now: Date): Promise<void> {
  await db.query('UPDATE reservations SET checkout_id = $2, updated_at = $3 WHERE id = $1 AND checkout_id IS NULL', [
    id,
    checkoutId,
    now,
  ]);
}

export async function reservationById(db: Db, id: string): Promise<ReservationRow | undefined> {
  const { rows } = await db.query<ReservationRow>('SELECT * FROM reservations WHERE id = $1', [id]);
  return rows[0];
}

export async function reservationByCheckout(db: Db, checkoutId: string): Promise<ReservationRow | undefined> {
  const { rows } = await db.query<ReservationRow>('SELECT * FROM reservations WHERE checkout_id = $1', [checkoutId]);
  return rows[0];
}

/** A held (or not yet live) reservation ends without payment: cancelled, expired or failed to start. */
export async function releaseHold(db: Db, id: string, reason: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE reservations SET status = 'released', released_reason = $2, updated_at = $3
      WHERE id = $1 AND status = 'held' RETURNING id`,
    [id, reason, now],
  );
  return rows.length === 1;
}

/**
 * The deposit of `checkoutId` is paid. A held reservation becomes reserved until `holdUntil`; one
 * already released (its checkout expired or was cancelled just before the payment landed) is
 * reserved again when no one else has the car since. Answers the row as it is now, and whether the
 * car is the shopper's: when it is not, the deposit must go back. Runs inside a transaction.
 */
export async function markPaid(
  db: Db,
  checkoutId: string,
  paymentId: string,
  holdUntil: Date,
  now: Date,
): Promise<{ row: ReservationRow; won: boolean } | undefined> {
  const before = await reservationByCheckout(db, checkoutId);
  if (!before) return undefined;
  if (before.status === 'reserved' || before.status === 'sold') return { row: before, won: true };
  if (before.status === 'refunded') return { row: before, won: false };
  // Another shopper's hold that has run out no longer stands in the way.
  await releaseDue(db, now, { site: before.site_slug, carIds: [before.car_id] });
  // A savepoint, so a lost race (the unique index) leaves the caller's transaction usable.
  await db.query('SAVEPOINT reserve_paid');
  try {
    const { rows } = await db.query<ReservationRow>(
      `UPDATE reservations r SET status = 'reserved', released_reason = NULL, payment_id = $2, hold_until = $3, updated_at = $4
        WHERE r.checkout_id = $1 AND r.status IN ('held', 'released')
          AND NOT EXISTS (SELECT 1 FROM reservations o WHERE o.site_slug = r.site_slug AND o.car_id = r.car_id
                            AND o.id <> r.id AND o.status IN ('held', 'reserved'))
        RETURNING r.*`,
      [checkoutId, paymentId, holdUntil, now],
    );
    await db.query('RELEASE SAVEPOINT reserve_paid');
    if (rows[0]) return { row: rows[0], won: true };
  } catch (e) {
    await db.query('ROLLBACK TO SAVEPOINT reserve_paid');
    if (!isUniqueViolation(e)) throw e;
  }
  const { rows } = await db.query<ReservationRow>(
    `UPDATE reservations SET payment_id = $2, updated_at = $3 WHERE checkout_id = $1 RETURNING *`,
    [checkoutId, paymentId, now],
  );
  return { row: rows[0]!, won: false };
}

/** Why a deposit went back (released_reason of a refunded reservation). */
export type RefundReason = 'car-taken' | 'car-sold' | 'car-withdrawn' | 'amount-mismatch' | 'dealer';

/** The deposit went back: the row is refunded, with the refund's id and why. */
export async function markRefunded(
  db: Db,
  id: string,
  refund: { refundId: string; reason: RefundReason; paymentId?: string },
  now: Date,
): Promise<ReservationRow> {
  const { rows } = await db.query<ReservationRow>(
    `UPDATE reservations SET status = 'refunded', released_reason = $3, refund_id = $2, refunded_at = $4,
        payment_id = coalesce($5, payment_id), updated_at = $4
      WHERE id = $1 RETURNING *`,
    [id, refund.refundId, refund.reason, now, refund.paymentId ?? null],
  );
  return rows[0]!;
}

/** What the provider says was paid for the reservation, recorded beside what it asked for. */
export async function recordPaid(db: Db, id: string, amount: number, currency: string, now: Date): Promise<void> {
  await db.query('UPDATE reservations SET paid_amount = $2, paid_currency = $3, updated_at = $4 WHERE id = $1', [
    id,
    amount,
    currency.toLowerCase(),
    now,
  ]);
}

export async function setLead(db: Db, id: string, leadId: string): Promise<void> {
  await db.query('UPDATE reservations SET lead_id = $2 WHERE id = $1', [id, leadId]);
}

/** Records a payment notification; false when it was acted on before (a replay). */
export async function firstTimeEvent(db: Db, eventId: string, type: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    'INSERT INTO payment_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
    [eventId, type, now],
  );
  return rows.length === 1;
}
