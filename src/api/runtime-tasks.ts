/**
 * The runtime's recurring work, each piece never throwing (a failure is logged and tried again
 * by the next run): the database's start (migrations, imported stock, search index), the reload of
 * stock another instance imported, saved-search alerts, lead retention, reservation holds and the
 * market-price estimates of fed stock.
 */
import type { DealerContent } from '../content/load.ts';
import { maintenance, type Db } from './core/deps.ts';
import { migrate } from './db/migrate.ts';
import { releaseDue } from '../features/reservations/server/rows.ts';
import { describePurge, type PurgeReport } from '../features/leads/server/purge-report.ts';
import { purgeExpired, type PurgeOptions } from '../features/leads/server/retention.ts';
import { indexContent } from '../features/search/server/index-content.ts';
import { importingSites, importVersions, useImportedStock } from '../features/stock/server/store.ts';
import { describeAlerts, runAlerts, type AlertDeps, type AlertReport } from '../features/saved-searches/server/run.ts';
import { marketProviderFromEnv, type MarketProvider } from '../features/market-price/server/market-provider.ts';
import { envDefault, envInt, type Env } from '../config/env.ts';
import { snapshotMarketPrices } from '../features/market-price/server/market-snapshot.ts';
import {
  afterStockImport,
  refreshMarketPrices,
  type EstimateRun,
} from '../features/market-price/server/market-estimates.ts';

type Log = (line: string) => void;

/** How often a request may find the dealers' imported stock changed by another instance. */
export const STOCK_REFRESH_MS = 30_000;
/** How often deliver() also applies the lead retention policy; the first delivery always does. */
export const PURGE_INTERVAL_MS = 60 * 60_000;
/**
 * How often deliver() (the scheduled entry on serverless platforms, the worker under npm start)
 * looks for dealers whose stock another instance imported, to run their saved-search alerts.
 */
export const ALERT_CHECK_MS = 60_000;
/** How often deliver() runs every dealer's alerts, for searches whose day has passed since their last email. */
export const ALERT_SWEEP_MS = 15 * 60_000;

/** What the start needs of the market-price runs: the provider and the refresh age. */
export interface MarketAtStart {
  provider: MarketProvider;
  maxAgeDays: number;
  now?: () => Date;
}

/**
 * Migrates, serves imported stock, gives the snapshot cars of dealers that show the market-price
 * indicator their stored estimates and asks about a bounded number of those due
 * (src/features/market-price/server/market-snapshot.ts; fed stock carries its own, and the
 * scheduled refresh asks the rest), indexes the content for search; closes `db` when that fails.
 */
export async function prepareDatabase(
  db: Db,
  dealers: DealerContent[],
  log: Log,
  market?: MarketAtStart,
): Promise<void> {
  try {
    // Migrations and indexing are no visitor's request: they run without the request time limits.
    const indexed = await maintenance(db, async (m) => {
      const migrated = await migrate(m);
      if (migrated.applied.length) log(`Database migrated: ${migrated.applied.join(', ')}`);
      for (const name of migrated.changed)
        log(`warning: migration ${name} changed after it was applied; add a new migration instead`);
      // A dealer that imports its stock is served its imported cars (src/features/stock/server/import.ts).
      await useImportedStock(m, dealers);
      if (market) {
        const importing = await importingSites(
          m,
          dealers.map((d) => d.slug),
        );
        const now = market.now?.() ?? new Date();
        await snapshotMarketPrices(m, dealers, market.provider, { now, maxAgeDays: market.maxAgeDays, importing, log });
      }
      // The search index follows the content the API serves: stock changes need no site rebuild.
      return indexContent(m, dealers);
    });
    const cars = indexed.reduce((n, r) => n + r.cars, 0);
    const offers = indexed.reduce((n, r) => n + r.offers, 0);
    const unchanged = indexed.filter((r) => !r.changed).length;
    log(
      `Search index: ${cars} cars and ${offers} offers of ${indexed.length} dealer(s)${unchanged ? `, ${unchanged} unchanged since last indexed` : ''}`,
    );
  } catch (e) {
    await db.close();
    throw e;
  }
}

/**
 * Another instance (a serverless platform runs several) may have taken an import: at most every
 * `everyMs` the returned function reloads the dealers whose last import moved. Never throws: a
 * failed look is logged and the request goes on with the stock as it was.
 */
