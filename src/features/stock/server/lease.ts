/**
 * A dealer's import lease (table stock_import_leases, migration 0016): held while an import
 * reads, plans and writes the dealer's stock, so two imports of one dealer never interleave,
 * on one process or several sharing a PostgreSQL server. It expires LEASE_SECONDS after it was
 * last renewed: an import that crashed holds up the next one that long at most. Every write of
 * the holder renews it in the write's own transaction, and a write whose lease was lost (it
 * expired and another import took it) fails, so the late import changes nothing more.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';

/** How long a lease lasts after it was taken or last renewed. */
export const LEASE_SECONDS = 60;
/** How long an import waits for another import of the same dealer to finish. */
export const LEASE_WAIT_MS = 3 * 60_000;

export interface Lease {
  /** Extends the lease, in the transaction `tx` of a write; throws when it was lost. */
  renew(tx: Db): Promise<void>;
  release(): Promise<void>;
}

const TAKE = `INSERT INTO stock_import_leases (site_slug, holder, expires_at)
    VALUES ($1, $2, now() + make_interval(secs => $3))
  ON CONFLICT (site_slug) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
    WHERE stock_import_leases.expires_at < now()
  RETURNING holder`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Takes `site`'s import lease, waiting (up to LEASE_WAIT_MS) while another import holds it. */
export async function takeLease(db: Db, site: string, waitMs = LEASE_WAIT_MS): Promise<Lease> {
  const holder = randomUUID();
  const deadline = Date.now() + waitMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 500)) {
    const { rows } = await db.query(TAKE, [site, holder, LEASE_SECONDS]);
    if (rows.length) break;
    if (Date.now() > deadline)
      throw new ApiError(
        503,
        `Another stock import of ${site} has been running for more than ${Math.round(waitMs / 1000)} s; send this feed again once it has finished.`,
      );
    await sleep(pause);
  }
  return {
    async renew(tx) {
      const { rows } = await tx.query(
        `UPDATE stock_import_leases SET expires_at = now() + make_interval(secs => $3)
          WHERE site_slug = $1 AND holder = $2 RETURNING 1`,
        [site, holder, LEASE_SECONDS],
      );
      if (!rows.length)
        throw new Error(
          `The stock import of ${site} stopped: it paused for more than ${LEASE_SECONDS} s and another import took over. Nothing more of this feed was applied.`,
        );
    },
    async release() {
      await db.query('DELETE FROM stock_import_leases WHERE site_slug = $1 AND holder = $2', [site, holder]);
    },
  };
}
