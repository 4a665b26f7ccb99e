/**
 * Fills the search index from the dealers' content: each site's cars and offers replace its
 * previous records in one transaction, so a search sees the old index or the new one, never half.
 * Sold and hidden cars are not indexed; offers the site may not show (isOfferShown) neither.
 * Run when the API starts (startRuntime) and by `npm run index`: stock changes need no rebuild.
 * A site whose rows would be the same as those already written (same hash in search_sources) is
 * left alone, so an API start with unchanged stock costs one hash and one lookup per site.
 * A stock import changes only its cars' rows (index-update.ts), which writes rows exactly as this
 * would; the whole-site index also drops what those updates leave behind (typo words and slot
 * values no car has any more) and sorts the slot value lists afresh.
 */
import { createHash } from 'node:crypto';
import type { DealerContent } from '../../../content/load.ts';
import { isOfferShown } from '../../../domain/offers.ts';
import type { Db } from '../../../api/core/deps.ts';
import type { RecordKind } from '../rules/indexes.ts';
import { insertRows, lockSiteIndex, slotValues, type PlacedRow } from './index-rows.ts';
import { carRow, offerRow } from './schema.ts';

export { slotValues, typoWords } from './index-rows.ts';

export interface IndexReport {
  site: string;
  cars: number;
  offers: number;
  /** Sold or hidden cars and offers excluded from the site. */
  skipped: number;
  /** False when the site's records were already those of this content and were left as they were. */
  changed: boolean;
}

export interface IndexOptions {
  /** Rewrite every site's records even when they match the content. */
  force?: boolean;
}

/**
 * Each car's place in its dealer's listing, by car id: its stock position once the dealer imports
 * (src/features/stock/server/import.ts), so a whole-site index gives a car the position an import's update
 * gives it; none for a dealer without imported stock (a car's place is then its snapshot index).
 */
async function stockPositions(db: Db, site: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; position: number }>(
    `SELECT car->>'id' AS id, position FROM stock_cars WHERE site_slug = $1 AND withdrawn_at IS NULL`,
    [site],
  );
  return new Map(rows.map((r) => [r.id, r.position]));
}

/** A hash of exactly what would be written for a site. */
function contentHash(cars: PlacedRow[], offers: PlacedRow[]): string {
  return createHash('sha256')
    .update(JSON.stringify([cars, offers]))
    .digest('hex');
}

/** Replaces one site's records unless they already hold this content; the report counts what is searchable. */
export async function indexDealer(db: Db, dealer: DealerContent, options: IndexOptions = {}): Promise<IndexReport> {
  const positions = await stockPositions(db, dealer.slug);
  const cars = dealer.cars.flatMap((car, i): PlacedRow[] => {
    const row = carRow(car);
    return row ? [{ row, position: positions.get(row.object_id) ?? i }] : [];
  });
  const offers = dealer.offers
    .filter((o) => isOfferShown(o, dealer.site))
    .map((o, i): PlacedRow => ({ row: offerRow(o), position: i }));
  const skipped = dealer.cars.length + dealer.offers.length - cars.length - offers.length;
  const hash = contentHash(cars, offers);
  if (!options.force) {
    const {
      rows: [known],
    } = await db.query<{ content_hash: string; cars: number; offers: number }>(
      'SELECT content_hash, cars, offers FROM search_sources WHERE site_slug = $1',
      [dealer.slug],
    );
    if (known?.content_hash === hash)
      return { site: dealer.slug, cars: known.cars, offers: known.offers, skipped, changed: false };
  }
  return db.transaction(async (tx) => {
    await lockSiteIndex(tx, dealer.slug);
    await tx.query('DELETE FROM search_records WHERE site_slug = $1', [dealer.slug]);
    await tx.query('DELETE FROM search_hits WHERE site_slug = $1', [dealer.slug]);
    await tx.query('DELETE FROM search_words WHERE site_slug = $1', [dealer.slug]);
    const values = { car: slotValues(cars.map((r) => r.row)), offer: slotValues(offers.map((r) => r.row)) };
    await insertRows(tx, dealer.slug, 'car', cars, values.car);
    await insertRows(tx, dealer.slug, 'offer', offers, values.offer);
    // Duplicate ids keep the first: count what was stored.
    const { rows } = await tx.query<{ kind: RecordKind; n: number }>(
      'SELECT kind, count(*)::int AS n FROM search_records WHERE site_slug = $1 GROUP BY kind',
      [dealer.slug],
    );
    const count = (k: RecordKind) => rows.find((r) => r.kind === k)?.n ?? 0;
    await tx.query(
      `INSERT INTO search_sources (site_slug, content_hash, cars, offers, slot_values, indexed_at) VALUES ($1, $2, $3, $4, $5, now())
      ON CONFLICT (site_slug) DO UPDATE SET content_hash = $2, cars = $3, offers = $4, slot_values = $5, indexed_at = now()`,
      [dealer.slug, hash, count('car'), count('offer'), JSON.stringify(values)],
    );
    return { site: dealer.slug, cars: count('car'), offers: count('offer'), skipped, changed: true };
  });
}

/**
 * Indexes every given dealer (other sites' records are left alone: a database may serve several
 * deployments). After a change, VACUUM ANALYZE clears the replaced rows (PGlite runs no
 * autovacuum), marks the pages all-visible, so a search's scan skips the per-row visibility
 * check (a third off the median search on PGlite), and keeps the planner's estimates right.
 */
export async function indexContent(
  db: Db,
  dealers: DealerContent[],
  options: IndexOptions = {},
): Promise<IndexReport[]> {
  const reports: IndexReport[] = [];
  for (const dealer of dealers) reports.push(await indexDealer(db, dealer, options));
  if (reports.some((r) => r.changed)) {
    await db.query('VACUUM ANALYZE search_records');
    await db.query('VACUUM ANALYZE search_hits');
    await db.query('VACUUM ANALYZE search_words');
  }
  return reports;
}
