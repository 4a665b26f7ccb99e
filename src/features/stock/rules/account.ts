/**
 * A car's listing `account` (the account a cars block may filter on, e.g. a group's "pre-owned"
 * yard) comes from its feed row's `account` column (content format 1.3), else the site's
 * `stock.default_account`, else this: the account most of the dealer's cars at the car's location
 * carry (most of all its cars when none there has one), so a page filtered on an account lists
 * the new arrivals of that yard. A car the dealer already lists keeps its own.
 */
/** What the inference reads of a car. */
interface Placed {
  location_name?: string | undefined;
  account?: string | undefined;
}

/** The account carried by most of `cars` (the first seen wins a tie), or undefined when none has one. */
function mostCommon(cars: readonly Placed[]): string | undefined {
  const counts = new Map<string, number>();
  for (const c of cars) if (c.account) counts.set(c.account, (counts.get(c.account) ?? 0) + 1);
  let best: string | undefined;
  for (const [account, n] of counts) if (best === undefined || n > counts.get(best)!) best = account;
  return best;
}

export function inferredAccount(car: Placed, known: readonly Placed[]): string | undefined {
  const here = known.filter((k) => (k.location_name ?? '') === (car.location_name ?? ''));
  return mostCommon(here) ?? mostCommon(known);
}
