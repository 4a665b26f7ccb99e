/**
 * The reviews block's refresh from GET /api/reviews (src/blocks/reviews/refresh.ts): which answer
 * counts as newer, what the list shows, the day-long browser cache, "All Reviews" never asked,
 * failures leaving the build's reviews, and the block telling the browser what to ask for.
 * In Chromium against the real route: tests/e2e/reviews.spec.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { renderBlock } from '../../../tests/helpers/block-html.ts';
import { REVIEWS_MAX_AGE_MS, type Review } from '../../domain/reviews.ts';
import { reviewItemHtml, starsHtml } from './markup.ts';
import {
  isNewer,
  latestReviews,
  listedReviews,
  parseReviewsAnswer,
  reviewsStorageKey,
  reviewsUrl,
  startReviewsRefresh,
  type RefreshDeps,
} from './refresh.ts';
import { REVIEWS_CACHE_MS } from '../../api/reviews/app.ts';
import { starRating } from '../../lib/rating.ts';
import type { ReviewsSummary } from '../../content/entities.ts';

const review = (customer_name: string, review_date: string, rating = 5, text = 'Good'): Review => ({
  customer_name,
  review_date,
  rating,
  text,
});
const summary = (count: number, reviews: Review[], average_rating = 4.5): ReviewsSummary => ({
  count,
  average_rating,
  reviews,
});

const BUILT = { newest: '2025-03-14', count: 1284 };

describe('which answer is newer than the build', () => {
  it('one with a later newest review', () => {
    expect(isNewer(summary(1284, [review('A', '2025-03-15')]), BUILT)).toBe(true);
    expect(
      isNewer(summary(1284, [review('A', '2025-03-14T09:00:00Z')]), { newest: '2025-03-14T08:00:00Z', count: 1284 }),
    ).toBe(true);
  });

  it('one with the same newest review and a higher count', () => {
    expect(isNewer(summary(1285, [review('A', '2025-03-14')]), BUILT)).toBe(true);
    expect(isNewer(summary(1284, [review('A', '2025-03-14')]), BUILT)).toBe(false);
    expect(isNewer(summary(1283, [review('A', '2025-03-14')]), BUILT)).toBe(false);
  });

  it('never one whose newest review is older than the build, whatever its count (a stale answer)', () => {
    expect(isNewer(summary(9999, [review('A', '2025-03-13')]), BUILT)).toBe(false);
    expect(isNewer(summary(9999, []), BUILT)).toBe(false);
  });

  it('for a build without dated reviews, any dated review or a higher count', () => {
    expect(isNewer(summary(0, [review('A', '2024-01-01')]), { count: 0 })).toBe(true);
    expect(isNewer(summary(3, []), { count: 2 })).toBe(true);
    expect(isNewer(summary(2, []), { count: 2 })).toBe(false);
  });
});

describe('the route answer', () => {
  it("is read when it has the route's shape, reviews newest first", () => {
    const body = { reviews: [review('Old', '2024-01-01'), review('New', '2025-01-01')], count: 2, average_rating: 4 };
    expect(parseReviewsAnswer(body)?.reviews.map((r) => r.customer_name)).toEqual(['New', 'Old']);
  });

  it('is refused in any other shape', () => {
    const ok = { reviews: [review('A', '2025-01-01')], count: 1, average_rating: 5 };
    for (const bad of [
      null,
      'x',
      [],
      { ...ok, reviews: 'no' },
      { ...ok, count: '1' },
      { ...ok, count: -1 },
      { ...ok, count: 1.5 },
      { ...ok, average_rating: null },
      { ...ok, reviews: [{ ...ok.reviews[0], rating: '5' }] },
      { ...ok, reviews: [{ text: 'x' }] },
    ]) {
      expect(parseReviewsAnswer(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('is asked of the same origin with the website id and the profile', () => {
    expect(reviewsUrl({ websiteId: '101', gmbId: 'coastal toyota & co' })).toBe(
      '/api/reviews?websiteId=101&gmbId=coastal+toyota+%26+co',
    );
  });
});

describe('the list after a refresh keeps its number of entries', () => {
  const reviews = [
    review('1', '2025-01-01', 3),
    review('2', '2025-02-01', 5, ''),
    review('3', '2025-03-01', 4),
    review('4', '2025-04-01', 5),
  ];
  it('the newest for the full and modern variants', () => {
    expect(listedReviews('full', reviews, 2).map((r) => r.customer_name)).toEqual(['4', '3']);
    expect(listedReviews('modern', reviews, 9).map((r) => r.customer_name)).toEqual(['4', '3', '2', '1']);
  });
  it('the best with text for the highlighted variant', () => {
    expect(listedReviews('highlighted', reviews, 3).map((r) => r.customer_name)).toEqual(['4', '3', '1']);
  });
  it('none where the build listed none', () => {
    expect(listedReviews('full', reviews, 0)).toEqual([]);
  });
});

/** A localStorage stand-in. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const ANSWER = { reviews: [review('Zoe', '2025-06-01')], count: 1285, average_rating: 4.7 };
const REQ = { websiteId: '101', gmbId: 'coastal-toyota-gosford' };

function deps(
  respond: () => Promise<Response> = async () => Response.json(ANSWER),
  start = Date.parse('2025-06-15T09:00:00Z'),
) {
  let now = start;
  const fetch = vi.fn((_url: string) => respond());
  const d: RefreshDeps & { fetch: typeof fetch; setNow(ms: number): void } = {
    fetch,
    storage: memoryStorage(),
    now: () => now,
    setNow: (ms) => {
      now = ms;
    },
  };
  return d;
}

describe('asking the route at most once a day', () => {
  it("keeps the browser's copy as long as the route's Cache-Control", () => {
    expect(REVIEWS_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000);
    expect(REVIEWS_CACHE_MS).toBe(REVIEWS_MAX_AGE_MS);
  });

  it('asks the route, keeps the answer, and answers from it for a day', async () => {
    const d = deps();
    const start = d.now();
    expect(await latestReviews(REQ, d)).toEqual(ANSWER);
    expect(d.fetch).toHaveBeenCalledExactlyOnceWith(
      '/api/reviews?websiteId=101&gmbId=coastal-toyota-gosford',
      expect.anything(),
    );
    expect(JSON.parse(d.storage!.getItem(reviewsStorageKey(REQ))!)).toEqual({ savedAt: start, answer: ANSWER });

    d.setNow(start + REVIEWS_MAX_AGE_MS - 1);
    expect(await latestReviews(REQ, d)).toEqual(ANSWER);
    expect(d.fetch).toHaveBeenCalledTimes(1);

    d.setNow(start + REVIEWS_MAX_AGE_MS);
    await latestReviews(REQ, d);
    expect(d.fetch).toHaveBeenCalledTimes(2);
  });

  it('does not trust a copy from the future (a clock put back) or one it cannot read', async () => {
    const d = deps();
    d.storage!.setItem(reviewsStorageKey(REQ), JSON.stringify({ savedAt: d.now() + 60_000, answer: ANSWER }));
    await latestReviews(REQ, d);
    expect(d.fetch).toHaveBeenCalledTimes(1);
    d.storage!.setItem(reviewsStorageKey(REQ), JSON.stringify({ savedAt: d.now(), answer: { count: 'x' } }));
    await latestReviews(REQ, d);
    expect(d.fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps each profile apart', async () => {
    const d = deps();
    await latestReviews(REQ, d);
    await latestReviews({ ...REQ, gmbId: 'coastal-mazda-erina' }, d);
    expect(d.fetch).toHaveBeenCalledTimes(2);
  });

  it('never asks for "All Reviews" (the route does not serve it)', async () => {
    const d = deps();
    for (const gmbId of ['All Reviews', ' all reviews ', ''])
      expect(await latestReviews({ ...REQ, gmbId }, d)).toBeUndefined();
    expect(d.fetch).not.toHaveBeenCalled();
  });

  it('gives nothing and keeps nothing when the call fails', async () => {
    const failures: (() => Promise<Response>)[] = [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => Response.json({ message: 'no' }, { status: 500 }),
      async () => Response.json({ message: 'no' }, { status: 404 }),
      async () => new Response('<html>', { status: 200 }),
      async () => Response.json({ reviews: 'x' }),
    ];
    for (const respond of failures) {
      const d = deps(respond);
      expect(await latestReviews(REQ, d)).toBeUndefined();
      expect(d.storage!.length).toBe(0);
    }
  });

  it('still works when storage is blocked, asking each time', async () => {
    const d = { ...deps(), storage: undefined };
    expect(await latestReviews(REQ, d)).toEqual(ANSWER);
    expect(await latestReviews(REQ, d)).toEqual(ANSWER);
    expect(d.fetch).toHaveBeenCalledTimes(2);
  });
});

describe('refreshing the blocks of a page', () => {
  /** A block element as far as the refresh reads it: its data-* attributes and no inner elements. */
  const block = (dataset: Record<string, string>) =>
    ({ dataset: { ...dataset }, querySelector: () => null, querySelectorAll: () => [] }) as unknown as HTMLElement;
  const page = (blocks: HTMLElement[]) => ({ querySelectorAll: () => blocks }) as unknown as ParentNode;
  const facts = (profile: string, count: string, newest?: string) => ({
    reviewsWebsite: '101',
    reviewsProfile: profile,
    reviewsVariant: 'modern',
    reviewsCount: count,
    ...(newest ? { reviewsNewest: newest } : {}),
  });

  it('makes one call for the blocks of one profile and refreshes each block the answer is newer than', async () => {
    const d = deps();
    const a = block(facts('coastal-toyota-gosford', '1284', '2025-03-14'));
    const b = block(facts('coastal-toyota-gosford', '1284', '2025-03-14'));
    const current = block(facts('coastal-toyota-gosford', '1285', '2025-06-01'));
    await startReviewsRefresh(page([a, b, current]), d);
    expect(d.fetch).toHaveBeenCalledTimes(1);
    expect(a.dataset).toMatchObject({ reviewsRefreshed: '', reviewsCount: '1285', reviewsNewest: '2025-06-01' });
    expect(b.dataset).toHaveProperty('reviewsRefreshed');
    expect(current.dataset).not.toHaveProperty('reviewsRefreshed');
  });

  it('leaves a block of every profile, or one without a website id, alone', async () => {
    const d = deps();
    const all = block(facts('All Reviews', '1926'));
    const noSite = block({ ...facts('coastal-toyota-gosford', '1'), reviewsWebsite: '' });
    await startReviewsRefresh(page([all, noSite]), d);
    expect(d.fetch).not.toHaveBeenCalled();
    expect(all.dataset).not.toHaveProperty('reviewsRefreshed');
  });

  it("leaves the build's reviews when the call fails", async () => {
    const d = deps(async () => Response.json({}, { status: 503 }));
    const a = block(facts('coastal-toyota-gosford', '1284', '2025-03-14'));
    await startReviewsRefresh(page([a]), d);
    expect(a.dataset).not.toHaveProperty('reviewsRefreshed');
    expect(a.dataset.reviewsCount).toBe('1284');
  });
});

