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
import type { Column } from '../../domain/stock/columns.ts';
import { mergeFeedCar } from '../../domain/stock/to-car.ts';
import type { FeedCar, RowError } from '../../domain/stock/types.ts';
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Db } from '../deps.ts';
import { indexDealer } from '../search/index-content.ts';
import { importingSites, stockRows } from './store.ts';

export type FeedMode = 'full' | 'delta';

/**
 * A feed ready to apply: its readable rows (bad rows counted in `skipped`). A row is a FeedCar as
 * the feed reader gives it, or a whole Car (the snapshot's shape: applied as it is, whole).
 */
export interface StockFeed {
  mode: FeedMode;
  /** Applied once per dealer: the same id again changes nothing and answers the first summary. */
  feedId?: string;
  cars: (FeedCar | Car)[];
  /** Full feeds: the columns the feed has (FeedParse.columns); a column it lacks leaves every car's value. */
  columns?: Column[];
  /** Rows of the feed that were reported and left out. */
  skipped: number;
  /** The stock numbers of rows left out: a full feed leaves those cars exactly as they were. */
  skippedStock?: string[];
}

export interface ImportOptions {
  /** Apply the feed even when it would take most of the listed stock off the site. */
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
  /** Rows left out: those the reader reported, and new cars a delta did not give enough of. */
  skipped: number;
  /** Cars the site lists after the import. */
  listed: number;
  /** Set when the feed was refused and nothing changed; says why. */
  refused?: string;
  /** Set when this feed_id had already been applied: the summary is that first import's. */
  duplicate?: boolean;
  /** Rows the import itself left out (a delta's new car without make, model, year or price). */
  errors?: RowError[];
}

/** The share of listed cars a feed may take off the site at once, or below a day's most, without `force`. */
export const MAX_WITHDRAW_SHARE = 0.5;
/** A feed taking fewer cars than this off the site is never refused: a delta selling one car is routine. */
export const MIN_GUARDED = 2;
/** How far back the most a dealer listed counts for the guard (since its last forced feed). */
export const GUARD_WINDOW_HOURS = 24;

interface Existing {
  key: string;
  car: Car;
  position: number;
  withdrawn: boolean;
  withdrawnAt: string | null;
}

/** A car's identity across feeds: its stock number, else (a snapshot car without one) its id. */
export function stockKeyOf(car: Pick<Car, 'stock_number' | 'id'>): string {
  return car.stock_number?.trim() || `#${car.id}`;
}

const listed = (car: Car) => (car.status ?? 'available') === 'available';
const isWholeCar = (row: FeedCar | Car): row is Car => 'slug' in row && 'id' in row;

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
      out.set(r.stock_number, {
        key: r.stock_number,
        car: r.car,
        position: r.position,
        withdrawn: !!r.withdrawn_at,
        withdrawnAt: r.withdrawn_at,
      });
  } else {
    dealer.cars.forEach((car, position) => {
      const key = stockKeyOf(car);
      if (!out.has(key)) out.set(key, { key, car, position, withdrawn: false, withdrawnAt: null });
    });
  }
  return out;
}

/**
 * Ids and page addresses in use by a dealer's cars: a new car never takes one, whatever its stock
 * number (stock number "30002" beside a car of id 30002; "AB 12" beside "ab-12" of an earlier feed).
 */
class Identities {
  private readonly ids = new Set<string>();
  private readonly slugs = new Set<string>();
  constructor(cars: Iterable<Car>) {
    for (const c of cars) {
      this.ids.add(String(c.id));
      this.slugs.add(c.slug);
    }
  }
  /** `car` with an id and slug no other car has ("~x2", "-2" added as needed), now taken. */
  claim(car: Car): Car {
    let id = String(car.id);
    let slug = car.slug;
    for (let n = 2; this.ids.has(id); n++) id = `${car.id}~x${n}`;
    for (let n = 2; this.slugs.has(slug); n++) slug = `${car.slug}-${n}`;
    this.ids.add(id);
    this.slugs.add(slug);
    return id === String(car.id) && slug === car.slug ? car : { ...car, id, slug };
  }
}

