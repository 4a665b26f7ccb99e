/**
 * The dealer facts behind a lead's dealer values (spec §3: dealership_name, dealershipId,
 * dealership_id, dealerCompanyId, dealership_slug), read from the dealer's content. The build hands
 * them to the form island (src/components/form/form-props.ts), which adds them to every save, and
 * the lead route computes the same values from them (src/features/leads/server/server-values.ts), so the two
 * always agree.
 */
import type { DealerContent } from '../content/load.ts';
import type { DealerLeadFields, LocationFacts } from './island/values.ts';

/**
 * The site's name and ids; dealership_id and dealership_slug are those of the dealer's only
 * dealership when all its locations belong to one, else dealership_id is the site's dealershipId.
 */
export function dealerLeadFields(dealer: Pick<DealerContent, 'site' | 'locations'>): DealerLeadFields {
  const { site } = dealer;
  const dealerships = new Set(dealer.locations.map((l) => l.dealership?.slug).filter(Boolean));
  const onlyDealership = dealerships.size === 1 ? dealer.locations.find((l) => l.dealership)?.dealership : undefined;
  return {
    dealership_name: site.name,
    ...(site.dealershipId !== undefined
      ? { dealershipId: String(site.dealershipId), dealership_id: String(site.dealershipId) }
      : {}),
    ...(site.dealerCompanyId !== undefined ? { dealerCompanyId: String(site.dealerCompanyId) } : {}),
    ...(onlyDealership ? { dealership_id: String(onlyDealership.id), dealership_slug: onlyDealership.slug } : {}),
  };
}

/** Each location of the dealer with the dealership it belongs to. */
export function locationFacts(dealer: Pick<DealerContent, 'locations'>): LocationFacts[] {
  return dealer.locations.map((l) => ({
    id: String(l.id),
    name: l.name,
    ...(l.dealership ? { dealership_id: String(l.dealership.id), dealership_slug: l.dealership.slug } : {}),
  }));
}
