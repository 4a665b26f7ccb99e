/**
 * The reviews a dealer shows: one Google Business profile, or every profile combined. Read by
 * the reviews block at build time, by its browser refresh and by GET /api/reviews, so all three
 * pick the same reviews.
 */
import type { ReviewsSummary } from '../content/entities.ts';

export type Review = ReviewsSummary['reviews'][number];

/** The gmbProfile value that means every profile (compared ignoring case and outer spaces). */
export const ALL_REVIEWS = 'All Reviews';

/**
 * How long a profile's reviews are kept: by GET /api/reviews (its server cache and Cache-Control)
 * and by the browser (src/blocks/reviews/refresh.ts), so the page asks at most once a day per
 * profile (spec §7).
 */
export const REVIEWS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether `profile` means every profile combined: "All Reviews" (any case, outer spaces aside) or none. */
export function isAllReviews(profile: string | undefined): boolean {
  const wanted = profile?.trim();
  return !wanted || wanted.toLowerCase() === ALL_REVIEWS.toLowerCase();
}

/** Milliseconds of a review date, for sorting; an unreadable date sorts last. */
export function reviewTime(date: string): number {
  const t = Date.parse(date);
  if (!Number.isNaN(t)) return t;
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date.trim())?.[0];
  return day ? Date.parse(day) : Number.NEGATIVE_INFINITY;
}

/** Reviews newest first (stable: equal dates keep their order). */
export function newestFirst(reviews: readonly Review[]): Review[] {
  return [...reviews].sort((a, b) => reviewTime(b.review_date) - reviewTime(a.review_date));
}

/**
 * The summary for `profile`. "All Reviews" or no profile combines every profile: counts summed,
 * the average weighted by each profile's count, reviews merged. Reviews come newest first.
 * Undefined for a profile the dealer does not have, and when there is no review at all.
 */
export function selectReviews(
  all: Record<string, ReviewsSummary>,
  profile: string | undefined,
): ReviewsSummary | undefined {
  const wanted = profile?.trim() ?? '';
  let picked: ReviewsSummary[];
  if (isAllReviews(wanted)) picked = Object.values(all);
  else if (Object.hasOwn(all, wanted)) picked = [all[wanted]!];
  else return undefined;

  const count = picked.reduce((sum, s) => sum + s.count, 0);
  const reviews = newestFirst(picked.flatMap((s) => s.reviews));
  if (count === 0 && reviews.length === 0) return undefined;
  const average = count > 0 ? picked.reduce((sum, s) => sum + s.average_rating * s.count, 0) / count : 0;
  return { average_rating: average, count, reviews };
}
