import { describe, expect, it } from 'vitest';
import { count, htmlProblems, inner, renderBlock, renderBlocks } from '../../../tests/helpers/block-html.ts';
import { formatReviewDate, topReviews } from './aggregate.ts';
import { selectReviews } from '../../domain/reviews.ts';
import type { ReviewsSummary } from '../../content/entities.ts';

/** Reviewer names in the order the HTML shows them. */
const names = (html: string) => [...html.matchAll(/<p class="review-name">([^<]*)<\/p>/g)].map((m) => m[1]);

describe('reviews block', () => {
  it('simple: shows the average, the stars and the review count of one profile', async () => {
    const html = await renderBlock('reviews', {
      variant: 'simple',
      heading: 'What customers say',
      gmbProfile: 'Mini Motors Sydney',
    });
    expect(html).toMatch(/<h2 id="reviews-b1-heading" class="reviews-heading">What customers say<\/h2>/);
    expect(html).toContain('<p class="reviews-average" aria-hidden="true">4.5</p>');
    expect(html).toContain('aria-label="Rated 4.5 out of 5 from 120 reviews"');
    expect(html).toContain('Based on 120 reviews');
    expect(names(html)).toEqual([]);
  });

  it('simple with "All Reviews": counts every profile and weights the average by count', async () => {
    const html = await renderBlock('reviews', { variant: 'simple', gmbProfile: 'All Reviews' });
    // (4.5 × 120 + 4.0 × 30) / 150 = 4.4
    expect(html).toContain('aria-label="Rated 4.4 out of 5 from 150 reviews"');
    expect(html).toContain('Based on 150 reviews');
  });

  it('highlighted: shows the summary and the 3 best reviews with text, newer first among equals', async () => {
    const html = await renderBlock('reviews', { variant: 'highlighted' });
    expect(html).toContain('Based on 150 reviews');
    expect(names(html)).toEqual(['Alice Nguyen', 'Emma Brown', 'Chloe Smith']);
  });

  it('full: lists every review of the profile, newest first, with dates written the Australian way', async () => {
    const html = await renderBlock('reviews', { variant: 'full', gmbProfile: 'Mini Motors Sydney' });
    expect(names(html)).toEqual(['Alice Nguyen', 'Dev Patel', 'Ben Carter', 'Chloe Smith']);
    expect(html).toContain('<time class="review-date" datetime="2025-03-03">3 March 2025</time>');
    expect(html).toContain('<time class="review-date" datetime="2025-01-15">15 January 2025</time>');
    expect(html).toContain('<blockquote class="review-text"><p>Friendly team, would buy again.</p></blockquote>');
    expect(html).toMatch(/<ol class="reviews-list">/);
  });

  it('full with every profile: merges all reviews newest first', async () => {
    const html = await renderBlock('reviews', { variant: 'full', gmbProfile: 'All Reviews' });
    expect(names(html)).toEqual(['Alice Nguyen', 'Emma Brown', 'Dev Patel', 'Ben Carter', 'Frank Li', 'Chloe Smith']);
  });

  it('mini: a one-line badge with average, stars and count, and no reviews', async () => {
    const html = await renderBlock('reviews', { variant: 'mini', gmbProfile: 'Mini Motors Service' });
    expect(html).toMatch(
      /<div class="reviews-badge">\s*<strong class="reviews-badge-average" aria-hidden="true">4.0<\/strong>/,
    );
    expect(html).toContain('aria-label="Rated 4.0 out of 5 from 30 reviews"');
    expect(html).toContain('30 reviews</span>');
    expect(html).not.toContain('reviews-summary');
    expect(names(html)).toEqual([]);
  });

  it('modern: the summary and every review as a card in a grid', async () => {
    const html = await renderBlock('reviews', { variant: 'modern', gmbProfile: 'Mini Motors Service' });
    expect(html).toContain('<ol class="reviews-list reviews-grid">');
    expect(count(html, 'class="review card review-card"')).toBe(2);
    expect(names(html)).toEqual(['Emma Brown', 'Frank Li']);
  });

  it('renders nothing for a profile the dealer does not have', async () => {
    expect(inner(await renderBlock('reviews', { variant: 'full', gmbProfile: 'Elsewhere Motors' }))).toBe('');
  });

  it('keeps HTML valid with two reviews blocks on one page', async () => {
    const html = await renderBlocks([
      { id: 'r1', type: 'reviews', data: { variant: 'modern', heading: 'Reviews' } },
      { id: 'r2', type: 'reviews', data: { variant: 'full', heading: 'More reviews' } },
    ]);
    expect(await htmlProblems(html)).toEqual([]);
  });
});

describe('reviews selection', () => {
  const review = (customer_name: string, review_date: string, rating = 5, text = 'Good') => ({
    customer_name,
    review_date,
    rating,
    text,
  });
  const data: Record<string, ReviewsSummary> = {
    a: { average_rating: 5, count: 1, reviews: [review('A1', '2024-01-01')] },
    b: { average_rating: 3, count: 3, reviews: [review('B1', '2024-06-01', 3), review('B2', 'not a date', 3)] },
    none: { average_rating: 0, count: 0, reviews: [] },
  };

  it('treats "All Reviews", any case, and no profile alike', () => {
    expect(selectReviews(data, 'all reviews ')).toEqual(selectReviews(data, undefined));
    expect(selectReviews(data, undefined)?.count).toBe(4);
  });

  it('weights the average by each profile count, so empty profiles do not pull it down', () => {
    expect(selectReviews(data, 'All Reviews')?.average_rating).toBe(3.5);
  });

  it('sorts reviews newest first with unreadable dates last', () => {
    expect(selectReviews(data, 'All Reviews')?.reviews.map((r) => r.customer_name)).toEqual(['B1', 'A1', 'B2']);
  });

  it('gives nothing for an unknown or empty profile, or one inherited from Object', () => {
    expect(selectReviews(data, 'c')).toBeUndefined();
    expect(selectReviews(data, 'none')).toBeUndefined();
    expect(selectReviews(data, 'toString')).toBeUndefined();
    expect(selectReviews({}, 'All Reviews')).toBeUndefined();
  });

  it('highlights the 3 best reviews with text: all of 2 or 3, the best 3 of 4 or more', () => {
    const many = [
      review('1', '', 4),
      review('2', '', 5, ' '),
      review('3', '', 5),
      review('4', '', 3),
      review('5', '', 4),
    ];
    const top = (list: typeof many) => topReviews(list).map((r) => r.customer_name);
    expect(top(many.slice(0, 3))).toEqual(['3', '1']);
    expect(top(many.slice(0, 4))).toEqual(['3', '1', '4']);
    expect(top(many)).toEqual(['3', '1', '5']);
  });

  it('writes dates as day, month name and year without time-zone shifts', () => {
    expect(formatReviewDate('2025-03-03')).toBe('3 March 2025');
    expect(formatReviewDate('2024-12-31T23:30:00-05:00')).toBe('31 December 2024');
    expect(formatReviewDate('soon')).toBeUndefined();
  });
});
