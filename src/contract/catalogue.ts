/**
 * The catalogue routes' query and path parameters (spec §7):
 * - GET /api/reviews?websiteId={id}&gmbId={profile}
 * - GET /api/models/{modelSlug}
 * - GET /api/manufacturer-locations (no parameters)
 */
import { z } from 'astro/zod';
import { ALL_REVIEWS as ALL_REVIEWS_PROFILE } from '../domain/reviews.ts';
import { CONTROL_CHARACTERS } from './parse.ts';

export const MAX_PROFILE_LENGTH = 200;

export const reviewsQuery = z.object({
  websiteId: z
    .string({ error: 'must be the website id, a whole number' })
    .trim()
    .regex(/^\d{1,15}$/, { error: 'must be the website id, a whole number' }),
  gmbId: z
    .string({ error: 'must name a Google Business profile' })
    .trim()
    .min(1, { error: 'must name a Google Business profile' })
    .max(MAX_PROFILE_LENGTH, { error: `must be at most ${MAX_PROFILE_LENGTH} characters` })
    .refine((s) => !CONTROL_CHARACTERS.test(s), { error: 'must name a Google Business profile' })
    .refine((s) => s.toLowerCase() !== ALL_REVIEWS_PROFILE.toLowerCase(), {
      error: `"${ALL_REVIEWS_PROFILE}" is not served: the reviews block shows every profile combined itself`,
    }),
});

export type ReviewsQuery = z.input<typeof reviewsQuery>;

export const modelParams = z.object(
  {
    modelSlug: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine((s) => !CONTROL_CHARACTERS.test(s), { error: 'is not a model slug' })
      .transform((s) => s.toLowerCase()),
  },
  { error: 'is not a model slug' },
);
