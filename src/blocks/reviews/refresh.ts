/**
 * Fresh reviews in the browser. The reviews block shows the reviews of the build at once; for one
 * Google Business profile (never "All Reviews", which the route does not serve: spec §7) this asks
 * GET /api/reviews?websiteId=&gmbId= and, when its answer is newer than the build's (a later newest
 * review, or the same newest review and a higher count), puts the answer's average, stars, count
 * and reviews in place of the build's.
 *
 * - At most one call a day per profile: the answer is kept in localStorage with the time it was
 *   fetched (REVIEWS_MAX_AGE_MS, the route's Cache-Control too); blocks of one profile on a page
 *   share one call.
 * - In place, without moving the page: the block keeps its elements and the list its number of
 *   entries (the newest, or the best for the highlighted variant), and never gets shorter than it was.
 * - Any failure (no API, an error status, an answer of another shape, blocked storage) leaves the
 *   build's reviews as they are.
 */
import { isAllReviews, newestFirst, reviewTime, REVIEWS_MAX_AGE_MS, type Review } from '../../domain/reviews.ts';
import { topReviews } from './aggregate.ts';
import { countSentence, reviewItemHtml, summaryView } from './markup.ts';
import { browserStorage, readJson, writeJson } from '../../stores/persistent.ts';
import type { ReviewsSummary } from '../../content/entities.ts';
import type { ReviewsQuery } from '../../contract/catalogue.ts';
import { apiFetch } from '../../contract/fetch.ts';
import { starRating } from '../../lib/rating.ts';
import { reviewsPath } from '../../contract/routes.ts';

/** The reviews route's query (src/contract/catalogue.ts). */
export type ReviewsRequest = ReviewsQuery;

/** What the build showed, to compare an answer with. */
export interface BuiltReviews {
  /** review_date of the newest review the build had, if any. */
  newest?: string;
  count: number;
}

export interface RefreshDeps {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  storage: Storage | undefined;
  now: () => number;
}

/** localStorage key of a profile's kept answer. */
export function reviewsStorageKey(req: ReviewsRequest): string {
  return `dealer.reviews:${req.websiteId}:${req.gmbId}`;
}

export function reviewsUrl(req: ReviewsRequest): string {
  return reviewsPath(req);
}

const isReview = (r: unknown): r is Review => {
  const o = r as Record<string, unknown> | null;
  return (
    !!o &&
    typeof o === 'object' &&
    typeof o.text === 'string' &&
    typeof o.review_date === 'string' &&
    typeof o.customer_name === 'string' &&
    typeof o.rating === 'number' &&
    Number.isFinite(o.rating)
  );
};

/** The route's answer when it has the route's shape, else undefined. */
export function parseReviewsAnswer(body: unknown): ReviewsSummary | undefined {
  const o = body as Record<string, unknown> | null;
  if (!o || typeof o !== 'object') return undefined;
  const { reviews, count, average_rating } = o;
  if (!Array.isArray(reviews) || !reviews.every(isReview)) return undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
  if (typeof average_rating !== 'number' || !Number.isFinite(average_rating)) return undefined;
  return { reviews: newestFirst(reviews), count, average_rating };
}

function newestTime(reviews: readonly Review[]): number {
  return reviews.reduce((max, r) => Math.max(max, reviewTime(r.review_date)), Number.NEGATIVE_INFINITY);
}

/** Whether the answer is newer than the build: a later newest review, or the same one and a higher count. */
export function isNewer(answer: ReviewsSummary, built: BuiltReviews): boolean {
  const answered = newestTime(answer.reviews);
  const had = built.newest ? reviewTime(built.newest) : Number.NEGATIVE_INFINITY;
  if (answered !== had) return answered > had;
  return answer.count > built.count;
}

/** The reviews a list of `slots` entries shows: the best with text (highlighted), else the newest. */
export function listedReviews(variant: string | undefined, reviews: readonly Review[], slots: number): Review[] {
  if (slots <= 0) return [];
  return variant === 'highlighted' ? topReviews(reviews, slots) : newestFirst(reviews).slice(0, slots);
}

interface Kept {
  savedAt: number;
  answer: unknown;
}

/**
 * The profile's reviews from the route, or from the answer kept in the browser when it is less
 * than a day old. Undefined for "All Reviews" (never asked) and on any failure.
 */
