/**
 * Mutations of the rows of docs/spec-coverage.md for §2 Blocks: the registry and every block type.
 * Listed by ../list.ts.
 */
import { b, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Registry covers every type',
    [u('registry'), u('spec-rules-blocks')],
    [
      {
        id: 'registry-buttons-tool',
        find: ", component: 'buttons' })",
        replace: ' })',
        why: 'buttonsTool renders as buttons',
      },
      {
        id: 'registry-missing',
        find: '${folder[0]!.toUpperCase()}${folder.slice(1)}.astro',
        replace: '${folder}.astro',
        why: 'every block type has a component, found by its folder',
      },
      {
        id: 'registry-island-flag',
        find: "type: 'reviews', data: reviewsData, island: true })",
        replace: "type: 'reviews', data: reviewsData })",
        why: 'a block whose component ships a script says so in its definition',
        tests: [u('page-scripts')],
      },
    ],
  ),
  ...row(
    'heading (levels 1-6 with text only)',
    [b('heading')],
    [
      {
        id: 'heading-level-7',
        find: 'level < 1 || level > 6',
        replace: 'level < 1 || level > 7',
        why: 'levels above 6 render nothing',
      },
      {
        id: 'heading-empty',
        find: '  if (!plainText(html)) return undefined;\n',
        replace: '  if (!html) return undefined;\n',
        why: 'a heading with no readable text renders nothing',
      },
    ],
  ),
  ...row(
    'paragraph, list',
    [b('paragraph'), b('list')],
    [
      {
        id: 'paragraph-block-tag',
        find: "tag: BLOCK_TAG.test(html) ? 'div' : 'p'",
        replace: "tag: 'p'",
        why: 'a paragraph holding block tags is a div',
      },
      {
        id: 'list-ordered',
        find: "const Tag = block.data.style === 'ordered' ? 'ol' : 'ul';",
        replace: "const Tag = 'ul';",
        why: 'an ordered list is an <ol>',
      },
      {
        id: 'list-empty-items',
        find: '.map((item) => sanitizeInline(item).trim()).filter(Boolean);',
        replace: '.map((item) => sanitizeInline(item).trim());',
        why: 'empty list items are left out',
      },
    ],
  ),
  ...row(
    'columns (12-column grid, nested blocks)',
    [b('columns'), b('column-widths')],
    [
      {
        id: 'columns-grid-12',
        find: 'export const GRID_COLUMNS = 12;',
        replace: 'export const GRID_COLUMNS = 10;',
        why: 'columns share a 12-column grid',
      },
      {
        id: 'columns-remainder',
        find: '    if (extra > 0) {',
        replace: '    if (extra > 99) {',
        why: 'the first columns take the remainder of 12',
      },
      {
        id: 'columns-span-var',
        find: '<div class="column" style={`--span:${spans[i]}`}>',
        replace: '<div class="column">',
        why: 'each column spans its width',
      },
    ],
  ),
  ...row(
    'alternatingColumns',
    [b('alternating-columns'), u('spec-rules-blocks')],
    [
      {
        id: 'alternating-flip',
        find: "{ 'alt-row-flipped': i % 2 === 1 }",
        replace: "{ 'alt-row-flipped': i % 2 === 0 }",
        why: 'the image sits left on the first row, right on the second',
      },
      {
        id: 'alternating-buttons',
        find: '{item.buttons.length > 0 && (',
        replace: '{item.buttons.length > 99 && (',
        why: 'each row shows its buttons',
      },
    ],
  ),
  ...row(
    'buttons / buttonsTool',
    [b('buttons')],
    [
      {
        id: 'buttons-alignment-tune',
        find: "return block.data.alignment ?? block.tunes.alignment ?? 'left';",
        replace: "return block.data.alignment ?? 'left';",
        why: 'the alignment tune aligns the buttons',
      },
      {
        id: 'buttons-outline',
        find: "const solid = button.btnType !== 'outline';",
        replace: 'const solid = true;',
        why: 'outline buttons are outlined',
      },
      {
        id: 'buttons-unsafe-href',
        find: '{href && text.trim() && (',
        replace: '{text.trim() && (',
        why: 'a button with an unsafe or empty link is left out',
      },
    ],
  ),
  ...row(
    'cardsTool (grid; Swiper carousel',
    [b('cards-layout'), u('spec-rules-blocks'), b('cards')],
    [
      {
        id: 'cards-divisor',
        find: 'const DIVISORS_OF_12 = [12, 6, 4, 3, 2, 1];',
        replace: 'const DIVISORS_OF_12 = [12, 6, 5, 4, 3, 2, 1];',
        why: 'cards per row divide the 12-column grid',
      },
      {
        id: 'cards-default-cols',
        find: 'export const DEFAULT_CARD_COLS = 3;',
        replace: 'export const DEFAULT_CARD_COLS = 4;',
        why: 'three cards per row by default',
      },
      {
        id: 'cards-loop',
        find: '      loop={loop} mobileArrows={mobileArrows}>',
        replace: '      loop={false} mobileArrows={mobileArrows}>',
        why: 'the carousel loops when the block says so',
      },
      {
        id: 'cards-mobile-arrows',
        find: '      loop={loop} mobileArrows={mobileArrows}>',
        replace: '      loop={loop} mobileArrows={false}>',
        why: 'the carousel shows arrows on phones when the block says so',
      },
      {
        id: 'cards-carousel',
        find: '{cards.length > 0 && (isCarousel ? (',
        replace: '{cards.length > 0 && (false ? (',
        why: 'isCarousel makes a carousel',
      },
    ],
  ),
  ...row(
    'imageBanner, imageBackground (overlay colour and opacity)',
    [b('image-banner'), b('image-background')],
    [
      {
        id: 'overlay-opacity',
        find: '  const opacity = overlay.opacity ?? DEFAULT_OVERLAY.opacity;',
        replace: '  const opacity = DEFAULT_OVERLAY.opacity;',
        why: 'the overlay has the CMS opacity',
      },
      {
        id: 'overlay-colour',
        find: '  const colour = safeColour(overlay.color) ?? DEFAULT_OVERLAY.color;',
        replace: '  const colour = DEFAULT_OVERLAY.color;',
        why: 'the overlay has the CMS colour',
      },
      {
        id: 'overlay-inactive',
        find: '  if (!overlay?.active) return undefined;',
        replace: '  if (!overlay) return undefined;',
        why: 'an inactive overlay is not drawn',
      },
      {
        id: 'image-background-overlay',
        find: '    {shade && <div class="bg-overlay" style={shade} />}',
        replace: '',
        why: 'the image background draws its overlay',
      },
    ],
  ),
  ...row(
    'iconButtonsTool',
    [b('icon-buttons'), u('spec-rules-blocks')],
    [
      {
        id: 'icon-buttons-minimal',
        find: "const minimal = block.data.type === 'minimal';",
        replace: 'const minimal = false;',
        why: 'type minimal drops the boxes',
      },
      {
        id: 'icon-buttons-per-row',
        find: 'const perRow = block.data.buttonsPerRow ?? Math.min(Math.max(links.length, 1), 4);',
        replace: 'const perRow = Math.min(Math.max(links.length, 1), 4);',
        why: 'buttonsPerRow sets the buttons per row',
      },
      {
        id: 'icon-buttons-unsafe',
        find: '  return href && text ? [{ href, text, icon: iconFor(b.icon) }] : [];',
        replace: '  return text ? [{ href: href ?? b.href, text, icon: iconFor(b.icon) }] : [];',
        why: 'a button with an unsafe link is left out',
      },
    ],
  ),
  ...row(
    'tag',
    [b('tag'), b('tag-colours')],
    [
      {
        id: 'tag-custom-bg',
        find: '  if (customBackground) {',
        replace: '  if (customBackground && false) {',
        why: 'customBackgroundColor wins over the name',
      },
      {
        id: 'tag-named-warning',
        find: "  warning: { css: '#f0b400', ink: '#000' },",
        replace: "  warning: { css: '#f0b400', ink: '#fff' },",
        why: 'black text on the warning amber',
      },
      {
        id: 'tag-custom-text',
        find: '  const chosenText = safeColour(data.customTextColor) ?? named(data.textColor)?.css;',
        replace: '  const chosenText = named(data.textColor)?.css;',
        why: 'customTextColor sets the text colour',
      },
    ],
  ),
  ...row(
    'video (autoplay, muted, loop, playsinline',
    [b('video')],
    [
      {
        id: 'video-mp4',
        find: '  return /\\.mp4$/i.test(base!) ? url : `${base}.mp4${rest}`;',
        replace: '  return url;',
        why: '.mp4 is appended when missing',
      },
      {
        id: 'video-muted',
        find: '    muted\n',
        replace: '',
        why: 'the video is muted',
      },
      {
        id: 'video-loop',
        find: '    loop\n',
        replace: '',
        why: 'the video loops',
      },
      {
        id: 'video-autoplay',
        find: '    autoplay\n',
        replace: '',
        why: 'the video plays by itself',
      },
      {
        id: 'video-playsinline',
        find: '    playsinline\n',
        replace: '',
        why: 'the video plays inline on phones',
      },
    ],
  ),
  ...row(
    'faq (accessible accordion, nested answers)',
    [b('faq'), u('spec-rules-blocks')],
    [
      {
        id: 'faq-details',
        find: '          <summary class="faq-question">{q.question}</summary>',
        replace: '          <div class="faq-question">{q.question}</div>',
        why: 'each question is the summary of its accordion',
      },
      {
        id: 'faq-empty-questions',
        find: 'const questions = block.data.questions.filter((q) => q.question.trim());',
        replace: 'const questions = block.data.questions;',
        why: 'questions without text are left out',
      },
      {
        id: 'faq-nested-answer',
        find: '            <BlockList blocks={q.answer as Block[]} ctx={ctx} nested />',
        replace: '',
        why: 'answers are block lists',
      },
    ],
  ),
  ...row(
    'team (grouped in the default order, or tabs; cards)',
    [b('team'), b('team-cards'), b('staff')],
    [
      {
        id: 'team-tabs-layout',
        find: "    {layout === 'tabs' ? (",
        replace: "    {layout === 'tab' ? (",
        why: 'the tabs layout shows tabs',
      },
      {
        id: 'team-order',
        find: "  'management',\n  'sales',\n",
        replace: "  'sales',\n  'management',\n",
        why: 'management comes first',
      },
      {
        id: 'team-only-categories',
        find: '    if (wanted && !wanted.has(key)) continue;\n',
        replace: '',
        why: 'a block listing categories shows only those',
      },
    ],
  ),
  ...row(
    'websiteBrands (grid; modal',
    [b('website-brands'), b('brand-buttons')],
    [
      {
        id: 'brands-used-stock',
        find: "    buttons.push({ label: 'Visit Used Stock', href: `${base}/used-cars` });",
        replace: '',
        why: 'Visit Used Stock for the used-stock websites',
      },
      {
        id: 'brands-used-suffix',
        find: "    return suffix !== '' && n.endsWith(suffix);",
        replace: "    return suffix !== '' && n.includes(suffix);",
        why: 'the used-stock name must end in the suffix',
      },
      {
        id: 'brands-book-service-option',
        find: '  return rules.bookServiceButton && rules.pagePath',
        replace: '  return rules.pagePath',
        why: 'Book Your Service only on the site that turns it on',
      },
      {
        id: 'brands-visit-website',
        find: "  const buttons: BrandButton[] = [{ label: 'Visit Website', href: website.url.trim() }];",
        replace: '  const buttons: BrandButton[] = [];',
        why: 'every website has Visit Website',
      },
      {
        id: 'brands-modal',
        find: "const modal = variant === 'modal';",
        replace: 'const modal = false;',
        why: 'the modal variant opens a dialog per brand',
      },
    ],
  ),
  ...row(
    'brandDescription (`brand_website_name`)',
    [b('brand-description')],
    [
      {
        id: 'brand-description-placeholder',
        find: "export const WEBSITE_NAME_PLACEHOLDER = 'brand_website_name';",
        replace: "export const WEBSITE_NAME_PLACEHOLDER = '{brand_website_name}';",
        why: 'brand_website_name is replaced by the website name',
      },
      {
        id: 'brand-description-dynamic',
        find: '    if (!btn.isDynamicWebsiteButtons) {',
        replace: '    if (true) {',
        why: 'a dynamic button becomes one per website',
      },
      {
        id: 'brand-description-whole-words',
        find: "  return ` ${s\n    .toLowerCase()\n    .replace(/[^\\p{L}\\p{N}]+/gu, ' ')\n    .trim()} `;\n",
        replace: "  return s\n    .toLowerCase()\n    .replace(/[^\\p{L}\\p{N}]+/gu, ' ')\n    .trim();\n",
        why: 'brands are matched as whole words of the heading',
      },
    ],
  ),
  ...row(
    'reviews (simple, highlighted, full, mini, modern; All Reviews)',
    [b('reviews')],
    [
      {
        id: 'reviews-highlighted-3',
        find: 'export const HIGHLIGHTED_COUNT = 3;',
        replace: 'export const HIGHLIGHTED_COUNT = 4;',
        why: 'the highlighted variant shows 3 reviews',
      },
      {
        id: 'reviews-all',
        find: "export const ALL_REVIEWS = 'All Reviews';",
        replace: "export const ALL_REVIEWS = 'All';",
        why: 'All Reviews combines every profile',
      },
      {
        id: 'reviews-weighted',
        find: 'picked.reduce((sum, s) => sum + s.average_rating * s.count, 0) / count',
        replace: 'picked.reduce((sum, s) => sum + s.average_rating, 0) / picked.length',
        why: 'the combined average is weighted by count',
      },
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
    'salesCounter (counts up when visible; reduced motion)',
    [b('sales-counter'), u('spec-rules-blocks')],
    [
      {
        id: 'counter-ease',
        find: '  return 1 - (1 - t) ** 3;',
        replace: '  return t;',
        why: 'the count eases out',
        tests: [b('sales-counter')],
      },
      {
        id: 'counter-visible',
        find: 'export const COUNT_START_VISIBLE = 0.4;',
        replace: 'export const COUNT_START_VISIBLE = 0;',
        why: 'the count starts when the counter is visible',
      },
      {
        id: 'counter-reduced-motion',
        find: '  return canObserve && !prefersReducedMotion;',
        replace: '  return canObserve;',
        why: 'reduced motion shows the value without counting',
      },
      {
        id: 'counter-decimals',
        find: '  return Math.min(2, text.length - dot - 1);',
        replace: '  return 0;',
        why: "the counter keeps the value's decimals",
      },
    ],
  ),
  ...row(
    'customComponent (registered names',
    [b('custom-component'), u('content-load')],
    [
      {
        id: 'custom-component-lookup',
        find: '  return isCustomComponentName(name) ? customComponents[name.trim() as CustomComponentName] : undefined;',
        replace: '  return customComponents[name.trim() as CustomComponentName];',
        why: 'only registered names render (inherited keys never match)',
      },
      {
        id: 'custom-component-warn',
        find: "    if (type === 'customComponent' && !isCustomComponentName(data.component as string)) {",
        replace: "    if (type === 'customComponent' && false) {",
        why: 'an unknown custom component is reported',
      },
    ],
  ),
  ...row(
    'search (renders nothing)',
    [b('search')],
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
    'form (every form type), formBuilder',
    [u('forms-types'), u('forms-shared'), b('form-before-hydration')],
    [
      {
        id: 'block-form-type',
        find: '  tradeIn: tradeInForm,',
        replace: '  tradeIn: contactForm,',
        why: 'each form type lays out its own steps',
        tests: [u('forms-types')],
      },
      {
        id: 'block-form-builder-step',
        find: '    const step = steps.find((s) => s.key === f.stepKey) ?? steps[0]!;',
        replace: '    const step = steps[0]!;',
        why: 'formBuilder fields go to the step their stepKey names',
        tests: [u('forms-types'), u('forms-shared')],
      },
      {
        id: 'block-form-contact-default',
        find: "  const formType = data.formType ?? (data.fields.length ? 'builder' : 'contact');",
        replace: "  const formType = data.formType ?? 'builder';",
        why: 'a form block without a type or fields is a contact form',
        tests: [u('forms-types'), u('forms-shared')],
      },
      {
        id: 'block-form-kind',
        find: "    kind: steps.length > 1 ? 'multi' : 'single',",
        replace: "    kind: 'single',",
        why: 'forms with several steps are multi-step',
        tests: [u('forms-types'), u('forms-shared'), b('form-before-hydration')],
      },
    ],
  ),
  ...row(
    'success (thank-you variants)',
    [b('success-variants'), b('success-messages'), b('success-block')],
    [
      {
        id: 'block-success-review',
        find: "    case 'review':\n      return 'review';\n",
        replace: '\n',
        why: 'review has its own thank-you',
      },
      {
        id: 'block-success-careers',
        find: "const CAREERS = ['careers-enquiry', 'career-enquiry'];",
        replace: "const CAREERS = ['careers-enquiry'];",
        why: 'career-enquiry is a careers thank-you too',
      },
      {
        id: 'block-success-rejected',
        find: "  if (VALUATION_CATEGORIES.includes(category)) return offerRejected ? 'generic' : 'valuation';",
        replace: "  if (VALUATION_CATEGORIES.includes(category)) return 'valuation';",
        why: 'offer_rejected uses the default page',
      },
      {
        id: 'block-success-part-store',
        find: "          { text: 'Back to Store', href: '/parts/search', style: 'solid' },",
        replace: "          { text: 'Back to Store', href: '/parts', style: 'solid' },",
        why: 'Back to Store goes to /parts/search',
      },
      {
        id: 'block-success-service-button',
        find: "        buttons: [home, { text: 'Return to service', href: '/service', style: 'outline' }],",
        replace: '        buttons: [home],',
        why: 'the service thank-you has Return to service',
      },
      {
        id: 'block-success-competition',
        find: "        title: 'Thanks for entering!',\n",
        replace: "        title: 'Thanks for your entry',\n",
        why: "'Thanks for entering!'",
      },
      {
        id: 'block-success-custom-fallback',
        find: '  return (\n    (subcategory ? candidates.find((m) => slug(m.subcategory) === subcategory) : undefined) ??\n    candidates.find((m) => !slug(m.subcategory))\n  );\n',
        replace: '  return subcategory ? candidates.find((m) => slug(m.subcategory) === subcategory) : undefined;\n',
        why: 'custom messages fall back to the entry with no subcategory',
      },
      {
        id: 'block-success-placeholder',
        find: "    view.paragraphs = [custom.description.replaceAll('{team_member}', teamMember)];",
        replace: '    view.paragraphs = [custom.description];',
        why: 'the team-member placeholder is filled',
      },
      {
        id: 'block-success-perrow',
        find: '    if (cards.length) view.locations = { cards, perRow: cards.length <= 3 };',
        replace: '    if (cards.length) view.locations = { cards, perRow: cards.length < 3 };',
        why: 'cards laid out per row for 3 or fewer',
      },
      {
        id: 'block-success-primary',
        find: '  const primary = locations.filter((l) => l.primary);',
        replace: '  const primary = locations;',
        why: 'no selectedLocations means the primary locations',
      },
    ],
  ),
  ...row(
    'cars (react-instantsearch; first results in the static HTML)',
    [b('cars-block'), u('search-results')],
    [
      {
        id: 'block-cars-static-listed',
        find: '    .filter(isListed)',
        symbol: 'answerCarsRequest',
        replace: '',
        why: 'sold and hidden cars are not in the first results',
      },
      {
        id: 'block-cars-static-page',
        find: '    hits: sorted.slice(from, from + req.hitsPerPage).map((car) => carHit(car)),',
        replace: '    hits: sorted.map((car) => carHit(car)),',
        why: 'the first results are one page',
      },
    ],
  ),
  ...row(
    'offers',
    [b('offers')],
    [
      {
        id: 'block-offers-category',
        find: '(o) => isOfferShown(o, site) && (!category || (o.category !== undefined && sameWords(o.category, category))),',
        replace: '(o) => isOfferShown(o, site),',
        why: "the block's category chooses its offers",
      },
      {
        id: 'block-offers-enquire',
        find: "const CONTACT_PATHS = ['/contact', '/contact-us'];",
        replace: "const CONTACT_PATHS = ['/enquire'];",
        why: 'an offer without a model enquires on the contact page',
      },
    ],
  ),
  ...row(
    'brandModels, modelFeatures, modelVariants, modelColors',
    [b('model-range'), u('model-blocks'), u('spec-rules-screens')],
    [
      {
        id: 'block-models-make',
        find: "  return wanted ? models.filter((m) => categoryKey(m.manufacturer_name ?? '') === wanted) : [...models];",
        replace: '  return [...models];',
        why: "brandModels lists the block's make",
        tests: [b('model-range')],
      },
      {
        id: 'block-models-find-new-slug',
        find: '  return models.find((m) => m.slug === s) ?? models.find((m) => m.new_slug === s);',
        replace: '  return models.find((m) => m.slug === s);',
        why: 'a model block may name the new_slug',
        tests: [u('lib-model-find')],
      },
      {
        id: 'block-models-body-types',
        find: '  return { variants, swatches, bodyTypes: showBodyTypeTabs(types.length, swatches.length) ? types : [] };',
        replace: '  return { variants, swatches, bodyTypes: types };',
        why: 'modelColors adds the body-type row only by the rule',
        tests: [b('model-colours'), u('spec-rules-screens')],
      },
    ],
  ),
  ...row(
    'imageSlider',
    [b('image-slider')],
    [
      {
        id: 'block-slider-fit',
        find: "  return fit && OBJECT_FITS.has(fit) ? fit : 'cover';",
        replace: "  return fit || 'cover';",
        why: 'objectFit must be a CSS keyword',
      },
      {
        id: 'block-slider-hero-key',
        find: "  return '/' + key.replace(/^\\/+/, '');",
        replace: '  return key;',
        why: 'a hero slide key is served from the site root',
      },
      {
        id: 'block-slider-overlay',
        find: '  const overlay = slide.hide_overlay ? undefined : (safeColour(slide.custom_overlay) ?? DEFAULT_SLIDE_OVERLAY);',
        replace: '  const overlay = safeColour(slide.custom_overlay) ?? DEFAULT_SLIDE_OVERLAY;',
        why: 'hide_overlay hides the overlay',
      },
    ],
  ),
  ...row(
    'financeCalculator',
    [u('lib-finance'), b('finance-calculator'), u('spec-rules-screens')],
    [
      {
        id: 'block-fincalc-nz-typed',
        find: '    typedAmount={locale(site.country).forms.typedFinanceAmount}',
        replace: '    typedAmount={false}',
        why: 'NZ sites can type the amount',
        tests: [b('finance-calculator')],
      },
      {
        id: 'block-fincalc-frequencies',
        find: '  if (!names.includes(defaultName)) names.unshift(defaultName);',
        replace: '',
        why: 'the default frequency is always offered',
      },
      {
        id: 'block-fincalc-repayments-text',
        find: "    repaymentsText={data.repaymentsText?.trim() || 'Estimated repayments'}",
        replace: "    repaymentsText={'Estimated repayments'}",
        why: "the block's repaymentsText labels the result",
        tests: [b('finance-calculator'), u('spec-rules-screens')],
      },
      {
        id: 'block-fincalc-snap',
        find: '  return s.active ? snapToStep(s.default, s) : s.default;',
        replace: '  return s.default;',
        why: 'an active slider starts on its step',
      },
    ],
  ),
  ...row(
    'locations (cards, nearby search',
    [u('lib-geo'), b('locations')],
    [
      {
        id: 'block-locations-type',
        find: '  return locations.filter((l) => l.location_type.trim().toLowerCase() === wanted);',
        replace: '  return locations.filter((l) => l.location_type === wanted);',
        why: 'location types compare lowercased',
      },
      {
        id: 'block-locations-nearest',
        find: '    .sort((a, b) => a.km - b.km || a.i - b.i)',
        replace: '',
        why: 'nearest first',
      },
      {
        id: 'block-locations-api-once',
        find: '      if (!location || seen.has(location.id)) continue;',
        replace: '      if (!location) continue;',
        why: 'each location once',
      },
    ],
  ),
];
