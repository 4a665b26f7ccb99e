/**
 * spec's constants (§9 and the numbers and fixed texts of §2–§8), each held by a plain
 * assertion on the named export that carries it, so that a change of any of them fails here
 * whatever the behaviour tests around it happen to cover.
 */
import { describe, expect, it } from 'vitest';
import { AGE_YEARLY, CONDITION_FACTOR } from '../../../src/features/valuation/server/valuation-model.ts';
import { modelPath, API_BASE } from '../../../src/contract/routes.ts';
import { OFFERS_LIMIT } from '../../../src/domain/offers.ts';
import { ALL_REVIEWS } from '../../../src/domain/reviews.ts';
import { TERMS_PATH } from '../../../src/domain/routes.ts';
import {
  NO_CARS_MESSAGE,
  DEFAULT_CARS_PER_PAGE,
  SHOW_ALL_CARS_PER_PAGE,
} from '../../../src/features/search/rules/cars-search.ts';
import { MAX_OFFER_HITS } from '../../../src/features/search/rules/indexes.ts';
import { TEAM_MEMBER_CATEGORY } from '../../../src/domain/team.ts';
import { DAYS_OFFERED } from '../../../src/forms/custom-steps/test-drive-slots.ts';
import { FINANCE_PATH, LONG_FORM_STEPS } from '../../../src/forms/definition.ts';
import { BUDGET_HELP, BUDGET_MIN, BUDGET_MAX } from '../../../src/forms/forms/finance.ts';
import {
  LOCATION_CARDS_MAX,
  SEARCH_RADIUS_KM,
  MAX_SUGGESTIONS,
  DISTANCE_OPTIONS_KM,
  DEFAULT_DISTANCE_KM,
  MAP_MAX_ZOOM,
} from '../../../src/lib/geo.ts';
import { MODEL_DESCRIPTION_CHARS, BIO_PREVIEW_CHARS } from '../../../src/lib/text.ts';
import { MANUFACTURER_POLL_MS } from '../../../src/site/analytics.ts';
import { FINANCE_DETAILS_DAYS } from '../../../src/features/finance/ui/finance-store.ts';

describe('Form steps `isCustom` / `customStepKey`', () => {
  it('DAYS_OFFERED is 14', () => {
    expect(DAYS_OFFERED).toBe(14);
  });
});
describe('Valuation provider', () => {
  it('AGE_YEARLY is 0.93', () => {
    expect(AGE_YEARLY).toBe(0.93);
  });
  it('CONDITION_FACTOR is { excellent: 1.05, good: 1, fair: 0.9, poor: 0.75 }', () => {
    expect(CONDITION_FACTOR).toEqual({ excellent: 1.05, good: 1, fair: 0.9, poor: 0.75 });
  });
});
describe('The manufacturer data layer polled every 300 ms', () => {
  it('MANUFACTURER_POLL_MS is 300', () => {
    expect(MANUFACTURER_POLL_MS).toBe(300);
  });
});
describe('A profile page shows the member', () => {
  it("TEAM_MEMBER_CATEGORY is 'Team Member Enquiry'", () => {
    expect(TEAM_MEMBER_CATEGORY).toBe('Team Member Enquiry');
  });
});
describe('`/terms-and-conditions`, `/privacy-policy`', () => {
  it("TERMS_PATH is '/terms-and-conditions'", () => {
    expect(TERMS_PATH).toBe('/terms-and-conditions');
  });
});
describe('Paths containing special-offers / finance / why-service-with-us', () => {
  it('FINANCE_PATH is /finance/i', () => {
    expect(FINANCE_PATH).toEqual(/finance/i);
  });
});
describe('reviews (simple, highlighted, full, mini, modern; All Reviews)', () => {
  it("ALL_REVIEWS is 'All Reviews'", () => {
    expect(ALL_REVIEWS).toBe('All Reviews');
  });
});
describe('Model range screen (category rows', () => {
  it('MODEL_DESCRIPTION_CHARS is 200', () => {
    expect(MODEL_DESCRIPTION_CHARS).toBe(200);
  });
});
describe('Cars block (Search panel, results', () => {
  it("NO_CARS_MESSAGE is 'No results found for your search at this time'", () => {
    expect(NO_CARS_MESSAGE).toBe('No results found for your search at this time');
  });
});
describe('Contact location cards (3 or fewer)', () => {
  it('LOCATION_CARDS_MAX is 3', () => {
    expect(LOCATION_CARDS_MAX).toBe(3);
  });
});
describe('Long forms over 10 steps', () => {
  it('LONG_FORM_STEPS is 10', () => {
    expect(LONG_FORM_STEPS).toBe(10);
  });
});
describe('Finance calculator states (event 26 once', () => {
  it('FINANCE_DETAILS_DAYS is 14', () => {
    expect(FINANCE_DETAILS_DAYS).toBe(14);
  });
});
describe('§5 validation rules and messages', () => {
  it("BUDGET_HELP is 'You can borrow from $5,000 up to $150,000.'", () => {
    expect(BUDGET_HELP).toBe('You can borrow from $5,000 up to $150,000.');
  });
});
describe('§7 brochure download (new window)', () => {
  it('modelPath is the model route under the API, slug encoded', () => {
    expect(modelPath('cx 5')).toBe(`${API_BASE}/models/cx%205`);
  });
});
describe('§7 car search (facet filters) and offers search (limit 200)', () => {
  it('MAX_OFFER_HITS is 200', () => {
    expect(MAX_OFFER_HITS).toBe(200);
  });
});
describe('Staff bio preview 60 characters', () => {
  it('BIO_PREVIEW_CHARS is 60', () => {
    expect(BIO_PREVIEW_CHARS).toBe(60);
  });
});
describe('Borrow range $5,000-$150,000', () => {
  it('BUDGET_MIN is 5000', () => {
    expect(BUDGET_MIN).toBe(5_000);
  });
  it('BUDGET_MAX is 150000', () => {
    expect(BUDGET_MAX).toBe(150_000);
  });
});
describe('Radius 250 km, 5 suggestions', () => {
  it('SEARCH_RADIUS_KM is 250', () => {
    expect(SEARCH_RADIUS_KM).toBe(250);
  });
  it('MAX_SUGGESTIONS is 5', () => {
    expect(MAX_SUGGESTIONS).toBe(5);
  });
  it('DISTANCE_OPTIONS_KM is [25, 50, 75, 100, 150, 250, 500, 750, 1000]', () => {
    expect(DISTANCE_OPTIONS_KM).toEqual([25, 50, 75, 100, 150, 250, 500, 750, 1000]);
  });
  it('DEFAULT_DISTANCE_KM is 50', () => {
    expect(DEFAULT_DISTANCE_KM).toBe(50);
  });
  it('MAP_MAX_ZOOM is 15', () => {
    expect(MAP_MAX_ZOOM).toBe(15);
  });
});
describe('Offers limit 200 and hitsPerPage', () => {
  it('OFFERS_LIMIT is 200', () => {
    expect(OFFERS_LIMIT).toBe(200);
  });
});
describe('Cars 3 per page, 250 with show-all-cars', () => {
  it('DEFAULT_CARS_PER_PAGE is 3', () => {
    expect(DEFAULT_CARS_PER_PAGE).toBe(3);
  });
  it('SHOW_ALL_CARS_PER_PAGE is 250', () => {
    expect(SHOW_ALL_CARS_PER_PAGE).toBe(250);
  });
});
