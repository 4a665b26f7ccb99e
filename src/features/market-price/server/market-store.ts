/**
 * The stored estimates (migrations 0020_market_prices, 0023_market_prices_snapshot): of fed stock
 * (origin "stock", joined to stock_cars by the stock's reader) and of snapshot cars (origin
 * "snapshot", ./market-snapshot.ts).
 */
import type { Db } from '../../../api/core/deps.ts';
import type { MarketAnswer, MarketEstimate } from '../contract/market-price.ts';

export type EstimateOrigin = 'stock' | 'snapshot';

export interface StoredEstimate {
  car_id: string;
  basis_key: string;
  status: 'valued' | 'unknown';
  estimate: MarketEstimate | null;
  asked_at: string;
}

/** Each asked car of `slug` (fed stock's, or its snapshot's), by car id. */
export async function storedEstimates(
  db: Db,
  slug: string,
  origin: EstimateOrigin = 'stock',
): Promise<Map<string, StoredEstimate>> {
  const { rows } = await db.query<StoredEstimate>(
    `SELECT car_id, basis_key, status, estimate, asked_at::text AS asked_at FROM market_prices
      WHERE site_slug = $1 AND origin = $2`,
    [slug, origin],
  );
  return new Map(rows.map((r) => [r.car_id, r]));
}

export async function saveAnswer(
  db: Db,
  slug: string,
  carId: string,
  basisKey: string,
  answer: MarketAnswer,
  now: Date,
  origin: EstimateOrigin = 'stock',
): Promise<void> {
  await db.query(
    `INSERT INTO market_prices (site_slug, car_id, basis_key, status, estimate, asked_at, origin)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
     ON CONFLICT (site_slug, origin, car_id) DO UPDATE
       SET basis_key = EXCLUDED.basis_key, status = EXCLUDED.status, estimate = EXCLUDED.estimate, asked_at = EXCLUDED.asked_at`,
    [
      slug,
      carId,
      basisKey,
      answer.status,
      answer.status === 'valued' ? JSON.stringify(answer.estimate) : null,
      now.toISOString(),
      origin,
    ],
  );
}

/** Forgets `slug`'s snapshot estimates of cars not among `keep` (gone from its cars.json). */
export async function forgetSnapshotCars(db: Db, slug: string, keep: string[]): Promise<void> {
  await db.query(
    `DELETE FROM market_prices WHERE site_slug = $1 AND origin = 'snapshot' AND NOT (car_id = ANY($2::text[]))`,
    [slug, keep],
  );
}

/** Forgets the estimates of dealers that no longer show the indicator; answers the cars forgotten, by site. */
export async function forgetSites(db: Db, keep: string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ site_slug: string; car_id: string }>(
    `DELETE FROM market_prices WHERE NOT (site_slug = ANY($1::text[])) RETURNING site_slug, car_id`,
    [keep],
  );
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.site_slug, [...(out.get(r.site_slug) ?? []), r.car_id]);
  return out;
}
