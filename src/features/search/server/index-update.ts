/**
 * Changes a few cars of a site's search index, for a stock import: the cost grows with the cars
 * given, not with the yard. Each car given replaces its rows (or leaves the index, when it is
 * not listed: sold or hidden), in the caller's transaction, so a search sees the index before
 * the update or after it. The rows are those the whole-site index (index-content.ts) writes:
 * same sort keys, same position, codes from the same lists. What the update does not undo:
 * a typo word or slot value no car has any more stays until the next whole-site index; a stale
 * typo word only lets a misspelt query find nothing, and a stale value is counted by no facet.
 */
import type { Car } from '../../../content/entities.ts';
import type { Db } from '../../../api/core/deps.ts';
import { grownSlotValues, insertRows, lockSiteIndex, type PlacedRow } from './index-rows.ts';
import { carRow, type SlotValues } from './schema.ts';

/** A car and its place in the site's listing (its stock position). */
export interface PlacedCar {
  car: Car;
  position: number;
}

export interface IndexChange {
  /** Cars as they now are: listed ones are (re)written, the others leave the index. */
  cars: PlacedCar[];
  /** Ids of cars that leave the index whatever they were. */
  remove?: string[];
}

/**
 * Marks a site's index as changed since it was last indexed whole: the next whole-site index
 * (API start, npm run index) rewrites it, and drops what the updates left behind.
 */
const UPDATED = 'updated';

/**
 * Whether `site` has an index to update: false before its first whole-site index (or after a
 * migration forgot them all), when only a whole-site index can give it its offers and cars.
 */
export async function hasSiteIndex(db: Db, site: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM search_sources WHERE site_slug = $1', [site]);
  return rows.length > 0;
}

/** Applies `change` to `site`'s car records; the site must have an index (hasSiteIndex). */
export async function updateDealerIndex(tx: Db, site: string, change: IndexChange): Promise<void> {
  await lockSiteIndex(tx, site);
  const {
    rows: [source],
  } = await tx.query<{ values: SlotValues | null }>(
    `SELECT slot_values -> 'car' AS values FROM search_sources WHERE site_slug = $1`,
    [site],
  );
  if (!source) throw new Error(`The search index of ${site} has not been built: index it whole first.`);
  const ids = new Set(change.remove ?? []);
  const rows = new Map<string, PlacedRow>();
  for (const { car, position } of change.cars) {
    ids.add(String(car.id));
    const row = carRow(car);
    // The first of an id given twice stands, as in a whole-site index.
    if (row && !rows.has(row.object_id)) rows.set(row.object_id, { row, position });
  }
  if (!ids.size) return;
  const gone = [...ids];
  const {
    rows: [deleted],
  } = await tx.query<{ n: number }>(
    `WITH d AS (DELETE FROM search_records WHERE site_slug = $1 AND kind = 'car' AND object_id = ANY($2::text[]) RETURNING 1)
      SELECT count(*)::int AS n FROM d`,
    [site, gone],
  );
  await tx.query(`DELETE FROM search_hits WHERE site_slug = $1 AND kind = 'car' AND object_id = ANY($2::text[])`, [
    site,
    gone,
  ]);
  const placed = [...rows.values()];
  const before = source.values ?? {};
  const values = grownSlotValues(
    before,
    placed.map((r) => r.row),
  );
  await insertRows(tx, site, 'car', placed, values);
  await tx.query(
    `UPDATE search_sources SET content_hash = $2, cars = cars - $3 + $4, indexed_at = now(),
        slot_values = CASE WHEN $5::jsonb IS NULL THEN slot_values ELSE jsonb_set(slot_values, '{car}', $5::jsonb) END
      WHERE site_slug = $1`,
    [site, UPDATED, deleted?.n ?? 0, placed.length, values === before ? null : JSON.stringify(values)],
  );
}
