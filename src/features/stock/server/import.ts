/**
 * Applies a stock feed (content format 1.3, "Stock feed") to a dealer's stock and its search
 * records. Used by `npm run stock -- import` and POST /api/stock.
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
 *
 * Cost grows with the cars a feed changes, not with the yard: the stock is read a page at a
 * time, only changed cars are written, and only their search records are rewritten
 * (src/features/search/server/index-update.ts). Everything is decided on the whole feed before
 * the first write (plan.ts): the summary, and the guard against emptying a yard (wipe-guard.ts).
 * A feed that changes at most STEP cars is then written in one transaction with its search
 * records (import-writes.ts), so a search sees the stock before the feed or after it, never
 * half (on PGlite that transaction holds other queries for up to about 0.3 s). A larger change
 * is written in steps of at most STEP cars, each its own transaction of about STEP_MS (stock
 * rows and their search records together), with the event loop free between steps: other
 * dealers' requests (and, on PGlite's single connection, their queries) are answered between
 * them, and this dealer's site shows the change step by step, over the seconds the import
 * takes. The import is recorded (stock_imports, which a feed_id is checked against) with its
 * last step: an import that stops part-way leaves the steps it wrote, and the same feed sent
 * again applies the rest. An import lease (lease.ts) makes two imports of one dealer take turns.
 */
import type { Column } from '../rules/columns.ts';
import type { FeedCar, FeedParse, RowError } from '../rules/types.ts';
import { skippedRows } from '../rules/feed.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { Db } from '../../../api/core/deps.ts';
import { indexDealer } from '../../search/server/index-content.ts';
import { breathe } from '../../search/server/index-rows.ts';
import { hasSiteIndex } from '../../search/server/index-update.ts';
import { takeLease, type Lease } from './lease.ts';
import { existingStock, planFeed, type Stock, type Write } from './plan.ts';
import { recordImport, writeCars } from './import-writes.ts';
import { recentMost, wipeRefusal } from './wipe-guard.ts';

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

/** A feed as the reader gave it (feed.ts), ready to apply: what the command and the push both apply. */
export function stockFeedOf(parsed: FeedParse): StockFeed {
  return {
    mode: parsed.mode ?? 'full',
    ...(parsed.feedId ? { feedId: parsed.feedId } : {}),
    cars: parsed.cars,
    columns: parsed.columns,
    skipped: skippedRows(parsed.errors),
    skippedStock: [...new Set(parsed.errors.flatMap((e) => (e.stock_number ? [e.stock_number] : [])))],
  };
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

/** A change of up to this many cars is applied in one transaction; a larger one in steps. */
export const STEP = 1_000;
/**
 * How long a step may hold the database: on PGlite's single connection every other query waits
 * that long. Steps are sized to it from the last step's pace (PGlite writes a few hundred cars
 * in that time, a PostgreSQL server STEP).
 */
const STEP_MS = 25;
const FIRST_STEP = 200;
const LEAST_STEP = 50;

type Summary = Pick<ImportSummary, 'added' | 'updated' | 'unchanged' | 'withdrawn' | 'skipped' | 'mode'>;

/** The summary of the dealer's import of `feedId`, when that feed has been applied. */
async function appliedBefore(db: Db, slug: string, feedId: string): Promise<ImportSummary | undefined> {
  const { rows } = await db.query<Summary>(
    'SELECT added, updated, unchanged, withdrawn, skipped, mode FROM stock_imports WHERE site_slug = $1 AND feed_id = $2',
    [slug, feedId],
  );
  const first = rows[0];
  if (!first) return undefined;
  const { rows: count } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_cars WHERE site_slug = $1 AND withdrawn_at IS NULL AND coalesce(car->>'status', 'available') = 'available'`,
    [slug],
  );
  return { site: slug, feedId, ...first, listed: count[0]?.n ?? 0, duplicate: true };
}

/** Applies `feed` to `dealer`'s stock and search records; a refused feed changes nothing. */
export async function applyStockFeed(
  db: Db,
  dealer: DealerContent,
  feed: StockFeed,
  options: ImportOptions,
): Promise<ImportSummary> {
  const lease = await takeLease(db, dealer.slug);
  try {
    return await applyLeased(db, dealer, feed, options, lease);
  } finally {
    // A lease that cannot be given back expires (lease.ts).
    await lease.release().catch(() => {});
  }
}

async function applyLeased(
  db: Db,
  dealer: DealerContent,
  feed: StockFeed,
  options: ImportOptions,
  lease: Lease,
): Promise<ImportSummary> {
  const now = options.now ?? new Date();
  const base = { site: dealer.slug, mode: feed.mode, ...(feed.feedId ? { feedId: feed.feedId } : {}) };
  if (feed.feedId) {
    const applied = await appliedBefore(db, dealer.slug, feed.feedId);
    if (applied) return { ...applied, mode: applied.mode };
  }
  const stock = await existingStock(db, dealer);
  const plan = await planFeed(dealer, stock, feed, now);
  const { errors, added, updated, unchanged, withdrawn, listedBefore, listedAfter } = plan;
  const skipped = feed.skipped + errors.length;
  const refused = options.force
    ? undefined
    : wipeRefusal(dealer.slug, listedBefore, listedAfter, await recentMost(db, dealer.slug, now));
  if (refused)
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

  const record = (tx: Db) =>
    recordImport(tx, {
      site: dealer.slug,
      feedId: feed.feedId,
      mode: feed.mode,
      source: options.source,
      added,
      updated,
      unchanged,
      withdrawn,
      skipped,
      appliedAt: now,
      listedBefore,
      listedAfter,
      forced: options.force === true,
    });
  // A site never indexed (or forgotten by a migration) is first indexed with the stock as it is
  // (a snapshot's cars, or a yard already imported), so that the feed's change goes into the
  // index in the same steps as into the stock, never as one whole re-index holding the database.
  if (!(await hasSiteIndex(db, dealer.slug))) await indexDealer(db, { ...dealer, cars: currentCars(stock) });
  const write = async (tx: Db, writes: Write[], unlisted: string[]) => {
    await lease.renew(tx);
    await writeCars(tx, dealer.slug, now, writes, unlisted);
  };
  const { writes, unlisted } = plan;
  if (writes.length <= STEP) {
    await db.transaction(async (tx) => {
      await write(tx, writes, unlisted);
      await record(tx);
    });
  } else {
    for (let from = 0, size = FIRST_STEP; from < writes.length;) {
      const started = performance.now();
      await db.transaction((tx) => write(tx, writes.slice(from, from + size), from ? [] : unlisted));
      from += size;
      const pace = size / Math.max(1, performance.now() - started);
      size = Math.max(LEAST_STEP, Math.min(STEP, Math.round(pace * STEP_MS)));
      await breathe();
    }
    await db.transaction(async (tx) => {
      await lease.renew(tx);
      await record(tx);
    });
  }
  return {
    ...base,
    added,
    updated,
    unchanged,
    withdrawn,
    skipped,
    listed: listedAfter,
    ...(errors.length ? { errors } : {}),
  };
}

/** The dealer's cars as they are, in listing order. */
function currentCars(stock: Stock): Car[] {
  const after = new Map([...stock.cars].map(([key, e]) => [key, { car: e.car, position: e.position }]));
  return [...after]
    .sort(([a, x], [b, y]) => x.position - y.position || (a < b ? -1 : a > b ? 1 : 0))
    .map(([, e]) => e.car);
}
