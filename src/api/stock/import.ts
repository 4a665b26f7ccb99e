/**
 * Applies a stock feed (content format 1.2, "Stock feed") to a dealer's stock, in one
 * transaction with the dealer's search records, so a search sees the stock before the feed or
 * after it, never half. Used by `npm run stock -- import` and POST /api/stock.
 *
 * A car is known by its stock number. It keeps the id, slug and first-listed time it had, so its
 * page address never changes. A full feed lists every car the dealer has: a car it no longer lists
 * is withdrawn (status "sold", `withdrawn_at` set; never deleted). A full feed that would withdraw
 * more than half of the cars a dealer lists is refused unless forced, and then nothing changes:
 * an empty or cut-off file must not empty a yard. A delta feed changes only the cars it lists.
 *
 * The first feed a dealer applies starts from its snapshot's cars.json: those cars become its
 * stock (by stock number; one without is known by its id), so their pages keep their addresses
 * and a full feed that no longer lists them shows them as sold.
 */
import { inferredAccount } from '../../domain/stock/account.ts';
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Db } from '../deps.ts';
import { indexDealer } from '../search/index-content.ts';
import { importingSites, stockRows } from './store.ts';

export type FeedMode = 'full' | 'delta';

/** A feed ready to apply: its valid cars, already converted to Cars (bad rows counted in `skipped`). */
export interface StockFeed {
  mode: FeedMode;
  /** Applied once per dealer: the same id again changes nothing and answers the first summary. */
  feedId?: string;
  cars: Car[];
  /** Rows of the feed that were reported and left out. */
  skipped: number;
}

export interface ImportOptions {
  /** Apply a full feed even when it would withdraw most of the stock. */
  force?: boolean;
  /** 'cli' or 'push': recorded with the import. */
  source: 'cli' | 'push';
  now?: Date;
}

export interface ImportSummary {
  site: string;
  mode: FeedMode;
  feedId?: string;
  added: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  skipped: number;
  /** Cars the site lists after the import. */
  listed: number;
  /** Set when the feed was refused and nothing changed; says why. */
  refused?: string;
  /** Set when this feed_id had already been applied: the summary is that first import's. */
  duplicate?: boolean;
}

/** The share of listed cars a full feed may withdraw at once without `force`. */
export const MAX_WITHDRAW_SHARE = 0.5;

interface Existing {
  key: string;
  car: Car;
  position: number;
  withdrawn: boolean;
}

/** The dealer's own account and tag of a car, left out when it has none. */
function classification(account: string | undefined, tag: Car['tag']): Partial<Pick<Car, 'account' | 'tag'>> {
  return { ...(account ? { account } : {}), ...(tag !== undefined ? { tag } : {}) };
}

/** A car's identity across feeds: its stock number, else (a snapshot car without one) its id. */
export function stockKeyOf(car: Car): string {
  return car.stock_number?.trim() || `#${car.id}`;
}

const listed = (car: Car) => (car.status ?? 'available') === 'available';

/** Key-order-independent JSON, to compare a car with its stored copy (jsonb reorders keys). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

async function existingStock(db: Db, dealer: DealerContent): Promise<Map<string, Existing>> {
  const imported = await importingSites(db, [dealer.slug]);
  const out = new Map<string, Existing>();
  if (imported.has(dealer.slug)) {
    for (const r of await stockRows(db, dealer.slug))
      out.set(r.stock_number, { key: r.stock_number, car: r.car, position: r.position, withdrawn: !!r.withdrawn_at });
  } else {
    dealer.cars.forEach((car, position) => {
      const key = stockKeyOf(car);
      if (!out.has(key)) out.set(key, { key, car, position, withdrawn: false });
    });
  }
  return out;
}

const UPSERT = `INSERT INTO stock_cars (site_slug, stock_number, car, position, first_seen, updated_at, withdrawn_at)
  SELECT $1, x.stock_number, x.car, x.position, $2, $2, x.withdrawn_at
  FROM jsonb_to_recordset($3::jsonb) AS x(stock_number text, car jsonb, position integer, withdrawn_at timestamptz)
  ON CONFLICT (site_slug, stock_number) DO UPDATE
    SET car = EXCLUDED.car, position = EXCLUDED.position, updated_at = EXCLUDED.updated_at, withdrawn_at = EXCLUDED.withdrawn_at`;

/** Rows per statement: one jsonb parameter each. */
const BATCH = 1_000;

