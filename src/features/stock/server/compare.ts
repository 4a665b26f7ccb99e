/**
 * GET /api/stock/compare?ids=a,b,c: the facts the compare page shows of up to MAX_COMPARE of the
 * dealer's cars, with each car's state, read from the dealer's imported stock once it has imported
 * (a withdrawn car is sold), else from its snapshot's cars. Cars it does not have are left out.
 *
 * Why an API route and not a file of every car's facts written by the build: the compare page's
 * address names the cars and nothing else, so a link shared to another device must be answered
 * from the dealer's stock as it is now. A built file is as old as the last build, grows with the
 * stock (every car's features, on every compare page), and loses a car the moment it is sold,
 * when a shared comparison should rather say "Sold". This answers three cars, a few KB, cached
 * like the status route.
 */
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { compareCar, type CompareCar } from '../../shortlist/rules/shortlist.ts';
import type { Db } from '../../../api/core/deps.ts';
import { importingSites } from './store.ts';

/** The dealer's cars `ids` with their states, in the order asked; unknown ids are left out. */
export async function compareCars(db: Db, dealer: DealerContent, ids: string[]): Promise<CompareCar[]> {
  const found = new Map<string, CompareCar>();
  if ((await importingSites(db, [dealer.slug])).has(dealer.slug)) {
    const { rows } = await db.query<{ car: Car; withdrawn: boolean }>(
      `SELECT car, withdrawn_at IS NOT NULL AS withdrawn FROM stock_cars
        WHERE site_slug = $1 AND car->>'id' = ANY($2::text[])`,
      [dealer.slug, ids],
    );
    for (const { car, withdrawn } of rows)
      found.set(String(car.id), compareCar(car, withdrawn ? 'sold' : (car.status ?? 'available')));
  } else {
    const wanted = new Set(ids);
    for (const car of dealer.cars)
      if (wanted.has(String(car.id))) found.set(String(car.id), compareCar(car, car.status ?? 'available'));
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}
