/** Which JSON-LD each kind of page carries, so the page components only place it in the head. */
import type { DealerContent } from '../../content/load.ts';
import type { Page } from '../../content/page.ts';
import type { BreadcrumbListLeaf, WithContext } from 'schema-dts';
import { breadcrumbJsonLd, pageCrumbs } from './breadcrumbs.ts';
import { dealerJsonLd, type DealerJsonLd } from './dealer.ts';

/** "/contact", "/contact-us" and pages under them, such as "/contact-us/gosford". */
export function isContactPath(path: string): boolean {
  return /^\/contact(-us)?(\/|$)/.test(path);
}

/**
 * JSON-LD objects of a content page: the dealer on the home and contact pages (where search
 * engines look for the business), and the breadcrumb trail on every page below the home page.
 */
export function pageJsonLd(dealer: DealerContent, page: Page): (DealerJsonLd | WithContext<BreadcrumbListLeaf>)[] {
  const out: (DealerJsonLd | WithContext<BreadcrumbListLeaf>)[] = [];
  if (page.path === '/' || isContactPath(page.path)) out.push(dealerJsonLd(dealer));
  const crumbs = pageCrumbs(dealer, page);
  if (crumbs.length > 1) out.push(breadcrumbJsonLd(dealer, crumbs));
  return out;
}
