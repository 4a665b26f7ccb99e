import { describe, expect, it } from 'vitest';
import { locationHours, splitHours } from './hours.ts';
import { primaryContact } from './contact.ts';
import { fixtureDealer } from '../../../tests/helpers/render.ts';

describe('dealer hours and contact', () => {
  it('splits "Day: hours" lines and keeps other lines whole', () => {
    expect(splitHours('Monday: 8:30 AM – 5:30 PM')).toEqual({ day: 'Monday', hours: '8:30 AM – 5:30 PM' });
    expect(splitHours('Public holidays closed')).toEqual({ hours: 'Public holidays closed' });
  });

  it('keeps locations with hours, of the given type when there is one', async () => {
    const { locations } = await fixtureDealer();
    expect(locationHours(locations).map((l) => l.name)).toEqual(['Mini Motors Sydney', 'Mini Motors Service Centre']);
    expect(locationHours(locations, 'sales').map((l) => l.name)).toEqual(['Mini Motors Sydney']);
    expect(locationHours(locations, 'parts')).toEqual([]);
    expect(locationHours(locations, 42).length).toBe(2);
  });

  it("takes the primary location's phone and address, and the site's phone when it has none", async () => {
    const dealer = await fixtureDealer();
    expect(primaryContact(dealer)).toEqual({
      phone: '(02) 9555 0100',
      email: 'sales@minimotors.com.au',
      address: '12 George Street, Sydney NSW 2000',
    });
    const noPhone = dealer.locations.map((l) => ({ ...l, contact_detail: undefined }));
    const site = { ...dealer.site, contact: { ...dealer.site.contact, phone: '1300 646 464' } };
    expect(primaryContact({ site, locations: noPhone }).phone).toBe('1300 646 464');
    expect(primaryContact({ site, locations: dealer.locations }).phone).toBe('(02) 9555 0100');
    expect(primaryContact({ site: { ...dealer.site, contact: undefined }, locations: [] })).toEqual({});
  });
});
