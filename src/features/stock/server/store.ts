/**
 * A dealer's imported stock (migration 0010_stock): what the feeds have made of its cars. A
 * dealer that has never imported has no rows and keeps its snapshot's cars.json; one that has
 * imported is listed from here, everywhere the API and the build list cars.
 */
import type { DealerContent } from '../../../content/load.ts';
import type { Car } from '../../../content/entities.ts';
import type { CarStockStatus } from '../../../contract/routes.ts';
import { liveReservations } from '../../reservations/server/rows.ts';
import type { Db } from '../../../api/core/deps.ts';
import type { MarketEstimate } from '../../market-price/contract/market-price.ts';
import { withEstimate } from '../../market-price/rules/market-query.ts';

export interface StockRow {
  stock_number: string;
  car: Car;
  position: number;
  withdrawn_at: string | null;
}

/**
 * Every car a dealer has imported (withdrawn ones too, as sold), in feed order; none: []. Each car
 * carries its market-price estimate when it has one (src/features/market-price/server/).
 */
export async function stockRows(db: Db, slug: string): Promise<StockRow[]> {
  type Row = StockRow & { market_estimate: MarketEstimate | null };
  const { rows } = await db
    .query<Row>(
      `SELECT s.stock_number, s.car, s.position, s.withdrawn_at::text AS withdrawn_at, m.estimate AS market_estimate
         FROM stock_cars s LEFT JOIN market_prices m
           ON m.site_slug = s.site_slug AND m.origin = 'stock' AND m.car_id = s.car->>'id' AND m.status = 'valued'
        WHERE s.site_slug = $1 ORDER BY s.position, s.stock_number`,
      [slug],
    )
    .catch((e: { code?: string }) => {
      // A database the API has not migrated since market_prices came, or since its origin column
      // (a build reads it as it is): the cars, without estimates until the API migrates it.
      if (e.code !== '42P01' && e.code !== '42703') throw e;
      return db.query<Row>(
        `SELECT stock_number, car, position, withdrawn_at::text AS withdrawn_at, NULL AS market_estimate FROM stock_cars
          WHERE site_slug = $1 ORDER BY position, stock_number`,
        [slug],
      );
    });
  return rows.map(({ market_estimate, ...r }) => ({ ...r, car: withEstimate(r.car, market_estimate) }));
}

/**
 * The state of each of a dealer's cars `ids` (by car id): from its imported stock once it has
 * imported (a withdrawn car is sold), else from its snapshot's cars; an id it does not have is
 * "unknown". A car for sale with a live reservation at `now` is "held" or "reserved".
 */
export async function carStatuses(
  db: Db,
  dealer: DealerContent,
  ids: string[],
  now: Date = new Date(),
  options: { reservations?: boolean } = {},
): Promise<Record<string, CarStockStatus>> {
  const out: Record<string, CarStockStatus> = Object.fromEntries(ids.map((id) => [id, 'unknown']));
  if ((await importingSites(db, [dealer.slug])).has(dealer.slug)) {
    const { rows } = await db.query<{ id: string; status: string | null; withdrawn: boolean }>(
      `SELECT car->>'id' AS id, car->>'status' AS status, withdrawn_at IS NOT NULL AS withdrawn FROM stock_cars
        WHERE site_slug = $1 AND car->>'id' = ANY($2::text[])`,
      [dealer.slug, ids],
    );
    for (const r of rows) out[r.id] = r.withdrawn ? 'sold' : ((r.status ?? 'available') as CarStockStatus);
  } else {
    const wanted = new Set(ids);
    for (const car of dealer.cars) if (wanted.has(String(car.id))) out[String(car.id)] = car.status ?? 'available';
  }
  // A car for sale that a shopper is reserving, or has reserved (src/features/reservations/server/).
  if (options.reservations === false) return out;
  const forSale = ids.filter((id) => out[id] === 'available');
  for (const [id, state] of await liveReservations(db, dealer.slug, forSale, now)) out[id] = state;
  return out;
}

/** Each importing dealer's last import id among `dealers`: what changes when its stock may have. */
export async function importVersions(db: Db, dealers: DealerContent[]): Promise<Record<string, string>> {
  const { rows } = await db.query<{ site_slug: string; last: string }>(
    'SELECT site_slug, max(id)::text AS last FROM stock_imports WHERE site_slug = ANY($1::text[]) GROUP BY site_slug',
    [dealers.map((d) => d.slug)],
  );
  return Object.fromEntries(rows.map((r) => [r.site_slug, r.last]));
}

/** The slugs among `slugs` that have applied a feed. */
export async function importingSites(db: Db, slugs: string[]): Promise<Set<string>> {
  if (!slugs.length) return new Set();
  const { rows } = await db.query<{ site_slug: string }>(
    'SELECT DISTINCT site_slug FROM stock_imports WHERE site_slug = ANY($1::text[])',
    [slugs],
  );
  return new Set(rows.map((r) => r.site_slug));
}

/**
 * The cars a dealer's site lists: its imported stock once it has applied a feed (withdrawn cars
 * among them, sold), else its snapshot's cars.
 */
export async function carsOf(db: Db, dealer: DealerContent): Promise<Car[]> {
  const imported = await importingSites(db, [dealer.slug]);
  if (!imported.has(dealer.slug)) return dealer.cars;
  return (await stockRows(db, dealer.slug)).map((r) => r.car);
}

/**
 * Gives each importing dealer among `dealers` its imported cars, in place: the API's dealers are
 * the objects every route reads (a lead's car, a finance hand-off's car location).
 */
export async function useImportedStock(db: Db, dealers: DealerContent[]): Promise<void> {
  const live = await withImportedStock(db, dealers);
  live.forEach((d, i) => {
    if (d !== dealers[i]) dealers[i]!.cars = d.cars;
  });
}

/** The dealers with each importing dealer's cars replaced by its imported stock. */
export async function withImportedStock(db: Db, dealers: DealerContent[]): Promise<DealerContent[]> {
  const importing = await importingSites(
    db,
    dealers.map((d) => d.slug),
  );
  if (!importing.size) return dealers;
  return Promise.all(
    dealers.map(async (d) =>
      importing.has(d.slug) ? { ...d, cars: (await stockRows(db, d.slug)).map((r) => r.car) } : d,
    ),
  );
}