describe('the block tells the browser what to ask for', () => {
  const attrs = (html: string) =>
    Object.fromEntries([...html.matchAll(/ data-reviews-([a-z]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

  it('a block of one profile: the website id, the profile, the variant, the count and newest review of the build, and the refresh script', async () => {
    const html = await renderBlock('reviews', { variant: 'modern', gmbProfile: ' Mini Motors Service ' });
    expect(attrs(html)).toEqual({
      website: '901',
      profile: 'Mini Motors Service',
      variant: 'modern',
      count: '30',
      newest: '2025-02-28',
    });
    expect(html).toMatch(/<script type="module" src="[^"]*ReviewsRefresh\.astro\?astro&(amp;)?type=script/);
  });

  it('a block of every profile: nothing to ask, and no script', async () => {
    for (const gmbProfile of ['All Reviews', undefined]) {
      const html = await renderBlock('reviews', { variant: 'mini', ...(gmbProfile ? { gmbProfile } : {}) });
      expect(html).toContain('reviews--mini');
      expect(attrs(html)).toEqual({});
      expect(html).not.toContain('<script');
    }
  });

  it("draws the stars of a review as StarRating.astro draws the summary's, so a refreshed list looks the same", async () => {
    const html = await renderBlock('reviews', { variant: 'simple', gmbProfile: 'Mini Motors Sydney' });
    const summaryStars = /<p class="stars">[\s\S]*?<\/p>/.exec(html)![0].replace(/>\s+</g, '><');
    expect(summaryStars).toBe(starsHtml(starRating(4.5, 120)));
  });

  it('writes a review in the browser exactly as the build does', async () => {
    const html = await renderBlock('reviews', { variant: 'full', gmbProfile: 'Mini Motors Service' });
    const items = [...html.matchAll(/<li class="review">[\s\S]*?<\/li>/g)].map((m) => m[0]);
    expect(items).toEqual([
      reviewItemHtml(review('Emma Brown', '2025-02-28', 5, 'Car was ready on time and washed.'), false),
      reviewItemHtml(review('Frank Li', '2024-12-05', 2, 'Service took longer than quoted.'), false),
    ]);
    expect(reviewItemHtml(review("<b>O'Neil</b>", 'soon', 4, ' '), true)).toBe(
      '<li class="review card review-card"><p class="review-name">&lt;b&gt;O&#39;Neil&lt;/b&gt;</p><div class="review-meta">' +
        '<p class="stars"><span class="stars-track" style="--rating:80%" role="img" aria-label="Rated 4.0 out of 5">★★★★★</span>' +
        '<span class="stars-text" aria-hidden="true">4.0</span></p></div></li>',
    );
  });

  it("writes no style attribute into markup made in the browser, which the sites' policy would refuse", () => {
    const written = reviewItemHtml(review('Zoe', '2025-06-01', 4), true, false);
    expect(written).not.toContain('style=');
    expect(written).toBe(reviewItemHtml(review('Zoe', '2025-06-01', 4), true).replace(' style="--rating:80%"', ''));
  });
});
