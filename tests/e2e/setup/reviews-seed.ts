/**
 * A newer review than the build's, given to the end-to-end API only (api-setup.ts): the Google
 * Business profile coastal-mazda-erina of coastal-motor-group has one more review, dated after
 * every review of the sample, and a higher count and average, as the live profile would once the
 * site was built. The pages are built from the sample as it is, so the reviews block on /reviews
 * has older reviews than GET /api/reviews: tests/e2e/reviews.spec.ts sees it refresh.
 * A dealers folder without that profile is left as it is (and the spec skips).
 */
import type { DealerContent } from '../../../src/content/load.ts';

export const SEEDED_REVIEWS = {
  slug: 'coastal-motor-group',
  profile: 'coastal-mazda-erina',
  count: 650,
  average_rating: 4.9,
  review: {
    customer_name: 'Priya Raman',
    review_date: '2025-06-20',
    rating: 5,
    text: 'Picked up our new CX-5 today. Smooth from the first call to the handover.',
  },
} as const;

/** Adds the seeded review to the dealers' content; true when the profile was there to seed. */
export function seedNewerReviews(dealers: DealerContent[]): boolean {
  const dealer = dealers.find((d) => d.slug === SEEDED_REVIEWS.slug);
  const current = dealer?.reviews[SEEDED_REVIEWS.profile];
  if (!dealer || !current) return false;
  dealer.reviews[SEEDED_REVIEWS.profile] = {
    average_rating: SEEDED_REVIEWS.average_rating,
    count: SEEDED_REVIEWS.count,
    reviews: [{ ...SEEDED_REVIEWS.review }, ...current.reviews],
  };
  return true;
}
