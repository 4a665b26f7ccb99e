/**
 * "Similar cars" on a car page, chosen at build time: the same model first, then the same make
 * and body, the same make, the same body, and finally any car, each group nearest in price first.
 * A car is never its own suggestion, and unlisted (sold, hidden) cars are never suggested.
 */
import type { Car } from '../../content/entities.ts';
import { isListed } from '../../domain/routes.ts';

export const SIMILAR_CARS = 4;

const same = (a: string | undefined, b: string | undefined) =>
  !!a?.trim() && !!b?.trim() && a.trim().toLowerCase() === b.trim().toLowerCase();

/** 0 is the closest kind of match, 4 the loosest. */
function closeness(like: Car, c: Car): number {
  const make = same(c.make, like.make);
  const body = same(c.simple_body, like.simple_body);
  if (make && same(c.model, like.model)) return 0;
  if (make && body) return 1;
  if (make) return 2;
  if (body) return 3;
  return 4;
}

/** Up to `count` listed cars like `car`, closest first; ties go to the nearer price, then the id. */
export function similarCars(cars: readonly Car[], car: Car, count = SIMILAR_CARS): Car[] {
  return cars
    .filter((c) => isListed(c) && String(c.id) !== String(car.id))
    .map((c) => ({ c, tier: closeness(car, c), gap: Math.abs(c.price - car.price) }))
    .sort(
      (a, b) =>
        a.tier - b.tier || a.gap - b.gap || String(a.c.id).localeCompare(String(b.c.id), 'en', { numeric: true }),
    )
    .slice(0, Math.max(0, count))
    .map((x) => x.c);
}
