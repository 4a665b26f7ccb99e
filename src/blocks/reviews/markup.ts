/**
 * The reviews block's markup that both the build and the browser write: one review as a list
 * item (ReviewItem.astro renders it at build time; ./refresh.ts writes the same when the reviews
 * are refreshed from GET /api/reviews), and the summary's numbers and words.
 * The stars are StarRating.astro's markup (src/components), kept equal by ./reviews-refresh.test.ts.
 */
import { starRating, type StarRatingView } from '../../lib/rating.ts';
import type { Review } from '../../domain/reviews.ts';
import { formatReviewDate, reviewIsoDay } from './aggregate.ts';
import type { ReviewsSummary } from '../../content/entities.ts';

/** Text and attribute values escaped as Astro escapes them. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#39;')
    .replace(/"/g, '&quot;');
}

/**
 * StarRating.astro's markup for a view of src/lib/rating.ts. Without `styled`, the track has no
 * style attribute: markup written in the browser gets its fill through the CSSOM instead (the
 * sites' Content-Security-Policy refuses style attributes in written markup).
 */
export function starsHtml(view: StarRatingView, styled = true): string {
  const style = styled ? ` style="${escapeHtml(`--rating:${view.percent}`)}"` : '';
  return `<p class="stars"><span class="stars-track"${style} role="img" aria-label="${escapeHtml(view.label)}">★★★★★</span><span class="stars-text" aria-hidden="true">${escapeHtml(view.text)}</span></p>`;
}

/**
 * One review: name, stars, date (en-AU) and text; `card` for the card variants. `styled`: see
 * `starsHtml`.
 */
export function reviewItemHtml(review: Review, card: boolean, styled = true): string {
  const date = formatReviewDate(review.review_date);
  const day = reviewIsoDay(review.review_date);
  const text = review.text.trim();
  return [
    `<li class="${card ? 'review card review-card' : 'review'}">`,
    `<p class="review-name">${escapeHtml(review.customer_name)}</p>`,
    `<div class="review-meta">${starsHtml(starRating(review.rating, undefined), styled)}`,
    date && day ? `<time class="review-date" datetime="${escapeHtml(day)}">${escapeHtml(date)}</time>` : '',
    '</div>',
    text ? `<blockquote class="review-text"><p>${escapeHtml(text)}</p></blockquote>` : '',
    '</li>',
  ].join('');
}

/** The numbers and words of a summary, as the block shows them. */
export interface SummaryView {
  /** "4.7": the average, clamped to 0-5, one decimal. */
  average: string;
  /** "1284 reviews", "1 review". */
  countText: string;
  stars: StarRatingView;
}

export function summaryView(summary: Pick<ReviewsSummary, 'average_rating' | 'count'>): SummaryView {
  return {
    average: Math.max(0, Math.min(5, summary.average_rating)).toFixed(1),
    countText: `${summary.count} review${summary.count === 1 ? '' : 's'}`,
    stars: starRating(summary.average_rating, summary.count),
  };
}

/** The summary's sentence under the stars: "Based on 1284 reviews". */
export function countSentence(view: SummaryView): string {
  return `Based on ${view.countText}`;
}