export async function stockRefresher(db: Db, dealers: DealerContent[], log: Log, everyMs = STOCK_REFRESH_MS) {
  let checkedAt = Date.now();
  let versions = await importVersions(db, dealers);
  let refreshing: Promise<void> | undefined;
  return function refreshStock(): Promise<void> {
    if (refreshing) return refreshing;
    if (Date.now() - checkedAt < everyMs) return Promise.resolve();
    checkedAt = Date.now();
    refreshing = (async () => {
      try {
        const now = await importVersions(db, dealers);
        const moved = dealers.filter((d) => now[d.slug] !== versions[d.slug]);
        if (moved.length) await useImportedStock(db, moved);
        versions = now;
      } catch (e) {
        log(`Imported stock: reloading failed: ${(e as Error).message}`);
      }
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };
}

/** The alert runs: of some dealers (after an import), and the scheduled entry's due ones. */
export function alertRuns(alertDeps: AlertDeps, log: Log) {
  const { db, dealers } = alertDeps;
  /** Never throws: a failed run is logged, and its searches are tried again by the next. */
  async function alertsOf(slugs?: string[]): Promise<AlertReport | undefined> {
    try {
      const report = await runAlerts(alertDeps, slugs);
      const line = describeAlerts(report);
      if (line) log(line);
      for (const error of report.errors) log(error);
      return report;
    } catch (e) {
      log(`Saved-search alerts failed: ${(e as Error).message}. They are tried again on the next run.`);
      return undefined;
    }
  }
  // The scheduled entry's part: dealers another instance imported for, and a sweep of all.
  let checkedAt = Date.now();
  let sweptAt: number | undefined;
  let versions: Record<string, string> | undefined;
  async function dueAlerts(): Promise<AlertReport | undefined> {
    const wall = Date.now();
    if (sweptAt === undefined || wall - sweptAt >= ALERT_SWEEP_MS) {
      sweptAt = checkedAt = wall;
      versions = await importVersions(db, dealers).catch(() => versions);
      return alertsOf();
    }
    if (wall - checkedAt < ALERT_CHECK_MS) return undefined;
    checkedAt = wall;
    try {
      const now = await importVersions(db, dealers);
      const moved = dealers.filter((d) => now[d.slug] !== versions?.[d.slug]).map((d) => d.slug);
      versions = now;
      return moved.length ? alertsOf(moved) : undefined;
    } catch (e) {
      log(`Saved-search alerts: could not look for new imports: ${(e as Error).message}`);
      return undefined;
    }
  }
  return { alertsOf, dueAlerts };
}

/** One lead-retention purge. Never throws: a failed purge is logged and tried again an interval later. */
export async function purgeOnce(db: Db, options: PurgeOptions, log: Log): Promise<PurgeReport | undefined> {
  try {
    const report = await maintenance(db, (m) => purgeExpired(m, options));
    const line = describePurge(report);
    if (line) log(line);
    for (const error of report.errors) log(`Lead retention: ${error}`);
    return report;
  } catch (e) {
    log(
      `Lead retention failed: ${(e as Error).message}. Delivery goes on; the purge is tried again in ${PURGE_INTERVAL_MS / 60_000} minutes.`,
    );
    return undefined;
  }
}

/** Ends holds whose checkout expired and reservations whose hold ended. Never throws. */
export async function releaseReservations(db: Db, now: Date, log: Log): Promise<number> {
  try {
    const released = await releaseDue(db, now);
    for (const r of released)
      log(`Reservation ${r.id} of ${r.site_slug} car ${r.car_id}: ${r.status} (${r.released_reason ?? ''})`);
    return released.length;
  } catch (e) {
    log(`Reservations: releasing due holds failed: ${(e as Error).message}`);
    return 0;
  }
}

/** How often deliver() looks for market-price estimates due again (MARKET_PRICE_REFRESH_DAYS old). */
export const MARKET_PRICE_CHECK_MS = 60 * 60_000;

/**
 * The market-price runs (src/features/market-price/server/market-estimates.ts): after a dealer's
 * stock import, and the scheduled refresh at most every MARKET_PRICE_CHECK_MS. Neither throws.
 */
export function marketPriceRuns(
  db: Db,
  dealers: DealerContent[],
  env: Env,
  o: { log: Log; now?: () => Date; provider?: MarketProvider; everyMs?: number },
) {
  const provider = o.provider ?? marketProviderFromEnv(env);
  const maxAgeDays = envInt(env, 'MARKET_PRICE_REFRESH_DAYS') ?? envDefault('MARKET_PRICE_REFRESH_DAYS');
  let checkedAt: number | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const opts = () => ({ now: o.now?.() ?? new Date(), maxAgeDays, log: o.log });
  // One run at a time: an import's run and the schedule's never ask about the same car twice at once.
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => {});
    return next;
  };
  return {
    afterImport(slug: string): Promise<EstimateRun | undefined> {
      const dealer = dealers.find((d) => d.slug === slug);
      if (!dealer?.site.market_price?.enabled) return Promise.resolve(undefined);
      return inTurn(() => afterStockImport(db, dealer, provider, opts()));
    },
    due(): Promise<EstimateRun[] | undefined> {
      const wall = Date.now();
      if (checkedAt !== undefined && wall - checkedAt < (o.everyMs ?? MARKET_PRICE_CHECK_MS)) {
        return Promise.resolve(undefined);
      }
      checkedAt = wall;
      return inTurn(async () => {
        const runs = await refreshMarketPrices(db, dealers, provider, opts());
        // Snapshot cars left by the start (or due again), a bounded number per run; never throws.
        try {
          const importing = await importingSites(
            db,
            dealers.map((d) => d.slug),
          );
          const snapshot = await snapshotMarketPrices(db, dealers, provider, { ...opts(), importing, publish: true });
          runs.push(...snapshot.runs);
        } catch (e) {
          o.log(`Market prices (snapshot): the scheduled refresh failed: ${(e as Error).message}`);
        }
        return runs;
      });
    },
    provider,
    maxAgeDays,
    /** Resolves when no run is under way (tests). */
    idle: () => running.then(() => {}),
  };
}
