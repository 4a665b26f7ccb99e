/**
 * The history provider consulted when stock arrives (src/features/stock/server/import.ts): each
 * used or demo car the import writes that has a VIN and no history (none in the feed, none kept
 * from before) is checked, a few at a time. A failed check leaves the car without a history: the
 * import never waits on, or fails for, the history service.
 */
import type { Car } from '../../../content/entities.ts';
import type { HistoryProvider } from './history-provider.ts';

/** Checks at once, at most. */
const AT_ONCE = 4;

/** Whether the import asks the provider about this car. */
export function wantsHistory(car: Car): boolean {
  return car.history === undefined && !!car.vin && car.car_type !== 'new' && car.status !== 'sold';
}

/** Adds the provider's history to each car that wants one; returns how many got one. */
export async function addHistory(
  cars: Car[],
  provider: HistoryProvider,
  country: 'AU' | 'NZ',
  log: (line: string) => void = console.warn,
): Promise<number> {
  const queue = cars.filter(wantsHistory);
  let found = 0;
  let failed = 0;
  const worker = async () => {
    for (let car = queue.shift(); car; car = queue.shift()) {
      try {
        const history = await provider.check({ vin: car.vin!, country });
        if (history) {
          car.history = history as Car['history'];
          found++;
        }
      } catch (e) {
        failed++;
        if (failed === 1) log(`vehicle history (${provider.describe}): ${(e as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  if (failed > 1) log(`vehicle history (${provider.describe}): ${failed} checks failed; those cars show no history.`);
  return found;
}
