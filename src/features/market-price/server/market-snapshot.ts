/**
 * The estimates of snapshot cars (cars.json of a dealer that shows the indicator and does not
 * import its stock), kept in market_prices (origin "snapshot") so that a start of the API reuses
 * them rather than asking the provider about every car again: with an HTTP provider and a large
 * snapshot that would be one call per car per cold start (on a serverless platform, many a day).
 *
 * A car is asked again when its asked facts or its headline price change (snapshotKey), or once
 * its answer is older than MARKET_PRICE_REFRESH_DAYS. One run asks at most `limit` cars over all
 * dealers (the changed and never-asked first, then the oldest); the rest keep their last answer
 * for their present facts, or none, until a later run (the scheduled refresh) asks about them.
 */
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { Db } from '../../../api/core/deps.ts';
import { headlinePrice } from '../../../domain/car-prices.ts';
import { mapLimit } from '../../../lib/concurrency.ts';
import { hasSiteIndex, updateDealerIndex } from '../../search/server/index-update.ts';
import type { MarketEstimate, MarketQuery, WithMarketEstimate } from '../contract/market-price.ts';
import { askable, basisKey, marketQueryOf, withEstimate } from '../rules/market-query.ts';
import { ASK_CONCURRENCY, MAX_FAILURES_IN_A_ROW, showsMarketPrice, type EstimateRun } from './market-estimates.ts';
import type { MarketProvider } from './market-provider.ts';
import { forgetSnapshotCars, saveAnswer, storedEstimates, type StoredEstimate } from './market-store.ts';

/** The most snapshot cars one run (a start, a scheduled refresh) asks the provider about. */
export const SNAPSHOT_ASKS_PER_RUN = 200;

const DAY_MS = 86_400_000;

/** The asked facts and the headline price: a snapshot car whose price, km, year or variant change is asked again. */
export function snapshotKey(car: Car, query: MarketQuery): string {
  const price = headlinePrice(car);
  return JSON.stringify([basisKey(query), price?.amount ?? null, price?.kind ?? null]);
}

/** What a snapshot car's stored answer is worth now: its last answer for its present facts, and whether it is due again. */
export interface SnapshotReuse {
  query: MarketQuery;
  key: string;
  /** When it was last asked (ms), or -Infinity when never for its present facts. */
  askedAt: number;
  /** Never asked for its present facts, or asked `maxAgeDays` or more ago. */
  due: boolean;
  /** The stored estimate for its present facts (none when that answer was "unknown"). */
  estimate?: MarketEstimate;
}

/** Matches an askable snapshot car to its stored answer `known` (of its id) by snapshotKey and age. */
export function snapshotReuse(
  car: Car,
  state: string | undefined,
  known: StoredEstimate | undefined,
  o: { now: Date; maxAgeDays: number },
): SnapshotReuse {
  const query = marketQueryOf(car, state);
  const key = snapshotKey(car, query);
  const same = known?.basis_key === key;
  const askedAt = same ? Date.parse(known.asked_at) : -Infinity;
  const due = o.now.getTime() - askedAt >= o.maxAgeDays * DAY_MS;
  const estimate = same && known.status === 'valued' && known.estimate ? known.estimate : undefined;
  return { query, key, askedAt, due, ...(estimate ? { estimate } : {}) };
}

interface Due {
  dealer: DealerContent;
  index: number;
  query: MarketQuery;
  key: string;
  /** When it was last asked (ms), or -Infinity when never for its present facts. */
  askedAt: number;
}

export interface SnapshotRun {
  runs: EstimateRun[];
  /** Cars due that this run left for a later one (over its limit, or after the provider failed). */
  left: number;
}

/**
 * Gives each snapshot dealer's cars (`dealers` not in `importing`) their stored estimates, asks
 * about those due (at most `limit`), keeps the answers and puts them on the cars (in place:
 * `dealer.cars` is replaced). A dealer that does not show the indicator has any estimate removed.
 * With `publish`, the search records of the cars whose estimate changed are updated too. Never
 * throws for a provider failure.
 */
