/**
 * The quick search's count, shared by the build (the button's first label) and the browser
 * (quick-search.ts, as the shopper chooses): plain code with no content imports.
 */

/** A listed car as the form carries it: [make, model, price or null for price on application]. */
export type QuickCar = readonly [string, string, number | null];

/** "Search 24 cars", "Search 1 car". */
export const searchLabel = (n: number): string => `Search ${n} ${n === 1 ? 'car' : 'cars'}`;

/** How many of the cars a choice of make, model and max price (":30000", or "") finds. */
export function countMatching(
  cars: readonly (readonly [string, string, number | null])[],
  make: string,
  model: string,
  price: string,
): number {
  const max = /^:(\d+)$/.exec(price)?.[1];
  return cars.filter(
    ([mk, md, p]) => (!make || mk === make) && (!model || md === model) && (!max || (p !== null && p <= Number(max))),
  ).length;
}
