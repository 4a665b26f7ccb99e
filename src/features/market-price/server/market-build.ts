/**
 * The build's part (src/engine/build/build-validate.ts): a dealer that shows the indicator is
 * built with an estimate on each used car for sale. Fed cars bring theirs from the stock's store
 * (market_estimate, joined by stockRows); a car without one (a snapshot's cars.json, or a fed car
 * not yet asked) is asked about here, through the same provider as the API (MARKET_PRICE_PROVIDER_URL,
 * else the local model). A snapshot car whose estimate the API keeps (market_prices, origin
 * "snapshot", ./market-snapshot.ts), read by the build from the stock's database (build-stock.ts),
 * is given that one while it is fresh for its present facts, and is not asked again. A dealer that
 * does not show it is built without any estimate.
 */
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { envDefault, envInt, processEnv } from '../../../config/env.ts';
import { mapLimit } from '../../../lib/concurrency.ts';
import type { WithMarketEstimate } from '../contract/market-price.ts';
import { askable, marketQueryOf, withEstimate } from '../rules/market-query.ts';
import { ASK_CONCURRENCY, showsMarketPrice } from './market-estimates.ts';
import { marketProviderFromEnv, type MarketProvider } from './market-provider.ts';
import { snapshotReuse } from './market-snapshot.ts';
import type { StoredEstimate } from './market-store.ts';

let fromEnv: MarketProvider | undefined;

/** The snapshot estimates a build reuses: the stored answers of a dealer's snapshot cars, by car id. */
export type KeptSnapshotEstimates = Record<string, StoredEstimate>;

/**
 * `dealer`'s cars with their estimates (or none, for a dealer that does not show them). `kept`
 * holds its snapshot cars' stored answers: one fresh for a car's present facts (as of `now`,
 * younger than `maxAgeDays`, default MARKET_PRICE_REFRESH_DAYS) is used and that car not asked.
 */
export async function carsWithMarketPrices(
  dealer: DealerContent,
  o: {
    asAt: string;
    provider?: MarketProvider;
    log?: (line: string) => void;
    kept?: KeptSnapshotEstimates;
    now?: Date;
    maxAgeDays?: number;
  },
): Promise<Car[]> {
  const cars = dealer.cars as (Car & WithMarketEstimate)[];
  if (!showsMarketPrice(dealer)) {
    return cars.some((c) => c.market_estimate) ? cars.map((c) => withEstimate(c, undefined)) : dealer.cars;
  }
  const provider = o.provider ?? (fromEnv ??= marketProviderFromEnv(processEnv()));
  const kept = o.kept ?? {};
  const fresh = {
    now: o.now ?? new Date(),
    maxAgeDays:
      o.maxAgeDays ?? envInt(processEnv(), 'MARKET_PRICE_REFRESH_DAYS') ?? envDefault('MARKET_PRICE_REFRESH_DAYS'),
  };
  let failed = 0;
  let error = '';
  const out = await mapLimit(cars, ASK_CONCURRENCY, async (car) => {
    if (car.market_estimate || !askable(car)) return car;
    const known = kept[String(car.id)];
    if (known) {
      const reuse = snapshotReuse(car, dealer.site.state, known, fresh);
      if (!reuse.due) return reuse.estimate ? withEstimate(car, reuse.estimate) : car;
    }
    try {
      const answer = await provider.estimate({
        query: marketQueryOf(car, dealer.site.state),
        country: dealer.site.country,
        asAt: o.asAt,
        state: dealer.site.state,
      });
      return answer.status === 'valued' ? withEstimate(car, answer.estimate) : car;
    } catch (e) {
      failed++;
      error = (e as Error).message;
      return car;
    }
  });
  if (failed) o.log?.(`warning: ${dealer.slug}: no market price for ${failed} car(s): ${error}`);
  return out;
}
