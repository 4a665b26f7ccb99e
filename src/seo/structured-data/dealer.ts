/**
 * The dealer as schema.org sees it, for the home and contact pages, and the seller of each car.
 *
 * One place (a single dealership, however many counters it has): the dealer is an AutoDealer with
 * that address, and its service and parts counters are `department`s, as Google's LocalBusiness
 * guidance asks for departments inside one store. Several places (a dealer group): the dealer is
 * an Organization and each place an AutoDealer of its own in `subOrganization`. A LocalBusiness
 * stands for one physical place with one address and one set of hours, which a group spread over
 * several sites does not have; Google asks for each location to be marked up as its own business,
 * and schema.org's subOrganization is the link from a parent organisation to its parts.
 */
import type { AutoDealerLeaf, BrandLeaf, OrganizationLeaf, PropertyValueLeaf, WithContext } from 'schema-dts';
import type { Location } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Site } from '../../content/site.ts';
import { isSiteOrigin } from '../../content/site.ts';
import { absoluteUrl } from '../../domain/routes.ts';
import { addressParts, postalAddress } from './address.ts';
import { openingHoursSpecification } from '../../domain/hours.ts';
import { dealerPlaces, placeOfLocation, type Place, type PlaceDepartment } from './places.ts';

export type DealerJsonLd = WithContext<AutoDealerLeaf> | WithContext<OrganizationLeaf>;

/** The `@id` of the dealer: pages and sellers refer to the one node by it. */
export function dealerNodeId(site: Site): string {
  return `${absoluteUrl(site, '/')}#dealer`;
}

function locationNodeId(site: Site, location: Location): string {
  return `${absoluteUrl(site, '/')}#location-${location.id}`;
}

function placeUrl(site: Site, location: Location): string {
  const own = location.website_url?.trim();
  return own && isSiteOrigin(own) ? new URL(own).href : absoluteUrl(site, '/');
}

/** A single place is the dealer itself, so both share the dealer's `@id`, name and address. */
function placeIdentity(dealer: DealerContent, place: Place): { id: string; name: string; url: string } {
  const { site } = dealer;
  return dealerPlaces(dealer).length === 1
    ? { id: dealerNodeId(site), name: site.name, url: absoluteUrl(site, '/') }
    : { id: locationNodeId(site, place.main), name: place.main.name, url: placeUrl(site, place.main) };
}

function logoUrl(site: Site): string | undefined {
  return site.logo ? new URL(site.logo.url, site.url).href : undefined;
}

function departmentNode(site: Site, dept: PlaceDepartment): AutoDealerLeaf {
  const node: AutoDealerLeaf = dept.location
    ? { '@type': 'AutoDealer', '@id': locationNodeId(site, dept.location), name: dept.name }
    : { '@type': 'AutoDealer', name: dept.name };
  if (dept.phone) node.telephone = dept.phone;
  if (dept.hours.length) node.openingHoursSpecification = openingHoursSpecification(dept.hours);
  return node;
}

function placeNode(dealer: DealerContent, place: Place): AutoDealerLeaf {
  const { site } = dealer;
  const { main } = place;
  const { id, name, url } = placeIdentity(dealer, place);
  const node: AutoDealerLeaf = { '@type': 'AutoDealer', '@id': id, name, url };
  const logo = logoUrl(site);
  if (logo) node.image = logo;
  if (main.contact_detail?.phone) node.telephone = main.contact_detail.phone;
  node.address = postalAddress(addressParts(main.address.address, site.country, site.state));
  node.geo = { '@type': 'GeoCoordinates', latitude: main.address.lat, longitude: main.address.long };
  if (place.hours.length) node.openingHoursSpecification = openingHoursSpecification(place.hours);
  if (place.departments.length) node.department = place.departments.map((d) => departmentNode(site, d));
  const makes = [...new Set(place.locations.flatMap((l) => l.manufacturers))];
  if (makes.length) node.brand = makes.map((make): BrandLeaf => ({ '@type': 'Brand', name: make }));
  return node;
}

function identifiers(site: Site): PropertyValueLeaf[] {
  const ids: [string, string | undefined][] = [
    ['ABN', site.legal?.abn],
    ['NZBN', site.legal?.nzbn],
    ['Dealer licence', site.legal?.dealerLicence],
  ];
  return ids.flatMap(([propertyID, value]) =>
    value?.trim() ? [{ '@type': 'PropertyValue', propertyID, value: value.trim() }] : [],
  );
}

/** What only the dealer as a whole has: its own phone and email, logo, profiles and registrations. */
function withDealerFacts<T extends AutoDealerLeaf | OrganizationLeaf>(site: Site, node: T): T {
  const out: T = { ...node };
  const logo = logoUrl(site);
  if (logo) out.logo = logo;
  if (site.contact?.phone) out.telephone = site.contact.phone;
  if (site.contact?.email) out.email = site.contact.email;
  const sameAs = Object.values(site.social ?? {}).filter((u): u is string => !!u);
  if (sameAs.length) out.sameAs = sameAs;
  const ids = identifiers(site);
  if (ids.length) out.identifier = ids;
  if (site.legal?.abn?.trim()) out.taxID = site.legal.abn.trim();
  return out;
}

/** The dealer node of the home and contact pages, with every place it has. */
export function dealerJsonLd(dealer: DealerContent): DealerJsonLd {
  const { site } = dealer;
  const places = dealerPlaces(dealer);
  const context = 'https://schema.org' as const;
  if (places.length === 1) {
    return { '@context': context, ...withDealerFacts(site, placeNode(dealer, places[0]!)) };
  }
  const base = { '@id': dealerNodeId(site), name: site.name, url: absoluteUrl(site, '/') };
  if (!places.length) {
    return { '@context': context, ...withDealerFacts<AutoDealerLeaf>(site, { '@type': 'AutoDealer', ...base }) };
  }
  const group: OrganizationLeaf = {
    '@type': 'Organization',
    ...base,
    subOrganization: places.map((p) => placeNode(dealer, p)),
  };
  return { '@context': context, ...withDealerFacts(site, group) };
}

/**
 * The seller of a car: the business at the car's location, with its address, so the offer names
 * a place a buyer can go to. Without a location it is the dealer with its phone.
 */
export function sellerJsonLd(dealer: DealerContent, location: Location | undefined): AutoDealerLeaf {
  const { site } = dealer;
  const place = location && placeOfLocation(dealer, location);
  if (!place) {
    const seller: AutoDealerLeaf = {
      '@type': 'AutoDealer',
      '@id': dealerNodeId(site),
      name: site.name,
      url: absoluteUrl(site, '/'),
    };
    if (site.contact?.phone) seller.telephone = site.contact.phone;
    return seller;
  }
  const { id, name, url } = placeIdentity(dealer, place);
  const seller: AutoDealerLeaf = { '@type': 'AutoDealer', '@id': id, name, url };
  const phone = place.main.contact_detail?.phone ?? site.contact?.phone;
  if (phone) seller.telephone = phone;
  seller.address = postalAddress(addressParts(place.main.address.address, site.country, site.state));
  return seller;
}
