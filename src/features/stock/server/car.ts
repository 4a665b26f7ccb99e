/**
 * GET /api/stock/car?slug={slug}: the dealer's listed car at `/cars/{slug}`, from its stock as it
 * is now (its imported stock once it has imported, else its snapshot's cars), or 404. The site's
 * 404 page asks it so that a car imported since the last build is shown, with a way to enquire,
 * while its page is being built; a sold, hidden or unknown car is a 404 ("no longer listed").
 * Cached like the status route: a car imported a moment ago shows within its 20 seconds.
 */
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { StockCar } from '../contract/stock-car.ts';
import { isListed } from '../../../domain/routes.ts';
import type { Db } from '../../../api/core/deps.ts';
import { carsOf } from './store.ts';

/** What the 404 page shows of a car (StockCar): no more of the stock than its card needs. */
export function stockCarOf(car: Car): StockCar {
  const out: StockCar = {
    id: String(car.id),
    slug: car.slug,
    year: car.year,
    make: car.make,
    model: car.model,
    km: car.km,
    car_type: car.car_type,
    price: car.price,
  };
  if (car.price_qualifier) out.price_qualifier = car.price_qualifier;
  if (car.price_drive_away !== undefined) out.price_drive_away = car.price_drive_away;
  if (car.price_egc !== undefined) out.price_egc = car.price_egc;
  if (car.price_on_application) out.price_on_application = true;
  if (car.badge?.trim()) out.badge = car.badge.trim();
  const photo = car.photos.find((p) => p.trim());
  if (photo) out.photo = photo.trim();
  if (car.stock_number?.trim()) out.stock_number = car.stock_number.trim();
  return out;
}

/** The dealer's listed car with this page slug, or undefined. */
export async function listedCarBySlug(db: Db, dealer: DealerContent, slug: string): Promise<Car | undefined> {
  return (await carsOf(db, dealer)).find((c) => c.slug === slug && isListed(c));
}
