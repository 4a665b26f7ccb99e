/**
 * The blocks' share of the spec's constants (§9 and the numbers and fixed texts of §2–§8), each held by a plain
 * assertion on the named export that carries it, so that a change of any of them fails here
 * whatever the behaviour tests around it happen to cover.
 */
import { describe, expect, it } from 'vitest';
import { WEBSITE_NAME_PLACEHOLDER } from '../../../src/blocks/brandDescription/buttons.ts';
import {
  BODY_PARAM,
  SECOND_ROW_LAST_INDEX,
  FUTURE_LABEL,
  ALL_LABEL as ALL_LABEL_BRANDMODELS,
} from '../../../src/blocks/brandModels/model-range.ts';
import { DEFAULT_CARD_COLS } from '../../../src/blocks/cardsTool/cards.ts';
import { GRID_COLUMNS } from '../../../src/blocks/columns/widths.ts';
import { DEFAULT_AUTOPLAY_DELAY_MS } from '../../../src/blocks/imageSlider/slider.ts';
import {
  PLACES_REGION_CODES,
  PLACES_DEBOUNCE_MS,
  PLACES_PRIMARY_TYPES,
} from '../../../src/blocks/locations/google-places.ts';
import { FETCH_FAILED as FETCH_FAILED_LOCATIONS } from '../../../src/blocks/locations/locations.ts';
import {
  BODY_TYPE_TABS_MIN_TYPES,
  BODY_TYPE_TABS_OVER_COLOURS,
} from '../../../src/blocks/modelColors/model-colours.ts';
import { FETCH_FAILED as FETCH_FAILED_MODELFEATURES } from '../../../src/blocks/modelFeatures/brochure.ts';
import {
  FEATURES_SHOWN,
  SLIDER_OVER_VARIANTS,
  CONTROLS_FROM_VARIANTS,
} from '../../../src/blocks/modelVariants/model-variants.ts';
import {
  MODEL_PARAM,
  ALL_LABEL as ALL_LABEL_OFFERS,
  OTHER_LABEL,
  DESCRIPTION_CUT_OVER,
  DESCRIPTION_CUT_TO,
  DISCLAIMER_CUT,
} from '../../../src/blocks/offers/offers.ts';
import { HIGHLIGHTED_COUNT } from '../../../src/blocks/reviews/aggregate.ts';
import { COUNT_START_VISIBLE } from '../../../src/blocks/salesCounter/count.ts';
import { SCORE_APPROVED, SCORE_ORANGE, COMPLIMENTARY_INTERVAL } from '../../../src/blocks/success/success.ts';
import { TEAM_PARAM } from '../../../src/blocks/team/team-tabs.ts';
import { WHY_SERVICE_PATH_PART } from '../../../src/blocks/websiteBrands/buttons.ts';
import { FORM_ANCHOR } from '../../../src/components/form/form-props.ts';

