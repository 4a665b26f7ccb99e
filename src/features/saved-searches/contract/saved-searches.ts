/**
 * POST /api/saved-searches: a shopper saves the stock page's search with their email address, to
 * be emailed when matching cars arrive or drop in price (src/features/saved-searches/server/). The search is the
 * stock page's own query string (src/features/search/rules/cars-search.ts carsStateMapping), so what is
 * saved is what the page's address says.
 */
import { z } from 'astro/zod';
import { plainText, siteSlug } from '../../../contract/parse.ts';

import {
  EMAIL_PATTERN,
  MAX_EMAIL_LENGTH,
  MAX_SAVED_QUERY_LENGTH,
  SAVED_SEARCH_HONEYPOT,
} from './saved-search-values.ts';

export { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_SAVED_QUERY_LENGTH, SAVED_SEARCH_HONEYPOT };

export const savedSearchRequest = z.object({
  site: siteSlug.optional(),
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .min(1, { error: 'Enter your email address.' })
    .max(MAX_EMAIL_LENGTH, { error: 'That email address is too long.' })
    .regex(EMAIL_PATTERN, { error: 'Enter an email address like name@example.com.' }),
  /** The stock page's query string, with or without its "?" ("make=Toyota&price=10000:30000"). */
  query: plainText(MAX_SAVED_QUERY_LENGTH, "{field} must be the stock page's query string.").default(''),
  /** The cars block's fixed filters (Algolia `filters` syntax), as the page's search applies them. */
  filters: plainText(2_000, "{field} must be the block's filters.").default(''),
  /** The stock page's path ("/used-cars"): where the emails link back to. */
  page: plainText(300, "{field} must be the stock page's path.")
    .refine((p) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\'), {
      error: "{field} must be the stock page's path.",
    })
    .default('/'),
  /** The consent line the form showed, as the shopper read it. */
  consent: plainText(500, '{field} must be the consent text shown.').optional(),
  [SAVED_SEARCH_HONEYPOT]: z.unknown().optional(),
});

export type SavedSearchRequest = z.input<typeof savedSearchRequest>;

/** The 202 answer: the confirmation email is on its way (or, for a search already saved, nothing is sent again). */
export interface SavedSearchResponse {
  status: 'confirmation_sent';
}
