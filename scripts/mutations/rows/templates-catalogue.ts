/**
 * Hand mutations of the Astro templates of the team, brand, review, search, finance, offer and
 * model blocks: markup rules StrykerJS cannot mutate (it reads no .astro file), each caught by the
 * block's render test. Listed by ../list.ts.
 */
import { row, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'team (grouped in the default order, or tabs; cards)',
    ['team.test.ts', 'team-cards.test.ts', 'staff.test.ts'],
    [
      {
        id: 'team-tabs-layout',
        find: "    {layout === 'tabs' ? (",
        replace: "    {layout === 'tab' ? (",
        why: 'the tabs layout shows tabs',
      },
    ],
  ),
  ...row(
    'websiteBrands (grid; modal',
    ['website-brands.test.ts', 'brand-buttons.test.ts'],
    [
      {
        id: 'brands-modal',
        find: "const modal = variant === 'modal';",
        replace: 'const modal = false;',
        why: 'the modal variant opens a dialog per brand',
      },
    ],
  ),
  ...row(
    'reviews (simple, highlighted, full, mini, modern; All Reviews)',
    ['reviews.test.ts'],
    [
      {
        id: 'reviews-simple',
        find: "  !summary || variant === 'simple' || variant === 'mini'",
        replace: "  !summary || variant === 'mini'",
        why: 'the simple variant lists no reviews',
      },
      {
        id: 'reviews-mini',
        find: "    {variant === 'mini' ? (",
        replace: "    {variant === 'minimal' ? (",
        why: 'the mini variant is a badge',
      },
      {
        id: 'reviews-modern-grid',
        find: "{ 'reviews-grid': variant === 'modern' || variant === 'highlighted' }",
        replace: "{ 'reviews-grid': variant === 'highlighted' }",
        why: 'the modern variant lays reviews in a grid',
      },
    ],
  ),
  ...row(
    'search (renders nothing)',
    ['search.test.ts'],
    [
      {
        id: 'search-renders-nothing',
        find: "type Props = BlockProps<'search'>;\n---",
        replace: 'type Props = BlockProps<\'search\'>;\n---\n<form role="search"><input name="q" /></form>',
        why: 'the search block renders nothing',
      },
    ],
  ),
  ...row(
    'financeCalculator',
    ['finance-calculator.test.ts'],
    [
      {
        id: 'block-fincalc-nz-typed',
        find: '    typedAmount={locale(site.country).forms.typedFinanceAmount}',
        replace: '    typedAmount={false}',
        why: 'NZ sites can type the amount',
      },
    ],
  ),
  ...row(
    'financeCalculator',
    ['finance-calculator.test.ts', 'spec-rules-screens.test.ts'],
    [
      {
        id: 'block-fincalc-repayments-text',
        find: "    repaymentsText={data.repaymentsText?.trim() || 'Estimated repayments'}",
        replace: "    repaymentsText={'Estimated repayments'}",
        why: "the block's repaymentsText labels the result",
      },
    ],
  ),
  ...row(
    'Offers (tabs; 160/200 truncation',
    ['offers.test.ts'],
    [
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
        id: 'offers-placeholder',
        find: 'const placeholder = cards.length === 0 && isSpecialOffersPage(ctx.page.path);',
        replace: 'const placeholder = false;',
        why: 'an empty special-offers page shows the placeholder',
      },
    ],
  ),
  ...row(
    'Colour picker, variant cards, modelFeatures',
    ['model-colours.test.ts', 'model-variants.test.ts', 'model-features.test.ts'],
    [
      {
        id: 'screen-features-tabs',
        find: '    {slides.length > 1 ? (',
        replace: '    {slides.length > 99 ? (',
        why: 'modelFeatures slides are tabbed',
      },
    ],
  ),
  ...row(
    'Variant card first 8 features / all',
    ['model-variants.test.ts', 'spec-rules-states.test.ts'],
    [
      {
        id: 'state-variant-more',
        find: '      <details class="variant-more">',
        replace: '      <details class="variant-more" open>',
        why: 'features past 8 start collapsed',
      },
    ],
  ),
  ...row(
    'Variant card first 8 features / all',
    ['offers.test.ts', 'spec-rules-states.test.ts'],
    [
      {
        id: 'state-offer-text-collapsed',
        find: '      <details class="offer-more">',
        replace: '      <details class="offer-more" open>',
        why: 'a long offer text starts collapsed',
      },
    ],
  ),
  ...row(
    'Accordion open/closed',
    ['faq.test.ts'],
    [
      {
        id: 'state-faq-closed',
        find: '        <details class="faq-item">',
        replace: '        <details class="faq-item" open>',
        why: 'questions start closed',
      },
    ],
  ),
  ...row(
    'Brand modal open per brand',
    ['website-brands.test.ts'],
    [
      {
        id: 'state-brand-dialog-id',
        find: '<BrandDialog client:visible dialogId={domId(idBase, brand.id)}',
        replace: '<BrandDialog client:visible dialogId={idBase}',
        why: 'each brand has its own dialog',
      },
    ],
  ),
  ...row(
    "§8 'Failed to fetch locations'",
    ['offers.test.ts'],
    [
      {
        id: 'error-no-offers-text',
        find: '      There are no special offers right now.',
        replace: '      No offers.',
        why: 'the no-offers placeholder',
      },
    ],
  ),
];
