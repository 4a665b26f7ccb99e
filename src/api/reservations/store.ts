/**
 * Reservations in the database (migration 0012). Every change is one statement guarded by the
 * row's current state, and the partial unique index `reservations_one_live` keeps at most one held
 * or reserved row per car, so two shoppers racing for one car get exactly one hold between them.
 */
import type { Db } from '../deps.ts';

export type ReservationStatus = 'held' | 'reserved' | 'released' | 'refunded' | 'sold';

export interface ReservationContact {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

export interface ReservationRow {
  id: string;
  site_slug: string;
  car_id: string;
  status: ReservationStatus;
  released_reason: string | null;
  amount: number;
  currency: string;
  contact: ReservationContact;
  key_hash: string;
  checkout_id: string | null;
  checkout_expires_at: Date;
  payment_id: string | null;
  refund_id: string | null;
  hold_until: Date | null;
  lead_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewHold {
  id: string;
  site: string;
  carId: string;
  amount: number;
  currency: string;
  contact: ReservationContact;
  keyHash: string;
  checkoutExpiresAt: Date;
  now: Date;
}

/** PostgreSQL's unique_violation: another live reservation of the car won the race. */
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/**
 * Ends what is due at `now`: holds whose checkout has expired, and reservations whose hold has
 * ended (those of cars the stock now lists as sold become `sold`). `site` and `carId` narrow it.
 */
export async function releaseDue(
  db: Db,
  now: Date,
  where: { site?: string; carIds?: string[] } = {},
): Promise<ReservationRow[]> {
  const { rows } = await db.query<ReservationRow>(
    `UPDATE reservations r SET
        status = CASE WHEN r.status = 'reserved' AND EXISTS (
                   SELECT 1 FROM stock_cars s WHERE s.site_slug = r.site_slug AND s.car->>'id' = r.car_id
                     AND (s.withdrawn_at IS NOT NULL OR s.car->>'status' = 'sold'))
                 THEN 'sold' ELSE 'released' END,
        released_reason = CASE WHEN r.status = 'held' THEN 'checkout-expired' ELSE 'hold-ended' END,
        updated_at = $1
      WHERE ((r.status = 'held' AND r.checkout_expires_at <= $1) OR (r.status = 'reserved' AND r.hold_until <= $1))
        AND ($2::text IS NULL OR r.site_slug = $2)
        AND ($3::text[] IS NULL OR r.car_id = ANY($3::text[]))
      RETURNING r.*`,
    [now, where.site ?? null, where.carIds ?? null],
  );
  return rows;
}

/** Holds the car for a new checkout; false when another shopper holds or has reserved it. */
export async function startHold(db: Db, h: NewHold): Promise<boolean> {
  await releaseDue(db, h.now, { site: h.site, carIds: [h.carId] });
  try {
    const { rows } = await db.query(
      `INSERT INTO reservations (id, site_slug, car_id, status, amount, currency, contact, key_hash,
          checkout_expires_at, created_at, updated_at)
        VALUES ($1, $2, $3, 'held', $4, $5, $6, $7, $8, $9, $9)
        ON CONFLICT (site_slug, car_id) WHERE status IN ('held', 'reserved') DO NOTHING
        RETURNING id`,
      [h.id, h.site, h.carId, h.amount, h.currency, JSON.stringify(h.contact), h.keyHash, h.checkoutExpiresAt, h.now],
    );
    return rows.length === 1;
  } catch (e) {
    if (isUniqueViolation(e)) return false;
    throw e;
  }
}

export async function attachCheckout(db: Db, id: string, checkoutId: string, now: Date): Promise<void> {
  await db.query('UPDATE reservations SET checkout_id = $2, updated_at = $3 WHERE id = $1', [id, checkoutId, now]);
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

export async function markRefunded(db: Db, id: string, refundId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE reservations SET status = 'refunded', released_reason = 'car-taken', refund_id = $2, updated_at = $3 WHERE id = $1`,
    [id, refundId, now],
  );
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

/**
 * The reservation state of each of `carIds` that has one now: "held" (checkout open), "reserved"
 * (paid, hold running) or "sold" (the dealer confirmed the sale of a reserved car).
 */
export async function liveReservations(
  db: Db,
  site: string,
  carIds: string[],
  now: Date,
): Promise<Map<string, 'held' | 'reserved' | 'sold'>> {
  if (!carIds.length) return new Map();
  const { rows } = await db.query<{ car_id: string; status: 'held' | 'reserved' | 'sold' }>(
    `SELECT DISTINCT ON (car_id) car_id, status FROM reservations
      WHERE site_slug = $1 AND car_id = ANY($2::text[])
        AND ((status = 'held' AND checkout_expires_at > $3) OR (status = 'reserved' AND hold_until > $3) OR status = 'sold')
      ORDER BY car_id, updated_at DESC`,
    [site, carIds, now],
  );
  return new Map(rows.map((r) => [r.car_id, r.status]));
}

/** Every live reservation of a dealer (the search marks these cars). */
export async function reservedCarsOf(db: Db, site: string, now: Date): Promise<Map<string, 'held' | 'reserved'>> {
  const { rows } = await db.query<{ car_id: string; status: 'held' | 'reserved' }>(
    `SELECT car_id, status FROM reservations
      WHERE site_slug = $1
        AND ((status = 'held' AND checkout_expires_at > $2) OR (status = 'reserved' AND hold_until > $2))`,
    [site, now],
  );
  return new Map(rows.map((r) => [r.car_id, r.status]));
}

/**
 * The dealer's word on a reserved car: `sold` confirms the sale (the hold no longer ends),
 * `release` frees the car at once. Answers the row changed, if any.
 */
export async function settleReservation(
  db: Db,
  site: string,
  carId: string,
  outcome: 'sold' | 'release',
  now: Date,
): Promise<ReservationRow | undefined> {
  const { rows } = await db.query<ReservationRow>(
    `UPDATE reservations SET status = $3, released_reason = CASE WHEN $3 = 'released' THEN 'dealer' ELSE NULL END,
        updated_at = $4
      WHERE site_slug = $1 AND car_id = $2 AND status = 'reserved' RETURNING *`,
    [site, carId, outcome === 'sold' ? 'sold' : 'released', now],
  );
  return rows[0];
}

/**
 * The shopper's name, email and phone on every reservation of `email` at the site, removed (an
 * erase request). The payment's amount and references stay: they record money taken or refunded.
 */
export async function eraseReservationContacts(db: Db, site: string, email: string): Promise<number> {
  const { rows } = await db.query(
    `UPDATE reservations SET contact = '{}'::jsonb
      WHERE site_slug = $1 AND lower(contact->>'email') = lower($2) RETURNING id`,
    [site, email.trim()],
  );
  return rows.length;
}

/**
 * Reservations that ended (released, refunded or sold) and have not changed since the site's
 * retention cut-off are deleted, with the payment notifications as old: the lead that told the
 * dealer follows the lead rules itself.
 */
export async function purgeReservations(
  db: Db,
  options: { retentionCutoff: (slug: string) => Date; now: Date },
): Promise<number> {
  const { rows: sites } = await db.query<{ site_slug: string }>('SELECT DISTINCT site_slug FROM reservations');
  let deleted = 0;
  for (const { site_slug } of sites) {
    const { rows } = await db.query(
      `DELETE FROM reservations WHERE site_slug = $1 AND status IN ('released', 'refunded', 'sold') AND updated_at < $2
        RETURNING id`,
      [site_slug, options.retentionCutoff(site_slug)],
    );
    deleted += rows.length;
  }
  const oldest = sites.length
    ? new Date(Math.min(...sites.map((s) => options.retentionCutoff(s.site_slug).getTime())))
    : options.now;
  await db.query('DELETE FROM payment_events WHERE received_at < $1', [oldest]);
  return deleted;
}

/** A dealer's reservations that hold a car now or held one in the last 30 days, newest first. */
export async function listReservations(db: Db, site: string, now: Date): Promise<ReservationRow[]> {
  const { rows } = await db.query<ReservationRow>(
    `SELECT * FROM reservations WHERE site_slug = $1 AND (status IN ('held', 'reserved') OR updated_at > $2)
      ORDER BY created_at DESC`,
    [site, new Date(now.getTime() - 30 * 86_400_000)],
  );
  return rows;
}

/** Runs `outcome` for the dealer's car: a list of its reservations, or a settle (settleReservation). */
export async function reservationCommand(
  db: Db,
  site: string,
  command: { action: 'list' } | { action: 'sold' | 'release'; carId: string },
  now: Date,
): Promise<ReservationRow[]> {
  await releaseDue(db, now, { site });
  if (command.action === 'list') return listReservations(db, site, now);
  const row = await settleReservation(db, site, command.carId, command.action, now);
  return row ? [row] : [];
}
