/** Star ratings as every block shows them: stars filled to the rating, and words for screen readers. */
export interface StarRatingView {
  /** Width of the filled stars, e.g. "92%". */
  percent: string;
  /** Visible text, e.g. "4.6 (128)". */
  text: string;
  /** Spoken label, e.g. "Rated 4.6 out of 5 from 128 reviews". */
  label: string;
}

export function starRating(rating: number, count: number | undefined): StarRatingView {
  const clamped = Math.max(0, Math.min(5, rating));
  const fixed = clamped.toFixed(1);
  const reviews = count !== undefined ? ` from ${count} review${count === 1 ? '' : 's'}` : '';
  return {
    percent: `${Math.round(clamped * 200) / 10}%`,
    text: count !== undefined ? `${fixed} (${count})` : fixed,
    label: `Rated ${fixed} out of 5${reviews}`,
  };
}
