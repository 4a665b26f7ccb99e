/** The stored estimates of fed stock (migration 0020_market_prices). */
import type { Db } from '../../../api/core/deps.ts';
import type { MarketAnswer, MarketEstimate } from '../contract/market-price.ts';

export interface StoredEstimate {
  car_id: string;
  basis_key: string;
  status: 'valued' | 'unknown';
  estimate: MarketEstimate | null;
  asked_at: string;
}

/** Each asked car of `slug`, by car id. */
export async function storedEstimates(db: Db, slug: string): Promise<Map<string, StoredEstimate>> {
  const { rows } = await db.query<StoredEstimate>(
    `SELECT car_id, basis_key, status, estimate, asked_at::text AS asked_at FROM market_prices WHERE site_slug = $1`,
    [slug],
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
): Promise<void> {
  await db.query(
    `INSERT INTO market_prices (site_slug, car_id, basis_key, status, estimate, asked_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (site_slug, car_id) DO UPDATE
       SET basis_key = EXCLUDED.basis_key, status = EXCLUDED.status, estimate = EXCLUDED.estimate, asked_at = EXCLUDED.asked_at`,
    [
      slug,
      carId,
      basisKey,
      answer.status,
      answer.status === 'valued' ? JSON.stringify(answer.estimate) : null,
      now.toISOString(),
    ],
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
