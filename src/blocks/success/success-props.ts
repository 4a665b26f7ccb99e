/**
 * Build-time side of the thank-you block: the site options, team member names and locations its
 * island reads.
 */
import type { DealerContent } from '../../content/load.ts';
import type { Block } from '../../content/blocks.ts';
import type { LocationCard, SuccessOptions } from './success.ts';
import { hasPageHeading } from '../../site/page-blocks.ts';
import { profileHref } from '../../domain/routes.ts';
import { DEFAULT_OFFER_TERMS } from '../../features/valuation/rules/trade-offer.ts';

export function successOptions(dealer: DealerContent): SuccessOptions {
  const { site } = dealer;
  const forms = site.options.forms;
  return {
    siteName: site.name,
    ...(forms.serviceBooking.confirmationMessage
      ? { serviceConfirmation: forms.serviceBooking.confirmationMessage }
      : {}),
    ...(forms.serviceBooking.freeRideRadiusKm ? { freeRideRadiusKm: forms.serviceBooking.freeRideRadiusKm } : {}),
    ...(forms.finance.customThankYouText ? { financeText: forms.finance.customThankYouText } : {}),
    ...(forms.finance.customThankYouLink ? { financeLink: forms.finance.customThankYouLink } : {}),
    customMessages: site.options.success.customMessages,
    teamMembers: teamMemberNames(dealer),
    ...(site.trade_in?.offer ? { tradeInOffer: site.trade_in.offer.terms ?? DEFAULT_OFFER_TERMS } : {}),
  };
}

/** The names of the team members an enquiry can be sent to: those with a profile page, each once. */
export function teamMemberNames(dealer: Pick<DealerContent, 'site' | 'team'>): string[] {
  const names = dealer.team.filter((m) => profileHref(dealer.site, m)).map((m) => m.name.trim());
  return [...new Set(names)].filter(Boolean);
}

export function locationCards(dealer: DealerContent): LocationCard[] {
  return dealer.locations.map((l) => ({
    id: String(l.id),
    name: l.name,
    address: l.address.address,
    ...(l.contact_detail?.phone ? { phone: l.contact_detail.phone } : {}),
    primary: l.primary ?? false,
    mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${l.address.lat},${l.address.long}`)}`,
  }));
}

/**
 * The thank-you title is the page's <h1> only when the page treats it so: when the page's
 * heading check counts the success block and nothing else on the page is an <h1>. Otherwise the
 * page has its own <h1> (or the layout's hidden one) and the title is an <h2>.
 */
export function successHeadingLevel(blocks: Block[]): 1 | 2 {
  const others = blocks.filter((b) => b.type !== 'success');
  return hasPageHeading(blocks) && !hasPageHeading(others) ? 1 : 2;
}
