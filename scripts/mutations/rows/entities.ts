/**
 * Mutations of the rows of docs/spec-coverage.md for §3 Entities: the site and its options, blocks and pages, the
 * content's entities, the staff order and a lead's values.
 * Listed by ../list.ts.
 */
import { b, row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    'Site and every SiteOption with its default',
    [u('content-load')],
    [
      {
        id: 'site-profile-pages-default',
        find: 'profilePages: opt(z.boolean()).default(true),',
        replace: 'profilePages: opt(z.boolean()).default(false),',
        why: 'profile pages are on by default',
      },
      {
        id: 'site-used-stock-default',
        find: "usedStockSuffixes: opt(z.array(z.string())).default(['Automotive Direct', 'Direct Used Cars']),",
        replace: "usedStockSuffixes: opt(z.array(z.string())).default(['Automotive Direct']),",
        why: 'both used-stock suffixes of the spec by default',
      },
      {
        id: 'site-step2-title-default',
        find: "step2Title: opt(z.string()).default('Finance Details'),",
        replace: "step2Title: opt(z.string()).default('Almost There!'),",
        why: 'finance step 2 is Finance Details by default',
      },
      {
        id: 'site-quick-steps-default',
        find: "steps: opt(z.array(quickServiceStep).min(1)).default(['vehicle', 'contact', 'order']),",
        replace: "steps: opt(z.array(quickServiceStep).min(1)).default(['contact', 'vehicle', 'order']),",
        why: 'quick service: vehicle, contact, order by default',
      },
      {
        id: 'site-terms-default',
        find: 'termsRequired: opt(z.boolean()).default(false),',
        replace: 'termsRequired: opt(z.boolean()).default(true),',
        why: 'terms are required on one site only',
      },
    ],
  ),
  ...row(
    'Block, Page',
    [u('content-load'), u('spec-rules-entities')],
    [
      {
        id: 'form-default-category',
        find: "category: opt(z.string()).default('General Enquiry'),",
        replace: "category: opt(z.string()).default('Enquiry'),",
        why: 'form category defaults to General Enquiry',
      },
      {
        id: 'form-default-heading',
        find: "heading: opt(z.string()).default('Submit an Enquiry'),",
        replace: "heading: opt(z.string()).default('Enquire'),",
        why: 'form heading defaults to Submit an Enquiry',
      },
      {
        id: 'page-path-normalised',
        find: "  if (p.length > 1) p = p.replace(/\\/+$/, '');",
        replace: '',
        why: 'page paths have no trailing slash',
      },
      {
        id: 'block-tunes',
        find: '  tunes: opt(z.looseObject({ classname: opt(z.string()), alignment: opt(alignment) })),\n',
        replace: '  tunes: opt(z.looseObject({ classname: opt(z.string()) })),\n',
        why: 'block tunes carry the alignment',
      },
    ],
  ),
  ...row(
    'Model, variant, colour, offer, car, staff, location, brand, slide, reviews',
    [u('content-load'), u('spec-rules-entities')],
    [
      {
        id: 'entity-model-status',
        find: "  status: opt(z.enum(['available', 'coming_soon'])).default('available'),",
        replace: "  status: opt(z.enum(['available', 'coming_soon'])).default('coming_soon'),",
        why: 'a model is available unless it says coming_soon',
      },
      {
        id: 'entity-car-status',
        find: "  status: opt(z.enum(['available', 'sold', 'hidden'])).default('available'),",
        replace: "  status: opt(z.enum(['available', 'sold', 'hidden'])).default('hidden'),",
        why: 'a car is available unless it says otherwise',
      },
      {
        id: 'entity-excluded-ids',
        find: '  excluded_website_ids: opt(z.array(z.number())).default([]),',
        replace: '  excluded_website_ids: opt(z.array(z.string())).default([]),',
        why: 'excluded_website_ids are website ids',
      },
      {
        id: 'entity-location-address',
        find: '  address: z.object({ lat: z.number(), long: z.number(), address: z.string() }),',
        replace: '  address: z.object({ lat: z.number(), long: z.number(), address: opt(z.string()) }),',
        why: 'a location has an address',
      },
    ],
  ),
  ...row(
    'Staff category default order',
    [b('staff')],
    [
      {
        id: 'staff-order-swap',
        find: "  'service',\n  'parts',\n",
        replace: "  'parts',\n  'service',\n",
        why: 'service comes before parts',
      },
      {
        id: 'staff-other-after',
        find: '    return i === -1 ? defaultCategoryOrder.length : i;',
        replace: '    return i === -1 ? -1 : i;',
        why: 'other categories follow the default order',
      },
      {
        id: 'staff-no-category-last',
        find: "    if (key === '') return Number.MAX_SAFE_INTEGER;",
        replace: "    if (key === '') return 0;",
        why: 'members with no category come last',
      },
    ],
  ),
  ...row(
    'Lead submission values (spec §3',
    [u('forms-island-values'), u('api-leads'), u('forms-types'), u('api-leads-forgery'), u('api-leads-server-values')],
    [
      {
        id: 'lead-owned-replaced',
        find: '    if (!chosenInField) delete values[key];',
        replace: '',
        why: 'a value the server owns is never the one the visitor sent',
        tests: [u('api-leads-server-values'), u('api-leads-forgery')],
      },
      {
        id: 'lead-owned-page-title',
        find: '  values.PageTitle = page.title;',
        replace: '',
        why: "the stored PageTitle is the page's",
        tests: [u('api-leads-forgery')],
      },
      {
        id: 'lead-owned-foreign-location',
        find: '      !facts.locationIds.has(location) ||',
        replace: '',
        why: "another dealer's location is refused on every form",
        tests: [u('api-leads-server-values'), u('api-leads-forgery')],
      },
      {
        id: 'lead-owned-select-options',
        find: '    if (chosen !== undefined && !offers(f, chosen) && !(f.name in problems))',
        replace: '    if (false)',
        why: 'a lead category or location select holds one of its options on every save',
        tests: [u('api-leads-server-values'), u('api-leads-forgery')],
      },
      {
        id: 'lead-owned-category-column',
        find: '          category: owned.category,',
        replace: '          category: String(save.values.category ?? owned.category),',
        why: "the lead's category is the form's, not the request's",
        tests: [u('api-leads-forgery')],
      },
      {
        id: 'lead-page-id',
        find: '  out.page_id = ctx.page.id;',
        replace: '',
        why: 'a lead carries page_id',
        tests: [u('forms-island-values')],
      },
      {
        id: 'lead-page-title',
        find: '  out.PageTitle = ctx.page.title;',
        replace: '',
        why: 'a lead carries PageTitle',
        tests: [u('forms-island-values')],
      },
      {
        id: 'lead-rego',
        find: "  if (typeof rego === 'string' && rego.trim()) out.RegoOrVin = rego.trim();",
        replace: '',
        why: 'a lead carries RegoOrVin',
        tests: [u('forms-island-values')],
      },
      {
        id: 'lead-send-email',
        find: '  out.send_customer_email = true;',
        replace: '',
        why: 'a lead carries send_customer_email',
        tests: [u('forms-island-values')],
      },
      {
        id: 'lead-location-dealership',
        find: '  if (location?.dealership_id) dealer.dealership_id = location.dealership_id;',
        replace: '',
        why: 'a chosen location names its dealership',
        tests: [u('forms-island-values')],
      },
      {
        id: 'lead-subcategory',
        find: '  if (ctx.def.subcategory) out.subcategory = ctx.def.subcategory;',
        replace: '',
        why: 'a lead carries its subcategory',
        tests: [u('forms-island-values'), u('spec-rules-entities')],
      },
      {
        id: 'lead-status-complete',
        find: "  lead_status    = CASE WHEN ${s}.form_completed THEN 'Complete' ELSE l.lead_status END,",
        replace: "  lead_status    = CASE WHEN ${s}.form_completed THEN 'Completed' ELSE l.lead_status END,",
        why: 'a final save marks the lead Complete',
        tests: [u('api-leads')],
      },
      {
        id: 'lead-trade-in-kms-nz',
        find: "kmsLabel: 'Vehicle Kilometers'",
        replace: "kmsLabel: 'Kms'",
        why: 'NZ trade-ins ask for Vehicle Kilometers',
        tests: [u('forms-types'), u('spec-rules-entities')],
      },
      {
        id: 'lead-finance-middle-name',
        find: '          ...splitNameFields(true),',
        replace: '          ...splitNameFields(),',
        why: 'the finance form has an optional middle name',
        tests: [u('forms-types')],
      },
      {
        id: 'lead-service-tyres',
        find: "    field('tyres_replacement', 'check', 'Tyres Replacement', false, { defaultValue: false }),",
        replace: "    field('tyres_replacement', 'check', 'Tyres Replacement', true, { defaultValue: false }),",
        why: 'Tyres Replacement is an optional checkbox',
        tests: [u('forms-types')],
      },
      {
        id: 'lead-vehicle-state',
        find: "  return field('vehicle_state', 'select', 'Vehicle State', false, {\n    options: toOptions(AU_STATES),\n    ...stateDefault(ctx),\n  });\n",
        replace:
          "  return field('vehicle_state', 'select', 'Vehicle State', false, { options: toOptions(AU_STATES) });\n",
        why: "Vehicle State defaults to the dealer's state",
        tests: [u('forms-types')],
      },
    ],
  ),
];
