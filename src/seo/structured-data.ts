/**
 * schema.org JSON-LD of the dealer sites. The builders live in ./structured-data/; this module is
 * what pages import.
 */
export { carJsonLd, type CarJsonLd } from './structured-data/car.ts';
export { dealerJsonLd, dealerNodeId, sellerJsonLd, type DealerJsonLd } from './structured-data/dealer.ts';
export {
  breadcrumbJsonLd,
  carCrumbs,
  modelCrumbs,
  pageCrumbs,
  staffCrumbs,
  type Crumb,
} from './structured-data/breadcrumbs.ts';
export { isContactPath, pageJsonLd } from './structured-data/pages.ts';

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no tag can close early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