/** The most cars the dealer listed after a feed within the guard's window, since its last forced feed. */
async function recentMost(db: Db, slug: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ most: number | null }>(
    `SELECT max(listed_after)::int AS most FROM stock_imports
      WHERE site_slug = $1 AND listed_after IS NOT NULL AND applied_at > $2::timestamptz - make_interval(hours => $3)
        AND id >= coalesce((SELECT max(id) FROM stock_imports WHERE site_slug = $1 AND forced), 0)`,
    [slug, now.toISOString(), GUARD_WINDOW_HOURS],
  );
  return rows[0]?.most ?? 0;
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
    const identities = new Identities(known);
    const defaultAccount = dealer.site.stock?.default_account;
    const writes: { stock_number: string; car: Car; position: number; withdrawn_at: string | null }[] = [];
    const errors: RowError[] = [];
    let added = 0;
    let updated = 0;
    let unchanged = 0;
    const inFeed = new Set<string>();
    /** Stock numbers whose car is listed after this feed, and those listed before it. */
    const listedAfter = new Set<string>();
    for (const e of existing.values()) if (!e.withdrawn && listed(e.car)) listedAfter.add(e.key);
    const listedBefore = listedAfter.size;
    let next = Math.max(-1, ...[...existing.values()].map((e) => e.position)) + 1;
    feed.cars.forEach((row, i) => {
      const key = stockKeyOf(row as Car);
      // The feed parser reports a repeated stock number; should one arrive here, the first stands.
      if (inFeed.has(key)) return;
      inFeed.add(key);
      const before = existing.get(key);
      let car: Car;
      if (isWholeCar(row)) {
        car = before
          ? {
              ...row,
              id: before.car.id,
              slug: before.car.slug,
              created_at_timestamp: before.car.created_at_timestamp,
              ...classification(row.account ?? before.car.account, before.car.tag),
            }
          : { ...row, ...classification(row.account ?? inferredAccount(row, known), undefined) };
      } else {
        const merged = mergeFeedCar(before?.car, row, {
          mode: feed.mode,
          columns: feed.columns,
          now: now.getTime(),
          locations: dealer.locations,
        });
        if ('lacks' in merged) {
          const where = row.where ?? {};
          errors.push({
            ...where,
            column: '',
            value: row.stock_number,
            stock_number: row.stock_number,
            reason: `is a car ${dealer.slug} does not have, and a new car needs make, model, year and a price (or POA): this row has no ${merged.lacks}`,
          });
          inFeed.delete(key);
          return;
        }
        car = merged;
        if (!before && !car.account) {
          const account = defaultAccount ?? inferredAccount(car, known);
          if (account) car.account = account;
        }
      }
      // A withdrawn car comes back through a full feed that lists it, or a delta row that gives its
      // status; a delta row that changes only other values leaves it withdrawn.
      const stillWithdrawn =
        !!before?.withdrawn && feed.mode === 'delta' && !isWholeCar(row) && row.status === undefined;
      if (stillWithdrawn) car = { ...car, status: 'sold', sold_at: before.car.sold_at ?? now.toISOString() };
      if (!before) car = identities.claim(car);
      if (listed(car) && !stillWithdrawn) listedAfter.add(key);
      else listedAfter.delete(key);
      const position = feed.mode === 'full' ? i : (before?.position ?? next++);
      const withdrawnAt = stillWithdrawn ? before.withdrawnAt : null;
      if (!before) added++;
      else if (
        (!before.withdrawn || stillWithdrawn) &&
        canonical(before.car) === canonical(car) &&
        before.position === position
      ) {
        unchanged++;
        return;
      } else updated++;
      writes.push({ stock_number: key, car, position, withdrawn_at: withdrawnAt });
    });
    let withdrawn = 0;
    if (feed.mode === 'full') {
      // A row the feed could not read leaves its car exactly as it was, never withdrawn for it.
      const kept = new Set(feed.skippedStock?.map((s) => s.trim()));
      let after = feed.cars.length;
      for (const e of existing.values()) {
        if (inFeed.has(e.key) || e.withdrawn || kept.has(e.key)) continue;
        if (listed(e.car)) withdrawn++;
        listedAfter.delete(e.key);
        // Kept, as sold, after the feed's cars.
        writes.push({
          stock_number: e.key,
          car: { ...e.car, status: 'sold', sold_at: e.car.sold_at ?? now.toISOString() },
          position: after++,
          withdrawn_at: now.toISOString(),
        });
      }
    }
    const skipped = feed.skipped + errors.length;
    const refused = options.force
      ? undefined
      : wipeRefusal(dealer.slug, listedBefore, listedAfter.size, await recentMost(tx, dealer.slug, now));
    if (refused) {
      return {
        ...base,
        added: 0,
        updated: 0,
        unchanged: 0,
        withdrawn: 0,
        skipped,
        listed: listedBefore,
        refused,
        errors,
      };
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
      `INSERT INTO stock_imports (site_slug, feed_id, mode, source, added, updated, unchanged, withdrawn, skipped, applied_at,
          listed_before, listed_after, forced)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        dealer.slug,
        feed.feedId ?? null,
        feed.mode,
        options.source,
        added,
        updated,
        unchanged,
        withdrawn,
        skipped,
        now.toISOString(),
        listedBefore,
        listedAfter.size,
        options.force === true,
      ],
    );
    const cars = (await stockRows(tx, dealer.slug)).map((r) => r.car);
    await indexDealer(tx, { ...dealer, cars });
    return {
      ...base,
      added,
      updated,
      unchanged,
      withdrawn,
      skipped,
      listed: cars.filter(listed).length,
      ...(errors.length ? { errors } : {}),
    };
  });
}

/** The dealer's own account and tag of a car, left out when it has none. */
function classification(account: string | undefined, tag: Car['tag']): Partial<Pick<Car, 'account' | 'tag'>> {
  return { ...(account ? { account } : {}), ...(tag !== undefined ? { tag } : {}) };
}

/**
 * Why a feed may not take cars off the site, or undefined: it takes at least MIN_GUARDED of them,
 * and more than half of those listed before it, or leaves fewer than half of the most listed
 * within the guard's window (a run of cut-off feeds, each taking half, is stopped at the second).
 */
export function wipeRefusal(slug: string, before: number, after: number, recent: number): string | undefined {
  const takenOff = before - after;
  if (takenOff < MIN_GUARDED) return undefined;
  const most = Math.max(before, recent);
  const share = Math.round(MAX_WITHDRAW_SHARE * 100);
  const fix =
    'Nothing was changed. Send the whole stock, or force it (npm run stock -- import --force, or a push signed with ?force=true) if the dealer really sold them.';
  if (takenOff > before * MAX_WITHDRAW_SHARE)
    return `this feed would take ${takenOff} of the ${before} cars ${slug} lists off the site (more than ${share} %): an empty or cut-off file? ${fix}`;
  if (after < most * MAX_WITHDRAW_SHARE)
    return (
      `this feed would leave ${after} of the ${most} cars ${slug} listed within the last ${GUARD_WINDOW_HOURS} hours ` +
      `(fewer than ${share} %): a run of cut-off files? ${fix}`
    );
  return undefined;
}