export async function snapshotMarketPrices(
  db: Db,
  dealers: DealerContent[],
  provider: MarketProvider,
  o: {
    now: Date;
    maxAgeDays: number;
    importing: Set<string>;
    limit?: number;
    publish?: boolean;
    log?: (line: string) => void;
  },
): Promise<SnapshotRun> {
  const due: Due[] = [];
  const runs = new Map<string, EstimateRun>();
  for (const dealer of dealers) {
    const cars = dealer.cars as (Car & WithMarketEstimate)[];
    if (!showsMarketPrice(dealer)) {
      if (cars.some((c) => c.market_estimate)) dealer.cars = cars.map((c) => withEstimate(c, undefined));
      continue;
    }
    // A dealer that imports its stock has its fed cars' estimates from the stock's reader.
    if (o.importing.has(dealer.slug)) continue;
    runs.set(dealer.slug, { site: dealer.slug, asked: 0, valued: 0, failed: 0, changed: [] });
    const stored = await storedEstimates(db, dealer.slug, 'snapshot');
    const kept: string[] = [];
    dealer.cars = cars.map((car, index) => {
      if (!askable(car)) return withEstimate(car, car.market_estimate);
      const id = String(car.id);
      kept.push(id);
      const { query, key, askedAt, due: isDue, estimate } = snapshotReuse(car, dealer.site.state, stored.get(id), o);
      if (isDue) due.push({ dealer, index, query, key, askedAt });
      return withEstimate(car, estimate);
    });
    await forgetSnapshotCars(db, dealer.slug, kept);
  }
  due.sort((a, b) => a.askedAt - b.askedAt);
  const asking = due.slice(0, o.limit ?? SNAPSHOT_ASKS_PER_RUN);
  let failuresInARow = 0;
  let left = due.length - asking.length;
  const asAt = o.now.toISOString().slice(0, 10);
  await mapLimit(asking, ASK_CONCURRENCY, async ({ dealer, index, query, key }) => {
    if (failuresInARow >= MAX_FAILURES_IN_A_ROW) {
      left++;
      return;
    }
    const run = runs.get(dealer.slug)!;
    const car = dealer.cars[index]! as Car & WithMarketEstimate;
    run.asked++;
    try {
      const answer = await provider.estimate({ query, country: dealer.site.country, asAt, state: dealer.site.state });
      failuresInARow = 0;
      await saveAnswer(db, dealer.slug, String(car.id), key, answer, o.now, 'snapshot');
      const after = answer.status === 'valued' ? answer.estimate : undefined;
      if (after) run.valued++;
      if (JSON.stringify(after) !== JSON.stringify(car.market_estimate)) run.changed.push(String(car.id));
      dealer.cars[index] = withEstimate(car, after);
    } catch (e) {
      failuresInARow++;
      run.failed++;
      run.error = (e as Error).message;
    }
  });
  if (o.publish) {
    for (const dealer of dealers) {
      const changed = new Set(runs.get(dealer.slug)?.changed ?? []);
      if (!changed.size || !(await hasSiteIndex(db, dealer.slug))) continue;
      const placed = dealer.cars.flatMap((car, position) => (changed.has(String(car.id)) ? [{ car, position }] : []));
      await db.transaction((tx) => updateDealerIndex(tx, dealer.slug, { cars: placed }));
    }
  }
  const out = [...runs.values()].filter((r) => r.asked);
  for (const r of out) {
    o.log?.(
      `Market prices of ${r.site} (snapshot): ${r.asked} asked, ${r.valued} valued, ${r.changed.length} changed` +
        (r.failed ? `, ${r.failed} failed (${r.error})` : ''),
    );
  }
  if (left) o.log?.(`Market prices (snapshot): ${left} car(s) left for the scheduled refresh.`);
  return { runs: out, left };
}
