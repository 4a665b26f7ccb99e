import { describe, expect, it } from 'vitest';
import { fixtureDealer } from '../../../tests/helpers/render.ts';
import { siteSchema } from '../../content/site.ts';
import { locationCards, successOptions, teamMemberNames } from './success-props.ts';

describe('thank-you block props', () => {
  it("passes the dealer's service, finance and custom-message options to the page", async () => {
    const dealer = await fixtureDealer();
    const site = siteSchema.parse({
      ...dealer.site,
      options: {
        forms: {
          serviceBooking: {
            confirmationMessage: 'We will contact you to confirm your service booking',
            freeRideRadiusKm: 8,
          },
          finance: { customThankYouText: 'See our rates', customThankYouLink: '/finance/rates' },
        },
        success: { customMessages: [{ category: 'review', description: 'Cheers' }] },
      },
    });
    expect(successOptions({ ...dealer, site })).toEqual({
      siteName: 'Mini Motors',
      serviceConfirmation: 'We will contact you to confirm your service booking',
      freeRideRadiusKm: 8,
      financeText: 'See our rates',
      financeLink: '/finance/rates',
      customMessages: [expect.objectContaining({ category: 'review', description: 'Cheers' })],
      teamMembers: ['Sam Taylor', 'Priya Sharma', "Tom O'Connor"],
    });
  });

  it('names the team members an enquiry can be sent to: those with a profile page, none without profile pages', async () => {
    const dealer = await fixtureDealer();
    // Lee Wong has no profile page (remove_profile_page), so no enquiry form of their own.
    expect(dealer.team.map((m) => m.name)).toContain('Lee Wong');
    expect(teamMemberNames(dealer)).toEqual(['Sam Taylor', 'Priya Sharma', "Tom O'Connor"]);
    const withoutPages = siteSchema.parse({ ...dealer.site, options: { team: { profilePages: false } } });
    expect(teamMemberNames({ ...dealer, site: withoutPages })).toEqual([]);
    expect(successOptions({ ...dealer, site: withoutPages }).teamMembers).toEqual([]);
  });

  it('gives each location card its address, phone and a directions link', async () => {
    const dealer = await fixtureDealer();
    const [first] = locationCards(dealer);
    const loc = dealer.locations[0]!;
    expect(first).toMatchObject({
      id: String(loc.id),
      name: loc.name,
      address: loc.address.address,
      primary: loc.primary ?? false,
    });
    expect(first!.mapUrl).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${loc.address.lat},${loc.address.long}`)}`,
    );
  });
});
