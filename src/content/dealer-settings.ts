/**
 * A dealer's own settings are named `<NAME>_<SUFFIX>` (STOCK_FEED_SECRET_MINI_MOTORS,
 * LEAD_WEBHOOK_URL_MINI_MOTORS, …), the suffix made of its slug. Two slugs can make the same
 * suffix ("mini-motors", "mini--motors"): then one dealer's stock key would sign the other's
 * pushes and its leads go to the other's webhook, so such a fleet is refused, at build and when
 * the API starts, as a website id used twice is.
 */
import type { ContentIssue } from './issues.ts';

/** The slug in upper snake case: "mini-motors" → "MINI_MOTORS". */
export function envSuffix(slug: string): string {
  return slug.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}

/** The sentence naming both dealers and the setting they would share. */
function sharedSettingMessage(dealer: string, other: string): string {
  const suffix = envSuffix(dealer);
  return (
    `dealer "${dealer}" and dealer "${other}" would share the settings named with ${suffix} ` +
    `(STOCK_FEED_SECRET_${suffix}, LEAD_WEBHOOK_URL_${suffix}, …), so one's key would sign the other's stock; ` +
    `rename one dealer folder so the slugs differ in more than "-", "_" or letter case`
  );
}

/** A dealer whose settings suffix an earlier dealer already makes: the later one is refused with this issue. */
export function sharedSettingIssue(dealer: string, other: string): ContentIssue {
  return { dealer, file: '', path: '', message: sharedSettingMessage(dealer, other) };
}

/**
 * Each slug of `slugs` whose suffix an earlier one (or one of `taken`, suffix → slug) already
 * makes, with that other slug. `taken` gains the suffixes of the slugs it did not have.
 */
export function sharedSuffixes(
  slugs: Iterable<string>,
  taken = new Map<string, string>(),
): { dealer: string; other: string }[] {
  const out: { dealer: string; other: string }[] = [];
  for (const slug of slugs) {
    const suffix = envSuffix(slug);
    const other = taken.get(suffix);
    if (other !== undefined && other !== slug) out.push({ dealer: slug, other });
    else taken.set(suffix, slug);
  }
  return out;
}

/** Throws, naming every pair, when two of these dealers share a settings suffix (the API's start). */
export function refuseSharedSettings(slugs: Iterable<string>): void {
  const clashes = sharedSuffixes(slugs);
  if (clashes.length) throw new Error(`${clashes.map((c) => sharedSettingMessage(c.dealer, c.other)).join('; ')}.`);
}
