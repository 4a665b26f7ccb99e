/**
 * Mutations of the rows of docs/spec-coverage.md for §2 Routes: every page at its path, model, car, team and legal
 * pages, the form anchor and the analytics paths.
 * Listed by ../list.ts.
 */
import { b, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Every page snapshot at its path',
    [u('lib-routes')],
    [
      {
        id: 'routes-pages',
        find: "d.pages.map((page) => ({ kind: 'page', path: page.path, page }))",
        replace: "d.pages.slice(1).map((page) => ({ kind: 'page', path: page.path, page }))",
        why: 'every snapshot page gets its route',
      },
      {
        id: 'routes-unique',
        find: '    if (taken.has(r.path)) return;\n',
        replace: '',
        why: 'a snapshot page wins over a generated page at the same path',
      },
    ],
  ),
  ...row(
    'Model pages at `/{new_slug or slug}`',
    [u('lib-routes'), u('default-pages'), u('spec-rules-routes')],
    [
      {
        id: 'model-path-new-slug',
        find: '(model.new_slug || model.slug)',
        replace: '(model.slug)',
        why: 'a model page is at its new_slug when it has one',
      },
      {
        id: 'model-default-colours',
        find: 'if (model.colours.length) blocks.push(',
        replace: 'if (model.colours.length > 99) blocks.push(',
        why: 'the default model page shows the colours',
      },
      {
        id: 'model-default-variants',
        find: 'if (model.model_variants.length) blocks.push(',
        replace: 'if (model.model_variants.length > 99) blocks.push(',
        why: 'the default model page shows the variants',
      },
      {
        id: 'model-default-brochure',
        find: '  if (model.brochure_url) {',
        replace: '  if (model.brochure_url && false) {',
        why: 'the default model page offers the brochure',
      },
      {
        id: 'model-default-form',
        find: "        category: 'New Vehicle Enquiry',\n",
        replace: "        category: 'General Enquiry',\n",
        why: 'the default model page enquiry is a New Vehicle Enquiry',
      },
    ],
  ),
  ...row(
    '`/cars/{slug}` with schema.org `Car` JSON-LD',
    [u('lib-structured-data'), u('lib-routes')],
    [
      {
        id: 'cars-hidden',
        find: " && car.status !== 'hidden'",
        replace: '',
        why: 'hidden cars get no page',
      },
      {
        id: 'cars-sold',
        find: "car.status !== 'sold' && ",
        replace: '',
        why: 'sold cars get no page',
      },
      {
        id: 'cars-path',
        find: 'return `/cars/${car.slug}`;',
        replace: 'return `/car/${car.slug}`;',
        why: 'a car page is at /cars/{slug}',
      },
      {
        id: 'cars-jsonld-model',
        find: '  out.model = car.model;\n',
        replace: '',
        why: 'the Car JSON-LD names the model',
      },
    ],
  ),
  ...row(
    '`/team/{slug}`, omitted with',
    [u('lib-routes'), b('team-cards'), b('team')],
    [
      {
        id: 'team-remove-profile',
        find: ' || member.remove_profile_page) return undefined;',
        replace: ') return undefined;',
        why: 'no profile page for a member with remove_profile_page',
      },
      {
        id: 'team-profile-pages-off',
        find: 'if (!site.options.team.profilePages || member',
        replace: 'if (member',
        why: 'no profile pages on a site that turns them off',
      },
      {
        id: 'team-card-link',
        find: '    href: profileHref(site, member),',
        replace: '    href: `/team/${member.slug}`,',
        tests: [b('team-cards'), b('team')],
        why: 'a staff card never links to a profile page that is not built',
      },
    ],
  ),
  ...row(
    '`/terms-and-conditions`, `/privacy-policy`',
    [u('lib-routes'), u('spec-rules-routes')],
    [
      {
        id: 'terms-path',
        find: "export const TERMS_PATH = '/terms-and-conditions';",
        replace: "export const TERMS_PATH = '/terms';",
        why: 'the default terms are at /terms-and-conditions',
      },
      {
        id: 'privacy-default',
        find: "  add({ kind: 'privacy', path: PRIVACY_PATH });\n",
        replace: '',
        why: 'a site without a privacy page gets the default one',
      },
      {
        id: 'terms-nz-law',
        find: "    governingLaw: () => 'New Zealand',",
        replace: "    governingLaw: () => 'Australia',",
        why: "the default terms name the law of the dealer's country",
      },
      {
        id: 'privacy-nz-act',
        find: "    privacyAct: 'the Privacy Act 2020 (NZ)',",
        replace: "    privacyAct: 'the Privacy Act 1988 (Cth) and the Australian Privacy Principles',",
        why: "the default privacy policy names the dealer's privacy act",
      },
    ],
  ),
  ...row(
    '`/service`, `/parts/search`, `/book-test-drive?make=`',
    [u('forms-types'), u('forms-island-values'), u('spec-rules-routes')],
    [
      {
        id: 'route-test-drive-make',
        find: "for (const name of ['make', 'model_id', 'model_name', 'vehicle'])",
        replace: "for (const name of ['model_id', 'model_name', 'vehicle'])",
        why: '/book-test-drive?make= prefills the make',
      },
      {
        id: 'route-order-now-vehicle',
        find: "for (const name of ['make', 'model_id', 'model_name', 'vehicle'])",
        replace: "for (const name of ['make', 'model_id', 'model_name'])",
        why: '/models/order-now?vehicle= fills the vehicle',
      },
      {
        id: 'route-order-now-page-model',
        find: "if (!slug || slug === 'models') return undefined;",
        replace: 'return undefined;',
        why: '/{models-path}/order-now orders that model',
      },
      {
        id: 'route-parts-message',
        find: "field('message', 'message', 'Which parts do you need?', true)",
        replace: "field('message', 'message', 'Which parts do you need?', false)",
        why: 'the parts enquiry asks which parts are wanted',
      },
    ],
  ),
  ...row(
    '`#form-section` anchor',
    [b('form-before-hydration'), u('forms-island-props')],
    [
      {
        id: 'form-anchor-name',
        find: "export const FORM_ANCHOR = 'form-section';",
        replace: "export const FORM_ANCHOR = 'form';",
        why: 'the first form of a page is #form-section',
      },
      {
        id: 'form-anchor-first',
        find: '  return first?.id === blockId;',
        replace: '  return first !== undefined;',
        why: 'only the first form of a page carries the anchor',
      },
    ],
  ),
  ...row(
    'Paths containing special-offers / finance / why-service-with-us',
    [b('brand-buttons'), b('offers'), u('forms-types')],
    [
      {
        id: 'path-why-service',
        find: "export const WHY_SERVICE_PATH_PART = 'why-service-with-us';",
        replace: "export const WHY_SERVICE_PATH_PART = 'why-service';",
        why: 'Book Your Service only on why-service-with-us pages',
        tests: [b('brand-buttons'), u('spec-rules-routes')],
      },
      {
        id: 'path-special-offers',
        find: "return path.toLowerCase().includes('special-offers');",
        replace: "return path.toLowerCase().endsWith('/special-offers');",
        why: 'every path containing special-offers shows the placeholder',
        tests: [b('offers')],
      },
      {
        id: 'path-finance',
        find: 'export const FINANCE_PATH = /finance/i;',
        replace: 'export const FINANCE_PATH = /^\\/finance$/i;',
        why: 'paths containing finance make the default enquiry a finance enquiry',
        tests: [u('forms-types')],
      },
    ],
  ),
  ...row(
    "The search route takes Algolia's client as shipped",
    [u('search-client-as-shipped')],
    [
      {
        id: 'search-text-plain',
        find: "  requireJson(c.req.raw, { textPlain: route === 'search' });",
        replace: '  requireJson(c.req.raw);',
        why: "the search route answers Algolia's client, which posts its JSON as text/plain",
      },
      {
        id: 'search-filter-control',
        find: '  refuseControl(param, text);\n  const s = text.trim();',
        replace: '  const s = text.trim();',
        why: 'a facet filter with a NUL written as a JSON escape is 400, never a 500',
      },
    ],
  ),
  ...row(
    '(1.3) A sold car keeps its page for 30 days',
    [u('sold-car-page')],
    [
      {
        id: 'routes-sold-page-days',
        find: '  return now < soldPageEnds(car, now);',
        replace: '  return false;',
        why: 'a sold car keeps its page until 30 days after it was sold',
      },
    ],
  ),
  ...row(
    "(1.3) A car's address never answers a bare 404",
    [u('not-found-car'), u('new-car-fallback')],
    [
      {
        id: 'routes-not-found-car',
        find: "  if (!car) return goneView('Car no longer listed', GONE_TEXT, links);",
        replace: "  return goneView('Car no longer listed', GONE_TEXT, links);",
        why: 'a car imported since the build is shown at its address, with a way to enquire',
      },
    ],
  ),
  ...row(
    '(1.3) A cars block whose filters (make, car_type, location_name, account) can match none of the stock',
    [u('listing-filters')],
    [
      {
        id: 'routes-empty-listing-warning',
        find: '      if (!problems.length) continue;',
        replace: '      continue;',
        why: 'a listing block whose filters match none of the stock is a build warning',
      },
    ],
  ),
];