/** Applies `feed` to `dealer`'s stock and search records; a refused feed changes nothing. */
export async function applyStockFeed(
  db: Db,
  dealer: DealerContent,
  feed: StockFeed,
  options: ImportOptions,
): Promise<ImportSummary> {
  const now = options.now ?? new Date();
  const base = { site: dealer.slug, mode: feed.mode, ...(feed.feedId ? { feedId: feed.feedId } : {}) };
  return db.transaction(async (tx) => {
    // Imports of one dealer take turns; other dealers' go on.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('stock:' || $1))`, [dealer.slug]);
    if (feed.feedId) {
      const { rows } = await tx.query<{
        added: number;
        updated: number;
        unchanged: number;
        withdrawn: number;
        skipped: number;
        mode: FeedMode;
      }>(
        'SELECT added, updated, unchanged, withdrawn, skipped, mode FROM stock_imports WHERE site_slug = $1 AND feed_id = $2',
        [dealer.slug, feed.feedId],
      );
      const first = rows[0];
      if (first) {
        const { rows: count } = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM stock_cars WHERE site_slug = $1 AND withdrawn_at IS NULL AND coalesce(car->>'status', 'available') = 'available'`,
          [dealer.slug],
        );
        return { ...base, ...first, listed: count[0]?.n ?? 0, duplicate: true };
      }
    }
    const existing = await existingStock(tx, dealer);
    // What the dealer's cars already listed say of accounts (src/domain/stock/account.ts).
    const known = [...[...existing.values()].map((e) => e.car), ...dealer.cars];
    const writes: { stock_number: string; car: Car; position: number; withdrawn_at: string | null }[] = [];
    let added = 0;
    let updated = 0;
    let unchanged = 0;
    const inFeed = new Set<string>();
    let next = Math.max(-1, ...[...existing.values()].map((e) => e.position)) + 1;
    feed.cars.forEach((incoming, i) => {
      const key = stockKeyOf(incoming);
      // The feed parser reports a repeated stock number; should one arrive here, the first stands.
      if (inFeed.has(key)) return;
      inFeed.add(key);
      const before = existing.get(key);
      const car: Car = before
        ? {
            ...incoming,
            id: before.car.id,
            slug: before.car.slug,
            created_at_timestamp: before.car.created_at_timestamp,
            ...classification(before.car.account, before.car.tag),
          }
        : { ...incoming, ...classification(inferredAccount(incoming, known), undefined) };
      const position = feed.mode === 'full' ? i : (before?.position ?? next++);
      if (!before) added++;
      else if (!before.withdrawn && canonical(before.car) === canonical(car) && before.position === position) {
        unchanged++;
        return;
      } else updated++;
      writes.push({ stock_number: key, car, position, withdrawn_at: null });
    });
    let withdrawn = 0;
    if (feed.mode === 'full') {
      const listedBefore = [...existing.values()].filter((e) => !e.withdrawn && listed(e.car));
      const leaving = listedBefore.filter((e) => !inFeed.has(e.key));
      if (!options.force && leaving.length && leaving.length > listedBefore.length * MAX_WITHDRAW_SHARE) {
        return {
          ...base,
          added: 0,
          updated: 0,
          unchanged: 0,
          withdrawn: 0,
          skipped: feed.skipped,
          listed: listedBefore.length,
          refused:
            `this full feed would withdraw ${leaving.length} of the ${listedBefore.length} cars ${dealer.slug} lists ` +
            `(more than ${Math.round(MAX_WITHDRAW_SHARE * 100)} %): an empty or cut-off file? Nothing was changed. ` +
            'Send the whole stock, or force it (npm run stock -- import --force, or POST /api/stock?force=true) if the dealer really sold them.',
        };
      }
      let after = feed.cars.length;
      for (const e of existing.values()) {
        if (inFeed.has(e.key) || e.withdrawn) continue;
        if (listed(e.car)) withdrawn++;
        // Kept, as sold, after the feed's cars.
        writes.push({
          stock_number: e.key,
          car: { ...e.car, status: 'sold' },
          position: after++,
          withdrawn_at: now.toISOString(),
        });
      }
    }
    // The snapshot's cars become stock on the first import, whether the feed changed them or not.
    const first = !(await importingSites(tx, [dealer.slug])).has(dealer.slug);
    if (first) {
      const written = new Set(writes.map((w) => w.stock_number));
      for (const e of existing.values())
        if (!written.has(e.key))
          writes.push({ stock_number: e.key, car: e.car, position: e.position, withdrawn_at: null });
    }
    for (let from = 0; from < writes.length; from += BATCH)
      await tx.query(UPSERT, [dealer.slug, now.toISOString(), JSON.stringify(writes.slice(from, from + BATCH))]);
    await tx.query(
      `INSERT INTO stock_imports (site_slug, feed_id, mode, source, added, updated, unchanged, withdrawn, skipped, applied_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        dealer.slug,
        feed.feedId ?? null,
        feed.mode,
        options.source,
        added,
        updated,
        unchanged,
        withdrawn,
        feed.skipped,
        now.toISOString(),
      ],
    );
    const cars = (await stockRows(tx, dealer.slug)).map((r) => r.car);
    await indexDealer(tx, { ...dealer, cars });
    return { ...base, added, updated, unchanged, withdrawn, skipped: feed.skipped, listed: cars.filter(listed).length };
  });
}