export async function latestReviews(req: ReviewsRequest, deps: RefreshDeps): Promise<ReviewsSummary | undefined> {
  if (isAllReviews(req.gmbId) || !req.websiteId) return undefined;
  const key = reviewsStorageKey(req);
  const now = deps.now();
  const kept = readJson<Kept>(deps.storage, key);
  if (kept && typeof kept.savedAt === 'number' && kept.savedAt <= now && now - kept.savedAt < REVIEWS_MAX_AGE_MS) {
    const answer = parseReviewsAnswer(kept.answer);
    if (answer) return answer;
  }
  try {
    // Any answer but a 2xx rejects: the block keeps the reviews it was built with.
    const answer = parseReviewsAnswer(
      await apiFetch(reviewsUrl(req), { fetch: deps.fetch, headers: { accept: 'application/json' } }),
    );
    if (!answer) return undefined;
    writeJson(deps.storage, key, { savedAt: now, answer } satisfies Kept);
    return answer;
  } catch {
    return undefined;
  }
}

/** What a block holds about itself (the data-reviews-* attributes of Reviews.astro). */
export interface BlockFacts extends ReviewsRequest, BuiltReviews {
  variant: string | undefined;
}

export function blockFacts(data: DOMStringMap): BlockFacts | undefined {
  const websiteId = data.reviewsWebsite?.trim() ?? '';
  const gmbId = data.reviewsProfile?.trim() ?? '';
  const count = Number(data.reviewsCount);
  if (!websiteId || isAllReviews(gmbId) || !Number.isFinite(count)) return undefined;
  return { websiteId, gmbId, count, newest: data.reviewsNewest || undefined, variant: data.reviewsVariant };
}

function setText(root: ParentNode, selector: string, text: string): void {
  root.querySelectorAll(selector).forEach((el) => {
    el.textContent = text;
  });
}

/** Puts the answer's average, stars, count and reviews in place of the block's. */
export function applyReviews(root: HTMLElement, answer: ReviewsSummary, variant: string | undefined): void {
  const view = summaryView(answer);
  setText(root, '.reviews-average, .reviews-badge-average', view.average);
  setText(root, '.reviews-count', countSentence(view));
  setText(root, '.reviews-badge-count', view.countText);
  root.querySelectorAll<HTMLElement>(':is(.reviews-summary, .reviews-badge) > .stars').forEach((stars) => {
    const track = stars.querySelector<HTMLElement>('.stars-track');
    track?.style.setProperty('--rating', view.stars.percent);
    track?.setAttribute('aria-label', view.stars.label);
    setText(stars, '.stars-text', view.stars.text);
  });
  const list = root.querySelector<HTMLElement>('.reviews-list');
  const items = list ? listedReviews(variant, answer.reviews, list.children.length) : [];
  if (list && items.length) {
    const before = list.getBoundingClientRect().height;
    // Without style attributes, which the page's policy refuses in written markup: each
    // entry's stars get their fill through the CSSOM, as the summary's do above.
    list.innerHTML = items.map((r) => reviewItemHtml(r, variant !== 'full', false)).join('');
    [...list.children].forEach((item, i) => {
      const track = item.querySelector<HTMLElement>('.stars-track');
      track?.style.setProperty('--rating', starRating(items[i]!.rating, undefined).percent);
    });
    if (list.getBoundingClientRect().height < before) list.style.minHeight = `${before}px`;
  }
  root.dataset.reviewsCount = String(answer.count);
  const newest = answer.reviews[0]?.review_date;
  if (newest) root.dataset.reviewsNewest = newest;
  root.dataset.reviewsRefreshed = '';
}

function browserDeps(): RefreshDeps {
  return { fetch: (url, init) => window.fetch(url, init), storage: browserStorage('local'), now: () => Date.now() };
}

/** Refreshes every reviews block of the page that names one profile; one call per profile. */
export async function startReviewsRefresh(
  doc: ParentNode = document,
  deps: RefreshDeps = browserDeps(),
): Promise<void> {
  const calls = new Map<string, Promise<ReviewsSummary | undefined>>();
  const blocks = [...doc.querySelectorAll<HTMLElement>('[data-reviews-profile]')];
  await Promise.all(
    blocks.map(async (root) => {
      const facts = blockFacts(root.dataset);
      if (!facts) return;
      const key = reviewsStorageKey(facts);
      let call = calls.get(key);
      if (!call) {
        call = latestReviews(facts, deps);
        calls.set(key, call);
      }
      const answer = await call;
      if (answer && isNewer(answer, facts)) applyReviews(root, answer, facts.variant);
    }),
  );
}
