/**
 * Mutations of the rows of docs/spec-coverage.md for §9 Constants: every number and default the spec fixes.
 * Listed by ../list.ts.
 */
import { b, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Staff bio preview 60 characters',
    [u('lib-text'), b('team-cards'), u('spec-rules-screens')],
    [
      {
        id: 'const-bio-60',
        find: 'export const BIO_PREVIEW_CHARS = 60;',
        replace: 'export const BIO_PREVIEW_CHARS = 61;',
        why: 'bio preview is 60 characters',
      },
      {
        id: 'const-bio-read-more',
        find: '  if (text.length <= BIO_PREVIEW_CHARS) return { text, cut: false };',
        replace: '  if (text.length <= BIO_PREVIEW_CHARS) return { text, cut: true };',
        why: "'Read more...' only when the bio is cut",
      },
      {
        id: 'const-bio-read-more-text',
        find: '                  Read more...<span',
        replace: '                  Read more<span',
        why: "the cut bio offers 'Read more...'",
        tests: [u('spec-rules-screens')],
      },
    ],
  ),
  ...row(
    'Model short description 200 characters',
    [u('lib-text'), b('model-range')],
    [
      {
        id: 'const-description-200',
        find: 'export const MODEL_DESCRIPTION_CHARS = 200;',
        replace: 'export const MODEL_DESCRIPTION_CHARS = 199;',
        why: 'descriptions are cut to 200',
      },
      {
        id: 'const-truncate-limit',
        find: '  if (t.length <= max) return t;',
        replace: '  if (t.length < max) return t;',
        why: 'text of the limit is kept whole',
      },
    ],
  ),
  ...row(
    '12-column grid for cards and columns',
    [b('column-widths'), b('cards-layout')],
    [
      {
        id: 'const-grid-columns',
        find: '  const pool = left >= free ? left : GRID_COLUMNS;',
        replace: '  const pool = left >= free ? left : 6;',
        why: 'columns that do not fit share a new row of 12',
      },
      {
        id: 'const-card-span',
        find: '  return 12 / cardsPerRow(cardCols);',
        replace: '  return 10 / cardsPerRow(cardCols);',
        why: 'a card spans its share of 12 columns',
      },
      {
        id: 'const-card-max',
        find: '  return Math.min(12, Math.max(1, Math.round(cardCols)));',
        replace: '  return Math.min(6, Math.max(1, Math.round(cardCols)));',
        why: 'up to 12 cards per row',
      },
    ],
  ),
  ...row(
    'Published-date cutoffs',
    [u('lib-cutoffs')],
    [
      {
        id: 'const-cutoff-display',
        find: "  displayHeadings: '2024-01-29',",
        replace: "  displayHeadings: '2024-01-30',",
        why: 'cutoff 2024-01-29',
      },
      {
        id: 'const-cutoff-contained',
        find: "  containedBlocks: '2024-03-05',",
        replace: "  containedBlocks: '2024-03-06',",
        why: 'cutoff 2024-03-05',
      },
      {
        id: 'const-cutoff-pill',
        find: "  pillButtons: '2024-03-13',",
        replace: "  pillButtons: '2024-03-12',",
        why: 'cutoff 2024-03-13',
      },
      {
        id: 'const-cutoff-shadows',
        find: "  cardShadows: '2024-04-18',",
        replace: "  cardShadows: '2024-04-19',",
        why: 'cutoff 2024-04-18',
      },
      {
        id: 'const-cutoff-opt-in',
        find: "  formOptIn: '2024-06-03',",
        replace: "  formOptIn: '2024-06-04',",
        why: 'cutoff 2024-06-03',
      },
      {
        id: 'const-cutoff-roomy',
        find: "  roomyBlocks: '2024-11-04',",
        replace: "  roomyBlocks: '2024-11-05',",
        why: 'cutoff 2024-11-04',
      },
      {
        id: 'const-cutoff-stacked',
        find: "  stackedBannerText: '2024-12-18',",
        replace: "  stackedBannerText: '2024-12-17',",
        why: 'cutoff 2024-12-18',
      },
      {
        id: 'const-cutoff-gutters',
        find: "  wideGutters: '2025-04-02',",
        replace: "  wideGutters: '2025-04-03',",
        why: 'cutoff 2025-04-02',
      },
      {
        id: 'const-cutoff-on-day',
        find: '    flags[flag] = day >= date;',
        replace: '    flags[flag] = day > date;',
        why: 'a page published on the cutoff day gets the revision',
      },
    ],
  ),
  ...row(
    'Credit score bands',
    [b('success-variants')],
    [
      {
        id: 'const-score-400',
        find: 'export const SCORE_APPROVED = 400;',
        replace: 'export const SCORE_APPROVED = 401;',
        why: '400 or more is green',
      },
      {
        id: 'const-score-300',
        find: 'export const SCORE_ORANGE = 300;',
        replace: 'export const SCORE_ORANGE = 301;',
        why: '300-399 is orange',
      },
      {
        id: 'const-score-approved',
        find: 'tone: scoreTone(score), approved: score >= SCORE_APPROVED };',
        replace: 'tone: scoreTone(score), approved: score > SCORE_APPROVED };',
        why: 'the approval banner at 400 or more',
      },
    ],
  ),
  ...row(
    'Thank-you 24-48 hours',
    [b('success-variants')],
    [
      {
        id: 'const-thanks-24-48',
        find: "  'A team member will confirm the requested date/time within 24-48 hours by phone call or SMS.';",
        replace: "  'A team member will confirm the requested date/time within 48 hours by phone call or SMS.';",
        why: 'the 24-48 hours window',
      },
      {
        id: 'const-free-ride-hidden',
        find: "export const COMPLIMENTARY_INTERVAL = '3,000km or 3 months';",
        replace: "export const COMPLIMENTARY_INTERVAL = '3,000 km or 3 months';",
        why: 'no free ride for the complimentary interval',
      },
      {
        id: 'const-free-ride-radius',
        find: 'We offer a free ride within ${options.freeRideRadiusKm} km of our service centre',
        replace: 'We offer a free ride near our service centre',
        why: 'the free ride radius in km',
      },
    ],
  ),
  ...row(
    'Borrow range $5,000-$150,000',
    [u('forms-schema')],
    [
      {
        id: 'const-borrow-min',
        find: 'export const BUDGET_MIN = 5_000;',
        replace: 'export const BUDGET_MIN = 1_000;',
        why: 'borrow from $5,000',
      },
      {
        id: 'const-borrow-max',
        find: 'export const BUDGET_MAX = 150_000;',
        replace: 'export const BUDGET_MAX = 200_000;',
        why: 'borrow up to $150,000',
      },
      {
        id: 'const-borrow-range-check',
        find: '          return Number.isNaN(n) || (n >= min && n <= max);',
        replace: '          return Number.isNaN(n) || n >= min;',
        why: 'amounts above the range are refused',
      },
    ],
  ),
  ...row(
    'Radius 250 km, 5 suggestions',
    [u('lib-geo'), b('locations')],
    [
      {
        id: 'const-radius-250',
        find: 'export const SEARCH_RADIUS_KM = 250;',
        replace: 'export const SEARCH_RADIUS_KM = 200;',
        why: 'radius 250 km',
      },
      {
        id: 'const-suggestions-5',
        find: 'export const MAX_SUGGESTIONS = 5;',
        replace: 'export const MAX_SUGGESTIONS = 6;',
        why: 'at most 5 suggestions',
      },
      {
        id: 'const-distances',
        find: 'export const DISTANCE_OPTIONS_KM = [25, 50, 75, 100, 150, 250, 500, 750, 1000] as const;',
        replace: 'export const DISTANCE_OPTIONS_KM = [25, 50, 75, 100, 150, 250, 500, 1000] as const;',
        why: 'distance options 25 … 1000',
      },
      {
        id: 'const-distance-default',
        find: 'export const DEFAULT_DISTANCE_KM: DistanceKm = 50;',
        replace: 'export const DEFAULT_DISTANCE_KM: DistanceKm = 25;',
        why: 'default distance 50',
      },
      {
        id: 'const-zoom-15',
        find: 'export const MAP_MAX_ZOOM = 15;',
        replace: 'export const MAP_MAX_ZOOM = 16;',
        why: 'map max zoom 15',
      },
      {
        id: 'const-cards-3',
        find: 'export const LOCATION_CARDS_MAX = 3;',
        replace: 'export const LOCATION_CARDS_MAX = 2;',
        why: 'location cards with 3 or fewer',
      },
    ],
  ),
  ...row(
    'Offers limit 200 and hitsPerPage',
    [b('offers')],
    [
      {
        id: 'const-offers-limit',
        find: 'export const OFFERS_LIMIT = 200;',
        replace: 'export const OFFERS_LIMIT = 100;',
        why: 'offers limit 200',
      },
      {
        id: 'const-offers-hits',
        find: '  return filter.hitsPerPage ? limited.slice(0, filter.hitsPerPage) : limited;',
        replace: '  return limited;',
        why: 'hitsPerPage cuts the offers',
      },
      {
        id: 'const-offers-cut',
        find: '  return text.length > over ? { html: clean, preview: truncate(text, to) } : { html: clean };',
        replace: '  return text.length >= over ? { html: clean, preview: truncate(text, to) } : { html: clean };',
        why: 'a text of exactly 200 is not cut',
      },
    ],
  ),
  ...row(
    'Cars 3 per page, 250 with show-all-cars',
    [b('cars-block')],
    [
      {
        id: 'const-cars-3',
        find: 'export const DEFAULT_CARS_PER_PAGE = 3;',
        replace: 'export const DEFAULT_CARS_PER_PAGE = 4;',
        why: '3 hits per page by default',
      },
      {
        id: 'const-cars-250',
        find: 'export const SHOW_ALL_CARS_PER_PAGE = 250;',
        replace: 'export const SHOW_ALL_CARS_PER_PAGE = 200;',
        why: '250 with show-all-cars',
      },
      {
        id: 'const-cars-class',
        find: "  return (classname ?? '').split(/\\s+/).includes(SHOW_ALL_CARS_CLASS);",
        replace: "  return (classname ?? '').includes(SHOW_ALL_CARS_CLASS);",
        why: 'show-all-cars is one of the class words',
      },
      {
        id: 'const-cars-min-photos',
        find: '  if (data.minPhotos && data.minPhotos > 0) parts.push(`photos_count >= ${data.minPhotos}`);',
        replace: '',
        why: 'the minimum-photos filter',
      },
    ],
  ),
  ...row(
    'Repayment frequencies 52/26/12/1',
    [u('lib-finance')],
    [
      {
        id: 'const-weekly-52',
        find: "  { name: 'Weekly', periodsPerYear: 52, per: 'week' },",
        replace: "  { name: 'Weekly', periodsPerYear: 48, per: 'week' },",
        why: 'weekly is 52 a year',
      },
      {
        id: 'const-fortnightly-26',
        find: "  { name: 'Fortnightly', periodsPerYear: 26, per: 'fortnight' },",
        replace: "  { name: 'Fortnightly', periodsPerYear: 24, per: 'fortnight' },",
        why: 'fortnightly is 26 a year',
      },
      {
        id: 'const-yearly-1',
        find: "  { name: 'Yearly', periodsPerYear: 1, per: 'year' },",
        replace: "  { name: 'Yearly', periodsPerYear: 2, per: 'year' },",
        why: 'yearly is 1 a year',
      },
      {
        id: 'const-amortised',
        find: '  return (amount * r) / (1 - (1 + r) ** -n);',
        replace: '  return (amount * (1 + r * n)) / n;',
        why: 'the standard amortisation payment',
      },
      {
        id: 'const-total',
        find: '  const total = roundCents(periods > 0 ? payment * periods : payment);',
        replace: '  const total = roundCents(periods > 0 ? payment * f.periodsPerYear : payment);',
        why: 'total = payment x periods per year x years',
      },
      {
        id: 'const-years-label',
        find: "  return `${upToTwo.format(years)} ${years === 1 ? 'year' : 'years'}`;",
        replace: '  return `${upToTwo.format(years * 12)} months`;',
        why: 'terms are shown in years',
      },
    ],
  ),
  ...row(
    'Variant features 8; slider above 2 variants',
    [b('model-variants'), b('model-colours')],
    [
      {
        id: 'const-features-8',
        find: 'export const FEATURES_SHOWN = 8;',
        replace: 'export const FEATURES_SHOWN = 6;',
        why: '8 features shown',
      },
      {
        id: 'const-slider-2',
        find: 'export const SLIDER_OVER_VARIANTS = 2;',
        replace: 'export const SLIDER_OVER_VARIANTS = 3;',
        why: 'slider above 2 variants',
      },
      {
        id: 'const-controls-4',
        find: 'export const CONTROLS_FROM_VARIANTS = 4;',
        replace: 'export const CONTROLS_FROM_VARIANTS = 3;',
        why: 'controls from 4 variants',
      },
      {
        id: 'const-colour-types-3',
        find: 'export const BODY_TYPE_TABS_MIN_TYPES = 3;',
        replace: 'export const BODY_TYPE_TABS_MIN_TYPES = 2;',
        why: 'body-type tabs from 3 types',
      },
      {
        id: 'const-colour-15',
        find: 'export const BODY_TYPE_TABS_OVER_COLOURS = 15;',
        replace: 'export const BODY_TYPE_TABS_OVER_COLOURS = 14;',
        why: 'body-type tabs over 15 colours',
      },
    ],
  ),
  ...row(
    'Slider 4000 ms, loop, start index 0',
    [b('image-slider')],
    [
      {
        id: 'const-slider-4000',
        find: '  return requested === undefined ? DEFAULT_AUTOPLAY_DELAY_MS : Math.max(0, requested);',
        replace: '  return requested ?? 3000;',
        why: '4000 ms by default',
      },
      {
        id: 'const-slider-start-0',
        find: '  const start = startIndex(data.startIndex, slides.length);',
        replace: '  const start = startIndex(data.startIndex ?? 1, slides.length);',
        why: 'start index 0 by default',
      },
      {
        id: 'const-slider-loop',
        find: '    loop: slides.length > 1,',
        replace: '    loop: slides.length > 2,',
        why: 'carousels loop',
      },
    ],
  ),
];
