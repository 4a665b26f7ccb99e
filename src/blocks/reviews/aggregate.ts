/** The reviews a block shows: one Google Business profile, or every profile combined. */
import type { ReviewsSummary } from '../../content/entities.ts';

export type Review = ReviewsSummary['reviews'][number];

/** The gmbProfile value that means every profile (compared ignoring case and outer spaces). */
export const ALL_REVIEWS = 'All Reviews';

/** How many reviews the highlighted variant shows. */
export const HIGHLIGHTED_COUNT = 3;

/**
 * How long a profile's reviews are kept: by GET /api/reviews (its server cache and Cache-Control)
 * and by the browser (./refresh.ts), so the page asks at most once a day per profile (spec §7).
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

/**
 * The reviews worth highlighting: those with text, best rated first, newer first among equal
 * ratings (the input is newest first).
 */
export function topReviews(reviews: readonly Review[], n = HIGHLIGHTED_COUNT): Review[] {
  return reviews
    .filter((r) => r.text.trim())
    .sort((a, b) => b.rating - a.rating)
    .slice(0, n);
}

// One formatter for every review: building one per call dominated the reviews block's render time.
const reviewDay = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A review date as Australians write it ("3 March 2025"), or undefined when unreadable. */
export function formatReviewDate(date: string): string | undefined {
  const iso = reviewIsoDay(date);
  if (!iso) return undefined;
  return reviewDay.format(new Date(`${iso}T00:00:00Z`));
}

/**
 * The calendar day of a review date (YYYY-MM-DD). A date written with a day is taken as
 * written, never shifted by a time zone.
 */
export function reviewIsoDay(date: string): string | undefined {
  const written = /^(\d{4}-\d{2}-\d{2})/.exec(date.trim())?.[1];
  if (written) return written;
  const t = Date.parse(date);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 10);
}
