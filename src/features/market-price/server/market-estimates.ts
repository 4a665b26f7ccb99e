/**
 * Asking the market-price provider about fed stock, and putting the answers where the stock goes:
 * after an import (the cars it added or changed) and on a schedule (answers older than
 * MARKET_PRICE_REFRESH_DAYS asked again). Answers are kept in market_prices; the stock's reader
 * (src/features/stock/server/store.ts stockRows) joins them to their cars, so the next build, the
 * API's content (reloaded here) and the search records (updated here) carry them.
 * Only dealers that show the indicator (site.json `market_price.enabled`) are asked about.
 */
import type { DealerContent } from '../../../content/load.ts';
import type { Db } from '../../../api/core/deps.ts';
import { mapLimit } from '../../../lib/concurrency.ts';
import { hasSiteIndex, updateDealerIndex } from '../../search/server/index-update.ts';
import { stockRows, useImportedStock, importingSites } from '../../stock/server/store.ts';
import { askable, basisKey, marketQueryOf } from '../rules/market-query.ts';
import type { MarketProvider } from './market-provider.ts';
import { forgetSites, saveAnswer, storedEstimates } from './market-store.ts';

/** Calls in flight to the provider per run. */
export const ASK_CONCURRENCY = 4;
/** A run stops after this many provider failures in a row (the provider is down; the next run tries again). */
export const MAX_FAILURES_IN_A_ROW = 3;

export interface EstimateRun {
  site: string;
  asked: number;
  valued: number;
  failed: number;
  /** Ids of the cars whose estimate changed. */
  changed: string[];
  /** The last provider error, when any call failed. */
  error?: string;
}

const DAY_MS = 86_400_000;
const today = (now: Date) => now.toISOString().slice(0, 10);

export const showsMarketPrice = (dealer: DealerContent) => dealer.site.market_price?.enabled === true;

/**
 * Asks about `dealer`'s listed used cars that have no answer for their present facts, or one
 * asked more than `maxAgeDays` ago, and keeps the answers. Never throws for a provider failure.
 */
export async function estimateStock(
  db: Db,
  dealer: DealerContent,
  provider: MarketProvider,
  o: { now: Date; maxAgeDays: number },
): Promise<EstimateRun> {
  const run: EstimateRun = { site: dealer.slug, asked: 0, valued: 0, failed: 0, changed: [] };
  if (!showsMarketPrice(dealer)) return run;
  const stored = await storedEstimates(db, dealer.slug);
  const cars = (await stockRows(db, dealer.slug)).filter((r) => !r.withdrawn_at).map((r) => r.car);
  const due = cars.flatMap((car) => {
    if (!askable(car)) return [];
    const query = marketQueryOf(car, dealer.site.state);
    const key = basisKey(query);
    const known = stored.get(String(car.id));
    const fresh =
      known && known.basis_key === key && o.now.getTime() - Date.parse(known.asked_at) < o.maxAgeDays * DAY_MS;
    return fresh ? [] : [{ car, query, key, before: known?.estimate ?? null }];
  });
  let failuresInARow = 0;
  await mapLimit(due, ASK_CONCURRENCY, async ({ car, query, key, before }) => {
    if (failuresInARow >= MAX_FAILURES_IN_A_ROW) return;
    run.asked++;
    try {
      const answer = await provider.estimate({
        query,
        country: dealer.site.country,
        asAt: today(o.now),
        state: dealer.site.state,
      });
      failuresInARow = 0;
      await saveAnswer(db, dealer.slug, String(car.id), key, answer, o.now);
      if (answer.status === 'valued') run.valued++;
      const after = answer.status === 'valued' ? answer.estimate : null;
      if (JSON.stringify(after) !== JSON.stringify(before)) run.changed.push(String(car.id));
    } catch (e) {
      failuresInARow++;
      run.failed++;
      run.error = (e as Error).message;
    }
  });
  return run;
}

/** Puts changed estimates where the stock goes: the API's dealer (in place) and its search records. */
export async function publishEstimates(db: Db, dealer: DealerContent, changed: string[]): Promise<void> {
  if (!changed.length) return;
  await useImportedStock(db, [dealer]);
  if (!(await hasSiteIndex(db, dealer.slug))) return;
  const wanted = new Set(changed);
  const placed = (await stockRows(db, dealer.slug))
    .filter((r) => wanted.has(String(r.car.id)))
    .map((r) => ({ car: r.car, position: r.position }));
  await db.transaction((tx) => updateDealerIndex(tx, dealer.slug, { cars: placed }));
}

/** One line for the log, or none when nothing was asked. */
export function describeRun(run: EstimateRun): string | undefined {
  if (!run.asked) return undefined;
  return (
    `Market prices of ${run.site}: ${run.asked} asked, ${run.valued} valued, ${run.changed.length} changed` +
    (run.failed ? `, ${run.failed} failed (${run.error}); tried again on the next run` : '')
  );
}

/** After an import of `dealer`'s stock: its new and changed cars asked about and published. Never throws. */
export async function afterStockImport(
  db: Db,
  dealer: DealerContent,
  provider: MarketProvider,
  o: { now: Date; maxAgeDays: number; log: (line: string) => void },
): Promise<EstimateRun | undefined> {
  try {
    const run = await estimateStock(db, dealer, provider, o);
    await publishEstimates(db, dealer, run.changed);
    const line = describeRun(run);
    if (line) o.log(line);
    return run;
  } catch (e) {
    o.log(`Market prices of ${dealer.slug}: failed: ${(e as Error).message}. Tried again on the next run.`);
    return undefined;
  }
}

/**
 * The scheduled run: every importing dealer that shows the indicator has its due cars asked about
 * (answers older than `maxAgeDays`, cars never asked), and estimates of dealers that no longer
 * show it are forgotten. Never throws.
 */
export async function refreshMarketPrices(
  db: Db,
  dealers: DealerContent[],
  provider: MarketProvider,
  o: { now: Date; maxAgeDays: number; log: (line: string) => void },
): Promise<EstimateRun[]> {
  const runs: EstimateRun[] = [];
  try {
    const showing = dealers.filter(showsMarketPrice);
    const forgotten = await forgetSites(
      db,
      showing.map((d) => d.slug),
    );
    // Their cars leave the API's content and the search hits without an estimate.
    for (const [slug, ids] of forgotten) {
      const dealer = dealers.find((d) => d.slug === slug);
      if (dealer) await publishEstimates(db, dealer, ids);
    }
    const importing = await importingSites(
      db,
      showing.map((d) => d.slug),
    );
    for (const dealer of showing.filter((d) => importing.has(d.slug))) {
      const run = await afterStockImport(db, dealer, provider, o);
      if (run) runs.push(run);
    }
  } catch (e) {
    o.log(`Market prices: the scheduled refresh failed: ${(e as Error).message}`);
  }
  return runs;
}
