/**
 * New prices for the local valuation model (valuation-model.ts): what a typical mid-range variant
 * of a model costs new in Australia, in today's dollars, rounded. A model's price is its segment's
 * price times its make's tier, unless the table gives its own price (a model far from its
 * segment's norm, such as a LandCruiser). The table itself is valuation-makes.ts.
 */

import { MAKES, SEGMENT_PRICE, type MakeEntry, type Segment } from './valuation-makes.ts';

export { MAKES, SEGMENT_PRICE, type MakeEntry, type Segment } from './valuation-makes.ts';

/** Letters and digits in lower case: "CX-5" → "cx5", "Mercedes-Benz" → "mercedesbenz". */
export function keyOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

export function makeEntry(make: string): MakeEntry | undefined {
  const key = keyOf(make);
  if (!key) return undefined;
  return MAKES.find((m) => keyOf(m.name) === key || m.aliases?.includes(key));
}

/**
 * The table's price of a model, new, in AUD: the longest listed model name the model starts with
 * ("LandCruiser Prado GXL" → landcruiserprado), the make's name left out ("Mazda CX-5" → cx5).
 * `matched` is false when only the make was known and the price is its usual segment's.
 */
export function newPrice(
  entry: MakeEntry,
  model: string | undefined,
): { price: number; matched: boolean; segment?: Segment } {
  let key = keyOf(model ?? '');
  const makeKey = keyOf(entry.name);
  if (key.startsWith(makeKey) && key.length > makeKey.length && !(key in entry.models)) key = key.slice(makeKey.length);
  let best: string | undefined;
  for (const name of Object.keys(entry.models)) {
    if (key.startsWith(name) && (!best || name.length > best.length)) best = name;
  }
  const listed = best === undefined ? undefined : entry.models[best]!;
  if (typeof listed === 'number') return { price: listed, matched: true };
  const segment = listed ?? entry.usual;
  return { price: Math.round(SEGMENT_PRICE[segment] * entry.tier), matched: listed !== undefined, segment };
}
