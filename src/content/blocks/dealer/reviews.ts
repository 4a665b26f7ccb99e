/** The `reviews` block's data (content format: `reviews`; spec §3 "reviews: variant, heading, gmbProfile"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const reviewsData = z.object({
  /**
   * How the reviews show: `simple` (average, stars, count), `highlighted` (summary and the top 3
   * reviews), `full` (summary and every review), `mini` (a one-line badge) or `modern` (summary
   * and review cards in a grid).
   */
  variant: z.enum(['simple', 'highlighted', 'full', 'mini', 'modern']),
  /** The block's heading; with one the block is a named section. Absent: no visible heading. */
  heading: opt(z.string()),
  /**
   * The Google business profile whose reviews show (a key of reviews.json). "All Reviews" (any
   * case) combines every profile (spec §7: the reviews call is "skipped when the profile is All
   * Reviews"). Absent: every profile combined. A profile the dealer lacks renders nothing.
   */
  gmbProfile: opt(z.string()),
});

export const definition = defineBlock({ type: 'reviews', data: reviewsData, island: true });
