/**
 * Mutations of the rows of docs/spec-coverage.md for §2 Screens: the model range, offers, the cars block, the contact
 * location cards, the colour picker and variant cards, the sliders.
 * Listed by ../list.ts.
 */
import { b, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Model range screen (category rows',
    [b('model-range')],
    [
      {
        id: 'range-first-row',
        find: '  return count % 2 === 1 || count % 3 === 0 ? 2 : 3;',
        replace: '  return 3;',
        why: 'the first row holds buttons 0-2 or 0-3',
      },
      {
        id: 'range-second-row',
        find: 'export const SECOND_ROW_LAST_INDEX = 8;',
        replace: 'export const SECOND_ROW_LAST_INDEX = 9;',
        why: 'the second row ends at index 8',
      },
      {
        id: 'range-one-category',
        find: '  if (tabs.length <= 1) return [];',
        replace: '  if (tabs.length < 1) return [];',
        why: 'buttons only with more than one category',
      },
      {
        id: 'range-future',
        find: '  if (isComingSoon(model) && tabs.some((t) => t.label === FUTURE_LABEL)) keys.push(tabKey(FUTURE_LABEL));',
        replace: '  if (tabs.some((t) => t.label === FUTURE_LABEL)) keys.push(tabKey(FUTURE_LABEL));',
        why: 'Future Vehicles shows the coming_soon models',
      },
      {
        id: 'range-future-label',
        find: "export const FUTURE_LABEL = 'Future Vehicles';",
        replace: "export const FUTURE_LABEL = 'Coming Soon';",
        why: 'the tab is called Future Vehicles',
      },
      {
        id: 'range-future-option',
        find: '  if (futureVehiclesTab && models.some(isComingSoon)',
        replace: '  if (models.some(isComingSoon)',
        why: 'Future Vehicles only on the site that asks for it',
      },
      {
        id: 'range-all-label',
        find: "export const ALL_LABEL = 'All';",
        replace: "export const ALL_LABEL = 'All Models';",
        why: 'the category All shows everything',
      },
      {
        id: 'range-description-200',
        find: 'export const MODEL_DESCRIPTION_CHARS = 200;',
        replace: 'export const MODEL_DESCRIPTION_CHARS = 201;',
        why: 'tile descriptions are cut to 200 characters',
      },
      {
        id: 'range-override-url',
        find: '    href: override ?? modelPath(model),',
        replace: '    href: modelPath(model),',
        why: 'a tile links to its override_url',
      },
    ],
  ),
  ...row(
    'Offers (tabs; 160/200 truncation',
    [b('offers')],
    [
      {
        id: 'offers-other-tab',
        find: '  if (other) tabs.push({ value: OTHER_TAB, label: OTHER_LABEL });',
        replace: '',
        why: 'offers without a model are under Other Offers',
      },
      {
        id: 'offers-other-label',
        find: "export const OTHER_LABEL = 'Other Offers';",
        replace: "export const OTHER_LABEL = 'Other';",
        why: 'the tab is called Other Offers',
      },
      {
        id: 'offers-description-over',
        find: 'export const DESCRIPTION_CUT_OVER = 200;',
        replace: 'export const DESCRIPTION_CUT_OVER = 160;',
        why: 'a description is cut only when longer than 200',
      },
      {
        id: 'offers-description-to',
        find: 'export const DESCRIPTION_CUT_TO = 160;',
        replace: 'export const DESCRIPTION_CUT_TO = 200;',
        why: 'a long description is cut at 160',
      },
      {
        id: 'offers-disclaimer',
        find: 'export const DISCLAIMER_CUT = 200;',
        replace: 'export const DISCLAIMER_CUT = 160;',
        why: 'the disclaimer is cut at 200',
      },
      {
        id: 'offers-view-more',
        find: '<span class="offer-more-closed">View more</span>',
        replace: '<span class="offer-more-closed">Read more</span>',
        why: 'a cut text offers View more',
      },
      {
        id: 'offers-view-less',
        find: '<span class="offer-more-open">View less</span>',
        replace: '<span class="offer-more-open">Close</span>',
        why: 'an expanded text offers View less',
      },
      {
        id: 'offers-exclusion',
        find: '  if (!offer.excluded_website_ids.includes(site.id)) return true;',
        replace: '  return true;',
        why: 'offers are hidden on excluded sites',
      },
      {
        id: 'offers-placeholder',
        find: 'const placeholder = cards.length === 0 && isSpecialOffersPage(ctx.page.path);',
        replace: 'const placeholder = false;',
        why: 'an empty special-offers page shows the placeholder',
      },
    ],
  ),
  ...row(
    'Cars block (Search panel, results',
    [b('cars-block'), u('spec-rules-screens')],
    [
      {
        id: 'cars-no-results',
        find: "export const NO_CARS_MESSAGE = 'No results found for your search at this time';",
        replace: "export const NO_CARS_MESSAGE = 'No results found';",
        why: "the spec's no-cars message",
      },
      {
        id: 'cars-panel-title',
        find: '                Search\n',
        replace: '                Filters\n',
        why: 'the panel is titled Search',
      },
      {
        id: 'cars-view-all-self',
        find: '  return target && target !== currentPath ? target : undefined;',
        replace: '  return target;',
        why: 'no View All Cars to the page itself',
      },
      {
        id: 'cars-view-all-show-all',
        find: '  if (blockShowsAll) return undefined;\n',
        replace: '',
        why: 'no View All Cars on a block that shows all cars',
      },
    ],
  ),
  ...row(
    'Contact location cards (3 or fewer)',
    [b('locations'), u('spec-rules-screens')],
    [
      {
        id: 'screen-location-cards-3',
        find: 'export const LOCATION_CARDS_MAX = 3;',
        replace: 'export const LOCATION_CARDS_MAX = 4;',
        why: 'cards only with 3 or fewer locations',
      },
      {
        id: 'screen-location-cards-search',
        find: '  return !search && count > 0 && count <= LOCATION_CARDS_MAX;',
        replace: '  return count > 0 && count <= LOCATION_CARDS_MAX;',
        why: 'no cards beside the search',
      },
      {
        id: 'screen-nearby-widen',
        find: '  if (results.length > 0 || distanceKm >= SEARCH_RADIUS_KM) return { results, widened: false };',
        replace: '  return { results, widened: false };',
        why: 'with nothing near, the nearest within 250 km are suggested',
      },
    ],
  ),
  ...row(
    'Colour picker, variant cards, modelFeatures',
    [b('model-colours'), b('model-variants'), b('model-features')],
    [
      {
        id: 'screen-colour-first-variant',
        find: '  return { variant: 0, bodyType: bodyTypeForVariant(data, 0, undefined), colour: 0 };',
        replace:
          '  return { variant: data.variants.length - 1, bodyType: bodyTypeForVariant(data, 0, undefined), colour: 0 };',
        why: 'the first variant is selected',
      },
      {
        id: 'screen-colour-wrap',
        find: '  return ((index % count) + count) % count;',
        replace: '  return Math.max(0, Math.min(count - 1, index));',
        why: 'the arrows wrap around',
      },
      {
        id: 'screen-variant-price',
        find: '  return `${formatPrice(lo)} – ${formatPrice(hi)}`;',
        replace: '  return formatPrice(lo);',
        why: 'the card shows the drive-away range',
      },
      {
        id: 'screen-variant-order-now',
        find: "  q.set('vehicle', variantTitle(variant));",
        replace: '',
        why: 'variant cards link to order-now with the vehicle',
      },
      {
        id: 'screen-features-tabs',
        find: '    {slides.length > 1 ? (',
        replace: '    {slides.length > 99 ? (',
        why: 'modelFeatures slides are tabbed',
      },
    ],
  ),
  ...row(
    'Sliders (width and height rule',
    [b('image-slider')],
    [
      {
        id: 'screen-slide-size',
        find: '  return width && height && width > 0 && height > 0 ? { width, height } : undefined;',
        replace: '  return { width: width ?? 1600, height: height ?? 900 };',
        why: 'a slide shows only with width and height',
      },
      {
        id: 'screen-slide-fixed',
        find: '  if (fixed) return fixed;\n',
        replace: '',
        why: 'fixed dimensions show slides without their own size',
      },
      {
        id: 'screen-slider-delay',
        find: 'export const DEFAULT_AUTOPLAY_DELAY_MS = 4000;',
        replace: 'export const DEFAULT_AUTOPLAY_DELAY_MS = 5000;',
        why: 'auto-advance defaults to 4000 ms',
      },
      {
        id: 'screen-slider-start',
        find: '  return requested !== undefined && requested >= 0 && requested < count ? Math.floor(requested) : 0;',
        replace: '  return requested ?? 0;',
        why: 'the start index defaults to 0 and must name a slide',
      },
      {
        id: 'screen-slider-loop',
        find: '    loop: slides.length > 1,',
        replace: '    loop: false,',
        why: 'the carousel loops',
      },
    ],
  ),
];
