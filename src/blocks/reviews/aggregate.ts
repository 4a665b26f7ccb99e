/** How the reviews block shows reviews: the highlighted few and the review dates. */
import type { Review } from '../../domain/reviews.ts';

/** How many reviews the highlighted variant shows. */
export const HIGHLIGHTED_COUNT = 3;

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
