/**
 * Analytics event ids of completed forms (spec §7). The spec fixes 20 (service booking), 28
 * (finance completion), 31 (first finance step) and "18 or 40" for trade-ins: 18 is the trade-in
 * form and 40 the valuation (sell my car) form. The other ids are by category, chosen here from
 * numbers the spec does not use; an unknown category counts as a general enquiry.
 */
export const EVENTS = {
  serviceBooking: 20,
  financeCalculator: 26,
  financeComplete: 28,
  financeFirstStep: 31,
  tradeIn: 18,
  valuation: 40,
} as const;

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
  'service-booking': EVENTS.serviceBooking,
  'finance-enquiry': EVENTS.financeComplete,
  'finance-lender': EVENTS.financeComplete,
  'trade-in-enquiry': EVENTS.tradeIn,
  'valuation-enquiry': EVENTS.valuation,
  'sell-my-car-enquiry': EVENTS.valuation,
};

/** "Trade In Enquiry" → "trade-in-enquiry": the category as the success route writes it. */
export function categorySlug(category: string): string {
  return category.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function analyticsEventFor(category: string): number {
  return byCategory[categorySlug(category)] ?? byCategory['general-enquiry']!;
}
