/**
 * Signed stock pushes are taken once: each accepted signature is kept in stock_push_signatures
 * (migration 0014) until its timestamp leaves the signing window, and the same one again in that
 * time is refused. A feed's feed_id is a separate, longer guard (import.ts); this one stops a
 * captured delta being sent again to put an old price back.
 */
import type { Db } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { MAX_SKEW_S, SIGNATURE_HEADER, type SignedHeaders } from './signature.ts';

/**
 * Records `signed` as received for `slug` at `now`, or throws 409 when it already was. Rows past
 * their window are deleted on the way. The insert is the check, so two instances receiving the
 * same request at once take it once between them.
 */
export async function recordPush(db: Db, slug: string, signed: SignedHeaders, now: Date): Promise<void> {
  await db.query('DELETE FROM stock_push_signatures WHERE expires_at < $1::timestamptz', [now.toISOString()]);
  // The timestamp is accepted until MAX_SKEW_S after it, whatever the clock said on arrival.
  const expires = new Date((Number(signed.timestamp) + MAX_SKEW_S) * 1000);
  const { rows } = await db.query(
    `INSERT INTO stock_push_signatures (site_slug, signature, received_at, expires_at)
     VALUES ($1, $2, $3::timestamptz, $4::timestamptz)
     ON CONFLICT (site_slug, signature) DO NOTHING
     RETURNING signature`,
    [slug, signed.signature, now.toISOString(), expires.toISOString()],
  );
  if (!rows.length)
    throw new ApiError(
      409,
      `This push was already received: a signed request is taken once. Sign each push when it is sent (a new ${SIGNATURE_HEADER} for each).`,
    );
}

/** Forgets `signed`, so the stock system may send the same request again after a failure of ours. */
export async function forgetPush(db: Db, slug: string, signed: SignedHeaders): Promise<void> {
  await db.query('DELETE FROM stock_push_signatures WHERE site_slug = $1 AND signature = $2', [slug, signed.signature]);
}
