/** Similar cars on a car page, chosen at build time. */
import { describe, expect, it } from 'vitest';
import { similarCars, SIMILAR_CARS } from '../rules/similar.ts';
import { carCard, carHit } from '../../search/rules/cars-search.ts';
import { car as carSchema, type Car } from '../../../content/entities.ts';

function makeCar(over: Record<string, unknown> = {}): Car {
  return carSchema.parse({
    id: 501,
    name: 'x',
    slug: '2021-toyota-rav4-gxl-awd-501',
    make: 'Toyota',
    model: 'RAV4',
    badge: 'GXL AWD',
    year: 2021,
    km: 48250,
    price: 38990,
    photos_count: 0,
    car_type: 'used',
    created_at_timestamp: 1,
    simple_body: 'SUV',
    location_name: 'Harbour Toyota',
    ...over,
  });
}

let nextId = 1;
const car = (make: string, model: string, body: string, price: number, over: Record<string, unknown> = {}) =>
  makeCar({
    id: nextId++,
    slug: `${make}-${model}-${nextId}`.toLowerCase(),
    make,
    model,
    simple_body: body,
    price,
    ...over,
  });

describe('similar cars', () => {
  const me = car('Toyota', 'RAV4', 'SUV', 40000);
  const rav4Far = car('Toyota', 'RAV4', 'SUV', 60000);
  const rav4Near = car('Toyota', 'RAV4', 'SUV', 41000);
  const kluger = car('Toyota', 'Kluger', 'SUV', 55000);
  const corolla = car('Toyota', 'Corolla', 'Hatch', 39000);
  const cx5 = car('Mazda', 'CX-5', 'SUV', 40500);
  const ranger = car('Ford', 'Ranger', 'Ute', 40100);
  const soldRav4 = car('Toyota', 'RAV4', 'SUV', 40000, { status: 'sold' });
  const all = [ranger, cx5, corolla, kluger, rav4Far, rav4Near, soldRav4, me];

  it(`shows ${SIMILAR_CARS}: same model first, then same make and body, same make, same body, nearest price within each`, () => {
    expect(similarCars(all, me).map((c) => c.id)).toEqual([rav4Near.id, rav4Far.id, kluger.id, corolla.id]);
    expect(similarCars(all, me, 6).map((c) => c.id)).toEqual([
      rav4Near.id,
      rav4Far.id,
      kluger.id,
      corolla.id,
      cx5.id,
      ranger.id,
    ]);
  });

  it('falls back to the nearest price when nothing else is alike', () => {
    const tesla = car('Tesla', 'Model 3', 'Sedan', 40000);
    expect(similarCars(all, tesla, 3).map((c) => c.id)).toEqual([me.id, ranger.id, cx5.id]);
  });

  it('never suggests the car itself or an unlisted car, and copes with a small stock', () => {
    const ids = similarCars(all, me, 20).map((c) => c.id);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(soldRav4.id);
    expect(similarCars([me], me)).toEqual([]);
  });

  it('breaks a tie of kind and price by the id in numeric order, whatever the stock order', () => {
    const twins = [12, 3, 100, 7, 25].map((id) => makeCar({ id, slug: `twin-${id}`, price: 40000 }));
    const like = makeCar({ id: 1, slug: 'like', price: 40000 });
    expect(similarCars(twins, like, 3).map((c) => c.id)).toEqual([3, 7, 12]);
    expect(similarCars([...twins].reverse(), like, 5).map((c) => c.id)).toEqual([3, 7, 12, 25, 100]);
    expect(similarCars(twins, like, 0)).toEqual([]);
  });

  it('gives the shared stock card what it shows', () => {
    const card = carCard(carHit(makeCar({ photos: ['/a.jpg'], photos_count: 3, price_qualifier: 'drive_away' })));
    expect(card).toMatchObject({
      href: '/cars/2021-toyota-rav4-gxl-awd-501',
      name: '2021 Toyota RAV4',
      badge: 'GXL AWD',
      price: '$38,990',
      priceNote: 'Drive away',
      photo: '/a.jpg',
      photosCount: 3,
      location: 'Harbour Toyota',
    });
  });
});
