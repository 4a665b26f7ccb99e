/**
 * The shopper-trust and online-deal settings of `site.json` (optional extensions of content format
 * 1.3; a snapshot without them builds exactly as before, with each feature off):
 *
 *   "market_price": { "enabled": true }
 *   "trade_in": { "offer": { "share": 0.9, "valid_days": 7, "terms": "Subject to inspection." } }
 *   "online_deal": { "enabled": true, "steps": ["trade_in", "finance", "handover", "deposit"] }
 *
 * Documented for dealers in docs/shopper-trust.md.
 */
import { z, opt } from './zod.ts';

/** The steps of an online deal after the car itself, in the order the shopper meets them. */
export const DEAL_STEPS = ['trade_in', 'finance', 'handover', 'deposit'] as const;
export type DealStep = (typeof DEAL_STEPS)[number];

/** (1.3 extension) The market-price indicator on car cards and pages. Absent or false: not shown. */
export const marketPriceSettings = z.object({
  /** Required. True: cards and car pages show "Below market", "Around market" or "Above market" where the estimate is sure. */
  enabled: z.boolean(),
});

/**
 * (1.3 extension) How the dealer turns an online trade-in valuation into a conditional offer the
 * shopper sees and the lead carries. Absent: the valuation is shown as an estimate only, no offer.
 */
export const tradeInSettings = z.object({
  offer: opt(
    z.object({
      /** Required. The share of the low end of the trade-in range offered, from 0.5 to 1, e.g. 0.9. */
      share: z
        .number({ error: 'trade_in.offer.share must be a number from 0.5 to 1, e.g. 0.9.' })
        .min(0.5, { error: 'trade_in.offer.share must be at least 0.5.' })
        .max(1, { error: 'trade_in.offer.share must be at most 1.' }),
      /** How many days the offer stands, from 1 to 60; default 7. */
      valid_days: opt(
        z
          .number()
          .int({ error: 'trade_in.offer.valid_days must be whole days, e.g. 7.' })
          .min(1, { error: 'trade_in.offer.valid_days must be at least 1.' })
          .max(60, { error: 'trade_in.offer.valid_days must be at most 60.' }),
      ),
      /** Plain text: the conditions shown with the offer; default "Subject to an inspection of the vehicle…". */
      terms: opt(z.string().trim().min(1).max(500)),
    }),
  ),
});

/** (1.3 extension) One online deal from a car page: car, trade-in, finance, handover, deposit. */
export const onlineDealSettings = z.object({
  /** Required. False or absent: no "Start your deal" on car pages. */
  enabled: z.boolean(),
  /** The steps offered after the car, in this order (the deposit always last, once the deal is sent); default every step. The deposit step needs reservations enabled. */
  steps: opt(
    z
      .array(z.enum(DEAL_STEPS, { error: `each step must be one of: ${DEAL_STEPS.join(', ')}` }))
      .refine((s) => new Set(s).size === s.length, { error: 'online_deal.steps names a step twice.' }),
  ),
  /** Default true: the shopper may ask to collect the car at one of the dealer's locations. */
  collection: opt(z.boolean()),
  /** Default false: the shopper may ask for delivery to an address. */
  delivery: opt(z.boolean()),
});

export type MarketPriceSettings = z.output<typeof marketPriceSettings>;
export type TradeInSettings = z.output<typeof tradeInSettings>;
export type OnlineDealSettings = z.output<typeof onlineDealSettings>;
