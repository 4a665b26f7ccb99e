/**
 * The structured data and the Google and Meta vehicle feeds give a car the price its page shows
 * first; a price on application car's offer has no price, and both feeds (which require one) leave
 * it out with the build's note.
 */
import { describe, expect, it } from 'vitest';
import type { Car } from '../../../src/content/entities.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { carJsonLd } from '../../../src/seo/structured-data/car.ts';
import { leftOutNote, vehicleFeeds } from '../../../src/seo/feeds/index.ts';
import { vehicleCatalogue } from '../../../src/seo/feeds/catalogue.ts';
import { fixtureDealer } from '../../helpers/render.ts';

async function dealerWith(over: Partial<Car>): Promise<{ dealer: DealerContent; car: Car }> {
  const dealer = structuredClone(await fixtureDealer());
  const base = dealer.cars.find((c) => (c.status ?? 'available') === 'available')!;
  const car: Car = { ...base, price_qualifier: undefined, price_drive_away: undefined, price_egc: undefined, ...over };
  dealer.cars = dealer.cars.map((c) => (c === base ? car : c));
  return { dealer, car };
}

const offerOf = (dealer: DealerContent, car: Car) =>
  (carJsonLd(dealer, car) as { offers: Record<string, unknown> }).offers;

describe('schema.org offer', () => {
  it('is the drive-away price when the car has one', async () => {
    const { dealer, car } = await dealerWith({ price: 30990, price_drive_away: 33990 });
    expect(offerOf(dealer, car)).toMatchObject({ price: 33990, priceCurrency: 'AUD' });
  });

  it('states no price for a price on application car', async () => {
    const { dealer, car } = await dealerWith({ price: 0, price_on_application: true });
    const offer = offerOf(dealer, car);
    expect(offer).not.toHaveProperty('price');
    expect(offer).not.toHaveProperty('priceCurrency');
    expect(offer).toMatchObject({ '@type': 'Offer', availability: 'https://schema.org/InStock' });
  });
});

describe('vehicle feeds', () => {
  it('list the drive-away price, and say so in the description', async () => {
    const { dealer, car } = await dealerWith({
      price: 30990,
      price_drive_away: 33990,
      vin: 'JTMUYNZW8HCN3N5SD',
      photos: ['https://cdn.example.com/car-1.jpg'],
      colour: 'White',
    });
    const item = vehicleCatalogue(dealer).find((v) => v.id === String(car.id))!;
    expect([item.price, item.priceQualifier]).toEqual([33990, 'drive_away']);
    expect(item.description).toMatch(/Price is drive-away\.$/);
    for (const feed of vehicleFeeds(dealer)) {
      expect(feed.leftOut.find((l) => l.id === String(car.id))).toBeUndefined();
      expect(feed.text).toContain('33990.00 AUD');
      expect(feed.text).not.toContain('30990.00 AUD');
    }
  });

  it('leave a price on application car out of both feeds, with the note naming the price', async () => {
    const { dealer, car } = await dealerWith({ price: 0, price_on_application: true });
    for (const feed of vehicleFeeds(dealer)) {
      expect(feed.text).not.toContain('0.00 AUD');
      expect(feed.leftOut.find((l) => l.id === String(car.id))?.missing).toContain('price');
      expect(leftOutNote(feed)).toMatch(/cars left out \(missing .*price: 1/);
    }
  });
});
