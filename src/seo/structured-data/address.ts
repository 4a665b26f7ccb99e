/**
 * The parts of a location's one-line address. The CMS stores an address as display text
 * ("200 Mann Street, Gosford NSW 2250"), while search engines and ad platforms want it split into
 * street, locality, region and postcode; Australian and New Zealand addresses both end in a
 * four-digit postcode, which anchors the split.
 */
import type { PostalAddressLeaf } from 'schema-dts';
import { locale } from '../../lib/locale.ts';

export interface AddressParts {
  /** Everything before the locality: number, street and, in New Zealand, the suburb ('' when none). */
  street: string;
  locality?: string;
  region?: string;
  postcode?: string;
  country: 'AU' | 'NZ';
}

const COUNTRY_NAMES = /^(australia|new zealand|aotearoa|au|nz)$/i;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Each region name with the pattern that finds it at the end of a "locality region" run: Australian
 * states, and New Zealand regions (rarely named, but one that is must not be read as the town).
 */
const regionTails = (country: 'AU' | 'NZ') =>
  locale(country).address.regions.map((name) => [name, new RegExp(`(?:^|\\s)${escape(name)}$`, 'i')] as const);
const REGION_TAILS = { AU: regionTails('AU'), NZ: regionTails('NZ') };

function splitRegion(text: string, country: 'AU' | 'NZ'): { rest: string; region?: string } {
  for (const [name, tail] of REGION_TAILS[country]) {
    const m = tail.exec(text);
    if (m) return { rest: text.slice(0, m.index).trim(), region: name };
  }
  return { rest: text };
}

/**
 * Splits a display address into its parts. `fallbackRegion` (the site's state) stands in when the
 * text names no state or region, as New Zealand addresses usually do. An address with no postcode
 * is kept whole as the street, so nothing the dealer wrote is lost.
 */
export function addressParts(text: string, country: 'AU' | 'NZ', fallbackRegion?: string): AddressParts {
  const segments = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  while (segments.length > 1 && COUNTRY_NAMES.test(segments[segments.length - 1]!)) segments.pop();
  const last = segments.pop() ?? '';
  const withPostcode = /^(.*?)\s*\b(\d{4})$/.exec(last);
  if (!withPostcode) {
    return { street: text.trim(), region: fallbackRegion || undefined, country };
  }
  const postcode = withPostcode[2]!;
  const before = withPostcode[1]!.trim();
  const split = splitRegion(before, country);
  const region = split.region;
  let rest = split.rest;
  // Auckland, Wellington, Nelson: a New Zealand city alone before the postcode shares its
  // region's name, and is the locality.
  if (locale(country).address.cityNamesRegion && region && !rest) rest = before;
  // "…, Gosford, NSW 2250": the locality is the segment before the state.
  if (!rest && segments.length > 1) rest = segments.pop()!;
  return {
    street: segments.join(', '),
    locality: rest || undefined,
    region: region ?? (fallbackRegion || undefined),
    postcode,
    country,
  };
}

/** The address on one line, ending with the country code, as ad platforms ask for it. */
export function formatAddress(parts: AddressParts): string {
  const place = [parts.locality, parts.region, parts.postcode].filter(Boolean).join(' ');
  return [parts.street, place, parts.country].filter(Boolean).join(', ');
}

export function postalAddress(parts: AddressParts): PostalAddressLeaf {
  const out: PostalAddressLeaf = { '@type': 'PostalAddress' };
  if (parts.street) out.streetAddress = parts.street;
  if (parts.locality) out.addressLocality = parts.locality;
  if (parts.region) out.addressRegion = parts.region;
  if (parts.postcode) out.postalCode = parts.postcode;
  out.addressCountry = parts.country;
  return out;
}
