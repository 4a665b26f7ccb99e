/**
 * Which offers a dealer's site may show: the offers block lists them at build time and the search
 * route indexes only them, so a page and a search agree.
 */
import type { Offer } from '../content/entities.ts';
import type { Site } from '../content/site.ts';

/** The offers search returns at most this many offers (spec §9). */
export const OFFERS_LIMIT = 200;

export interface OfferFilter {
  category?: string;
  hitsPerPage?: number;
}

/**
 * Whether the site may show an offer: not when its excluded_website_ids hold the site's id,
 * unless its manufacturer is one of the site's offers.ignoreExclusionsForManufacturers
 * (compared without case, as the CMS writes makes freely).
 */
export function isOfferShown(offer: Offer, site: Site): boolean {
  if (!offer.excluded_website_ids.includes(site.id)) return true;
  const make = offer.manufacturer?.trim().toLowerCase();
  if (!make) return false;
  return site.options.offers.ignoreExclusionsForManufacturers.some((m) => m.trim().toLowerCase() === make);
}

const sameWords = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The offers a block lists, in the CMS order: exclusions applied, then the block's category
 * (whole name, any case; "Service" does not match "Service offer"), then the search limit of
 * 200, then the block's hitsPerPage.
 */
export function selectOffers(offers: readonly Offer[], site: Site, filter: OfferFilter = {}): Offer[] {
  const category = filter.category?.trim();
  const matching = offers.filter(
    (o) => isOfferShown(o, site) && (!category || (o.category !== undefined && sameWords(o.category, category))),
  );
  const limited = matching.slice(0, OFFERS_LIMIT);
  return filter.hitsPerPage ? limited.slice(0, filter.hitsPerPage) : limited;
}
