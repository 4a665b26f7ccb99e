/**
 * The mutations of `npm run mutations` (scripts/mutations.ts): each breaks one rule of the product
 * the way a slip would (a constant off by one, a branch dropped, a message reworded) and names the
 * row of docs/spec-coverage.md whose tests must catch it. A mutation that survives means the row's
 * tests do not check its rule.
 *
 * `row` is text of the row's first cell, found in exactly one row of the map. `find` must occur
 * exactly once in `file` (tests/unit/spec-coverage.test.ts checks both, so the list cannot rot).
 * `tests` are unit test files the row cites, run with vitest; `e2e` are Playwright specs, run only
 * with --e2e, for the few rules no unit test can reach.
 */

import { ruleMutations } from './mutation-list-rules.ts';
import { b, row, u, type Mutation } from './mutation-kit.ts';

export { occurrences, type Mutation } from './mutation-kit.ts';

export const mutations: Mutation[] = [
  ...ruleMutations,
  // ---------------------------------------------------------------- Fleets, deployments and editor preview
  ...row('A fleet\'s snapshots load with at most 64 files open', [u('content-load-fleet')], [
    { id: 'fleet-limiter-bound', file: 'src/lib/concurrency.ts', find: '    if (active >= max) await new Promise<void>((start) => waiting.push(start));', replace: '    if (active > max) await new Promise<void>((start) => waiting.push(start));', why: 'no more than the limit at once' },
    { id: 'fleet-loader-limit', file: 'src/content/load.ts', find: '  const io = limiter(options.maxOpenFiles ?? MAX_OPEN_FILES);', replace: '  const io = limiter(options.maxOpenFiles ?? 100_000);', why: 'the loader opens at most MAX_OPEN_FILES files at once' },
  ]),
  ...row('`--shard K/N`: a stable 1/N by slug hash', [u('build-fleet')], [
    { id: 'fleet-shard-of', file: 'scripts/lib/build-manifest.ts', find: '  return (createHash(\'sha256\').update(slug).digest().readUInt32BE(0) % count) + 1;', replace: '  return (createHash(\'sha256\').update(slug).digest().readUInt32BE(0) % count);', why: 'shards are numbered 1 to N and every dealer is in one' },
  ]),
  ...row('`--changed`: only dealers whose snapshot changed', [u('build-fleet')], [
    { id: 'fleet-changed-fingerprint', file: 'scripts/lib/build-plan.ts', find: '    const same = entry && entry.fingerprint === print && entry.buildKey === key', replace: '    const same = entry && entry.buildKey === key', why: 'a changed snapshot is rebuilt' },
  ]),
  ...row('`npm start -- --sites DIR` serves the API of exactly the folder\'s dealers', [u('build-fleet')], [
    { id: 'fleet-manifest-unlisted', file: 'scripts/lib/build-manifest.ts', find: '  if (unlisted.length) problems.push(`site folders no manifest lists: ${unlisted.sort().join(\', \')}`);', replace: '', why: 'a site folder the manifest does not list is refused' },
  ]),
  // ---------------------------------------------------------------- Build, layout and pages
  ...row('Opt-in checkbox from 2024-06-03', [u('lib-cutoffs'), u('forms-shared')], [
    { id: 'state-opt-in-cutoff', file: 'src/forms/definition.ts', find: '    if (layoutFlags(ctx.publishedAt).formOptIn) last.fields.push(optInField());', replace: '    last.fields.push(optInField());', why: 'the opt-in checkbox only from 2024-06-03', tests: [u('forms-shared')] },
  ]),

  ...row('Unknown block type: renders nothing, one warning', [u('content-load'), u('registry')], [
    { id: 'build-unknown-warning', file: 'src/content/validate-blocks.ts', find: '        message: `unknown block type "${type}" on page ${where.page} renders nothing`,', replace: '        message: `unknown block on page ${where.page}`,', why: 'the warning names the type and the page' },
    { id: 'build-unknown-kept-out', file: 'src/content/validate-blocks.ts', find: '        message: `unknown block type "${type}" on page ${where.page} renders nothing`,\n      });\n      return;', replace: '        message: `unknown block type "${type}" on page ${where.page} renders nothing`,\n      });', why: 'an unknown block is left out of the page' },
  ]),
  ...row('Rich text sanitised at build time', [u('lib-sanitize'), u('blocks-static')], [
    { id: 'build-sanitize-schemes', file: 'src/lib/sanitize.ts', find: "  allowedSchemes: ['http', 'https', 'mailto', 'tel'],", replace: "  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'javascript'],", why: 'no javascript: link reaches a page' },
    { id: 'build-sanitize-blank', file: 'src/lib/sanitize.ts', find: "      if (out.target === '_blank') out.rel = 'noopener noreferrer';", replace: '', why: 'links opening a new tab get noopener' },
  ]),
  ...row('Published-date cutoffs 2024-01-29', [u('lib-cutoffs')], [
    { id: 'build-cutoff-classes', file: 'src/lib/cutoffs.ts', find: "    .map((f) => `rev-${f.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`)", replace: '    .map((f) => `rev-${f}`)', why: 'each flag is a rev-* class on <body>' },
    { id: 'build-cutoff-day', file: 'src/lib/cutoffs.ts', find: '  const m = /^(\\d{4}-\\d{2}-\\d{2})/.exec(publishedAt.trim());\n  if (m) return m[1]!;', replace: '  const m = /^(\\d{4}-\\d{2}-\\d{2})/.exec(publishedAt.trim());', why: 'the published day is taken as written' },
  ]),
  ...row('Thank-you pages `noindex` and out of the sitemap', [u('html-standards')], [
    { id: 'seo-thank-you-sitemap', file: 'src/lib/page-blocks.ts', find: "  if (route.kind === 'page') return !route.page.noindex && !isThankYouPage(route.page.blocks);", replace: "  if (route.kind === 'page') return !route.page.noindex;", why: 'thank-you pages stay out of the sitemap' },
  ]),
  ...row('Every car price labelled with what it includes', [b('cars', 'cars-block'), u('car-comments')], [
    { id: 'seo-price-drive-away', file: 'src/lib/text.ts', find: "  if (qualifier === 'drive_away') return 'Drive away';", replace: "  if (qualifier === 'drive_away') return 'Drive away price';", why: 'a drive-away price says "Drive away"' },
    { id: 'seo-price-none', file: 'src/lib/text.ts', find: '  return undefined;\n}\n\n/** "Harbour City Toyota | Service"', replace: "  return 'Drive away';\n}\n\n/** \"Harbour City Toyota | Service\"", why: 'no label when the stock does not say' },
  ]),
  ...row('Export columns cannot be overwritten by visitor values', [u('api-export')], [
    { id: 'api-export-own-columns', file: 'src/api/leads/export.ts', find: "const OWN_COLUMNS = ['lead_id', 'lead_status', 'form_completed', 'category', 'subcategory', 'page_id', 'PageTitle', 'created_at', 'completed_at'] as const;", replace: "const OWN_COLUMNS = ['lead_id', 'lead_status', 'form_completed', 'category', 'subcategory', 'page_id', 'PageTitle', 'created_at'] as const;", why: 'the lead\'s own fields come first' },
  ]),
  ...row('Honeypot and per-IP / per-site rate limits', [u('api-leads'), u('api-leads-input'), u('api-outbox')], [
    { id: 'api-honeypot-spam', file: 'src/api/leads/request.ts', find: '    spam: filled(raw.values[HONEYPOT_FIELD]),', replace: '    spam: false,', why: 'a filled honeypot marks the lead as spam' },
  ]),
  ...row('`404.html`, `sitemap.xml`, `robots.txt`, `_headers`', [u('lib-site-files'), u('headers')], [
    { id: 'site-robots-preview', file: 'scripts/lib/site-files.ts', find: "  if (preview) return 'User-agent: *\\nDisallow: /\\n';", replace: '', why: 'a preview build disallows all robots' },
    { id: 'site-nosniff', file: 'scripts/lib/site-files.ts', find: "    '  X-Content-Type-Options: nosniff',", replace: '', why: 'every response has nosniff' },
    { id: 'site-immutable', file: 'scripts/lib/site-files.ts', find: "    '  Cache-Control: public, max-age=31536000, immutable',", replace: "    '  Cache-Control: public, max-age=3600',", why: 'built assets are immutable' },
  ]),

  // ---------------------------------------------------------------- §2 Routes
  ...row('Every page snapshot at its path', [u('lib-routes')], [
    { id: 'routes-pages', file: 'src/lib/routes.ts', find: "d.pages.map((page) => ({ kind: 'page', path: page.path, page }))", replace: "d.pages.slice(1).map((page) => ({ kind: 'page', path: page.path, page }))", why: 'every snapshot page gets its route' },
    { id: 'routes-unique', file: 'src/lib/routes.ts', find: '    if (taken.has(r.path)) return;\n', replace: '', why: 'a snapshot page wins over a generated page at the same path' },
  ]),
  ...row('Model pages at `/{new_slug or slug}`', [u('lib-routes'), u('default-pages'), u('spec-rules-routes')], [
    { id: 'model-path-new-slug', file: 'src/lib/routes.ts', find: "(model.new_slug || model.slug)", replace: '(model.slug)', why: 'a model page is at its new_slug when it has one' },
    { id: 'model-default-colours', file: 'src/lib/default-pages.ts', find: "if (model.colours.length) blocks.push(", replace: "if (model.colours.length > 99) blocks.push(", why: 'the default model page shows the colours' },
    { id: 'model-default-variants', file: 'src/lib/default-pages.ts', find: "if (model.model_variants.length) blocks.push(", replace: "if (model.model_variants.length > 99) blocks.push(", why: 'the default model page shows the variants' },
    { id: 'model-default-brochure', file: 'src/lib/default-pages.ts', find: '  if (model.brochure_url) {', replace: '  if (model.brochure_url && false) {', why: 'the default model page offers the brochure' },
    { id: 'model-default-form', file: 'src/lib/default-pages.ts', find: "    formType: 'contact',\n    category: 'New Vehicle Enquiry',", replace: "    formType: 'contact',\n    category: 'General Enquiry',", why: 'the default model page enquiry is a New Vehicle Enquiry' },
  ]),
  ...row('`/cars/{slug}` with schema.org `Car` JSON-LD', [u('lib-structured-data'), u('lib-routes')], [
    { id: 'cars-hidden', file: 'src/lib/routes.ts', find: " && car.status !== 'hidden'", replace: '', why: 'hidden cars get no page' },
    { id: 'cars-sold', file: 'src/lib/routes.ts', find: "car.status !== 'sold' && ", replace: '', why: 'sold cars get no page' },
    { id: 'cars-path', file: 'src/lib/routes.ts', find: 'return `/cars/${car.slug}`;', replace: 'return `/car/${car.slug}`;', why: 'a car page is at /cars/{slug}' },
    { id: 'cars-jsonld-model', file: 'src/lib/structured-data/car.ts', find: '  out.model = car.model;\n', replace: '', why: 'the Car JSON-LD names the model' },
  ]),
  ...row('`/team/{slug}`, omitted with', [u('lib-routes'), b('team', 'team-cards'), u('blocks-interactive')], [
    { id: 'team-remove-profile', file: 'src/lib/routes.ts', find: ' || member.remove_profile_page) return undefined;', replace: ') return undefined;', why: 'no profile page for a member with remove_profile_page' },
    { id: 'team-profile-pages-off', file: 'src/lib/routes.ts', find: 'if (!site.options.team.profilePages || member', replace: 'if (member', why: 'no profile pages on a site that turns them off' },
    { id: 'team-card-link', file: 'src/blocks/team/staff-card.ts', find: '    href: profileHref(site, member),', replace: '    href: `/team/${member.slug}`,', tests: [b('team', 'team-cards'), u('blocks-interactive')], why: 'a staff card never links to a profile page that is not built' },
  ]),
  ...row('`/terms-and-conditions`, `/privacy-policy`', [u('lib-routes'), u('spec-rules-routes')], [
    { id: 'terms-path', file: 'src/lib/routes.ts', find: "export const TERMS_PATH = '/terms-and-conditions';", replace: "export const TERMS_PATH = '/terms';", why: 'the default terms are at /terms-and-conditions' },
    { id: 'privacy-default', file: 'src/lib/routes.ts', find: "  add({ kind: 'privacy', path: PRIVACY_PATH });\n", replace: '', why: 'a site without a privacy page gets the default one' },
    { id: 'terms-nz-law', file: 'src/domain/locale.ts', find: "    governingLaw: () => 'New Zealand',", replace: "    governingLaw: () => 'Australia',", why: 'the default terms name the law of the dealer\'s country' },
    { id: 'privacy-nz-act', file: 'src/domain/locale.ts', find: "    privacyAct: 'the Privacy Act 2020 (NZ)',", replace: "    privacyAct: 'the Privacy Act 1988 (Cth) and the Australian Privacy Principles',", why: 'the default privacy policy names the dealer\'s privacy act' },
  ]),
  ...row('`/service`, `/parts/search`, `/book-test-drive?make=`', [u('forms-types'), u('forms-island-values'), u('spec-rules-routes')], [
    { id: 'route-test-drive-make', file: 'src/forms/island/values.ts', find: "for (const name of ['make', 'model_id', 'model_name', 'vehicle'])", replace: "for (const name of ['model_id', 'model_name', 'vehicle'])", why: '/book-test-drive?make= prefills the make' },
    { id: 'route-order-now-vehicle', file: 'src/forms/island/values.ts', find: "for (const name of ['make', 'model_id', 'model_name', 'vehicle'])", replace: "for (const name of ['make', 'model_id', 'model_name'])", why: '/models/order-now?vehicle= fills the vehicle' },
    { id: 'route-order-now-page-model', file: 'src/forms/forms/order-now.ts', find: "if (!slug || slug === 'models') return undefined;", replace: 'return undefined;', why: '/{models-path}/order-now orders that model' },
    { id: 'route-parts-message', file: 'src/forms/forms/parts.ts', find: "field('message', 'message', 'Which parts do you need?', true)", replace: "field('message', 'message', 'Which parts do you need?', false)", why: 'the parts enquiry asks which parts are wanted' },
  ]),
  ...row('`#form-section` anchor', [u('forms-island-render'), u('forms-island-props')], [
    { id: 'form-anchor-name', file: 'src/components/form/form-props.ts', find: "export const FORM_ANCHOR = 'form-section';", replace: "export const FORM_ANCHOR = 'form';", why: 'the first form of a page is #form-section' },
    { id: 'form-anchor-first', file: 'src/components/form/form-props.ts', find: '  return first?.id === blockId;', replace: '  return first !== undefined;', why: 'only the first form of a page carries the anchor' },
  ]),
  ...row('Paths containing special-offers / finance / why-service-with-us', [b('websiteBrands', 'brand-buttons'), b('offers', 'offers'), u('forms-types')], [
    { id: 'path-why-service', file: 'src/blocks/websiteBrands/buttons.ts', find: "export const WHY_SERVICE_PATH_PART = 'why-service-with-us';", replace: "export const WHY_SERVICE_PATH_PART = 'why-service';", why: 'Book Your Service only on why-service-with-us pages', tests: [b('websiteBrands', 'brand-buttons'), u('spec-rules-routes')] },
    { id: 'path-special-offers', file: 'src/blocks/offers/offers.ts', find: "return path.toLowerCase().includes('special-offers');", replace: "return path.toLowerCase().endsWith('/special-offers');", why: 'every path containing special-offers shows the placeholder', tests: [b('offers', 'offers')] },
    { id: 'path-finance', file: 'src/forms/definition.ts', find: 'export const FINANCE_PATH = /finance/i;', replace: 'export const FINANCE_PATH = /^\\/finance$/i;', why: 'paths containing finance make the default enquiry a finance enquiry', tests: [u('forms-types')] },
  ]),

  // ---------------------------------------------------------------- §2 Query parameters
  ...row('`team` selects the staff tab', [b('team', 'team-cards'), u('tabs')], [
    { id: 'query-team-param', file: 'src/blocks/team/team-tabs.ts', find: "export const TEAM_PARAM = 'team';", replace: "export const TEAM_PARAM = 'category';", why: '?team= selects the staff tab' },
    { id: 'query-team-label', file: 'src/blocks/team/team-tabs.ts', find: 'query: c.slug, match: [c.label] }', replace: 'query: c.slug }', why: '?team= may name the category as written' },
    { id: 'query-tabs-case', file: 'src/components/ui/tabs.ts', find: "  return value.trim().toLowerCase().replace(/\\s+/g, ' ');", replace: "  return value.trim().replace(/\\s+/g, ' ');", why: 'tab query values match in any case' },
    { id: 'query-tabs-write', file: 'src/components/ui/tabs.ts', find: '  else url.searchParams.set(param, tab.query);', replace: '', why: 'choosing a tab writes it to the URL' },
  ]),
  ...row('`body` selects the model category tab', [b('brandModels', 'model-range'), u('spec-rules-routes')], [
    { id: 'query-body-param', file: 'src/blocks/brandModels/model-range.ts', find: "export const BODY_PARAM = 'body';", replace: "export const BODY_PARAM = 'category';", why: '?body= selects the category tab' },
    { id: 'query-body-case', file: 'src/blocks/brandModels/model-range.ts', find: "  const i = tabs.findIndex((t) => categoryKey(t.label) === key || t.key === key);", replace: "  const i = tabs.findIndex((t) => t.label === wanted || t.key === wanted);", why: '?body= matches the category in any case' },
    { id: 'query-body-all', file: 'src/blocks/brandModels/model-range.ts', find: "  if (tab.key === 'all') url.searchParams.delete(BODY_PARAM);\n  else url.searchParams.set(BODY_PARAM, tab.label);", replace: '  url.searchParams.set(BODY_PARAM, tab.label);', why: 'choosing All removes ?body=' },
    { id: 'query-body-items', file: 'src/blocks/brandModels/range-tabs.ts', find: "query: t.key === 'all' ? undefined : t.label }", replace: 'query: t.label }', why: 'the range tabs write no ?body= for All' },
  ]),
  ...row('`model` selects the offers tab', [b('offers', 'offers')], [
    { id: 'query-model-param', file: 'src/blocks/offers/offers.ts', find: "export const MODEL_PARAM = 'model';", replace: "export const MODEL_PARAM = 'offer';", why: '?model= selects the offers tab' },
    { id: 'query-model-all', file: 'src/blocks/offers/offers.ts', find: 'query: i === 0 ? undefined : t.value }', replace: 'query: t.value }', why: 'All Offers has no ?model= in its URL' },
    { id: 'query-model-default-label', file: 'src/blocks/offers/offers.ts', find: "export const ALL_LABEL = 'All Offers';", replace: "export const ALL_LABEL = 'All';", why: 'the default tab is All Offers' },
  ]),
  ...row('`locationId`, `locationType`, `lat`, `lng`, `userLocation`', [b('locations', 'locations')], [
    { id: 'query-location-id', file: 'src/blocks/locations/locations.ts', find: "const locationId = params.get('locationId')?.trim() || undefined;", replace: "const locationId = params.get('location_id')?.trim() || undefined;", why: '?locationId= is read' },
    { id: 'query-location-type-case', file: 'src/blocks/locations/locations.ts', find: "const locationType = params.get('locationType')?.trim().toLowerCase() || undefined;", replace: "const locationType = params.get('locationType')?.trim() || undefined;", why: 'location types are lowercased' },
    { id: 'query-location-latlng', file: 'src/blocks/locations/locations.ts', find: "const origin = parseLatLng(params.get('lat'), params.get('lng'));", replace: "const origin = parseLatLng(params.get('lng'), params.get('lat'));", why: 'lat and lng are read as latitude and longitude' },
    { id: 'query-user-location-ask', file: 'src/blocks/locations/locations.ts', find: '    askLocation: ask && !origin,', replace: '    askLocation: ask,', why: 'a given point wins over userLocation=true' },
    { id: 'query-user-location-label', file: 'src/blocks/locations/locations.ts', find: '    originLabel: !ask && user ? user.slice(0, 120) : undefined,', replace: '    originLabel: undefined,', why: 'userLocation names the place searched from' },
    { id: 'query-location-write', file: 'src/blocks/locations/locations.ts', find: "  if (state.label) p.set('userLocation', state.label);", replace: "  if (state.label) p.set('location', state.label);", why: 'a search writes userLocation back' },
  ]),
  ...row('Cars search state in the URL', [b('cars', 'cars-block'), u('spec-rules-routes')], [
    { id: 'cars-url-query', file: 'src/lib/cars-search.ts', find: '      if (s.query) route.q = s.query;', replace: '', why: 'the keyword is kept in the URL' },
    { id: 'cars-url-page', file: 'src/lib/cars-search.ts', find: '      if (s.page && s.page > 1) route.page = String(s.page);', replace: '      if (s.page) route.page = String(s.page);', why: 'page 1 is left out of the URL' },
    { id: 'cars-url-facet', file: 'src/lib/cars-search.ts', find: "simple_body: 'body',", replace: "simple_body: 'simple_body',", why: 'facets have short names in the URL' },
    { id: 'cars-url-range', file: 'src/lib/cars-search.ts', find: "        if (value && /^-?\\d*(\\.\\d+)?:-?\\d*(\\.\\d+)?$/.test(value) && value !== ':') (s.range ??= {})[attr] = value;", replace: "        if (value) (s.range ??= {})[attr] = value;", why: 'malformed ranges in the URL are ignored' },
    { id: 'cars-url-sort', file: 'src/lib/cars-search.ts', find: "      if (sort && sort.index !== 'cars') route.sort = sort.key;", replace: '      if (sort) route.sort = sort.key;', why: 'the default sort is left out of the URL' },
  ]),
  ...row('`stock_number`, `selected_car` prefill', [u('forms-island-values'), u('spec-rules-routes')], [
    { id: 'query-stock-number', file: 'src/forms/island/values.ts', find: "  prefill('stock_number', q.get('stock_number'));\n", replace: '', why: '?stock_number= prefills' },
    { id: 'query-selected-car', file: 'src/forms/island/values.ts', find: "  prefill('selected_car', q.get('selected_car'));\n", replace: '', why: '?selected_car= prefills' },
    { id: 'query-prefill-only-empty', file: 'src/forms/island/values.ts', find: "    if (!v || (onlyFields && !names.has(name)) || !empty(name)) return;", replace: "    if (!v || (onlyFields && !names.has(name))) return;", why: 'a prefill never replaces an answer' },
    { id: 'query-budget-override', file: 'src/forms/island/values.ts', find: '  if (budget !== undefined) next.vehiclePriceBudget = budget;', replace: "  if (budget !== undefined && empty('vehiclePriceBudget')) next.vehiclePriceBudget = budget;", why: '?vehiclePriceBudget= overrides the answer' },
    { id: 'query-car-id-override', file: 'src/forms/island/values.ts', find: '  if (carId) next.car_id = carId;', replace: '', why: '?car_id= overrides' },
  ]),
  ...row('`category`, `subcategory`, `offer_rejected`, `user`, `selectedLocations`', [b('success', 'success-variants'), b('success', 'success-messages'), u('spec-rules-routes')], [
    { id: 'query-success-rejected-false', file: 'src/blocks/success/success.ts', find: '    offerRejected: rejected !== null && !/^(false|0|no)$/i.test(rejected.trim()),', replace: '    offerRejected: rejected !== null,', why: 'offer_rejected=false is not a rejection' },
    { id: 'query-success-locations-split', file: 'src/blocks/success/success.ts', find: ".flatMap((v) => v.split(','))", replace: '', why: 'selectedLocations may list ids separated by commas' },
    { id: 'query-success-user-team-only', file: 'src/blocks/success/success.ts', find: "  const teamMember = (category === 'team-member-enquiry' ? query.user : undefined) || 'our team';", replace: "  const teamMember = query.user || 'our team';", why: 'user is read only for team-member-enquiry' },
    { id: 'query-success-no-category', file: 'src/blocks/success/success.ts', find: "  const category = slug(query.category) || 'general-enquiry';", replace: "  const category = slug(query.category) || 'generic';", why: 'general-enquiry is used when there is no category' },
    { id: 'query-success-url-user', file: 'src/forms/island/values.ts', find: "  if (category === 'team-member-enquiry' && user) q.set('user', user);", replace: '', why: 'a team-member enquiry sends the member to the thank-you page', tests: [u('forms-island-values')] },
    { id: 'query-success-url-locations', file: 'src/forms/island/values.ts', find: "  if (category === 'test-drive-booking' && values.location_id) q.set('selectedLocations', String(values.location_id));", replace: '', why: 'a test drive sends its location to the thank-you page', tests: [u('forms-island-values')] },
  ]),
  // ---------------------------------------------------------------- §2 Blocks
  ...row('Registry covers every type', [u('registry'), u('spec-rules-blocks')], [
    { id: 'registry-buttons-tool', file: 'src/blocks/buttons/schema.ts', find: ", component: 'buttons' })", replace: ' })', why: 'buttonsTool renders as buttons' },
    { id: 'registry-missing', file: 'src/blocks/registry.ts', find: '${folder[0]!.toUpperCase()}${folder.slice(1)}.astro', replace: '${folder}.astro', why: 'every block type has a component, found by its folder' },
    { id: 'registry-island-flag', file: 'src/blocks/reviews/schema.ts', find: ', island: true })', replace: ' })', why: 'a block whose component ships a script says so in its definition', tests: [u('page-scripts')] },
  ]),
  ...row('heading (levels 1-6 with text only)', [u('blocks-static')], [
    { id: 'heading-level-7', file: 'src/lib/heading-content.ts', find: 'level < 1 || level > 6', replace: 'level < 1 || level > 7', why: 'levels above 6 render nothing' },
    { id: 'heading-empty', file: 'src/lib/heading-content.ts', find: '  if (!plainText(html)) return undefined;\n', replace: '  if (!html) return undefined;\n', why: 'a heading with no readable text renders nothing' },
  ]),
  ...row('paragraph, list', [u('blocks-static')], [
    { id: 'paragraph-block-tag', file: 'src/blocks/paragraph/paragraph.ts', find: "tag: BLOCK_TAG.test(html) ? 'div' : 'p'", replace: "tag: 'p'", why: 'a paragraph holding block tags is a div' },
    { id: 'list-ordered', file: 'src/blocks/list/List.astro', find: "const Tag = block.data.style === 'ordered' ? 'ol' : 'ul';", replace: "const Tag = 'ul';", why: 'an ordered list is an <ol>' },
    { id: 'list-empty-items', file: 'src/blocks/list/List.astro', find: '.map((item) => sanitizeInline(item).trim()).filter(Boolean);', replace: '.map((item) => sanitizeInline(item).trim());', why: 'empty list items are left out' },
  ]),
  ...row('columns (12-column grid, nested blocks)', [u('blocks-static'), u('blocks-logic')], [
    { id: 'columns-grid-12', file: 'src/blocks/columns/widths.ts', find: 'export const GRID_COLUMNS = 12;', replace: 'export const GRID_COLUMNS = 10;', why: 'columns share a 12-column grid' },
    { id: 'columns-remainder', file: 'src/blocks/columns/widths.ts', find: '    if (extra > 0) {', replace: '    if (extra > 99) {', why: 'the first columns take the remainder of 12' },
    { id: 'columns-span-var', file: 'src/blocks/columns/Columns.astro', find: '<div class="column" style={`--span:${spans[i]}`}>', replace: '<div class="column">', why: 'each column spans its width' },
  ]),
  ...row('alternatingColumns', [u('blocks-media'), u('spec-rules-blocks')], [
    { id: 'alternating-flip', file: 'src/blocks/alternatingColumns/AlternatingColumns.astro', find: "{ 'alt-row-flipped': i % 2 === 1 }", replace: "{ 'alt-row-flipped': i % 2 === 0 }", why: 'the image sits left on the first row, right on the second' },
    { id: 'alternating-buttons', file: 'src/blocks/alternatingColumns/AlternatingColumns.astro', find: '{item.buttons.length > 0 && (', replace: '{item.buttons.length > 99 && (', why: 'each row shows its buttons' },
  ]),
  ...row('buttons / buttonsTool', [u('blocks-static'), u('blocks-logic')], [
    { id: 'buttons-alignment-tune', file: 'src/blocks/buttons/alignment.ts', find: "return block.data.alignment ?? block.tunes.alignment ?? 'left';", replace: "return block.data.alignment ?? 'left';", why: 'the alignment tune aligns the buttons' },
    { id: 'buttons-outline', file: 'src/components/ui/ButtonLink.astro', find: "const solid = button.btnType !== 'outline';", replace: 'const solid = true;', why: 'outline buttons are outlined' },
    { id: 'buttons-unsafe-href', file: 'src/components/ui/ButtonLink.astro', find: '{href && text.trim() && (', replace: '{text.trim() && (', why: 'a button with an unsafe or empty link is left out' },
  ]),
  ...row('cardsTool (grid; Swiper carousel', [b('cardsTool', 'cards-layout'), u('spec-rules-blocks'), u('blocks-interactive')], [
    { id: 'cards-divisor', file: 'src/blocks/cardsTool/cards.ts', find: 'const DIVISORS_OF_12 = [12, 6, 4, 3, 2, 1];', replace: 'const DIVISORS_OF_12 = [12, 6, 5, 4, 3, 2, 1];', why: 'cards per row divide the 12-column grid' },
    { id: 'cards-default-cols', file: 'src/blocks/cardsTool/cards.ts', find: 'export const DEFAULT_CARD_COLS = 3;', replace: 'export const DEFAULT_CARD_COLS = 4;', why: 'three cards per row by default' },
    { id: 'cards-loop', file: 'src/blocks/cardsTool/CardsTool.astro', find: '      loop={loop} mobileArrows={mobileArrows}>', replace: '      loop={false} mobileArrows={mobileArrows}>', why: 'the carousel loops when the block says so' },
    { id: 'cards-mobile-arrows', file: 'src/blocks/cardsTool/CardsTool.astro', find: '      loop={loop} mobileArrows={mobileArrows}>', replace: '      loop={loop} mobileArrows={false}>', why: 'the carousel shows arrows on phones when the block says so' },
    { id: 'cards-carousel', file: 'src/blocks/cardsTool/CardsTool.astro', find: '{cards.length > 0 && (isCarousel ? (', replace: '{cards.length > 0 && (false ? (', why: 'isCarousel makes a carousel' },
  ]),
  ...row('imageBanner, imageBackground (overlay colour and opacity)', [u('blocks-media')], [
    { id: 'overlay-opacity', file: 'src/lib/overlay.ts', find: '  const opacity = overlay.opacity ?? DEFAULT_OVERLAY.opacity;', replace: '  const opacity = DEFAULT_OVERLAY.opacity;', why: 'the overlay has the CMS opacity' },
    { id: 'overlay-colour', file: 'src/lib/overlay.ts', find: '  const colour = safeColour(overlay.color) ?? DEFAULT_OVERLAY.color;', replace: '  const colour = DEFAULT_OVERLAY.color;', why: 'the overlay has the CMS colour' },
    { id: 'overlay-inactive', file: 'src/lib/overlay.ts', find: '  if (!overlay?.active) return undefined;', replace: '  if (!overlay) return undefined;', why: 'an inactive overlay is not drawn' },
    { id: 'image-background-overlay', file: 'src/blocks/imageBackground/ImageBackground.astro', find: '    {shade && <div class="bg-overlay" style={shade} />}', replace: '', why: 'the image background draws its overlay' },
  ]),
  ...row('iconButtonsTool', [u('blocks-static'), u('spec-rules-blocks')], [
    { id: 'icon-buttons-minimal', file: 'src/blocks/iconButtonsTool/IconButtonsTool.astro', find: "const minimal = block.data.type === 'minimal';", replace: 'const minimal = false;', why: 'type minimal drops the boxes' },
    { id: 'icon-buttons-per-row', file: 'src/blocks/iconButtonsTool/IconButtonsTool.astro', find: 'const perRow = block.data.buttonsPerRow ?? Math.min(Math.max(links.length, 1), 4);', replace: 'const perRow = Math.min(Math.max(links.length, 1), 4);', why: 'buttonsPerRow sets the buttons per row' },
    { id: 'icon-buttons-unsafe', file: 'src/blocks/iconButtonsTool/IconButtonsTool.astro', find: '  return href && text ? [{ href, text, icon: iconFor(b.icon) }] : [];', replace: '  return text ? [{ href: href ?? b.href, text, icon: iconFor(b.icon) }] : [];', why: 'a button with an unsafe link is left out' },
  ]),
  ...row('tag', [u('blocks-static'), u('blocks-logic')], [
    { id: 'tag-custom-bg', file: 'src/blocks/tag/colours.ts', find: '  if (customBackground) {', replace: '  if (customBackground && false) {', why: 'customBackgroundColor wins over the name' },
    { id: 'tag-named-warning', file: 'src/blocks/tag/colours.ts', find: "  warning: { css: '#f0b400', ink: '#000' },", replace: "  warning: { css: '#f0b400', ink: '#fff' },", why: 'black text on the warning amber' },
    { id: 'tag-custom-text', file: 'src/blocks/tag/colours.ts', find: '  const chosenText = safeColour(data.customTextColor) ?? named(data.textColor)?.css;', replace: '  const chosenText = named(data.textColor)?.css;', why: 'customTextColor sets the text colour' },
  ]),
  ...row('video (autoplay, muted, loop, playsinline', [u('blocks-media')], [
    { id: 'video-mp4', file: 'src/lib/images.ts', find: '  return /\\.mp4$/i.test(base!) ? url : `${base}.mp4${rest}`;', replace: '  return url;', why: '.mp4 is appended when missing' },
    { id: 'video-muted', file: 'src/blocks/video/Video.astro', find: '    muted\n', replace: '', why: 'the video is muted' },
    { id: 'video-loop', file: 'src/blocks/video/Video.astro', find: '    loop\n', replace: '', why: 'the video loops' },
    { id: 'video-autoplay', file: 'src/blocks/video/Video.astro', find: '    autoplay\n', replace: '', why: 'the video plays by itself' },
    { id: 'video-playsinline', file: 'src/blocks/video/Video.astro', find: '    playsinline\n', replace: '', why: 'the video plays inline on phones' },
  ]),
  ...row('faq (accessible accordion, nested answers)', [b('faq', 'faq'), u('spec-rules-blocks')], [
    { id: 'faq-details', file: 'src/blocks/faq/Faq.astro', find: '          <summary class="faq-question">{q.question}</summary>', replace: '          <div class="faq-question">{q.question}</div>', why: 'each question is the summary of its accordion' },
    { id: 'faq-empty-questions', file: 'src/blocks/faq/Faq.astro', find: 'const questions = block.data.questions.filter((q) => q.question.trim());', replace: 'const questions = block.data.questions;', why: 'questions without text are left out' },
    { id: 'faq-nested-answer', file: 'src/blocks/faq/Faq.astro', find: '            <BlockList blocks={q.answer as Block[]} ctx={ctx} nested />', replace: '', why: 'answers are block lists' },
  ]),
  ...row('team (grouped in the default order, or tabs; cards)', [u('blocks-interactive'), b('team', 'team-cards'), b('team', 'staff')], [
    { id: 'team-tabs-layout', file: 'src/blocks/team/Team.astro', find: "    {layout === 'tabs' ? (", replace: "    {layout === 'tab' ? (", why: 'the tabs layout shows tabs' },
    { id: 'team-order', file: 'src/blocks/team/staff.ts', find: "  'management', 'sales', 'pre-owned',", replace: "  'sales', 'management', 'pre-owned',", why: 'management comes first' },
    { id: 'team-only-categories', file: 'src/blocks/team/staff.ts', find: '    if (wanted && !wanted.has(key)) continue;\n', replace: '', why: 'a block listing categories shows only those' },
  ]),
  ...row('websiteBrands (grid; modal', [u('blocks-interactive'), b('websiteBrands', 'brand-buttons')], [
    { id: 'brands-used-stock', file: 'src/blocks/websiteBrands/buttons.ts', find: "    buttons.push({ label: 'Visit Used Stock', href: `${base}/used-cars` });", replace: '', why: 'Visit Used Stock for the used-stock websites' },
    { id: 'brands-used-suffix', file: 'src/blocks/websiteBrands/buttons.ts', find: '    return suffix !== \'\' && n.endsWith(suffix);', replace: "    return suffix !== '' && n.includes(suffix);", why: 'the used-stock name must end in the suffix' },
    { id: 'brands-book-service-option', file: 'src/blocks/websiteBrands/buttons.ts', find: '  return rules.bookServiceButton && rules.pagePath', replace: '  return rules.pagePath', why: 'Book Your Service only on the site that turns it on' },
    { id: 'brands-visit-website', file: 'src/blocks/websiteBrands/buttons.ts', find: "  const buttons: BrandButton[] = [{ label: 'Visit Website', href: website.url.trim() }];", replace: '  const buttons: BrandButton[] = [];', why: 'every website has Visit Website' },
    { id: 'brands-modal', file: 'src/blocks/websiteBrands/WebsiteBrands.astro', find: "const modal = variant === 'modal';", replace: 'const modal = false;', why: 'the modal variant opens a dialog per brand' },
  ]),
  ...row('brandDescription (`brand_website_name`)', [u('blocks-dealer')], [
    { id: 'brand-description-placeholder', file: 'src/blocks/brandDescription/buttons.ts', find: "export const WEBSITE_NAME_PLACEHOLDER = 'brand_website_name';", replace: "export const WEBSITE_NAME_PLACEHOLDER = '{brand_website_name}';", why: 'brand_website_name is replaced by the website name' },
    { id: 'brand-description-dynamic', file: 'src/blocks/brandDescription/buttons.ts', find: '    if (!btn.isDynamicWebsiteButtons) {', replace: '    if (true) {', why: 'a dynamic button becomes one per website' },
    { id: 'brand-description-whole-words', file: 'src/blocks/brandDescription/buttons.ts', find: '  return ` ${s.toLowerCase().replace(/[^\\p{L}\\p{N}]+/gu, \' \').trim()} `;', replace: "  return s.toLowerCase().replace(/[^\\p{L}\\p{N}]+/gu, ' ').trim();", why: 'brands are matched as whole words of the heading' },
  ]),
  ...row('reviews (simple, highlighted, full, mini, modern; All Reviews)', [b('reviews', 'reviews')], [
    { id: 'reviews-highlighted-3', file: 'src/blocks/reviews/aggregate.ts', find: 'export const HIGHLIGHTED_COUNT = 3;', replace: 'export const HIGHLIGHTED_COUNT = 4;', why: 'the highlighted variant shows 3 reviews' },
    { id: 'reviews-all', file: 'src/domain/reviews.ts', find: "export const ALL_REVIEWS = 'All Reviews';", replace: "export const ALL_REVIEWS = 'All';", why: 'All Reviews combines every profile' },
    { id: 'reviews-weighted', file: 'src/domain/reviews.ts', find: 'picked.reduce((sum, s) => sum + s.average_rating * s.count, 0) / count', replace: 'picked.reduce((sum, s) => sum + s.average_rating, 0) / picked.length', why: 'the combined average is weighted by count' },
    { id: 'reviews-simple', file: 'src/blocks/reviews/Reviews.astro', find: "  !summary || variant === 'simple' || variant === 'mini'", replace: "  !summary || variant === 'mini'", why: 'the simple variant lists no reviews' },
    { id: 'reviews-mini', file: 'src/blocks/reviews/Reviews.astro', find: "    {variant === 'mini' ? (", replace: "    {variant === 'minimal' ? (", why: 'the mini variant is a badge' },
    { id: 'reviews-modern-grid', file: 'src/blocks/reviews/Reviews.astro', find: "{ 'reviews-grid': variant === 'modern' || variant === 'highlighted' }", replace: "{ 'reviews-grid': variant === 'highlighted' }", why: 'the modern variant lays reviews in a grid' },
  ]),
  ...row('salesCounter (counts up when visible; reduced motion)', [b('salesCounter', 'sales-counter'), u('spec-rules-blocks'), u('blocks-interactive')], [
    { id: 'counter-ease', file: 'src/blocks/salesCounter/count.ts', find: '  return 1 - (1 - t) ** 3;', replace: '  return t;', why: 'the count eases out', tests: [b('salesCounter', 'sales-counter')] },
    { id: 'counter-visible', file: 'src/blocks/salesCounter/count.ts', find: 'export const COUNT_START_VISIBLE = 0.4;', replace: 'export const COUNT_START_VISIBLE = 0;', why: 'the count starts when the counter is visible' },
    { id: 'counter-reduced-motion', file: 'src/blocks/salesCounter/count.ts', find: '  return canObserve && !prefersReducedMotion;', replace: '  return canObserve;', why: 'reduced motion shows the value without counting' },
    { id: 'counter-decimals', file: 'src/blocks/salesCounter/count.ts', find: '  return Math.min(2, text.length - dot - 1);', replace: '  return 0;', why: 'the counter keeps the value\'s decimals' },
  ]),
  ...row('customComponent (registered names', [u('blocks-dealer'), u('content-load')], [
    { id: 'custom-component-lookup', file: 'src/blocks/customComponent/components.ts', find: '  return isCustomComponentName(name) ? customComponents[name.trim() as CustomComponentName] : undefined;', replace: '  return customComponents[name.trim() as CustomComponentName];', why: 'only registered names render (inherited keys never match)' },
    { id: 'custom-component-warn', file: 'src/content/validate-blocks.ts', find: "    if (type === 'customComponent' && !isCustomComponentName(data.component as string)) {", replace: "    if (type === 'customComponent' && false) {", why: 'an unknown custom component is reported' },
  ]),
  ...row('search (renders nothing)', [u('blocks-static')], [
    { id: 'search-renders-nothing', file: 'src/blocks/search/Search.astro', find: "type Props = BlockProps<'search'>;\n---", replace: "type Props = BlockProps<'search'>;\n---\n<form role=\"search\"><input name=\"q\" /></form>", why: 'the search block renders nothing' },
  ]),
  ...row('form (every form type), formBuilder', [u('forms-types'), u('forms-shared'), u('forms-island-render')], [
    { id: 'block-form-type', file: 'src/forms/forms/index.ts', find: '  tradeIn: tradeInForm,', replace: '  tradeIn: contactForm,', why: 'each form type lays out its own steps', tests: [u('forms-types')] },
    { id: 'block-form-builder-step', file: 'src/forms/forms/builder.ts', find: '    const step = steps.find((s) => s.key === f.stepKey) ?? steps[0]!;', replace: '    const step = steps[0]!;', why: 'formBuilder fields go to the step their stepKey names', tests: [u('forms-types'), u('forms-shared')] },
    { id: 'block-form-contact-default', file: 'src/forms/definition.ts', find: "  const formType = data.formType ?? (data.fields.length ? 'builder' : 'contact');", replace: "  const formType = data.formType ?? 'builder';", why: 'a form block without a type or fields is a contact form', tests: [u('forms-types'), u('forms-shared')] },
    { id: 'block-form-kind', file: 'src/forms/definition.ts', find: "    kind: steps.length > 1 ? 'multi' : 'single',", replace: "    kind: 'single',", why: 'forms with several steps are multi-step', tests: [u('forms-types'), u('forms-shared'), u('forms-island-render')] },
  ]),
  ...row('success (thank-you variants)', [b('success', 'success-variants'), b('success', 'success-messages'), b('success', 'success-block')], [
    { id: 'block-success-review', file: 'src/blocks/success/success.ts', find: "    case 'review': return 'review';", replace: '', why: 'review has its own thank-you' },
    { id: 'block-success-careers', file: 'src/blocks/success/success.ts', find: "const CAREERS = ['careers-enquiry', 'career-enquiry'];", replace: "const CAREERS = ['careers-enquiry'];", why: 'career-enquiry is a careers thank-you too' },
    { id: 'block-success-rejected', file: 'src/blocks/success/success.ts', find: "  if (VALUATION_CATEGORIES.includes(category)) return offerRejected ? 'generic' : 'valuation';", replace: "  if (VALUATION_CATEGORIES.includes(category)) return 'valuation';", why: 'offer_rejected uses the default page' },
    { id: 'block-success-part-store', file: 'src/blocks/success/success-texts.ts', find: "          { text: 'Back to Store', href: '/parts/search', style: 'solid' },", replace: "          { text: 'Back to Store', href: '/parts', style: 'solid' },", why: 'Back to Store goes to /parts/search' },
    { id: 'block-success-service-button', file: 'src/blocks/success/success-texts.ts', find: "        buttons: [home, { text: 'Return to service', href: '/service', style: 'outline' }],", replace: '        buttons: [home],', why: 'the service thank-you has Return to service' },
    { id: 'block-success-competition', file: 'src/blocks/success/success-texts.ts', find: "      return { title: 'Thanks for entering!',", replace: "      return { title: 'Thanks for your entry',", why: "'Thanks for entering!'" },
    { id: 'block-success-custom-fallback', file: 'src/blocks/success/success.ts', find: ' ?? candidates.find((m) => !slug(m.subcategory));', replace: ';', why: 'custom messages fall back to the entry with no subcategory' },
    { id: 'block-success-placeholder', file: 'src/blocks/success/success.ts', find: "    view.paragraphs = [custom.description.replaceAll('{team_member}', teamMember)];", replace: '    view.paragraphs = [custom.description];', why: 'the team-member placeholder is filled' },
    { id: 'block-success-perrow', file: 'src/blocks/success/success.ts', find: '    if (cards.length) view.locations = { cards, perRow: cards.length <= 3 };', replace: '    if (cards.length) view.locations = { cards, perRow: cards.length < 3 };', why: 'cards laid out per row for 3 or fewer' },
    { id: 'block-success-primary', file: 'src/blocks/success/success.ts', find: '  const primary = locations.filter((l) => l.primary);', replace: '  const primary = locations;', why: 'no selectedLocations means the primary locations' },
  ]),
  ...row('cars (react-instantsearch; first results in the static HTML)', [b('cars', 'cars-block'), u('search-results')], [
    { id: 'block-cars-static-listed', file: 'src/lib/cars-static-search.ts', find: '    .filter(isListed)', replace: '', why: 'sold and hidden cars are not in the first results' },
    { id: 'block-cars-static-page', file: 'src/lib/cars-static-search.ts', find: '    hits: sorted.slice(from, from + req.hitsPerPage).map((car) => carHit(car)),', replace: '    hits: sorted.map((car) => carHit(car)),', why: 'the first results are one page' },
  ]),
  ...row('offers', [b('offers', 'offers')], [
    { id: 'block-offers-category', file: 'src/domain/offers.ts', find: '(o) => isOfferShown(o, site) && (!category || (o.category !== undefined && sameWords(o.category, category))),', replace: '(o) => isOfferShown(o, site),', why: "the block's category chooses its offers" },
    { id: 'block-offers-enquire', file: 'src/blocks/offers/offers.ts', find: "const CONTACT_PATHS = ['/contact', '/contact-us'];", replace: "const CONTACT_PATHS = ['/enquire'];", why: 'an offer without a model enquires on the contact page' },
  ]),
  ...row('brandModels, modelFeatures, modelVariants, modelColors', [b('brandModels', 'model-range'), u('model-blocks'), u('spec-rules-screens')], [
    { id: 'block-models-make', file: 'src/blocks/brandModels/model-range.ts', find: "  return wanted ? models.filter((m) => categoryKey(m.manufacturer_name ?? '') === wanted) : [...models];", replace: '  return [...models];', why: "brandModels lists the block's make", tests: [b('brandModels', 'model-range')] },
    { id: 'block-models-find-new-slug', file: 'src/lib/model-find.ts', find: '  return models.find((m) => m.slug === s) ?? models.find((m) => m.new_slug === s);', replace: '  return models.find((m) => m.slug === s);', why: 'a model block may name the new_slug', tests: [u('model-blocks')] },
    { id: 'block-models-body-types', file: 'src/blocks/modelColors/model-colours.ts', find: '  return { variants, swatches, bodyTypes: showBodyTypeTabs(types.length, swatches.length) ? types : [] };', replace: '  return { variants, swatches, bodyTypes: types };', why: 'modelColors adds the body-type row only by the rule', tests: [u('model-blocks'), u('spec-rules-screens')] },
  ]),
  ...row('imageSlider', [b('imageSlider', 'image-slider')], [
    { id: 'block-slider-fit', file: 'src/blocks/imageSlider/slider.ts', find: "  return fit && OBJECT_FITS.has(fit) ? fit : 'cover';", replace: "  return fit || 'cover';", why: 'objectFit must be a CSS keyword' },
    { id: 'block-slider-hero-key', file: 'src/blocks/imageSlider/slider.ts', find: "  return '/' + key.replace(/^\\/+/, '');", replace: '  return key;', why: 'a hero slide key is served from the site root' },
    { id: 'block-slider-overlay', file: 'src/blocks/imageSlider/slider.ts', find: '  const overlay = slide.hide_overlay ? undefined : (safeColour(slide.custom_overlay) ?? DEFAULT_SLIDE_OVERLAY);', replace: '  const overlay = safeColour(slide.custom_overlay) ?? DEFAULT_SLIDE_OVERLAY;', why: 'hide_overlay hides the overlay' },
  ]),
  ...row('financeCalculator', [u('lib-finance'), b('financeCalculator', 'finance-calculator'), u('spec-rules-screens')], [
    { id: 'block-fincalc-nz-typed', file: 'src/blocks/financeCalculator/FinanceCalculator.astro', find: "    typedAmount={locale(site.country).forms.typedFinanceAmount}", replace: '    typedAmount={false}', why: 'NZ sites can type the amount', tests: [b('financeCalculator', 'finance-calculator')] },
    { id: 'block-fincalc-frequencies', file: 'src/lib/finance.ts', find: '  if (!names.includes(defaultName)) names.unshift(defaultName);', replace: '', why: 'the default frequency is always offered' },
    { id: 'block-fincalc-repayments-text', file: 'src/blocks/financeCalculator/FinanceCalculator.astro', find: "    repaymentsText={data.repaymentsText?.trim() || 'Estimated repayments'}", replace: "    repaymentsText={'Estimated repayments'}", why: "the block's repaymentsText labels the result", tests: [b('financeCalculator', 'finance-calculator'), u('spec-rules-screens')] },
    { id: 'block-fincalc-snap', file: 'src/lib/finance.ts', find: '  return s.active ? snapToStep(s.default, s) : s.default;', replace: '  return s.default;', why: 'an active slider starts on its step' },
  ]),
  ...row('locations (cards, nearby search', [u('lib-geo'), b('locations', 'locations')], [
    { id: 'block-locations-type', file: 'src/blocks/locations/locations.ts', find: '  return locations.filter((l) => l.location_type.trim().toLowerCase() === wanted);', replace: '  return locations.filter((l) => l.location_type === wanted);', why: 'location types compare lowercased' },
    { id: 'block-locations-nearest', file: 'src/lib/geo.ts', find: '    .sort((a, b) => a.km - b.km || a.i - b.i)', replace: '', why: 'nearest first' },
    { id: 'block-locations-api-once', file: 'src/blocks/locations/locations.ts', find: '      if (!location || seen.has(location.id)) continue;', replace: '      if (!location) continue;', why: 'each location once' },
  ]),

  // ---------------------------------------------------------------- §2 Screens
  ...row('Model range screen (category rows', [b('brandModels', 'model-range')], [
    { id: 'range-first-row', file: 'src/blocks/brandModels/model-range.ts', find: '  return count % 2 === 1 || count % 3 === 0 ? 2 : 3;', replace: '  return 3;', why: 'the first row holds buttons 0-2 or 0-3' },
    { id: 'range-second-row', file: 'src/blocks/brandModels/model-range.ts', find: 'export const SECOND_ROW_LAST_INDEX = 8;', replace: 'export const SECOND_ROW_LAST_INDEX = 9;', why: 'the second row ends at index 8' },
    { id: 'range-one-category', file: 'src/blocks/brandModels/model-range.ts', find: '  if (tabs.length <= 1) return [];', replace: '  if (tabs.length < 1) return [];', why: 'buttons only with more than one category' },
    { id: 'range-future', file: 'src/blocks/brandModels/model-range.ts', find: '  if (isComingSoon(model) && tabs.some((t) => t.label === FUTURE_LABEL)) keys.push(tabKey(FUTURE_LABEL));', replace: '  if (tabs.some((t) => t.label === FUTURE_LABEL)) keys.push(tabKey(FUTURE_LABEL));', why: 'Future Vehicles shows the coming_soon models' },
    { id: 'range-future-label', file: 'src/blocks/brandModels/model-range.ts', find: "export const FUTURE_LABEL = 'Future Vehicles';", replace: "export const FUTURE_LABEL = 'Coming Soon';", why: 'the tab is called Future Vehicles' },
    { id: 'range-future-option', file: 'src/blocks/brandModels/model-range.ts', find: '  if (futureVehiclesTab && models.some(isComingSoon)', replace: '  if (models.some(isComingSoon)', why: 'Future Vehicles only on the site that asks for it' },
    { id: 'range-all-label', file: 'src/blocks/brandModels/model-range.ts', find: "export const ALL_LABEL = 'All';", replace: "export const ALL_LABEL = 'All Models';", why: 'the category All shows everything' },
    { id: 'range-description-200', file: 'src/lib/text.ts', find: 'export const MODEL_DESCRIPTION_CHARS = 200;', replace: 'export const MODEL_DESCRIPTION_CHARS = 201;', why: 'tile descriptions are cut to 200 characters' },
    { id: 'range-override-url', file: 'src/blocks/brandModels/model-tiles.ts', find: '    href: override ?? modelPath(model),', replace: '    href: modelPath(model),', why: 'a tile links to its override_url' },
  ]),
  ...row('Offers (tabs; 160/200 truncation', [b('offers', 'offers')], [
    { id: 'offers-other-tab', file: 'src/blocks/offers/offers.ts', find: '  if (other) tabs.push({ value: OTHER_TAB, label: OTHER_LABEL });', replace: '', why: 'offers without a model are under Other Offers' },
    { id: 'offers-other-label', file: 'src/blocks/offers/offers.ts', find: "export const OTHER_LABEL = 'Other Offers';", replace: "export const OTHER_LABEL = 'Other';", why: 'the tab is called Other Offers' },
    { id: 'offers-description-over', file: 'src/blocks/offers/offers.ts', find: 'export const DESCRIPTION_CUT_OVER = 200;', replace: 'export const DESCRIPTION_CUT_OVER = 160;', why: 'a description is cut only when longer than 200' },
    { id: 'offers-description-to', file: 'src/blocks/offers/offers.ts', find: 'export const DESCRIPTION_CUT_TO = 160;', replace: 'export const DESCRIPTION_CUT_TO = 200;', why: 'a long description is cut at 160' },
    { id: 'offers-disclaimer', file: 'src/blocks/offers/offers.ts', find: 'export const DISCLAIMER_CUT = 200;', replace: 'export const DISCLAIMER_CUT = 160;', why: 'the disclaimer is cut at 200' },
    { id: 'offers-view-more', file: 'src/blocks/offers/OfferText.astro', find: '<span class="offer-more-closed">View more</span>', replace: '<span class="offer-more-closed">Read more</span>', why: 'a cut text offers View more' },
    { id: 'offers-view-less', file: 'src/blocks/offers/OfferText.astro', find: '<span class="offer-more-open">View less</span>', replace: '<span class="offer-more-open">Close</span>', why: 'an expanded text offers View less' },
    { id: 'offers-exclusion', file: 'src/domain/offers.ts', find: '  if (!offer.excluded_website_ids.includes(site.id)) return true;', replace: '  return true;', why: 'offers are hidden on excluded sites' },
    { id: 'offers-placeholder', file: 'src/blocks/offers/Offers.astro', find: 'const placeholder = cards.length === 0 && isSpecialOffersPage(ctx.page.path);', replace: 'const placeholder = false;', why: 'an empty special-offers page shows the placeholder' },
  ]),
  ...row('Cars block (Search panel, results', [b('cars', 'cars-block'), u('spec-rules-screens')], [
    { id: 'cars-no-results', file: 'src/lib/cars-search.ts', find: "export const NO_CARS_MESSAGE = 'No results found for your search at this time';", replace: "export const NO_CARS_MESSAGE = 'No results found';", why: "the spec's no-cars message" },
    { id: 'cars-panel-title', file: 'src/blocks/cars/CarsApp.tsx', find: '<Title id={titleId} className="cars-panel-title">Search</Title>', replace: '<Title id={titleId} className="cars-panel-title">Filters</Title>', why: 'the panel is titled Search' },
    { id: 'cars-view-all-self', file: 'src/lib/cars-search.ts', find: '  return target && target !== currentPath ? target : undefined;', replace: '  return target;', why: 'no View All Cars to the page itself' },
    { id: 'cars-view-all-show-all', file: 'src/lib/cars-search.ts', find: '  if (blockShowsAll) return undefined;\n', replace: '', why: 'no View All Cars on a block that shows all cars' },
  ]),
  ...row('Contact location cards (3 or fewer)', [b('locations', 'locations'), u('spec-rules-screens')], [
    { id: 'screen-location-cards-3', file: 'src/lib/geo.ts', find: 'export const LOCATION_CARDS_MAX = 3;', replace: 'export const LOCATION_CARDS_MAX = 4;', why: 'cards only with 3 or fewer locations' },
    { id: 'screen-location-cards-search', file: 'src/blocks/locations/locations.ts', find: '  return !search && count > 0 && count <= LOCATION_CARDS_MAX;', replace: '  return count > 0 && count <= LOCATION_CARDS_MAX;', why: 'no cards beside the search' },
    { id: 'screen-nearby-widen', file: 'src/lib/geo.ts', find: '  if (results.length > 0 || distanceKm >= SEARCH_RADIUS_KM) return { results, widened: false };', replace: '  return { results, widened: false };', why: 'with nothing near, the nearest within 250 km are suggested' },
  ]),
  ...row('Colour picker, variant cards, modelFeatures', [u('model-blocks')], [
    { id: 'screen-colour-first-variant', file: 'src/blocks/modelColors/model-colours.ts', find: '  return { variant: 0, bodyType: bodyTypeForVariant(data, 0, undefined), colour: 0 };', replace: '  return { variant: data.variants.length - 1, bodyType: bodyTypeForVariant(data, 0, undefined), colour: 0 };', why: 'the first variant is selected' },
    { id: 'screen-colour-wrap', file: 'src/blocks/modelColors/model-colours.ts', find: '  return ((index % count) + count) % count;', replace: '  return Math.max(0, Math.min(count - 1, index));', why: 'the arrows wrap around' },
    { id: 'screen-variant-price', file: 'src/blocks/modelVariants/model-variants.ts', find: '  return `${formatPrice(lo)} – ${formatPrice(hi)}`;', replace: '  return formatPrice(lo);', why: 'the card shows the drive-away range' },
    { id: 'screen-variant-order-now', file: 'src/blocks/modelVariants/model-variants.ts', find: "  q.set('vehicle', variantTitle(variant));", replace: '', why: 'variant cards link to order-now with the vehicle' },
    { id: 'screen-features-tabs', file: 'src/blocks/modelFeatures/ModelFeatures.astro', find: '    {slides.length > 1 ? (', replace: '    {slides.length > 99 ? (', why: 'modelFeatures slides are tabbed' },
  ]),
  ...row('Sliders (width and height rule', [b('imageSlider', 'image-slider')], [
    { id: 'screen-slide-size', file: 'src/blocks/imageSlider/slider.ts', find: '  return width && height && width > 0 && height > 0 ? { width, height } : undefined;', replace: '  return { width: width ?? 1600, height: height ?? 900 };', why: 'a slide shows only with width and height' },
    { id: 'screen-slide-fixed', file: 'src/blocks/imageSlider/slider.ts', find: '  if (fixed) return fixed;\n', replace: '', why: 'fixed dimensions show slides without their own size' },
    { id: 'screen-slider-delay', file: 'src/blocks/imageSlider/slider.ts', find: 'export const DEFAULT_AUTOPLAY_DELAY_MS = 4000;', replace: 'export const DEFAULT_AUTOPLAY_DELAY_MS = 5000;', why: 'auto-advance defaults to 4000 ms' },
    { id: 'screen-slider-start', file: 'src/blocks/imageSlider/slider.ts', find: '  return requested !== undefined && requested >= 0 && requested < count ? Math.floor(requested) : 0;', replace: '  return requested ?? 0;', why: 'the start index defaults to 0 and must name a slide' },
    { id: 'screen-slider-loop', file: 'src/blocks/imageSlider/slider.ts', find: '    loop: slides.length > 1,', replace: '    loop: false,', why: 'the carousel loops' },
  ]),

  // ---------------------------------------------------------------- §3 Entities
  ...row('Site and every SiteOption with its default', [u('content-load')], [
    { id: 'site-profile-pages-default', file: 'src/content/site.ts', find: 'profilePages: opt(z.boolean()).default(true),', replace: 'profilePages: opt(z.boolean()).default(false),', why: 'profile pages are on by default' },
    { id: 'site-used-stock-default', file: 'src/content/site.ts', find: "usedStockSuffixes: opt(z.array(z.string())).default(['Automotive Direct', 'Direct Used Cars']),", replace: "usedStockSuffixes: opt(z.array(z.string())).default(['Automotive Direct']),", why: 'both used-stock suffixes of the spec by default' },
    { id: 'site-step2-title-default', file: 'src/content/site.ts', find: "step2Title: opt(z.string()).default('Finance Details'),", replace: "step2Title: opt(z.string()).default('Almost There!'),", why: 'finance step 2 is Finance Details by default' },
    { id: 'site-quick-steps-default', file: 'src/content/site.ts', find: "steps: opt(z.array(quickServiceStep).min(1)).default(['vehicle', 'contact', 'order']),", replace: "steps: opt(z.array(quickServiceStep).min(1)).default(['contact', 'vehicle', 'order']),", why: 'quick service: vehicle, contact, order by default' },
    { id: 'site-terms-default', file: 'src/content/site.ts', find: 'termsRequired: opt(z.boolean()).default(false),', replace: 'termsRequired: opt(z.boolean()).default(true),', why: 'terms are required on one site only' },
  ]),
  ...row('Block, Page', [u('content-load'), u('spec-rules-entities')], [
    { id: 'form-default-category', file: 'src/content/forms.ts', find: "category: opt(z.string()).default('General Enquiry'),", replace: "category: opt(z.string()).default('Enquiry'),", why: 'form category defaults to General Enquiry' },
    { id: 'form-default-heading', file: 'src/content/forms.ts', find: "heading: opt(z.string()).default('Submit an Enquiry'),", replace: "heading: opt(z.string()).default('Enquire'),", why: 'form heading defaults to Submit an Enquiry' },
    { id: 'page-path-normalised', file: 'src/content/page.ts', find: "  if (p.length > 1) p = p.replace(/\\/+$/, '');", replace: '', why: 'page paths have no trailing slash' },
    { id: 'block-tunes', file: 'src/content/blocks.ts', find: 'z.looseObject({ classname: opt(z.string()), alignment: opt(alignment) }),', replace: 'z.looseObject({ classname: opt(z.string()) }),', why: 'block tunes carry the alignment' },
  ]),
  ...row('Model, variant, colour, offer, car, staff, location, brand, slide, reviews', [u('content-load'), u('spec-rules-entities')], [
    { id: 'entity-model-status', file: 'src/content/entities.ts', find: "  status: opt(z.enum(['available', 'coming_soon'])).default('available'),", replace: "  status: opt(z.enum(['available', 'coming_soon'])).default('coming_soon'),", why: 'a model is available unless it says coming_soon' },
    { id: 'entity-car-status', file: 'src/content/entities.ts', find: "  status: opt(z.enum(['available', 'sold', 'hidden'])).default('available'),", replace: "  status: opt(z.enum(['available', 'sold', 'hidden'])).default('hidden'),", why: 'a car is available unless it says otherwise' },
    { id: 'entity-excluded-ids', file: 'src/content/entities.ts', find: '  excluded_website_ids: opt(z.array(z.number())).default([]),', replace: '  excluded_website_ids: opt(z.array(z.string())).default([]),', why: 'excluded_website_ids are website ids' },
    { id: 'entity-location-address', file: 'src/content/entities.ts', find: '  address: z.object({ lat: z.number(), long: z.number(), address: z.string() }),', replace: '  address: z.object({ lat: z.number(), long: z.number(), address: opt(z.string()) }),', why: 'a location has an address' },
  ]),
  ...row('Staff category default order', [b('team', 'staff')], [
    { id: 'staff-order-swap', file: 'src/blocks/team/staff.ts', find: "'car buying', 'service', 'parts', 'administration',", replace: "'car buying', 'parts', 'service', 'administration',", why: 'service comes before parts' },
    { id: 'staff-other-after', file: 'src/blocks/team/staff.ts', find: '    return i === -1 ? defaultCategoryOrder.length : i;', replace: '    return i === -1 ? -1 : i;', why: 'other categories follow the default order' },
    { id: 'staff-no-category-last', file: 'src/blocks/team/staff.ts', find: "    if (key === '') return Number.MAX_SAFE_INTEGER;", replace: "    if (key === '') return 0;", why: 'members with no category come last' },
  ]),
  ...row('Lead submission values (spec §3', [u('forms-island-values'), u('api-leads'), u('forms-types')], [
    { id: 'lead-page-id', file: 'src/forms/island/values.ts', find: '  out.page_id = ctx.page.id;', replace: '', why: 'a lead carries page_id', tests: [u('forms-island-values')] },
    { id: 'lead-page-title', file: 'src/forms/island/values.ts', find: '  out.PageTitle = ctx.page.title;', replace: '', why: 'a lead carries PageTitle', tests: [u('forms-island-values')] },
    { id: 'lead-rego', file: 'src/forms/island/values.ts', find: "  if (typeof rego === 'string' && rego.trim()) out.RegoOrVin = rego.trim();", replace: '', why: 'a lead carries RegoOrVin', tests: [u('forms-island-values')] },
    { id: 'lead-send-email', file: 'src/forms/island/values.ts', find: '  out.send_customer_email = true;', replace: '', why: 'a lead carries send_customer_email', tests: [u('forms-island-values')] },
    { id: 'lead-location-dealership', file: 'src/forms/island/values.ts', find: '  if (location?.dealership_id) dealer.dealership_id = location.dealership_id;', replace: '', why: 'a chosen location names its dealership', tests: [u('forms-island-values')] },
    { id: 'lead-subcategory', file: 'src/forms/island/values.ts', find: '  if (ctx.def.subcategory) out.subcategory = ctx.def.subcategory;', replace: '', why: 'a lead carries its subcategory', tests: [u('forms-island-values'), u('spec-rules-entities')] },
    { id: 'lead-status-complete', file: 'src/api/leads/store.ts', find: "  lead_status    = CASE WHEN ${s}.form_completed THEN 'Complete' ELSE l.lead_status END,", replace: "  lead_status    = CASE WHEN ${s}.form_completed THEN 'Completed' ELSE l.lead_status END,", why: 'a final save marks the lead Complete', tests: [u('api-leads')] },
    { id: 'lead-trade-in-kms-nz', file: 'src/domain/locale.ts', find: "kmsLabel: 'Vehicle Kilometers'", replace: "kmsLabel: 'Kms'", why: 'NZ trade-ins ask for Vehicle Kilometers', tests: [u('forms-types'), u('spec-rules-entities')] },
    { id: 'lead-finance-middle-name', file: 'src/forms/forms/finance.ts', find: '          ...splitNameFields(true),', replace: '          ...splitNameFields(),', why: 'the finance form has an optional middle name', tests: [u('forms-types')] },
    { id: 'lead-service-tyres', file: 'src/forms/forms/service-booking.ts', find: "    field('tyres_replacement', 'check', 'Tyres Replacement', false, { defaultValue: false }),", replace: "    field('tyres_replacement', 'check', 'Tyres Replacement', true, { defaultValue: false }),", why: 'Tyres Replacement is an optional checkbox', tests: [u('forms-types')] },
    { id: 'lead-vehicle-state', file: 'src/forms/fields.ts', find: "  return field('vehicle_state', 'select', 'Vehicle State', false, { options: toOptions(AU_STATES), ...stateDefault(ctx) });", replace: "  return field('vehicle_state', 'select', 'Vehicle State', false, { options: toOptions(AU_STATES) });", why: "Vehicle State defaults to the dealer's state", tests: [u('forms-types')] },
  ]),
  // ---------------------------------------------------------------- §4 States … §8 Errors
  ...row('Tabs held and synced with the URL: staff', [b('team', 'team-cards')], [
    { id: 'state-staff-tab-query', file: 'src/blocks/team/team-tabs.ts', find: '  return categories.map((c) => ({ key: c.slug, label: c.label, query: c.slug, match: [c.label] }));', replace: '  return categories.map((c, i) => ({ key: c.slug, label: c.label, query: i === 0 ? undefined : c.slug, match: [c.label] }));', why: 'choosing any staff tab, the first included, writes it to the URL' },
    { id: 'state-tab-unknown', file: 'src/components/ui/tabs.ts', find: '  return i === -1 ? 0 : i;\n}\n\n/** `href` with `param`', replace: '  return Math.max(i, tabs.length - 1);\n}\n\n/** `href` with `param`', why: 'an unknown tab in the URL selects the first tab' },
  ]),
  ...row('Tabs for model range and offers; carousel position, feature tabs', [u('tabs'), u('carousel')], [
    { id: 'state-tabs-read-url', file: 'src/components/ui/Tabs.tsx', find: '    if (param) setSelected(tabIndexFromSearch(window.location.search, param, tabs));', replace: '    if (param) setSelected(0);', why: 'the tab the URL names is selected once the page runs', tests: [], e2e: ['tests/e2e/models.spec.ts'] },
    { id: 'state-tabs-write-url', file: 'src/components/ui/Tabs.tsx', find: "    if (param) window.history.replaceState(window.history.state, '', hrefWithTab(window.location.href, param, tabs[index]!));", replace: '', why: 'choosing a tab writes it to the URL', tests: [], e2e: ['tests/e2e/models.spec.ts'] },
    { id: 'state-tabs-keep-params', file: 'src/components/ui/tabs.ts', find: '  const url = new URL(href);\n  if (tab.query === undefined) url.searchParams.delete(param);', replace: "  const url = new URL(href.split('?')[0]!);\n  if (tab.query === undefined) url.searchParams.delete(param);", why: 'choosing a tab keeps the other parameters' },
    { id: 'state-tab-shown', file: 'src/components/ui/tabs.ts', find: '  return itemTabs.split(/\\s+/).includes(selected);', replace: '  return itemTabs.includes(selected);', why: 'a shared panel shows only the chosen tab\'s items' },
    { id: 'state-tab-keys-wrap', file: 'src/components/ui/tabs.ts', find: "    case 'ArrowRight': return (current + 1) % count;", replace: "    case 'ArrowRight': return Math.min(current + 1, count - 1);", why: 'arrow keys move round the tabs' },
  ]),
  ...row('Variant card first 8 features / all', [u('model-blocks'), b('offers', 'offers'), u('spec-rules-states')], [
    { id: 'state-variant-more', file: 'src/blocks/modelVariants/VariantCard.astro', find: '      <details class="variant-more">', replace: '      <details class="variant-more" open>', why: 'features past 8 start collapsed', tests: [u('model-blocks'), u('spec-rules-states')] },
    { id: 'state-offer-text-collapsed', file: 'src/blocks/offers/OfferText.astro', find: '      <details class="offer-more">', replace: '      <details class="offer-more" open>', why: 'a long offer text starts collapsed', tests: [b('offers', 'offers'), u('spec-rules-states')] },
  ]),
  ...row('Accordion open/closed', [b('faq', 'faq')], [
    { id: 'state-faq-closed', file: 'src/blocks/faq/Faq.astro', find: '        <details class="faq-item">', replace: '        <details class="faq-item" open>', why: 'questions start closed' },
  ]),
  ...row('Brand modal open per brand', [u('blocks-interactive')], [
    { id: 'state-brand-dialog-id', file: 'src/blocks/websiteBrands/WebsiteBrands.astro', find: '<BrandDialog client:visible dialogId={domId(idBase, brand.id)}', replace: '<BrandDialog client:visible dialogId={idBase}', why: 'each brand has its own dialog' },
  ]),
  ...row('Generic form (steps, partial saves', [u('forms-rules'), u('forms-island-flow')], [
    { id: 'state-skip-forward-only', file: 'src/forms/rules.ts', find: '    if (target > index) return target;', replace: '    if (target !== -1) return target;', why: 'skip rules only jump forward', tests: [u('forms-rules')] },
    { id: 'state-skip-match-case', file: 'src/forms/rules.ts', find: '  const want = expected.trim().toLowerCase();', replace: '  const want = expected;', why: 'a skip rule value matches ignoring case and edge spaces', tests: [u('forms-rules')] },
    { id: 'state-skip-auth', file: 'src/forms/rules.ts', find: "    if (rule.type === 'skipAuthentication' && opts.userHasPhone) to = rule.to;", replace: "    if (rule.type === 'skipAuthentication') to = rule.to;", why: 'skip authentication only for a user with a phone', tests: [u('forms-rules')] },
    { id: 'state-partial-needs-contact', file: 'src/forms/island/values.ts', find: "  return (has('name') || has('first_name')) && (has('email') || has('phone'));", replace: "  return has('name') || has('first_name') || has('email') || has('phone');", why: 'a partial save needs a name and an email or phone', tests: [u('forms-island-flow')] },
    { id: 'state-partial-skip-save', file: 'src/forms/island/actions.ts', find: '  if (step.skipSave || !hasContact(values)) return { ok: true };', replace: '  if (!hasContact(values)) return { ok: true };', why: 'a step that skips sending sends nothing', tests: [u('forms-island-flow')] },
    { id: 'state-lead-id-kept', file: 'src/forms/island/actions.ts', find: "    ...(ctx.session.data.lead_id ? { lead_id: ctx.session.data.lead_id } : {}),", replace: '', why: 'the lead id is attached to later saves', tests: [u('forms-island-flow')] },
    { id: 'state-final-last-step', file: 'src/forms/island/actions.ts', find: '  const saved = await saveStep(ctx, step, values, true);\n  if (!saved.ok) return saved;', replace: '  const saved = await saveStep(ctx, step, values, false);\n  if (!saved.ok) return saved;', why: 'the final save is flagged isLastStep', tests: [u('forms-island-flow')] },
    { id: 'state-server-error-blocks', file: 'src/forms/island/actions.ts', find: '  const saved = await saveStep(ctx, step, values, true);\n  if (!saved.ok) return saved;', replace: '  const saved = await saveStep(ctx, step, values, true);', why: 'a server error blocks the submit', tests: [u('forms-island-flow')] },
  ]),
  ...row('Long forms over 10 steps', [u('forms-shared')], [
    { id: 'state-long-form-10', file: 'src/forms/definition.ts', find: 'export const LONG_FORM_STEPS = 10;', replace: 'export const LONG_FORM_STEPS = 9;', why: 'compact progress only over 10 steps' },
    { id: 'state-long-form-option', file: 'src/forms/definition.ts', find: '  const compact = ctx.site.options.forms.longFormCompactProgress && steps.length > LONG_FORM_STEPS;', replace: '  const compact = steps.length > LONG_FORM_STEPS;', why: 'compact progress only on the site that asks' },
  ]),
  ...row('Finance calculator states (event 26 once', [u('forms-island-stores')], [
    { id: 'state-finance-event-26', file: 'src/lib/analytics.ts', find: '  financeCalculator: 26,', replace: '  financeCalculator: 25,', why: 'the calculator sends event 26', tests: [u('spec-rules-states')] },
    { id: 'state-finance-event-once', file: 'src/blocks/financeCalculator/FinanceCalculator.island.tsx', find: '    if (tracked.current) return;\n', replace: '', why: 'event 26 is sent once', tests: [], e2e: ['tests/e2e/finance-calculator.spec.ts'] },
    { id: 'state-finance-14-days', file: 'src/stores/finance.ts', find: 'export const FINANCE_DETAILS_DAYS = 14;', replace: 'export const FINANCE_DETAILS_DAYS = 7;', why: 'finance details are kept 14 days' },
    { id: 'state-finance-fresh', file: 'src/stores/finance.ts', find: '  return age >= 0 && age < FINANCE_DETAILS_DAYS * DAY_MS;', replace: '  return age >= 0;', why: 'details older than 14 days are dropped' },
  ]),
  ...row('§5 validation rules and messages', [u('forms-schema'), u('forms-types'), u('api-leads'), u('lib-finance')], [
    { id: 'rule-location-message', file: 'src/forms/messages.ts', find: "  location: '*Please select a dealership location',", replace: "  location: '*Please select a location',", why: "the spec's dealership message" },
    { id: 'rule-terms-message', file: 'src/forms/messages.ts', find: "  terms: '*You must agree to the terms of use before submitting.',", replace: "  terms: '*You must agree to the terms of use.',", why: "the spec's terms message" },
    { id: 'rule-terms-site', file: 'src/forms/definition.ts', find: '    if (ctx.site.options.forms.termsRequired) last.fields.push(termsField());', replace: '', why: 'the terms checkbox on the site that requires it' },
    { id: 'rule-contact-required', file: 'src/forms/fields.ts', find: "    phoneField(ctx),\n    field('email', 'email', 'Email', true),", replace: "    phoneField(ctx, 'Mobile Phone', false),\n    field('email', 'email', 'Email', true),", why: 'name, mobile phone and email are required' },
    { id: 'rule-service-interval', file: 'src/forms/forms/service-booking.ts', find: '  const required = o.serviceIntervalRequired;', replace: '  const required = true;', why: 'Service Interval is required only when the site says so' },
    { id: 'rule-service-location', file: 'src/forms/fields.ts', find: "  if (options.length > 1) return [field(name, 'locationSelect', label, true, { options })];", replace: "  if (options.length > 1) return [field(name, 'locationSelect', label, false, { options })];", why: 'the location is required with several dealerships' },
    { id: 'rule-service-type', file: 'src/forms/forms/service-booking-full.ts', find: "  return types.length ? [field('service_type', 'select', 'Service Type', true, { options: toOptions(types) })] : [];", replace: "  return types.length ? [field('service_type', 'select', 'Service Type', false, { options: toOptions(types) })] : [];", why: 'Service Type is required when options exist' },
    { id: 'rule-quick-dealership', file: 'src/forms/forms/quick-service.ts', find: "  if (options.length > 1) return [field('dealership_slug', 'select', 'Dealership', true, { options })];", replace: "  if (options.length > 1) return [field('dealership_slug', 'select', 'Dealership', false, { options })];", why: 'dealership_slug is required with several dealerships' },
    { id: 'rule-opt-in-optional', file: 'src/forms/fields.ts', find: "  return field('opt_in', 'check', 'Keep me up to date with news and offers', false, { defaultValue: false });", replace: "  return field('opt_in', 'check', 'Keep me up to date with news and offers', true, { defaultValue: false });", why: 'opt-in is optional' },
    { id: 'rule-nz-trade-in-names', file: 'src/forms/forms/trade-in.ts', find: "    ? [...splitNameFields(), field('email', 'email', 'Email', true), phoneField(ctx, 'Phone')]", replace: "    ? [...contactFields(ctx)]", why: 'NZ trade-ins ask for first and last name' },
    { id: 'rule-nz-additional-comments', file: 'src/domain/locale.ts', find: "commentsLabel: 'Additional Comments'", replace: "commentsLabel: 'Comments'", why: 'NZ trade-ins label Additional Comments' },
    { id: 'rule-budget-help', file: 'src/forms/forms/finance.ts', find: "export const BUDGET_HELP = 'You can borrow from $5,000 up to $150,000.';", replace: "export const BUDGET_HELP = 'You can borrow up to $150,000.';", why: 'the budget help text' },
    { id: 'rule-finance-location-optional', file: 'src/forms/forms/finance.ts', find: "          field('location_id', 'hidden', 'Vehicle Location'),", replace: "          field('location_id', 'text', 'Vehicle Location', true),", why: 'location_id is optional' },
    { id: 'rule-finance-consents', file: 'src/forms/forms/finance.ts', find: "          field('credit_check_consent', 'check', 'I consent to a credit score check', true, { defaultValue: false }),", replace: "          field('credit_check_consent', 'check', 'I consent to a credit score check', false, { defaultValue: false }),", why: 'the credit score check consent is required' },
    { id: 'rule-required-check', file: 'src/forms/schema.ts', find: "      ? s.test('required', message, checked)", replace: "      ? s.test('required', message, (v) => !isEmpty(v))", why: 'a required checkbox must be ticked' },
    { id: 'rule-typed-amount-cap', file: 'src/lib/finance.ts', find: '  return Math.min(max, roundCents(n));', replace: '  return roundCents(n);', why: 'a typed amount above max is capped', tests: [u('lib-finance')] },
    { id: 'rule-typed-amount-nan', file: 'src/lib/finance.ts', find: "  if (!/^(\\d+\\.?\\d*|\\.\\d+)$/.test(cleaned)) return 0;", replace: "  if (!/^(\\d+\\.?\\d*|\\.\\d+)$/.test(cleaned)) return max;", why: 'a typed amount that is not a number is 0', tests: [u('lib-finance')] },
  ]),
  ...row('§6 offers hidden by `excluded_website_ids`', [b('offers', 'offers')], [
    { id: 'role-offers-excluded', file: 'src/domain/offers.ts', find: '  if (!make) return false;', replace: '  if (!make) return true;', why: 'an excluded offer without a manufacturer is hidden' },
    { id: 'role-offers-exception', file: 'src/domain/offers.ts', find: '  return site.options.offers.ignoreExclusionsForManufacturers.some((m) => m.trim().toLowerCase() === make);', replace: '  return false;', why: "the manufacturer's exception list shows excluded offers" },
    { id: 'role-offers-exception-case', file: 'src/domain/offers.ts', find: '  const make = offer.manufacturer?.trim().toLowerCase();', replace: '  const make = offer.manufacturer?.trim();', why: 'the exception list ignores case' },
  ]),
  ...row('§7 `POST /api/send-to-{provider}`', [u('api-routes-finance'), u('finance-provider'), u('api-routes-catalogue')], [
    { id: 'call-provider-mismatch', file: 'src/api/routes/finance.ts', find: '    if (named && named !== provider) {', replace: '    if (false) {', why: 'only the site\'s own provider route', tests: [u('api-routes-finance')] },
    { id: 'call-unverified', file: 'src/api/integrations/finance-provider.ts', find: "    satellite_site_url: status === 'unverified' && verifyUrl ? verifyUrl : webUrl(body.quoteUrl),", replace: '    satellite_site_url: webUrl(body.quoteUrl),', why: 'unverified mobiles go to the verification page', tests: [u('finance-provider')] },
    { id: 'call-finance-locations-fallback', file: 'src/api/routes/finance.ts', find: '      dealershipId: found ?? (fallback === undefined ? null : String(fallback)),', replace: '      dealershipId: found ?? null,', why: "finance-locations falls back to the site's dealership id", tests: [u('api-routes-finance')] },
    { id: 'call-manufacturer-ok', file: 'src/blocks/locations/locations.ts', find: "    if (!isObject(body) || body.ok !== true) throw new Error('The answer is not ok');", replace: '', why: 'manufacturer-locations needs an ok status', tests: [b('locations', 'locations')] },
    { id: 'call-manufacturer-ok-forms', file: 'src/forms/client.ts', find: '  if (!isObject(body) || body.ok !== true || !Array.isArray(body.websites)) {', replace: '  if (!isObject(body) || !Array.isArray(body.websites)) {', why: 'the simple service booking requires the ok status', tests: [u('forms-island-flow')] },
    { id: 'call-models-brochure', file: 'src/api/routes/catalogue.ts', find: '    brochure_url: model.brochure_url?.trim() || null,', replace: '    brochure_url: null,', why: 'GET /api/models/{slug} gives the brochure_url', tests: [u('api-routes-catalogue')] },
    { id: 'call-lead-finance-key', file: 'src/forms/island/actions.ts', find: '  if (answer.customerKey) finance.finance_customer_key = answer.customerKey;', replace: '', why: "the lead keeps the provider's customer key", tests: [u('forms-island-flow')] },
    { id: 'call-finance-location-flag', file: 'src/forms/island/actions.ts', find: '  if (props.site.lookupCarLocation && carId) {', replace: '  if (carId) {', why: 'finance-locations only with a car_id and the flag', tests: [u('forms-island-flow')] },
  ]),
  ...row('§7 brochure download (new window)', [b('modelFeatures', 'brochure')], [
    { id: 'call-brochure-window', file: 'src/blocks/modelFeatures/BrochureButton.tsx', find: "          window.open(url, '_blank', 'noopener');", replace: '          window.location.assign(url);', why: 'the brochure opens in a new window', tests: [], e2e: ['tests/e2e/models.spec.ts'] },
    { id: 'call-brochure-open', file: 'src/blocks/modelFeatures/brochure.ts', find: '  deps.open(url);', replace: '', why: 'the brochure opens in a new window' },
    { id: 'call-brochure-failed', file: 'src/blocks/modelFeatures/brochure.ts', find: "export const FETCH_FAILED = 'Failed to fetch model data';", replace: "export const FETCH_FAILED = 'Failed to fetch model';", why: "'Failed to fetch model data' is logged" },
    { id: 'call-brochure-missing', file: 'src/blocks/modelFeatures/brochure.ts', find: '    deps.warn(NO_BROCHURE, slug);', replace: '', why: 'a missing brochure url is warned' },
    { id: 'call-brochure-url', file: 'src/contract/routes.ts', find: 'export const modelPath = (slug: string) => `${API_BASE}/models/${encodeURIComponent(slug)}`;', replace: 'export const modelPath = (slug: string) => `${API_BASE}/model/${encodeURIComponent(slug)}`;', why: 'the model is fetched from /api/models/{slug}' },
  ]),
  ...row('§7 car search (facet filters) and offers search (limit 200)', [u('api-search'), b('cars', 'cars-block')], [
    { id: 'call-offers-limit', file: 'src/domain/search/indexes.ts', find: 'export const MAX_OFFER_HITS = 200;', replace: 'export const MAX_OFFER_HITS = 201;', why: 'offers are searched with a limit of 200', tests: [u('api-search')] },
    { id: 'call-cars-facet-filter', file: 'src/lib/cars-search.ts', find: "    else if (values.length > 1) parts.push(`(${values.map((v) => `${attr}:${quote(v)}`).join(' OR ')})`);", replace: "    else if (values.length > 1) parts.push(values.map((v) => `${attr}:${quote(v)}`).join(' AND '));", why: "a block's facet values are ORed", tests: [b('cars', 'cars-block')] },
  ]),
  ...row('§7 places autocomplete restricted to AU', [b('locations', 'locations')], [
    { id: 'call-places-au', file: 'src/blocks/locations/google-places.ts', find: "export const PLACES_REGION_CODES = ['au'] as const;", replace: "export const PLACES_REGION_CODES = ['au', 'nz'] as const;", why: 'places are restricted to Australia' },
    { id: 'call-places-debounce', file: 'src/blocks/locations/google-places.ts', find: 'export const PLACES_DEBOUNCE_MS = 300;', replace: 'export const PLACES_DEBOUNCE_MS = 250;', why: 'a 300 ms debounce' },
    { id: 'call-places-regions', file: 'src/blocks/locations/google-places.ts', find: "export const PLACES_PRIMARY_TYPES = ['(regions)'] as const;", replace: "export const PLACES_PRIMARY_TYPES = ['geocode'] as const;", why: 'regions only' },
  ]),
  ...row('§7 `GET {host}/websites/{id}/users.json`', [u('cms')], [
    { id: 'call-cms-bearer', file: 'src/content/cms.ts', find: "  const headers: Record<string, string> = { Authorization: `Bearer ${config.token}`, Accept: 'application/json' };", replace: "  const headers: Record<string, string> = { Authorization: `Token ${config.token}`, Accept: 'application/json' };", why: 'a bearer token' },
    { id: 'call-cms-path', file: 'src/content/cms.ts', find: '  const url = `${config.url}/websites/${encodeURIComponent(String(id))}/users.json`;', replace: '  const url = `${config.url}/websites/${encodeURIComponent(String(id))}/users`;', why: 'GET /websites/{id}/users.json' },
    { id: 'call-cms-cache', file: 'src/content/cms.ts', find: '  if (cached && Date.now() - cached.fetchedAt < maxAgeMs) return use(cached.body, `cached ${age(cached.fetchedAt)} ago`);', replace: '', why: 'a fresh cached copy is used without a request' },
  ]),
  ...row('§8 form submission error, finance dataErrors', [u('forms-island-flow'), u('forms-rules')], [
    { id: 'error-data-errors-first', file: 'src/forms/island/actions.ts', find: '  return Object.entries(dataErrors).filter(([, m]) => m.length).map(([field, m]) => `${field}: ${m[0]}`);', replace: "  return Object.entries(dataErrors).filter(([, m]) => m.length).map(([field, m]) => `${field}: ${m.join(', ')}`);", why: "dataErrors show as 'field: first message'", tests: [u('forms-island-flow')] },
    { id: 'error-finance-error', file: 'src/forms/island/actions.ts', find: '  if (answer.error) return { ok: false, message: answer.error };', replace: '', why: 'the finance error value is the step error', tests: [u('forms-island-flow')] },
    { id: 'error-alert', file: 'src/forms/messages.ts', find: "  submitError: 'An error occurred',", replace: "  submitError: 'Something went wrong',", why: "'An error occurred' when the finance lead save fails", tests: [u('forms-island-flow')] },
    { id: 'error-step-incomplete', file: 'src/forms/messages.ts', find: "  stepIncomplete: 'Please complete the form step before proceeding',", replace: "  stepIncomplete: 'Please complete this step',", why: "the quick service step error", tests: [u('forms-rules')] },
    { id: 'error-quick-completion', file: 'src/forms/forms/quick-service.ts', find: "      completion: { fields: ['make', 'model', 'year'], message: messages.stepIncomplete },", replace: "      completion: { fields: ['make', 'model'], message: messages.stepIncomplete },", why: 'make, model and year are needed to leave Vehicle Details', tests: [u('forms-rules')] },
  ]),
  ...row("§8 'Failed to fetch locations'", [b('locations', 'locations'), b('offers', 'offers')], [
    { id: 'error-locations-message', file: 'src/blocks/locations/locations.ts', find: "export const FETCH_FAILED = 'Failed to fetch locations';", replace: "export const FETCH_FAILED = 'Failed to load locations';", why: "'Failed to fetch locations' is logged", tests: [b('locations', 'locations')] },
    { id: 'error-locations-empty', file: 'src/blocks/locations/locations.ts', find: '    deps.error(FETCH_FAILED, error);\n    return undefined;', replace: '    return undefined;', why: 'a failed locations fetch is logged', tests: [b('locations', 'locations')] },
    { id: 'error-geocode-logged', file: 'src/blocks/locations/google-places.ts', find: '        deps.error(GEOCODE_FAILED, error);', replace: '', why: 'geocode failures are logged', tests: [b('locations', 'locations')] },
    { id: 'error-no-offers-text', file: 'src/blocks/offers/Offers.astro', find: '      There are no special offers right now.', replace: '      No offers.', why: 'the no-offers placeholder', tests: [b('offers', 'offers')] },
  ]),

  // ---------------------------------------------------------------- §9 Constants
  ...row('Staff bio preview 60 characters', [u('lib-text'), b('team', 'team-cards'), u('spec-rules-screens')], [
    { id: 'const-bio-60', file: 'src/lib/text.ts', find: 'export const BIO_PREVIEW_CHARS = 60;', replace: 'export const BIO_PREVIEW_CHARS = 61;', why: 'bio preview is 60 characters' },
    { id: 'const-bio-read-more', file: 'src/blocks/team/staff-card.ts', find: '  if (text.length <= BIO_PREVIEW_CHARS) return { text, cut: false };', replace: '  if (text.length <= BIO_PREVIEW_CHARS) return { text, cut: true };', why: "'Read more...' only when the bio is cut" },
    { id: 'const-bio-read-more-text', file: 'src/blocks/team/StaffCard.tsx', find: '                  Read more...<span', replace: '                  Read more<span', why: "the cut bio offers 'Read more...'", tests: [u('spec-rules-screens')] },
  ]),
  ...row('Model short description 200 characters', [u('lib-text'), b('brandModels', 'model-range')], [
    { id: 'const-description-200', file: 'src/lib/text.ts', find: 'export const MODEL_DESCRIPTION_CHARS = 200;', replace: 'export const MODEL_DESCRIPTION_CHARS = 199;', why: 'descriptions are cut to 200' },
    { id: 'const-truncate-limit', file: 'src/lib/text.ts', find: '  if (t.length <= max) return t;', replace: '  if (t.length < max) return t;', why: 'text of the limit is kept whole' },
  ]),
  ...row('12-column grid for cards and columns', [u('blocks-logic'), b('cardsTool', 'cards-layout')], [
    { id: 'const-grid-columns', file: 'src/blocks/columns/widths.ts', find: '  const pool = left >= free ? left : GRID_COLUMNS;', replace: '  const pool = left >= free ? left : 6;', why: 'columns that do not fit share a new row of 12' },
    { id: 'const-card-span', file: 'src/blocks/cardsTool/cards.ts', find: '  return 12 / cardsPerRow(cardCols);', replace: '  return 10 / cardsPerRow(cardCols);', why: 'a card spans its share of 12 columns' },
    { id: 'const-card-max', file: 'src/blocks/cardsTool/cards.ts', find: '  return Math.min(12, Math.max(1, Math.round(cardCols)));', replace: '  return Math.min(6, Math.max(1, Math.round(cardCols)));', why: 'up to 12 cards per row' },
  ]),
  ...row('Published-date cutoffs', [u('lib-cutoffs')], [
    { id: 'const-cutoff-display', file: 'src/lib/cutoffs.ts', find: "  displayHeadings: '2024-01-29',", replace: "  displayHeadings: '2024-01-30',", why: 'cutoff 2024-01-29' },
    { id: 'const-cutoff-contained', file: 'src/lib/cutoffs.ts', find: "  containedBlocks: '2024-03-05',", replace: "  containedBlocks: '2024-03-06',", why: 'cutoff 2024-03-05' },
    { id: 'const-cutoff-pill', file: 'src/lib/cutoffs.ts', find: "  pillButtons: '2024-03-13',", replace: "  pillButtons: '2024-03-12',", why: 'cutoff 2024-03-13' },
    { id: 'const-cutoff-shadows', file: 'src/lib/cutoffs.ts', find: "  cardShadows: '2024-04-18',", replace: "  cardShadows: '2024-04-19',", why: 'cutoff 2024-04-18' },
    { id: 'const-cutoff-opt-in', file: 'src/lib/cutoffs.ts', find: "  formOptIn: '2024-06-03',", replace: "  formOptIn: '2024-06-04',", why: 'cutoff 2024-06-03' },
    { id: 'const-cutoff-roomy', file: 'src/lib/cutoffs.ts', find: "  roomyBlocks: '2024-11-04',", replace: "  roomyBlocks: '2024-11-05',", why: 'cutoff 2024-11-04' },
    { id: 'const-cutoff-stacked', file: 'src/lib/cutoffs.ts', find: "  stackedBannerText: '2024-12-18',", replace: "  stackedBannerText: '2024-12-17',", why: 'cutoff 2024-12-18' },
    { id: 'const-cutoff-gutters', file: 'src/lib/cutoffs.ts', find: "  wideGutters: '2025-04-02',", replace: "  wideGutters: '2025-04-03',", why: 'cutoff 2025-04-02' },
    { id: 'const-cutoff-on-day', file: 'src/lib/cutoffs.ts', find: '    flags[flag] = day >= date;', replace: '    flags[flag] = day > date;', why: 'a page published on the cutoff day gets the revision' },
  ]),
  ...row('Credit score bands', [b('success', 'success-variants')], [
    { id: 'const-score-400', file: 'src/blocks/success/success.ts', find: 'export const SCORE_APPROVED = 400;', replace: 'export const SCORE_APPROVED = 401;', why: '400 or more is green' },
    { id: 'const-score-300', file: 'src/blocks/success/success.ts', find: 'export const SCORE_ORANGE = 300;', replace: 'export const SCORE_ORANGE = 301;', why: '300-399 is orange' },
    { id: 'const-score-approved', file: 'src/blocks/success/success.ts', find: 'tone: scoreTone(score), approved: score >= SCORE_APPROVED };', replace: 'tone: scoreTone(score), approved: score > SCORE_APPROVED };', why: 'the approval banner at 400 or more' },
  ]),
  ...row('Thank-you 24-48 hours', [b('success', 'success-variants')], [
    { id: 'const-thanks-24-48', file: 'src/blocks/success/success-texts.ts', find: "  'A team member will confirm the requested date/time within 24-48 hours by phone call or SMS.';", replace: "  'A team member will confirm the requested date/time within 48 hours by phone call or SMS.';", why: 'the 24-48 hours window' },
    { id: 'const-free-ride-hidden', file: 'src/blocks/success/success.ts', find: "export const COMPLIMENTARY_INTERVAL = '3,000km or 3 months';", replace: "export const COMPLIMENTARY_INTERVAL = '3,000 km or 3 months';", why: 'no free ride for the complimentary interval' },
    { id: 'const-free-ride-radius', file: 'src/blocks/success/success.ts', find: 'We offer a free ride within ${options.freeRideRadiusKm} km of our service centre', replace: 'We offer a free ride near our service centre', why: 'the free ride radius in km' },
  ]),
  ...row('Borrow range $5,000-$150,000', [u('forms-schema')], [
    { id: 'const-borrow-min', file: 'src/forms/forms/finance.ts', find: 'export const BUDGET_MIN = 5_000;', replace: 'export const BUDGET_MIN = 1_000;', why: 'borrow from $5,000' },
    { id: 'const-borrow-max', file: 'src/forms/forms/finance.ts', find: 'export const BUDGET_MAX = 150_000;', replace: 'export const BUDGET_MAX = 200_000;', why: 'borrow up to $150,000' },
    { id: 'const-borrow-range-check', file: 'src/forms/schema.ts', find: '          return Number.isNaN(n) || (n >= min && n <= max);', replace: '          return Number.isNaN(n) || n >= min;', why: 'amounts above the range are refused' },
  ]),
  ...row('Radius 250 km, 5 suggestions', [u('lib-geo'), b('locations', 'locations')], [
    { id: 'const-radius-250', file: 'src/lib/geo.ts', find: 'export const SEARCH_RADIUS_KM = 250;', replace: 'export const SEARCH_RADIUS_KM = 200;', why: 'radius 250 km' },
    { id: 'const-suggestions-5', file: 'src/lib/geo.ts', find: 'export const MAX_SUGGESTIONS = 5;', replace: 'export const MAX_SUGGESTIONS = 6;', why: 'at most 5 suggestions' },
    { id: 'const-distances', file: 'src/lib/geo.ts', find: 'export const DISTANCE_OPTIONS_KM = [25, 50, 75, 100, 150, 250, 500, 750, 1000] as const;', replace: 'export const DISTANCE_OPTIONS_KM = [25, 50, 75, 100, 150, 250, 500, 1000] as const;', why: 'distance options 25 … 1000' },
    { id: 'const-distance-default', file: 'src/lib/geo.ts', find: 'export const DEFAULT_DISTANCE_KM: DistanceKm = 50;', replace: 'export const DEFAULT_DISTANCE_KM: DistanceKm = 25;', why: 'default distance 50' },
    { id: 'const-zoom-15', file: 'src/lib/geo.ts', find: 'export const MAP_MAX_ZOOM = 15;', replace: 'export const MAP_MAX_ZOOM = 16;', why: 'map max zoom 15' },
    { id: 'const-cards-3', file: 'src/lib/geo.ts', find: 'export const LOCATION_CARDS_MAX = 3;', replace: 'export const LOCATION_CARDS_MAX = 2;', why: 'location cards with 3 or fewer' },
  ]),
  ...row('Offers limit 200 and hitsPerPage', [b('offers', 'offers')], [
    { id: 'const-offers-limit', file: 'src/domain/offers.ts', find: 'export const OFFERS_LIMIT = 200;', replace: 'export const OFFERS_LIMIT = 100;', why: 'offers limit 200' },
    { id: 'const-offers-hits', file: 'src/domain/offers.ts', find: '  return filter.hitsPerPage ? limited.slice(0, filter.hitsPerPage) : limited;', replace: '  return limited;', why: 'hitsPerPage cuts the offers' },
    { id: 'const-offers-cut', file: 'src/blocks/offers/offers.ts', find: '  return text.length > over ? { html: clean, preview: truncate(text, to) } : { html: clean };', replace: '  return text.length >= over ? { html: clean, preview: truncate(text, to) } : { html: clean };', why: 'a text of exactly 200 is not cut' },
  ]),
  ...row('Cars 3 per page, 250 with show-all-cars', [b('cars', 'cars-block')], [
    { id: 'const-cars-3', file: 'src/lib/cars-search.ts', find: 'export const DEFAULT_CARS_PER_PAGE = 3;', replace: 'export const DEFAULT_CARS_PER_PAGE = 4;', why: '3 hits per page by default' },
    { id: 'const-cars-250', file: 'src/lib/cars-search.ts', find: 'export const SHOW_ALL_CARS_PER_PAGE = 250;', replace: 'export const SHOW_ALL_CARS_PER_PAGE = 200;', why: '250 with show-all-cars' },
    { id: 'const-cars-class', file: 'src/lib/cars-search.ts', find: "  return (classname ?? '').split(/\\s+/).includes(SHOW_ALL_CARS_CLASS);", replace: "  return (classname ?? '').includes(SHOW_ALL_CARS_CLASS);", why: 'show-all-cars is one of the class words' },
    { id: 'const-cars-min-photos', file: 'src/lib/cars-search.ts', find: '  if (data.minPhotos && data.minPhotos > 0) parts.push(`photos_count >= ${data.minPhotos}`);', replace: '', why: 'the minimum-photos filter' },
  ]),
  ...row('Repayment frequencies 52/26/12/1', [u('lib-finance')], [
    { id: 'const-weekly-52', file: 'src/lib/finance.ts', find: "  { name: 'Weekly', periodsPerYear: 52, per: 'week' },", replace: "  { name: 'Weekly', periodsPerYear: 48, per: 'week' },", why: 'weekly is 52 a year' },
    { id: 'const-fortnightly-26', file: 'src/lib/finance.ts', find: "  { name: 'Fortnightly', periodsPerYear: 26, per: 'fortnight' },", replace: "  { name: 'Fortnightly', periodsPerYear: 24, per: 'fortnight' },", why: 'fortnightly is 26 a year' },
    { id: 'const-yearly-1', file: 'src/lib/finance.ts', find: "  { name: 'Yearly', periodsPerYear: 1, per: 'year' },", replace: "  { name: 'Yearly', periodsPerYear: 2, per: 'year' },", why: 'yearly is 1 a year' },
    { id: 'const-amortised', file: 'src/lib/finance.ts', find: '  return (amount * r) / (1 - (1 + r) ** -n);', replace: '  return (amount * (1 + r * n)) / n;', why: 'the standard amortisation payment' },
    { id: 'const-total', file: 'src/lib/finance.ts', find: '  const total = roundCents(periods > 0 ? payment * periods : payment);', replace: '  const total = roundCents(periods > 0 ? payment * f.periodsPerYear : payment);', why: 'total = payment x periods per year x years' },
    { id: 'const-years-label', file: 'src/lib/finance.ts', find: "  return `${upToTwo.format(years)} ${years === 1 ? 'year' : 'years'}`;", replace: "  return `${upToTwo.format(years * 12)} months`;", why: 'terms are shown in years' },
  ]),
  ...row('Variant features 8; slider above 2 variants', [u('model-blocks')], [
    { id: 'const-features-8', file: 'src/blocks/modelVariants/model-variants.ts', find: 'export const FEATURES_SHOWN = 8;', replace: 'export const FEATURES_SHOWN = 6;', why: '8 features shown' },
    { id: 'const-slider-2', file: 'src/blocks/modelVariants/model-variants.ts', find: 'export const SLIDER_OVER_VARIANTS = 2;', replace: 'export const SLIDER_OVER_VARIANTS = 3;', why: 'slider above 2 variants' },
    { id: 'const-controls-4', file: 'src/blocks/modelVariants/model-variants.ts', find: 'export const CONTROLS_FROM_VARIANTS = 4;', replace: 'export const CONTROLS_FROM_VARIANTS = 3;', why: 'controls from 4 variants' },
    { id: 'const-colour-types-3', file: 'src/blocks/modelColors/model-colours.ts', find: 'export const BODY_TYPE_TABS_MIN_TYPES = 3;', replace: 'export const BODY_TYPE_TABS_MIN_TYPES = 2;', why: 'body-type tabs from 3 types' },
    { id: 'const-colour-15', file: 'src/blocks/modelColors/model-colours.ts', find: 'export const BODY_TYPE_TABS_OVER_COLOURS = 15;', replace: 'export const BODY_TYPE_TABS_OVER_COLOURS = 14;', why: 'body-type tabs over 15 colours' },
  ]),
  ...row('Slider 4000 ms, loop, start index 0', [b('imageSlider', 'image-slider')], [
    { id: 'const-slider-4000', file: 'src/blocks/imageSlider/slider.ts', find: '  return requested === undefined ? DEFAULT_AUTOPLAY_DELAY_MS : Math.max(0, requested);', replace: '  return requested ?? 3000;', why: '4000 ms by default' },
    { id: 'const-slider-start-0', file: 'src/blocks/imageSlider/slider.ts', find: '  const start = startIndex(data.startIndex, slides.length);', replace: '  const start = startIndex(data.startIndex ?? 1, slides.length);', why: 'start index 0 by default' },
    { id: 'const-slider-loop', file: 'src/blocks/imageSlider/slider.ts', find: '    loop: slides.length > 1,', replace: '    loop: slides.length > 2,', why: 'carousels loop' },
  ]),
];
