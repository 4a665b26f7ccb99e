/** One dealer's validated content: what every page, feed and API route of the dealer reads. */
import type { Site } from './site.ts';
import type { Page } from './page.ts';
import type { Brand, Car, Location, Model, Offer, ReviewsSummary, Slide, StaffMember } from './entities.ts';

export interface DealerContent {
  slug: string;
  site: Site;
  pages: Page[];
  models: Model[];
  offers: Offer[];
  team: StaffMember[];
  locations: Location[];
  brands: Brand[];
  slides: Slide[];
  cars: Car[];
  reviews: Record<string, ReviewsSummary>;
}
