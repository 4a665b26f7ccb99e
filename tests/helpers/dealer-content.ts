/** A DealerContent made in memory, for tests of code that reads a whole dealer. */
import type { DealerContent } from '../../src/content/load.ts';
import { siteSchema, type SiteInput } from '../../src/content/site.ts';

export function dealerOf(site: SiteInput, parts: Partial<Omit<DealerContent, 'site' | 'slug'>> = {}): DealerContent {
  const parsed = siteSchema.parse(site);
  return {
    slug: parsed.slug,
    site: parsed,
    pages: [],
    models: [],
    offers: [],
    team: [],
    locations: [],
    brands: [],
    slides: [],
    cars: [],
    reviews: {},
    ...parts,
  };
}
