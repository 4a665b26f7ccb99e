/**
 * The 404 page at a car's address (content format 1.3: never a bare 404): which addresses are a
 * car's, and what the page shows for GET /api/stock/car's answer: the car with its prices as the
 * car page words them, its km, "being prepared" and a link to enquire naming its stock number; or
 * "no longer listed" with a link to the cars for sale; never "Page not found".
 */
import { describe, expect, it } from 'vitest';
import { carFallback, carSlugOf, GONE_TEXT, PREPARING_TEXT, uncheckedFallback } from '../ui/not-found-car.ts';
import type { StockCar } from '../../stock/contract/stock-car.ts';

const links = { enquiry: '/contact', listing: '/used-cars' };
const car: StockCar = {
  id: '41',
  slug: '2023-kia-sportage-sx-n7',
  year: 2023,
  make: 'Kia',
  model: 'Sportage',
  badge: 'SX',
  km: 12345,
  car_type: 'used',
  price: 38990,
  price_drive_away: 38990,
  photo: 'https://cdn.example.com/n7-1.jpg',
  stock_number: 'N7',
};

describe("a car's address on the 404 page", () => {
  it('reads the slug of /cars/{slug} and nothing else', () => {
    expect(carSlugOf('/cars/2023-kia-sportage-sx-n7')).toBe('2023-kia-sportage-sx-n7');
    expect(carSlugOf('/cars/2023-kia-sportage-sx-n7/')).toBe('2023-kia-sportage-sx-n7');
    expect(carSlugOf('/cars/a%20b')).toBe('a b');
    for (const p of ['/cars', '/cars/', '/cars/a/b', '/about', '/used-cars/x', '/cars/%E0%A4%A'])
      expect(carSlugOf(p), p).toBeUndefined();
  });

  it('shows a car in stock with its name, photo, drive-away price, km, "being prepared" and an enquiry link', () => {
    expect(carFallback(car, links)).toEqual({
      kind: 'car',
      name: '2023 Kia Sportage SX',
      photo: 'https://cdn.example.com/n7-1.jpg',
      hasPhoto: true,
      prices: [{ text: '$38,990', note: 'Drive away' }],
      km: '12,345 km',
      message: PREPARING_TEXT,
      enquireHref: '/contact?stock_number=N7',
      enquireText: 'Enquire about the 2023 Kia Sportage SX',
      listingHref: '/used-cars',
      listingText: 'See our other cars',
    });
    expect(PREPARING_TEXT).toBe("This car's page is being prepared.");
  });

  it('never calls a price drive-away that the stock does not, and gives a new car no km', () => {
    const plain = carFallback(
      { ...car, price_drive_away: undefined, car_type: 'new', stock_number: undefined, price: 30000 },
      {},
    );
    expect(plain).toMatchObject({ prices: [{ text: '$30,000' }], enquireHref: '/?car_id=41' });
    expect(plain).not.toHaveProperty('km');
    // No photo of its own: the no-photo image, described as nothing.
    expect(carFallback({ ...car, photo: undefined }, links)).toMatchObject({
      photo: '/images/no-photo.svg',
      hasPhoto: false,
    });
    expect(carFallback({ ...car, price_on_application: true }, links)).toMatchObject({
      prices: [{ text: 'Price on application' }],
    });
    expect(JSON.stringify(plain)).not.toMatch(/drive/i);
  });

  it('says a car that is not for sale is no longer listed, with a link to the used cars', () => {
    const gone = carFallback(undefined, links);
    expect(gone).toEqual({
      kind: 'gone',
      heading: 'Car no longer listed',
      message: GONE_TEXT,
      listingHref: '/used-cars',
      listingText: 'See our cars for sale',
    });
    expect(uncheckedFallback({})).toMatchObject({ kind: 'gone', heading: 'Car not found', listingHref: '/' });
    for (const view of [gone, uncheckedFallback(links)]) expect(JSON.stringify(view)).not.toContain('Page not found');
  });
});
