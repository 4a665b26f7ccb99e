/**
 * GET /api/reviews?websiteId={site id}&gmbId={Google Business profile}   (spec §7)
 *   200 { reviews (newest first), count, average_rating }
 *       Cache-Control: public, max-age=86400; the server keeps each answer for a day too, keyed by
 *       websiteId and gmbId (by the deps clock), so a day's calls read the content once.
 *   400 websiteId or gmbId missing or malformed, or gmbId "All Reviews": that profile combines
 *       every profile, which the reviews block renders at build time, so the island never asks
 *       for it (the spec's "skipped for All Reviews") and the API refuses it rather than guess.
 *   404 unknown site, a websiteId other than the site's id, or a profile the dealer does not have
 */
import type { Hono } from 'hono';
import type { ApiDeps } from '../deps.ts';
import type { ReviewsSummary } from '../../content/entities.ts';
import { ALL_REVIEWS, selectReviews } from '../../blocks/reviews/aggregate.ts';
import { ApiError } from '../errors.ts';
import { dealerFor, handle } from './respond.ts';

export const REVIEWS_CACHE_MS = 24 * 60 * 60 * 1000;
const REVIEWS_CACHE_CONTROL = `public, max-age=${REVIEWS_CACHE_MS / 1000}`;
const MAX_PROFILE_LENGTH = 200;

export function mountReviewsRoute(app: Hono, deps: ApiDeps): void {
  // Per app: bounded by the profiles in the content, since only found profiles are kept.
  const cache = new Map<string, { summary: ReviewsSummary; expiresAt: number }>();

  app.get('/reviews', handle((c) => {
    const dealer = dealerFor(c, deps);
    const websiteId = c.req.query('websiteId')?.trim() ?? '';
    const gmbId = c.req.query('gmbId')?.trim() ?? '';
    const fields: Record<string, string> = {};
    if (!/^\d{1,15}$/.test(websiteId)) fields.websiteId = 'must be the website id, a whole number';
    if (!gmbId) fields.gmbId = 'must name a Google Business profile';
    else if (gmbId.length > MAX_PROFILE_LENGTH) fields.gmbId = `must be at most ${MAX_PROFILE_LENGTH} characters`;
    else if (gmbId.toLowerCase() === ALL_REVIEWS.toLowerCase()) {
      fields.gmbId = `"${ALL_REVIEWS}" is not served: the reviews block shows every profile combined itself`;
    }
    if (Object.keys(fields).length) throw new ApiError(400, 'The reviews query is not valid.', fields);
    if (Number(websiteId) !== dealer.site.id) {
      throw new ApiError(404, `Website ${websiteId} is not ${dealer.site.name} (website ${dealer.site.id}).`);
    }

    const key = `${websiteId}\n${gmbId}`;
    const now = deps.now().getTime();
    let entry = cache.get(key);
    if (!entry || entry.expiresAt <= now) {
      if (!Object.hasOwn(dealer.reviews, gmbId)) {
        cache.delete(key);
        throw new ApiError(404, `${dealer.site.name} has no Google Business profile "${gmbId}".`);
      }
      const summary = selectReviews(dealer.reviews, gmbId) ?? { reviews: [], count: 0, average_rating: 0 };
      entry = { summary, expiresAt: now + REVIEWS_CACHE_MS };
      cache.set(key, entry);
    }
    c.header('Cache-Control', REVIEWS_CACHE_CONTROL);
    const { reviews, count, average_rating } = entry.summary;
    return c.json({ reviews, count, average_rating });
  }));
}
