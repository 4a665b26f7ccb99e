/**
 * Reservations in the database (migration 0012). Every change is one statement guarded by the
 * row's current state, and the partial unique index `reservations_one_live` keeps at most one held
 * or reserved row per car, so two shoppers racing for one car get exactly one hold between them.
 */
import type { Db } from '../core/deps.ts';
import {
  HOLDS_PER_CLIENT_MESSAGE,
  HOLDS_PER_DEALER_MESSAGE,
  STARTS_PER_DAY_MESSAGE,
  type HoldLimits,
  type HoldRefusal,
  type HolderKeys,
} from './limits.ts';

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
  /** Hashes of who holds it (limits.ts); null on reservations made before they were counted. */
  client_key: string | null;
  email_key: string | null;
  phone_key: string | null;
  /** SHA-256 of the secret of the checkout's Cancel link (it goes to the payment provider, the key never does). */
  cancel_hash: string | null;
  /** The dealer's IANA time zone when it was made: times shown to people are in it. */
  time_zone: string | null;
  /** What the provider says was paid (minor unit, lower-case ISO 4217). */
  paid_amount: number | null;
  paid_currency: string | null;
  refunded_at: Date | null;
}

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

/** Grace for a hold whose checkout was never attached (the provider's create failed or the API died). */
export const ATTACH_GRACE_MS = 3 * 60_000;

/** PostgreSQL's unique_violation: another live reservation of the car won the race. */
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/**
 * Ends what is due at `now`: holds whose checkout has expired (or was never attached, after
 * ATTACH_GRACE_MS), and reservations whose hold has ended. A hold that ends is released whatever
 * the stock says: a reservation is `sold` only when the dealer confirms that shopper's sale.
 * `site` and `carIds` narrow it.
 */
export async function releaseDue(
  db: Db,
  now: Date,
  where: { site?: string; carIds?: string[] } = {},
): Promise<ReservationRow[]> {
  const { rows } = await db.query<ReservationRow>(
    `UPDATE reservations r SET status = 'released',
        released_reason = CASE WHEN r.status = 'reserved' THEN 'hold-ended'
                               WHEN r.checkout_id IS NULL THEN 'checkout-failed' ELSE 'checkout-expired' END,
        updated_at = $1
      WHERE ((r.status = 'held' AND (r.checkout_expires_at <= $1
                OR (r.checkout_id IS NULL AND r.created_at <= $1::timestamptz - make_interval(secs => $4))))
             OR (r.status = 'reserved' AND r.hold_until <= $1))
        AND ($2::text IS NULL OR r.site_slug = $2)
        AND ($3::text[] IS NULL OR r.car_id = ANY($3::text[]))
      RETURNING r.*`,
    [now, where.site ?? null, where.carIds ?? null, ATTACH_GRACE_MS / 1000],
  );
  return rows;
}

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

/**
 * A sold reservation whose car the stock system has not listed for sale since the sale (SQL on
 * `r`, a reservations row): once a feed lists the car for sale again, the stock wins. A car's
 * first feed (a dealer's first import after the sale) lists what the stock system had all along,
 * and relists nothing: only a return to sale after the car was first seen counts.
 */
const SOLD_NOT_RELISTED = `r.status = 'sold' AND NOT EXISTS (
    SELECT 1 FROM stock_cars s WHERE s.site_slug = r.site_slug AND s.car->>'id' = r.car_id
      AND s.listed_since IS NOT NULL AND s.listed_since > r.updated_at AND s.listed_since > s.first_seen)`;

/**
 * The reservation state of each of `carIds` that has one now: "held" (checkout open), "reserved"
 * (paid, hold running) or "sold" (the dealer confirmed that shopper's sale, and the stock system
 * has not listed the car for sale since).
 */
export async function liveReservations(
  db: Db,
  site: string,
  carIds: string[],
  now: Date,
): Promise<Map<string, 'held' | 'reserved' | 'sold'>> {
  if (!carIds.length) return new Map();
  const { rows } = await db.query<{ car_id: string; status: 'held' | 'reserved' | 'sold' }>(
    `SELECT DISTINCT ON (r.car_id) r.car_id, r.status FROM reservations r
      WHERE r.site_slug = $1 AND r.car_id = ANY($2::text[])
        AND ((r.status = 'held' AND r.checkout_expires_at > $3) OR (r.status = 'reserved' AND r.hold_until > $3)
             OR (${SOLD_NOT_RELISTED}))
      ORDER BY r.car_id, r.updated_at DESC`,
    [site, carIds, now],
  );
  return new Map(rows.map((r) => [r.car_id, r.status]));
}

/**
 * The dealer's word on a reservation: `sold` confirms the sale of a reserved car (the hold no
 * longer ends); `release` frees a reserved car at once, or puts a car sold through a reservation
 * back on sale (the sale fell through). Answers the row changed, if any.
 */
export async function settleReservation(
  db: Db,
  site: string,
  carId: string,
  outcome: 'sold' | 'release',
  now: Date,
): Promise<ReservationRow | undefined> {
  const from = outcome === 'sold' ? ['reserved'] : ['reserved', 'sold'];
  const { rows } = await db.query<ReservationRow>(
    `UPDATE reservations SET status = $3, released_reason = CASE WHEN $3 = 'released' THEN 'dealer' ELSE NULL END,
        updated_at = $4
      WHERE id = (SELECT id FROM reservations WHERE site_slug = $1 AND car_id = $2 AND status = ANY($5::text[])
                   ORDER BY updated_at DESC LIMIT 1)
      RETURNING *`,
    [site, carId, outcome === 'sold' ? 'sold' : 'released', now, from],
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
