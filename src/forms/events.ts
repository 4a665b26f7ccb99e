/**
 * Analytics event ids of completed forms (spec §7). The ids the spec fixes are EVENT_IDS of
 * src/site/analytics.ts: 20 (service booking), 28 (finance completion), 31 (first finance step) and
 * "18 or 40" for trade-ins (18 the trade-in form, 40 the valuation form). The other ids are by
 * category, chosen here from numbers the spec does not use; an unknown category counts as a
 * general enquiry.
 */
import { EVENT_IDS } from '../site/analytics.ts';

const byCategory: Record<string, number> = {
  'general-enquiry': 10,
  'new-vehicle-enquiry': 11,
  'used-vehicle-enquiry': 12,
  'test-drive-booking': 13,
  'parts-enquiry': 14,
  'competition-enquiry': 15,
  'team-member-enquiry': 16,
  survey: 17,
  review: 19,
  'service-booking': EVENT_IDS.serviceBooking,
  'finance-enquiry': EVENT_IDS.financeCompletion,
  'finance-lender': EVENT_IDS.financeCompletion,
  'trade-in-enquiry': EVENT_IDS.tradeIn,
  'valuation-enquiry': EVENT_IDS.tradeInValuation,
  'sell-my-car-enquiry': EVENT_IDS.tradeInValuation,
};

/** "Trade In Enquiry" → "trade-in-enquiry": the category as the success route writes it. */
export function categorySlug(category: string): string {
  return category
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function analyticsEventFor(category: string): number {
  return byCategory[categorySlug(category)] ?? byCategory['general-enquiry']!;
}
