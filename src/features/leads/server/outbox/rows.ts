/**
 * The outbox table as the worker (deliver.ts) uses it: claiming due rows for its free send
 * slots, reading the leads they carry, recording each attempt with its deliveries row, and
 * putting off the due rows of a destination that did not answer.
 */
import type { Db, Destination } from '../../../../api/core/deps.ts';
import type { LeadRow } from '../store.ts';
import type { LeadPayload } from './payload.ts';

export interface OutboxRow {
  id: string;
  lead_id: string;
  site_slug: string;
  /** A lead's destination, or "deal-webhook": an online-deal event (src/features/online-deal/server/events.ts). */
  destination: Destination['kind'] | 'deal-webhook';
  target: string;
  payload: LeadPayload | null;
  attempts: number;
}

/**
 * Claims due rows for free slots. $1 now, $2 the lease's end, $3 free slots in all, $4 slots per
 * destination; $5-$7 the destinations with sends in flight (site, kind, how many), whose rows
 * take only the slots they have left. `place` is a row's turn in its destination, counting the
 * sends in flight; ordering by it shares the slots fairly. The outer conditions are checked again
 * on the locked row, so a row another worker claimed meanwhile is not taken twice.
 */
const CLAIM = `
WITH busy AS (
  SELECT * FROM unnest($5::text[], $6::text[], $7::int[]) AS b (site_slug, destination, taken)
),
ranked AS (
  SELECT o.id, o.next_attempt_at, COALESCE(b.taken, 0)
    + row_number() OVER (PARTITION BY o.site_slug, o.destination ORDER BY o.next_attempt_at, o.id) AS place
  FROM outbox o LEFT JOIN busy b ON b.site_slug = o.site_slug AND b.destination = o.destination
  WHERE o.status = 'pending' AND o.next_attempt_at <= $1::timestamptz
),
due AS (
  SELECT o.id FROM outbox o JOIN ranked r ON r.id = o.id
  WHERE r.place <= $4 AND o.status = 'pending' AND o.next_attempt_at <= $1::timestamptz
  ORDER BY r.place, r.next_attempt_at, o.id
  LIMIT $3
  FOR UPDATE OF o SKIP LOCKED
)
UPDATE outbox o SET attempts = o.attempts + 1, next_attempt_at = $2::timestamptz, updated_at = $1::timestamptz
FROM due WHERE o.id = due.id
RETURNING o.id, o.lead_id, o.site_slug, o.destination, o.target, o.payload, o.attempts`;

/** Puts off one destination's due rows ($2 site, $3 kind) to $4 without an attempt; rows others hold are left. */
const DEFER = `
UPDATE outbox o SET next_attempt_at = $4::timestamptz, last_error = $5, updated_at = $1::timestamptz
FROM (
  SELECT id FROM outbox
  WHERE status = 'pending' AND site_slug = $2 AND destination = $3 AND next_attempt_at <= $1::timestamptz
  FOR UPDATE SKIP LOCKED
) d
WHERE o.id = d.id
RETURNING o.id`;

/** One claim's slots: how many in all, how many per destination, and those the busy destinations hold. */
export interface Slots {
  free: number;
  perDestination: number;
  /** Destinations with sends in flight or put off: site, kind, slots taken. */
  busy: [string, string, number][];
}

/** Claims the due rows the free slots take, leased until `leaseUntil`, and gives them. */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, slots: Slots): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(CLAIM, [
    now.toISOString(),
    leaseUntil.toISOString(),
    slots.free,
    slots.perDestination,
    slots.busy.map((b) => b[0]),
    slots.busy.map((b) => b[1]),
    slots.busy.map((b) => b[2]),
  ]);
  return rows;
}

/** The leads of `ids`, by id (no query when there are none). */
export async function leadsById(db: Db, ids: string[]): Promise<Map<string, LeadRow>> {
  const leads = new Map<string, LeadRow>();
  if (ids.length) {
    const found = await db.query<LeadRow>('SELECT * FROM leads WHERE id = ANY($1::uuid[])', [ids]);
    for (const lead of found.rows) leads.set(lead.id, lead);
  }
  return leads;
}

/** How one send went, as its attempt records it. */
export interface Attempt {
  /** The failure's reason (URLs without credentials); undefined when the destination has the lead. */
  error?: string;
  httpStatus?: number;
  ms: number;
  at: Date;
  /** When a failed row is tried again. */
  retryAt: Date;
  /** The failure was the row's last attempt: the row is failed for good. */
  final: boolean;
  target?: string;
  note?: string;
}

/** Records `attempt` of `row`: the row delivered, failed or due again, and its deliveries row, together. */
export async function recordAttempt(db: Db, row: OutboxRow, attempt: Attempt): Promise<void> {
  const { error, at } = attempt;
  await db.transaction(async (tx) => {
    if (error === undefined) {
      await tx.query(
        `UPDATE outbox SET status = 'delivered', delivered_at = $2::timestamptz, last_error = NULL, updated_at = $2::timestamptz WHERE id = $1`,
        [row.id, at.toISOString()],
      );
    } else {
      await tx.query(
        `UPDATE outbox SET status = $2, last_error = $3, next_attempt_at = $4::timestamptz, updated_at = $5::timestamptz WHERE id = $1`,
        [row.id, attempt.final ? 'failed' : 'pending', error, attempt.retryAt.toISOString(), at.toISOString()],
      );
    }
    await tx.query(
      `INSERT INTO deliveries (outbox_id, attempt, ok, http_status, error, duration_ms, at, target, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8, $9)`,
      [
        row.id,
        row.attempts,
        error === undefined,
        attempt.httpStatus ?? null,
        error ?? null,
        attempt.ms,
        at.toISOString(),
        attempt.target ?? null,
        attempt.note ?? null,
      ],
    );
  });
}

/**
 * Puts off the other due rows of `row`'s destination to `until` without an attempt, their
 * last_error saying why (`reason`, the failed send's); gives how many.
 */
export async function deferDue(
  db: Db,
  row: Pick<OutboxRow, 'site_slug' | 'destination'>,
  at: Date,
  until: Date,
  reason: string,
): Promise<number> {
  const { rows } = await db.query(DEFER, [
    at.toISOString(),
    row.site_slug,
    row.destination,
    until.toISOString(),
    `Not tried: the send before it to this destination failed (${reason}); put off to ${until.toISOString()}.`,
  ]);
  return rows.length;
}