describe('`#form-section` anchor', () => {
  it("FORM_ANCHOR is 'form-section'", () => {
    expect(FORM_ANCHOR).toBe('form-section');
  });
});
describe('Paths containing special-offers / finance / why-service-with-us', () => {
  it("WHY_SERVICE_PATH_PART is 'why-service-with-us'", () => {
    expect(WHY_SERVICE_PATH_PART).toBe('why-service-with-us');
  });
});
describe('`team` selects the staff tab', () => {
  it("TEAM_PARAM is 'team'", () => {
    expect(TEAM_PARAM).toBe('team');
  });
});
describe('`body` selects the model category tab', () => {
  it("BODY_PARAM is 'body'", () => {
    expect(BODY_PARAM).toBe('body');
  });
});
describe('`model` selects the offers tab', () => {
  it("MODEL_PARAM is 'model'", () => {
    expect(MODEL_PARAM).toBe('model');
  });
  it("ALL_LABEL is 'All Offers'", () => {
    expect(ALL_LABEL_OFFERS).toBe('All Offers');
  });
});
describe('columns (12-column grid, nested blocks)', () => {
  it('GRID_COLUMNS is 12', () => {
    expect(GRID_COLUMNS).toBe(12);
  });
});
describe('cardsTool (grid; Swiper carousel', () => {
  it('DEFAULT_CARD_COLS is 3', () => {
    expect(DEFAULT_CARD_COLS).toBe(3);
  });
});
describe('brandDescription (`brand_website_name`)', () => {
  it("WEBSITE_NAME_PLACEHOLDER is 'brandwebsitename'", () => {
    expect(WEBSITE_NAME_PLACEHOLDER).toBe('brand_website_name');
  });
});
describe('reviews (simple, highlighted, full, mini, modern; All Reviews)', () => {
  it('HIGHLIGHTED_COUNT is 3', () => {
    expect(HIGHLIGHTED_COUNT).toBe(3);
  });
});
describe('salesCounter (counts up when visible; reduced motion)', () => {
  it('COUNT_START_VISIBLE is 0.4', () => {
    expect(COUNT_START_VISIBLE).toBe(0.4);
  });
});
describe('Model range screen (category rows', () => {
  it('SECOND_ROW_LAST_INDEX is 8', () => {
    expect(SECOND_ROW_LAST_INDEX).toBe(8);
  });
  it("FUTURE_LABEL is 'Future Vehicles'", () => {
    expect(FUTURE_LABEL).toBe('Future Vehicles');
  });
  it("ALL_LABEL is 'All'", () => {
    expect(ALL_LABEL_BRANDMODELS).toBe('All');
  });
});
describe('Offers (tabs; 160/200 truncation', () => {
  it("OTHER_LABEL is 'Other Offers'", () => {
    expect(OTHER_LABEL).toBe('Other Offers');
  });
  it('DESCRIPTION_CUT_OVER is 200', () => {
    expect(DESCRIPTION_CUT_OVER).toBe(200);
  });
  it('DESCRIPTION_CUT_TO is 160', () => {
    expect(DESCRIPTION_CUT_TO).toBe(160);
  });
  it('DISCLAIMER_CUT is 200', () => {
    expect(DISCLAIMER_CUT).toBe(200);
  });
});
describe('Sliders (width and height rule', () => {
  it('DEFAULT_AUTOPLAY_DELAY_MS is 4000', () => {
    expect(DEFAULT_AUTOPLAY_DELAY_MS).toBe(4000);
  });
});
describe('§7 brochure download (new window)', () => {
  it("FETCH_FAILED is 'Failed to fetch model data'", () => {
    expect(FETCH_FAILED_MODELFEATURES).toBe('Failed to fetch model data');
  });
});
describe('§7 places autocomplete restricted to AU', () => {
  it("PLACES_REGION_CODES is ['au']", () => {
    expect(PLACES_REGION_CODES).toEqual(['au']);
  });
  it('PLACES_DEBOUNCE_MS is 300', () => {
    expect(PLACES_DEBOUNCE_MS).toBe(300);
  });
  it("PLACES_PRIMARY_TYPES is ['(regions)']", () => {
    expect(PLACES_PRIMARY_TYPES).toEqual(['(regions)']);
  });
});
describe("§8 'Failed to fetch locations'", () => {
  it("FETCH_FAILED is 'Failed to fetch locations'", () => {
    expect(FETCH_FAILED_LOCATIONS).toBe('Failed to fetch locations');
  });
});
describe('Credit score bands', () => {
  it('SCORE_APPROVED is 400', () => {
    expect(SCORE_APPROVED).toBe(400);
  });
  it('SCORE_ORANGE is 300', () => {
    expect(SCORE_ORANGE).toBe(300);
  });
});
describe('Thank-you 24-48 hours', () => {
  it("COMPLIMENTARY_INTERVAL is '3,000km or 3 months'", () => {
    expect(COMPLIMENTARY_INTERVAL).toBe('3,000km or 3 months');
  });
});
describe('Variant features 8; slider above 2 variants', () => {
  it('FEATURES_SHOWN is 8', () => {
    expect(FEATURES_SHOWN).toBe(8);
  });
  it('SLIDER_OVER_VARIANTS is 2', () => {
    expect(SLIDER_OVER_VARIANTS).toBe(2);
  });
  it('CONTROLS_FROM_VARIANTS is 4', () => {
    expect(CONTROLS_FROM_VARIANTS).toBe(4);
  });
  it('BODY_TYPE_TABS_MIN_TYPES is 3', () => {
    expect(BODY_TYPE_TABS_MIN_TYPES).toBe(3);
  });
  it('BODY_TYPE_TABS_OVER_COLOURS is 15', () => {
    expect(BODY_TYPE_TABS_OVER_COLOURS).toBe(15);
  });
});
