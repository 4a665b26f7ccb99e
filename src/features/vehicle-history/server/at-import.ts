/**
 * Which cars of fed stock the history provider is asked about: each used or demo car not sold
 * that has a VIN and no history (none in the feed, none kept from before). The asking happens
 * after an import, never during it (./history-runs.ts): the import neither waits on nor fails for
 * the history service.
 */
import type { Car } from '../../../content/entities.ts';

/** Whether the provider is asked about this car. */
export function wantsHistory(car: Car): boolean {
  return car.history === undefined && !!car.vin && car.car_type !== 'new' && car.status !== 'sold';
}
