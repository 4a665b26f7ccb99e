/**
 * A fed car's identity (content format 1.2: `stock_number` is a car's identity across feeds; the
 * import derives the Car's `id` and `slug` from it). The same stock number always gives the same id,
 * and the same stock number and description the same slug.
 */

/** Lowercase ASCII letters and digits joined by single hyphens: "CX-60 G40e Évolve" → "cx-60-g40e-evolve". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** FNV-1a over the text's UTF-16 code units, as 8 hex digits. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * A stock number as the end of a car's slug: slugified, so "AB 12", "ab-12" and "AB/12" give the
 * same key (a feed may not hold two of them); a stock number with no ASCII letter or digit at all
 * gets "x" and a hash of it instead.
 */
export function stockKey(stockNumber: string): string {
  return slugify(stockNumber) || `x${fnv1a(stockNumber)}`;
}

const utf8 = new TextEncoder();

/**
 * A car's id from its stock number: the stock number itself when it holds only letters, digits,
 * ".", "_" and "-" (as stock numbers do), each other character written as "~" and two hex digits per
 * UTF-8 byte ("AB 12/3" → "AB~2012~2F3"). Safe in a URL as it is, and two stock numbers never
 * share an id.
 */
export function carIdOf(stockNumber: string): string {
  return stockNumber.replace(/[^A-Za-z0-9._-]/gu, (ch) =>
    Array.from(utf8.encode(ch), (b) => `~${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/** The longest description part of a slug, before the stock number; cut at a hyphen. */
const SLUG_DESCRIPTION_MAX = 80;

/** A car's name as the samples write it: "2021 Toyota RAV4 GX". */
export function carNameOf(c: { year: number; make: string; model: string; badge?: string | undefined }): string {
  return [String(c.year), c.make, c.model, c.badge ?? ''].filter((p) => p.trim()).join(' ');
}

/**
 * A car's slug: year, make, model and badge, then its stock number, slugified
 * ("2021-toyota-rav4-gx-cmg04017"). Unique within a dealer while stock keys are.
 */
export function carSlugOf(c: {
  year: number;
  make: string;
  model: string;
  badge?: string | undefined;
  stock_number: string;
}): string {
  let description = slugify(carNameOf(c));
  if (description.length > SLUG_DESCRIPTION_MAX) {
    const cut = description.slice(0, SLUG_DESCRIPTION_MAX + 1);
    const hyphen = cut.lastIndexOf('-');
    description = (hyphen > 0 ? cut.slice(0, hyphen) : cut.slice(0, SLUG_DESCRIPTION_MAX)).replace(/-+$/, '');
  }
  return `${description}-${stockKey(c.stock_number)}`;
}
