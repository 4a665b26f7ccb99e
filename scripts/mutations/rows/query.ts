/**
 * Mutations of the rows of docs/spec-coverage.md for §2 Query parameters: the parameters a page reads (tabs, locations,
 * the cars search state, prefills) and what it does with them.
 * Listed by ../list.ts.
 */
import { b, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    '`team` selects the staff tab',
    [b('team-cards'), u('tabs')],
    [
      {
        id: 'query-team-param',
        find: "export const TEAM_PARAM = 'team';",
        replace: "export const TEAM_PARAM = 'category';",
        why: '?team= selects the staff tab',
      },
      {
        id: 'query-team-label',
        find: 'query: c.slug, match: [c.label] }',
        replace: 'query: c.slug }',
        why: '?team= may name the category as written',
      },
      {
        id: 'query-tabs-case',
        find: "  return value.trim().toLowerCase().replace(/\\s+/g, ' ');",
        replace: "  return value.trim().replace(/\\s+/g, ' ');",
        why: 'tab query values match in any case',
      },
      {
        id: 'query-tabs-write',
        find: '  else url.searchParams.set(param, tab.query);',
        replace: '',
        why: 'choosing a tab writes it to the URL',
      },
    ],
  ),
  ...row(
    '`body` selects the model category tab',
    [b('model-range'), u('spec-rules-routes')],
    [
      {
        id: 'query-body-param',
        find: "export const BODY_PARAM = 'body';",
        replace: "export const BODY_PARAM = 'category';",
        why: '?body= selects the category tab',
      },
      {
        id: 'query-body-case',
        find: '  const i = tabs.findIndex((t) => categoryKey(t.label) === key || t.key === key);',
        replace: '  const i = tabs.findIndex((t) => t.label === wanted || t.key === wanted);',
        why: '?body= matches the category in any case',
      },
      {
        id: 'query-body-all',
        find: "  if (tab.key === 'all') url.searchParams.delete(BODY_PARAM);\n  else url.searchParams.set(BODY_PARAM, tab.label);",
        replace: '  url.searchParams.set(BODY_PARAM, tab.label);',
        why: 'choosing All removes ?body=',
      },
      {
        id: 'query-body-items',
        find: "  return tabs.map((t) => ({\n    key: t.key,\n    label: t.label,\n    match: [t.label],\n    query: t.key === 'all' ? undefined : t.label,\n  }));\n",
        replace: '  return tabs.map((t) => ({ key: t.key, label: t.label, match: [t.label], query: t.label }));\n',
        why: 'the range tabs write no ?body= for All',
      },
    ],
  ),
  ...row(
    '`model` selects the offers tab',
    [b('offers')],
    [
      {
        id: 'query-model-param',
        find: "export const MODEL_PARAM = 'model';",
        replace: "export const MODEL_PARAM = 'offer';",
        why: '?model= selects the offers tab',
      },
      {
        id: 'query-model-all',
        find: 'query: i === 0 ? undefined : t.value }',
        replace: 'query: t.value }',
        why: 'All Offers has no ?model= in its URL',
      },
      {
        id: 'query-model-default-label',
        find: "export const ALL_LABEL = 'All Offers';",
        replace: "export const ALL_LABEL = 'All';",
        why: 'the default tab is All Offers',
      },
    ],
  ),
  ...row(
    '`locationId`, `locationType`, `lat`, `lng`, `userLocation`',
    [b('locations')],
    [
      {
        id: 'query-location-id',
        find: "const locationId = params.get('locationId')?.trim() || undefined;",
        replace: "const locationId = params.get('location_id')?.trim() || undefined;",
        why: '?locationId= is read',
      },
      {
        id: 'query-location-type-case',
        find: "const locationType = params.get('locationType')?.trim().toLowerCase() || undefined;",
        replace: "const locationType = params.get('locationType')?.trim() || undefined;",
        why: 'location types are lowercased',
      },
      {
        id: 'query-location-latlng',
        find: "const origin = parseLatLng(params.get('lat'), params.get('lng'));",
        replace: "const origin = parseLatLng(params.get('lng'), params.get('lat'));",
        why: 'lat and lng are read as latitude and longitude',
      },
      {
        id: 'query-user-location-ask',
        find: '    askLocation: ask && !origin,',
        replace: '    askLocation: ask,',
        why: 'a given point wins over userLocation=true',
      },
      {
        id: 'query-user-location-label',
        find: '    originLabel: !ask && user ? user.slice(0, 120) : undefined,',
        replace: '    originLabel: undefined,',
        why: 'userLocation names the place searched from',
      },
      {
        id: 'query-location-write',
        find: "  if (state.label) p.set('userLocation', state.label);",
        replace: "  if (state.label) p.set('location', state.label);",
        why: 'a search writes userLocation back',
      },
    ],
  ),
  ...row(
    'Cars search state in the URL',
    [b('cars-block'), u('spec-rules-routes')],
    [
      {
        id: 'cars-url-query',
        find: '      if (s.query) route.q = s.query;',
        replace: '',
        why: 'the keyword is kept in the URL',
      },
      {
        id: 'cars-url-page',
        find: '      if (s.page && s.page > 1) route.page = String(s.page);',
        replace: '      if (s.page) route.page = String(s.page);',
        why: 'page 1 is left out of the URL',
      },
      {
        id: 'cars-url-facet',
        find: "simple_body: 'body',",
        replace: "simple_body: 'simple_body',",
        why: 'facets have short names in the URL',
      },
      {
        id: 'cars-url-range',
        find: "        if (value && /^-?\\d*(\\.\\d+)?:-?\\d*(\\.\\d+)?$/.test(value) && value !== ':') (s.range ??= {})[attr] = value;",
        replace: '        if (value) (s.range ??= {})[attr] = value;',
        why: 'malformed ranges in the URL are ignored',
      },
      {
        id: 'cars-url-sort',
        find: "      if (sort && sort.index !== 'cars') route.sort = sort.key;",
        replace: '      if (sort) route.sort = sort.key;',
        why: 'the default sort is left out of the URL',
      },
    ],
  ),
  ...row(
    '`stock_number`, `selected_car` prefill',
    [u('forms-island-values'), u('spec-rules-routes')],
    [
      {
        id: 'query-stock-number',
        find: "  prefill('stock_number', q.get('stock_number'));\n",
        replace: '',
        why: '?stock_number= prefills',
      },
      {
        id: 'query-selected-car',
        find: "  prefill('selected_car', q.get('selected_car'));\n",
        replace: '',
        why: '?selected_car= prefills',
      },
      {
        id: 'query-prefill-only-empty',
        find: '    if (!v || (onlyFields && !names.has(name)) || !empty(name)) return;',
        replace: '    if (!v || (onlyFields && !names.has(name))) return;',
        why: 'a prefill never replaces an answer',
      },
      {
        id: 'query-budget-override',
        find: '  if (budget !== undefined) next.vehiclePriceBudget = budget;',
        replace: "  if (budget !== undefined && empty('vehiclePriceBudget')) next.vehiclePriceBudget = budget;",
        why: '?vehiclePriceBudget= overrides the answer',
      },
      {
        id: 'query-car-id-override',
        find: '  if (carId) next.car_id = carId;',
        replace: '',
        why: '?car_id= overrides',
      },
    ],
  ),
  ...row(
    '`category`, `subcategory`, `offer_rejected`, `user`, `selectedLocations`',
    [b('success-variants'), b('success-messages'), u('spec-rules-routes')],
    [
      {
        id: 'query-success-rejected-false',
        find: '    offerRejected: rejected !== null && !/^(false|0|no)$/i.test(rejected.trim()),',
        replace: '    offerRejected: rejected !== null,',
        why: 'offer_rejected=false is not a rejection',
      },
      {
        id: 'query-success-locations-split',
        find: ".flatMap((v) => v.split(','))",
        replace: '',
        why: 'selectedLocations may list ids separated by commas',
      },
      {
        id: 'query-success-user-team-only',
        find: "  const teamMember = (category === 'team-member-enquiry' ? knownMember(query.user, options) : undefined) ?? 'our team';",
        replace: "  const teamMember = knownMember(query.user, options) ?? 'our team';",
        why: 'user is read only for team-member-enquiry',
      },
      {
        id: 'query-success-user-known-only',
        find: '  return user !== undefined && options.teamMembers.includes(user) ? user : undefined;',
        replace: '  return user;',
        why: "the thank-you names only one of the dealer's team members",
        tests: [b('success-variants'), b('success-messages')],
      },
      {
        id: 'query-success-team-with-profiles',
        find: '  const names = dealer.team.filter((m) => profileHref(dealer.site, m)).map((m) => m.name.trim());',
        replace: '  const names = dealer.team.map((m) => m.name.trim());',
        why: 'the names are those of members an enquiry can be sent to (a profile page)',
        tests: [b('success-block')],
      },
      {
        id: 'query-success-no-category',
        find: "  const category = slug(query.category) || 'general-enquiry';",
        replace: "  const category = slug(query.category) || 'generic';",
        why: 'general-enquiry is used when there is no category',
      },
      {
        id: 'query-success-url-user',
        find: "  if (category === 'team-member-enquiry' && user) q.set('user', user);",
        replace: '',
        why: 'a team-member enquiry sends the member to the thank-you page',
        tests: [u('forms-island-values')],
      },
      {
        id: 'query-success-url-locations',
        find: "  if (category === 'test-drive-booking' && values.location_id) q.set('selectedLocations', String(values.location_id));",
        replace: '',
        why: 'a test drive sends its location to the thank-you page',
        tests: [u('forms-island-values')],
      },
    ],
  ),
];
