/**
 * What an import writes: the stock rows of the cars a feed changes, with their search records,
 * and the import's own record in stock_imports (which a feed_id is checked against).
 */
import type { Db } from '../../../api/core/deps.ts';
import { updateDealerIndex } from '../../search/server/index-update.ts';
import type { Write } from './plan.ts';

/**
 * A car is listed for sale since the first feed that lists it so after it was not: new, or sold,
 * withdrawn or hidden before (migration 0017: a sale made through a reservation stands until then).
 */
const FOR_SALE = (row: string) =>
  `(${row}.withdrawn_at IS NULL AND coalesce(${row}.car->>'status', 'available') = 'available')`;
const UPSERT = `INSERT INTO stock_cars (site_slug, stock_number, car, position, first_seen, updated_at, withdrawn_at, listed_since)
  SELECT $1, x.stock_number, x.car, x.position, $2, $2, x.withdrawn_at,
    CASE WHEN x.withdrawn_at IS NULL AND coalesce(x.car->>'status', 'available') = 'available' THEN $2::timestamptz END
  FROM jsonb_to_recordset($3::jsonb) AS x(stock_number text, car jsonb, position integer, withdrawn_at timestamptz)
  ON CONFLICT (site_slug, stock_number) DO UPDATE
    SET car = EXCLUDED.car, position = EXCLUDED.position, updated_at = EXCLUDED.updated_at, withdrawn_at = EXCLUDED.withdrawn_at,
      listed_since = CASE WHEN NOT ${FOR_SALE('EXCLUDED')} THEN stock_cars.listed_since
                          WHEN ${FOR_SALE('stock_cars')} AND stock_cars.listed_since IS NOT NULL THEN stock_cars.listed_since
                          ELSE EXCLUDED.updated_at END`;

/** Writes `writes` to the dealer's stock and search records, and takes the `unlisted` snapshot cars out of search. */
export async function writeCars(tx: Db, slug: string, now: Date, writes: Write[], unlisted: string[]): Promise<void> {
  await tx.query(UPSERT, [slug, now.toISOString(), JSON.stringify(writes.map(({ reindex: _, ...w }) => w))]);
  await updateDealerIndex(tx, slug, {
    cars: writes.filter((w) => w.reindex).map((w) => ({ car: w.car, position: w.position })),
    remove: unlisted,
  });
}

/** An applied import as stock_imports keeps it. */
export interface ImportRecord {
  site: string;
  feedId?: string;
  mode: string;
  /** 'cli' or 'push'. */
  source: string;
  added: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  skipped: number;
  appliedAt: Date;
  /** Cars the dealer listed before and after it (the wipe guard's memory). */
  listedBefore: number;
  listedAfter: number;
  forced: boolean;
}

/** Records an applied import, in the transaction of its last write. */
export async function recordImport(tx: Db, r: ImportRecord): Promise<void> {
  await tx.query(
    `INSERT INTO stock_imports (site_slug, feed_id, mode, source, added, updated, unchanged, withdrawn, skipped, applied_at,
        listed_before, listed_after, forced)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      r.site,
      r.feedId ?? null,
      r.mode,
      r.source,
      r.added,
      r.updated,
      r.unchanged,
      r.withdrawn,
      r.skipped,
      r.appliedAt.toISOString(),
      r.listedBefore,
      r.listedAfter,
      r.forced,
    ],
  );
}
