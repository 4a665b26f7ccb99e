/**
 * Which of a dealer's cars are asked about, what is asked, and how an estimate joins its car.
 * Pure: the import's hook, the schedule and the build share it.
 */
import type { Car } from '../../../content/entities.ts';
import type { MarketEstimate, MarketQuery, WithMarketEstimate } from './market-estimate.ts';

/** A used car for sale with a make and year: the only cars a provider is asked about. */
export function askable(car: Car): boolean {
  return (
    (car.car_type ?? 'used') === 'used' &&
    (car.status ?? 'available') === 'available' &&
    !!car.make?.trim() &&
    Number.isInteger(car.year)
  );
}

/** What the provider is asked about `car`: everything that names it (VIN, rego, make…odometer). */
export function marketQueryOf(car: Car, state?: string): MarketQuery {
  const q: MarketQuery = {
    make: car.make.trim(),
    model: car.model?.trim() || undefined,
    variant: car.badge?.trim() || undefined,
    year: car.year,
    km: Number.isFinite(car.km) ? car.km : undefined,
    vin: car.vin?.trim() || undefined,
    rego: car.rego?.trim() || undefined,
    state: car.rego?.trim() && state ? state : undefined,
  };
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
}

/** The asked facts as one string: a car whose facts change is asked again. */
export function basisKey(query: MarketQuery): string {
  return JSON.stringify([query.vin, query.rego, query.year, query.make, query.model, query.variant, query.km]);
}

/** `car` carrying `estimate` (or none: the key is removed, whatever the car carried before). */
export function withEstimate<T extends object>(
  car: T,
  estimate: MarketEstimate | null | undefined,
): T & WithMarketEstimate {
  const { market_estimate: _, ...rest } = car as T & WithMarketEstimate;
  return (estimate ? { ...rest, market_estimate: estimate } : rest) as T & WithMarketEstimate;
}
