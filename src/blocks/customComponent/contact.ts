/** The dealer's main contact details, for the contactStrip component. */

export interface PrimaryContact {
  phone?: string;
  email?: string;
  address?: string;
}

/** The parts of a dealer's content that contact details come from. */
export interface ContactSource {
  site: { contact?: { phone?: string; email?: string } };
  locations: readonly { primary?: boolean; contact_detail?: { phone?: string }; address: { address: string } }[];
}

/**
 * Phone, email and address of the primary location (the first location marked primary, else
 * the first location). The site's contact phone stands in when that location has none; email
 * comes from the site, as locations carry none.
 */
export function primaryContact(dealer: ContactSource): PrimaryContact {
  const location = dealer.locations.find((l) => l.primary) ?? dealer.locations[0];
  const phone = location?.contact_detail?.phone?.trim() || dealer.site.contact?.phone?.trim();
  const email = dealer.site.contact?.email?.trim();
  const address = location?.address.address.trim();
  return { phone: phone || undefined, email: email || undefined, address: address || undefined };
}
