/**
 * GET /api/reviews?websiteId={site id}&gmbId={Google Business profile}   (spec §7)
 *   200 { reviews (newest first), count, average_rating }
 *       Cache-Control: public, max-age=86400; the server keeps each answer for a day too, keyed by
 *       websiteId and gmbId (by the deps clock), so a day's calls read the content once. The
 *       reviews block asks it from the browser (src/blocks/reviews/refresh.ts) and shows the
 *       answer when it is newer than the build's reviews.
 *   400 websiteId or gmbId missing or malformed, or gmbId "All Reviews": that profile combines
 *       every profile, which the reviews block renders at build time, so the island never asks
 *       for it (the spec's "skipped for All Reviews") and the API refuses it rather than guess.
 *   404 unknown site, a websiteId other than the site's id, or a profile the dealer does not have
 */
import type { ApiDeps } from '../core/deps.ts';
import type { ReviewsSummary } from '../../content/entities.ts';
import { REVIEWS_MAX_AGE_MS, selectReviews } from '../../domain/reviews.ts';
import { reviewsQuery } from '../../contract/catalogue.ts';
import { ApiError } from '../core/errors.ts';
import { featureApp, routePath, site } from '../core/respond.ts';
import { validate } from '../core/validate.ts';

/** A day: the browser keeps an answer as long (src/blocks/reviews/refresh.ts). */
export const REVIEWS_CACHE_MS = REVIEWS_MAX_AGE_MS;
const REVIEWS_CACHE_CONTROL = `public, max-age=${REVIEWS_CACHE_MS / 1000}`;

/** GET /api/reviews. */
export function reviewsApp(deps: ApiDeps) {
  // Per app: bounded by the profiles in the content, since only found profiles are kept.
  const cache = new Map<string, { summary: ReviewsSummary; expiresAt: number }>();

  return featureApp().get(
    routePath('reviews'),
    site(deps),
    validate('query', reviewsQuery, ({ fields }) => new ApiError(400, 'The reviews query is not valid.', fields), [
      'websiteId',
      'gmbId',
    ]),
    (c) => {
      const dealer = c.get('dealer');
      const { websiteId, gmbId } = c.req.valid('query');
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
    },
  );
}
