/**
 * The reservation rows that other features read and change: a car's live reservation (stock
 * status), a dealer's settle and list commands (npm run reservations, the local admin), and the
 * privacy work of the lead routes (erasing a person's contacts, deleting ended reservations).
 * Shared by the reservations, stock and leads features so none of them imports another's store.
 */
import type { ReservationStatus } from '../contract/reservations.ts';
import type { Db } from '../../../api/core/deps.ts';

export type { ReservationStatus } from '../contract/reservations.ts';

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

/**
 * A sold reservation whose car the stock system has not listed for sale since the sale (SQL on
 * `r`, a reservations row): once a feed lists the car for sale again, the stock wins. A car's
 * first feed (a dealer's first import after the sale) lists what the stock system had all along,
 * and relists nothing: only a return to sale after the car was first seen counts.
 */
const SOLD_NOT_RELISTED = `r.status = 'sold' AND NOT EXISTS (
    SELECT 1 FROM stock_cars s WHERE s.site_slug = r.site_slug AND s.car->>'id' = r.car_id
      AND s.listed_since IS NOT NULL AND s.listed_since > r.updated_at AND s.listed_since > s.first_seen)`;

/** Grace for a hold whose checkout was never attached (the provider's create failed or the API died). */
export const ATTACH_GRACE_MS = 3 * 60_000;

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
