/**
 * A feed says nothing of a car's `account` (the listing account a cars block may filter on, e.g. a
 * group's "pre-owned" yard) or its `tag`: they are the dealer's own classification. A car the
 * dealer already lists keeps its own; a new car takes the account the dealer's other cars at the
 * same location and of the same kind (new, or used and demonstrator) have, when they agree on one,
 * so a page filtered on an account lists the new arrivals of that yard.
 */
import type { Car } from '../../content/entities.ts';

const kind = (car: Pick<Car, 'car_type'>) => (car.car_type === 'new' ? 'new' : 'used');

export function inferredAccount(
  car: Pick<Car, 'car_type' | 'location_name'>,
  known: readonly Pick<Car, 'car_type' | 'location_name' | 'account'>[],
): string | undefined {
  const alike = known.filter((k) => k.account && kind(k) === kind(car));
  const here = alike.filter((k) => (k.location_name ?? '') === (car.location_name ?? ''));
  for (const group of [here, alike]) {
    const accounts = new Set(group.map((k) => k.account!));
    if (accounts.size === 1) return [...accounts][0];
    if (accounts.size > 1) return undefined;
  }
  return undefined;
}
