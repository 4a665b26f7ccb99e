/** dealer_info: the dealer's public contact facts, as its footer and locations block show them. */
import type { DealerContent } from '../../content/load.ts';
import { footerHours } from '../../domain/opening-hours-text.ts';

export function dealerInfo(dealer: DealerContent) {
  const { site } = dealer;
  return {
    name: site.name,
    website: site.url,
    ...(site.contact?.phone ? { phone: site.contact.phone } : {}),
    ...(site.contact?.email ? { email: site.contact.email } : {}),
    locations: dealer.locations.map((l) => ({
      id: String(l.id),
      name: l.name,
      type: l.location_type,
      address: l.address.address,
      ...(l.contact_detail?.phone ? { phone: l.contact_detail.phone } : {}),
      ...(l.manufacturers.length ? { makes: l.manufacturers } : {}),
      opening_hours: footerHours(l).map((d) => ({
        ...(d.label ? { department: d.label } : {}),
        lines: d.lines.map((line) => (line.days ? `${line.days} ${line.hours}` : line.hours)),
      })),
    })),
  };
}
