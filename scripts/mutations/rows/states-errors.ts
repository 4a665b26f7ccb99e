/**
 * Mutations of the rows of docs/spec-coverage.md for §4 States, §5 Validation, §6 Roles, §7 Calls and §8 Errors.
 * Listed by ../list.ts.
 */
import { b, e, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Tabs held and synced with the URL: staff',
    [b('team-cards')],
    [
      {
        id: 'state-staff-tab-query',
        find: '  return categories.map((c) => ({ key: c.slug, label: c.label, query: c.slug, match: [c.label] }));',
        replace:
          '  return categories.map((c, i) => ({ key: c.slug, label: c.label, query: i === 0 ? undefined : c.slug, match: [c.label] }));',
        why: 'choosing any staff tab, the first included, writes it to the URL',
      },
      {
        id: 'state-tab-unknown',
        find: '  return i === -1 ? 0 : i;\n}\n\n/** `href` with `param`',
        replace: '  return Math.max(i, tabs.length - 1);\n}\n\n/** `href` with `param`',
        why: 'an unknown tab in the URL selects the first tab',
      },
    ],
  ),
  ...row(
    'Tabs for model range and offers; carousel position, feature tabs',
    [u('tabs'), u('carousel')],
    [
      {
        id: 'state-tabs-read-url',
        find: '    if (param) setSelected(tabIndexFromSearch(window.location.search, param, tabs));',
        replace: '    if (param) setSelected(0);',
        why: 'the tab the URL names is selected once the page runs',
        tests: [],
        e2e: [e('models')],
      },
      {
        id: 'state-tabs-write-url',
        find: "    if (param)\n      window.history.replaceState(window.history.state, '', hrefWithTab(window.location.href, param, tabs[index]!));\n",
        replace: '',
        why: 'choosing a tab writes it to the URL',
        tests: [],
        e2e: [e('models')],
      },
      {
        id: 'state-tabs-keep-params',
        find: '  const url = new URL(href);\n  if (tab.query === undefined) url.searchParams.delete(param);',
        replace:
          "  const url = new URL(href.split('?')[0]!);\n  if (tab.query === undefined) url.searchParams.delete(param);",
        why: 'choosing a tab keeps the other parameters',
      },
      {
        id: 'state-tab-shown',
        find: '  return itemTabs.split(/\\s+/).includes(selected);',
        replace: '  return itemTabs.includes(selected);',
        why: "a shared panel shows only the chosen tab's items",
      },
      {
        id: 'state-tab-keys-wrap',
        find: '      return (current + 1) % count;\n',
        replace: '      return Math.min(current + 1, count - 1);\n',
        why: 'arrow keys move round the tabs',
      },
    ],
  ),
  ...row(
    'Variant card first 8 features / all',
    [b('model-variants'), b('offers'), u('spec-rules-states')],
    [
      {
        id: 'state-variant-more',
        find: '      <details class="variant-more">',
        replace: '      <details class="variant-more" open>',
        why: 'features past 8 start collapsed',
        tests: [b('model-variants'), u('spec-rules-states')],
      },
      {
        id: 'state-offer-text-collapsed',
        find: '      <details class="offer-more">',
        replace: '      <details class="offer-more" open>',
        why: 'a long offer text starts collapsed',
        tests: [b('offers'), u('spec-rules-states')],
      },
    ],
  ),
  ...row(
    'Accordion open/closed',
    [b('faq')],
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
    [b('website-brands')],
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
    'Generic form (steps, partial saves',
    [u('forms-rules'), u('forms-island-flow')],
    [
      {
        id: 'state-skip-forward-only',
        find: '    if (target > index) return target;',
        replace: '    if (target !== -1) return target;',
        why: 'skip rules only jump forward',
        tests: [u('forms-rules')],
      },
      {
        id: 'state-skip-match-case',
        find: '  const want = expected.trim().toLowerCase();',
        replace: '  const want = expected;',
        why: 'a skip rule value matches ignoring case and edge spaces',
        tests: [u('forms-rules')],
      },
      {
        id: 'state-skip-auth',
        find: "    if (rule.type === 'skipAuthentication' && opts.userHasPhone) to = rule.to;",
        replace: "    if (rule.type === 'skipAuthentication') to = rule.to;",
        why: 'skip authentication only for a user with a phone',
        tests: [u('forms-rules')],
      },
      {
        id: 'state-partial-needs-contact',
        find: "  return (has('name') || has('first_name')) && (has('email') || has('phone'));",
        replace: "  return has('name') || has('first_name') || has('email') || has('phone');",
        why: 'a partial save needs a name and an email or phone',
        tests: [u('forms-island-flow')],
      },
      {
        id: 'state-partial-skip-save',
        find: '  if (step.skipSave || !hasContact(values)) return { ok: true };',
        replace: '  if (!hasContact(values)) return { ok: true };',
        why: 'a step that skips sending sends nothing',
        tests: [u('forms-island-flow')],
      },
      {
        id: 'state-lead-id-kept',
        find: '    ...(ctx.session.data.lead_id ? { lead_id: ctx.session.data.lead_id } : {}),',
        replace: '',
        why: 'the lead id is attached to later saves',
        tests: [u('forms-island-flow')],
      },
      {
        id: 'state-final-last-step',
        find: '  const saved = await saveStep(ctx, step, values, true);\n  if (!saved.ok) return saved;',
        replace: '  const saved = await saveStep(ctx, step, values, false);\n  if (!saved.ok) return saved;',
        why: 'the final save is flagged isLastStep',
        tests: [u('forms-island-flow')],
      },
      {
        id: 'state-server-error-blocks',
        find: '  const saved = await saveStep(ctx, step, values, true);\n  if (!saved.ok) return saved;',
        replace: '  const saved = await saveStep(ctx, step, values, true);',
        why: 'a server error blocks the submit',
        tests: [u('forms-island-flow')],
      },
    ],
  ),
  ...row(
    'Long forms over 10 steps',
    [u('forms-shared')],
    [
      {
        id: 'state-long-form-10',
        find: 'export const LONG_FORM_STEPS = 10;',
        replace: 'export const LONG_FORM_STEPS = 9;',
        why: 'compact progress only over 10 steps',
      },
      {
        id: 'state-long-form-option',
        find: '  const compact = ctx.site.options.forms.longFormCompactProgress && steps.length > LONG_FORM_STEPS;',
        replace: '  const compact = steps.length > LONG_FORM_STEPS;',
        why: 'compact progress only on the site that asks',
      },
    ],
  ),
  ...row(
    'Finance calculator states (event 26 once',
    [u('forms-island-stores')],
    [
      {
        id: 'state-finance-event-26',
        find: '  financeCalculator: 26,',
        replace: '  financeCalculator: 25,',
        why: 'the calculator sends event 26',
        tests: [u('spec-rules-states')],
      },
      {
        id: 'state-finance-event-once',
        find: '    if (tracked.current) return;\n',
        replace: '',
        why: 'event 26 is sent once',
        tests: [],
        e2e: [e('finance-calculator')],
      },
      {
        id: 'state-finance-14-days',
        find: 'export const FINANCE_DETAILS_DAYS = 14;',
        replace: 'export const FINANCE_DETAILS_DAYS = 7;',
        why: 'finance details are kept 14 days',
      },
      {
        id: 'state-finance-fresh',
        find: '  return age >= 0 && age < FINANCE_DETAILS_DAYS * DAY_MS;',
        replace: '  return age >= 0;',
        why: 'details older than 14 days are dropped',
      },
    ],
  ),
  ...row(
    '§5 validation rules and messages',
    [u('forms-schema'), u('forms-types'), u('api-leads'), u('lib-finance')],
    [
      {
        id: 'rule-location-message',
        find: "  location: '*Please select a dealership location',",
        replace: "  location: '*Please select a location',",
        why: "the spec's dealership message",
      },
      {
        id: 'rule-terms-message',
        find: "  terms: '*You must agree to the terms of use before submitting.',",
        replace: "  terms: '*You must agree to the terms of use.',",
        why: "the spec's terms message",
      },
      {
        id: 'rule-terms-site',
        find: '    if (ctx.site.options.forms.termsRequired) last.fields.push(termsField());',
        replace: '',
        why: 'the terms checkbox on the site that requires it',
      },
      {
        id: 'rule-contact-required',
        find: "  return [field('name', 'fullName', 'Full Name', true), phoneField(ctx), field('email', 'email', 'Email', true)];\n",
        replace:
          "  return [\n    field('name', 'fullName', 'Full Name', true),\n    phoneField(ctx, 'Mobile Phone', false),\n    field('email', 'email', 'Email', true),\n  ];\n",
        why: 'name, mobile phone and email are required',
      },
      {
        id: 'rule-service-interval',
        find: '  const required = o.serviceIntervalRequired;',
        replace: '  const required = true;',
        why: 'Service Interval is required only when the site says so',
      },
      {
        id: 'rule-service-location',
        find: "  if (options.length > 1) return [field(name, 'locationSelect', label, true, { options })];",
        replace: "  if (options.length > 1) return [field(name, 'locationSelect', label, false, { options })];",
        why: 'the location is required with several dealerships',
      },
      {
        id: 'rule-service-type',
        find: "  return types.length ? [field('service_type', 'select', 'Service Type', true, { options: toOptions(types) })] : [];",
        replace:
          "  return types.length ? [field('service_type', 'select', 'Service Type', false, { options: toOptions(types) })] : [];",
        why: 'Service Type is required when options exist',
      },
      {
        id: 'rule-quick-dealership',
        find: "  if (options.length > 1) return [field('dealership_slug', 'select', 'Dealership', true, { options })];",
        replace:
          "  if (options.length > 1) return [field('dealership_slug', 'select', 'Dealership', false, { options })];",
        why: 'dealership_slug is required with several dealerships',
      },
      {
        id: 'rule-opt-in-optional',
        find: "  return field('opt_in', 'check', 'Keep me up to date with news and offers', false, { defaultValue: false });",
        replace:
          "  return field('opt_in', 'check', 'Keep me up to date with news and offers', true, { defaultValue: false });",
        why: 'opt-in is optional',
      },
      {
        id: 'rule-nz-trade-in-names',
        find: "    ? [...splitNameFields(), field('email', 'email', 'Email', true), phoneField(ctx, 'Phone')]",
        replace: '    ? [...contactFields(ctx)]',
        why: 'NZ trade-ins ask for first and last name',
      },
      {
        id: 'rule-nz-additional-comments',
        find: "commentsLabel: 'Additional Comments'",
        replace: "commentsLabel: 'Comments'",
        why: 'NZ trade-ins label Additional Comments',
      },
      {
        id: 'rule-budget-help',
        find: "export const BUDGET_HELP = 'You can borrow from $5,000 up to $150,000.';",
        replace: "export const BUDGET_HELP = 'You can borrow up to $150,000.';",
        why: 'the budget help text',
      },
      {
        id: 'rule-finance-location-optional',
        find: "          field('location_id', 'hidden', 'Vehicle Location'),",
        replace: "          field('location_id', 'text', 'Vehicle Location', true),",
        why: 'location_id is optional',
      },
      {
        id: 'rule-finance-consents',
        find: "          field('credit_check_consent', 'check', 'I consent to a credit score check', true, { defaultValue: false }),",
        replace:
          "          field('credit_check_consent', 'check', 'I consent to a credit score check', false, { defaultValue: false }),",
        why: 'the credit score check consent is required',
      },
      {
        id: 'rule-required-check',
        find: "    s = field.type === 'check' ? s.test('required', message, checked) : s.test('required', message, (v) => !isEmpty(v));\n",
        replace:
          "    s =\n      field.type === 'check'\n        ? s.test('required', message, (v) => !isEmpty(v))\n        : s.test('required', message, (v) => !isEmpty(v));\n",
        why: 'a required checkbox must be ticked',
      },
      {
        id: 'rule-typed-amount-cap',
        find: '  return Math.min(max, roundCents(n));',
        replace: '  return roundCents(n);',
        why: 'a typed amount above max is capped',
        tests: [u('lib-finance')],
      },
      {
        id: 'rule-typed-amount-nan',
        find: '  if (!/^(\\d+\\.?\\d*|\\.\\d+)$/.test(cleaned)) return 0;',
        replace: '  if (!/^(\\d+\\.?\\d*|\\.\\d+)$/.test(cleaned)) return max;',
        why: 'a typed amount that is not a number is 0',
        tests: [u('lib-finance')],
      },
    ],
  ),
  ...row(
    '§6 offers hidden by `excluded_website_ids`',
    [b('offers')],
    [
      {
        id: 'role-offers-excluded',
        find: '  if (!make) return false;',
        replace: '  if (!make) return true;',
        why: 'an excluded offer without a manufacturer is hidden',
      },
      {
        id: 'role-offers-exception',
        find: '  return site.options.offers.ignoreExclusionsForManufacturers.some((m) => m.trim().toLowerCase() === make);',
        replace: '  return false;',
        why: "the manufacturer's exception list shows excluded offers",
      },
      {
        id: 'role-offers-exception-case',
        find: '  const make = offer.manufacturer?.trim().toLowerCase();',
        replace: '  const make = offer.manufacturer?.trim();',
        why: 'the exception list ignores case',
      },
    ],
  ),
  ...row(
    '§7 `POST /api/send-to-{provider}`',
    [u('api-routes-finance'), u('finance-provider'), u('api-routes-catalogue')],
    [
      {
        id: 'call-provider-mismatch',
        find: '    if (named && named !== provider) {',
        replace: '    if (false) {',
        why: "only the site's own provider route",
        tests: [u('api-routes-finance')],
      },
      {
        id: 'call-unverified',
        find: "    satellite_site_url: status === 'unverified' && verifyUrl ? verifyUrl : webUrl(body.quoteUrl),",
        replace: '    satellite_site_url: webUrl(body.quoteUrl),',
        why: 'unverified mobiles go to the verification page',
        tests: [u('finance-provider')],
      },
      {
        id: 'call-finance-locations-fallback',
        find: '  return found ?? dealer.site.dealershipId;',
        replace: '  return found;',
        why: "finance-locations falls back to the site's dealership id",
        tests: [u('api-routes-finance')],
      },
      {
        id: 'call-finance-body-dealer',
        find: '  return { values: Object.fromEntries(Object.entries(values).filter(([k]) => !DEALER_VALUE.test(k))), fields: {} };',
        replace: '  return { values, fields: {} };',
        why: "the body's dealer values are never passed on",
        tests: [u('api-routes-finance')],
      },
      {
        id: 'call-finance-site-dealer',
        find: '          dealershipId: dealershipId ?? site.dealershipId,',
        replace: '          dealershipId: idValue(values.dealershipId) ?? dealershipId ?? site.dealershipId,',
        why: "the provider gets the site's dealership, whatever the applicant's values say",
        tests: [u('finance-provider')],
      },
      {
        id: 'call-finance-lookup-option',
        find: '  if (!car || !dealer.site.options.forms.finance.lookupCarLocation) return dealer.site.dealershipId;',
        replace: '  if (!car) return dealer.site.dealershipId;',
        why: "the car's location names the dealership only with forms.finance.lookupCarLocation",
        tests: [u('api-routes-finance')],
      },
      {
        id: 'call-finance-foreign-location',
        find: '    if (foreignLocation(dealer, values.location_id)) {',
        replace: '    if (false) {',
        why: "another dealer's location_id is refused",
        tests: [u('api-routes-finance')],
      },
      {
        id: 'call-manufacturer-ok',
        find: "    if (!isObject(body) || body.ok !== true) throw new Error('The answer is not ok');",
        replace: '',
        why: 'manufacturer-locations needs an ok status',
        tests: [b('locations')],
      },
      {
        id: 'call-manufacturer-ok-forms',
        find: '  if (!isObject(body) || body.ok !== true || !Array.isArray(body.websites)) {',
        replace: '  if (!isObject(body) || !Array.isArray(body.websites)) {',
        why: 'the simple service booking requires the ok status',
        tests: [u('forms-island-flow')],
      },
      {
        id: 'call-models-brochure',
        find: '    brochure_url: model.brochure_url?.trim() || null,',
        replace: '    brochure_url: null,',
        why: 'GET /api/models/{slug} gives the brochure_url',
        tests: [u('api-routes-catalogue')],
      },
      {
        id: 'call-lead-finance-key',
        find: '  if (answer.customerKey) finance.finance_customer_key = answer.customerKey;',
        replace: '',
        why: "the lead keeps the provider's customer key",
        tests: [u('forms-island-flow')],
      },
      {
        id: 'call-finance-location-flag',
        find: '  if (props.site.lookupCarLocation && carId) {',
        replace: '  if (carId) {',
        why: 'finance-locations only with a car_id and the flag',
        tests: [u('forms-island-flow')],
      },
    ],
  ),
  ...row(
    '§7 brochure download (new window)',
    [b('brochure')],
    [
      {
        id: 'call-brochure-window',
        find: "          window.open(url, '_blank', 'noopener');",
        replace: '          window.location.assign(url);',
        why: 'the brochure opens in a new window',
        tests: [],
        e2e: [e('models')],
      },
      {
        id: 'call-brochure-open',
        find: '  deps.open(url);',
        replace: '',
        why: 'the brochure opens in a new window',
      },
      {
        id: 'call-brochure-failed',
        find: "export const FETCH_FAILED = 'Failed to fetch model data';",
        replace: "export const FETCH_FAILED = 'Failed to fetch model';",
        why: "'Failed to fetch model data' is logged",
      },
      {
        id: 'call-brochure-missing',
        find: '    deps.warn(NO_BROCHURE, slug);',
        replace: '',
        why: 'a missing brochure url is warned',
      },
      {
        id: 'call-brochure-url',
        find: 'export const modelPath = (slug: string) => `${API_BASE}/models/${encodeURIComponent(slug)}`;',
        replace: 'export const modelPath = (slug: string) => `${API_BASE}/model/${encodeURIComponent(slug)}`;',
        why: 'the model is fetched from /api/models/{slug}',
      },
    ],
  ),
  ...row(
    '§7 car search (facet filters) and offers search (limit 200)',
    [u('api-search'), b('cars-block')],
    [
      {
        id: 'call-offers-limit',
        find: 'export const MAX_OFFER_HITS = 200;',
        replace: 'export const MAX_OFFER_HITS = 201;',
        why: 'offers are searched with a limit of 200',
        tests: [u('api-search')],
      },
      {
        id: 'call-cars-facet-filter',
        find: "    else if (values.length > 1) parts.push(`(${values.map((v) => `${attr}:${quote(v)}`).join(' OR ')})`);",
        replace: "    else if (values.length > 1) parts.push(values.map((v) => `${attr}:${quote(v)}`).join(' AND '));",
        why: "a block's facet values are ORed",
        tests: [b('cars-block')],
      },
    ],
  ),
  ...row(
    '§7 places autocomplete restricted to AU',
    [b('locations')],
    [
      {
        id: 'call-places-au',
        find: "export const PLACES_REGION_CODES = ['au'] as const;",
        replace: "export const PLACES_REGION_CODES = ['au', 'nz'] as const;",
        why: 'places are restricted to Australia',
      },
      {
        id: 'call-places-debounce',
        find: 'export const PLACES_DEBOUNCE_MS = 300;',
        replace: 'export const PLACES_DEBOUNCE_MS = 250;',
        why: 'a 300 ms debounce',
      },
      {
        id: 'call-places-regions',
        find: "export const PLACES_PRIMARY_TYPES = ['(regions)'] as const;",
        replace: "export const PLACES_PRIMARY_TYPES = ['geocode'] as const;",
        why: 'regions only',
      },
    ],
  ),
  ...row(
    '§7 `GET {host}/websites/{id}/users.json`',
    [u('cms')],
    [
      {
        id: 'call-cms-bearer',
        find: "  const headers: Record<string, string> = { Authorization: `Bearer ${config.token}`, Accept: 'application/json' };",
        replace:
          "  const headers: Record<string, string> = { Authorization: `Token ${config.token}`, Accept: 'application/json' };",
        why: 'a bearer token',
      },
      {
        id: 'call-cms-path',
        find: '  const url = `${config.url}/websites/${encodeURIComponent(String(id))}/users.json`;',
        replace: '  const url = `${config.url}/websites/${encodeURIComponent(String(id))}/users`;',
        why: 'GET /websites/{id}/users.json',
      },
      {
        id: 'call-cms-cache',
        find: '  if (cached && Date.now() - cached.fetchedAt < maxAgeMs)\n    return use(cached.body, `cached ${age(cached.fetchedAt)} ago`);\n\n',
        replace: '',
        why: 'a fresh cached copy is used without a request',
      },
    ],
  ),
  ...row(
    '§8 form submission error, finance dataErrors',
    [u('forms-island-flow'), u('forms-rules')],
    [
      {
        id: 'error-data-errors-first',
        find: '    .map(([field, m]) => `${field}: ${m[0]}`);\n',
        replace: "    .map(([field, m]) => `${field}: ${m.join(', ')}`);\n",
        why: "dataErrors show as 'field: first message'",
        tests: [u('forms-island-flow')],
      },
      {
        id: 'error-finance-error',
        find: '  if (answer.error) return { ok: false, message: answer.error };',
        replace: '',
        why: 'the finance error value is the step error',
        tests: [u('forms-island-flow')],
      },
      {
        id: 'error-alert',
        find: "  submitError: 'An error occurred',",
        replace: "  submitError: 'Something went wrong',",
        why: "'An error occurred' when the finance lead save fails",
        tests: [u('forms-island-flow')],
      },
      {
        id: 'error-step-incomplete',
        find: "  stepIncomplete: 'Please complete the form step before proceeding',",
        replace: "  stepIncomplete: 'Please complete this step',",
        why: 'the quick service step error',
        tests: [u('forms-rules')],
      },
      {
        id: 'error-quick-completion',
        find: "      completion: { fields: ['make', 'model', 'year'], message: messages.stepIncomplete },",
        replace: "      completion: { fields: ['make', 'model'], message: messages.stepIncomplete },",
        why: 'make, model and year are needed to leave Vehicle Details',
        tests: [u('forms-rules')],
      },
    ],
  ),
  ...row(
    "§8 'Failed to fetch locations'",
    [b('locations'), b('offers')],
    [
      {
        id: 'error-locations-message',
        find: "export const FETCH_FAILED = 'Failed to fetch locations';",
        replace: "export const FETCH_FAILED = 'Failed to load locations';",
        why: "'Failed to fetch locations' is logged",
        tests: [b('locations')],
      },
      {
        id: 'error-locations-empty',
        find: '    deps.error(FETCH_FAILED, error);\n    return undefined;',
        replace: '    return undefined;',
        why: 'a failed locations fetch is logged',
        tests: [b('locations')],
      },
      {
        id: 'error-geocode-logged',
        find: '        deps.error(GEOCODE_FAILED, error);',
        replace: '',
        why: 'geocode failures are logged',
        tests: [b('locations')],
      },
      {
        id: 'error-no-offers-text',
        find: '      There are no special offers right now.',
        replace: '      No offers.',
        why: 'the no-offers placeholder',
        tests: [b('offers')],
      },
    ],
  ),
];
