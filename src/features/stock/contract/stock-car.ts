/**
 * GET /api/stock/car?slug={slug}: one of the dealer's listed cars by its page address, from its
 * stock as it is now. The site's 404 page asks it for a `/cars/{slug}` address whose page is not
 * built yet (a car imported since the last build), so that address never answers a bare 404.
 */
import { z } from 'astro/zod';
import type { Car } from '../../../content/entities.ts';
import { CONTROL_CHARACTERS } from '../../../contract/parse.ts';

/** Longer than any slug the stock import makes. */
export const MAX_CAR_SLUG_LENGTH = 200;

export const stockCarQuery = z.object({
  slug: z
    .string({ error: 'must name a car by its page address (/cars/{slug})' })
    .trim()
    .min(1, { error: 'must name a car by its page address (/cars/{slug})' })
    .max(MAX_CAR_SLUG_LENGTH, { error: `must be at most ${MAX_CAR_SLUG_LENGTH} characters` })
    .refine((s) => !CONTROL_CHARACTERS.test(s) && !s.includes('/'), { error: 'is not a car page address' }),
});

export type StockCarQuery = z.input<typeof stockCarQuery>;

/**
 * What the 404 page shows of the car: enough for a card (name, first photo, prices with what they
 * include, km) and the stock number its enquiry link names. The price fields are the Car's own, so
 * the page words them with `carPrices` exactly as the car page would.
 */
export interface StockCar
  extends
    Pick<Car, 'price'>,
    Partial<Pick<Car, 'price_qualifier' | 'price_drive_away' | 'price_egc' | 'price_on_application'>> {
  id: string;
  slug: string;
  year: number;
  make: string;
  model: string;
  badge?: string;
  km: number;
  car_type: 'new' | 'used' | 'demo';
  /** The first photo's address; absent when the car has none. */
  photo?: string;
  stock_number?: string;
}

export interface StockCarAnswer {
  car: StockCar;
}
