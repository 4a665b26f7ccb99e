/**
 * The trade-in form (spec §2, §3, §5): 'Step One Your Details', 'Step Two Your Vehicle'. NZ sites
 * ask for first and last name (both required) and label the comments 'Additional Comments'.
 * Completion event 18.
 */
import type { FormBase, FormContext, FieldDef } from '../types.ts';
import { contactFields, field, messageField, phoneField, splitNameFields, vehicleFields } from '../fields.ts';
import { locationChoice, locationsOf } from '../dealer-choices.ts';
import { EVENT_IDS } from '../../site/analytics.ts';
import { locale } from '../../lib/locale.ts';
import { regoLookupFields } from '../custom-steps/rego-lookup.ts';

export const TRADE_IN_CATEGORY = 'Trade In Enquiry';

/**
 * The visitor's vehicle: make, model, year, variant, plate (with its state in Australia),
 * kilometres. The plate is the rego lookup's (custom step `regoLookup`), which fills the rest.
 */
export function ownVehicleFields(ctx: FormContext): FieldDef[] {
  const wording = locale(ctx.site.country).forms.tradeIn;
  return [
    ...vehicleFields(true, { make: 'Make', model: 'Model', year: 'Year' }),
    field('variant', 'text', 'Variant', false),
    ...regoLookupFields(ctx),
    field('kms', 'text', wording.kmsLabel, true, { inputMode: 'numeric', placeholder: 'e.g. 85,000' }),
  ];
}

/** What a step asking for the visitor's vehicle adds: the rego lookup above its fields. */
export function regoLookupStep(ctx: FormContext) {
  return { customStepKey: 'regoLookup', apiSite: ctx.site.slug } as const;
}

export function tradeInForm(ctx: FormContext): FormBase {
  const wording = locale(ctx.site.country).forms.tradeIn;
  const names = wording.splitName
    ? [...splitNameFields(), field('email', 'email', 'Email', true), phoneField(ctx, 'Phone')]
    : contactFields(ctx);
  return {
    category: TRADE_IN_CATEGORY,
    heading: 'Trade In Your Car',
    analyticsEvent: EVENT_IDS.tradeIn,
    steps: [
      { key: 'details', heading: 'Step One Your Details', fields: names, rules: [] },
      {
        key: 'vehicle',
        heading: 'Step Two Your Vehicle',
        ...regoLookupStep(ctx),
        fields: [
          ...ownVehicleFields(ctx),
          field('expected_price', 'currency', 'Expected Trade In Price', false, { placeholder: '$' }),
          messageField(wording.commentsLabel),
          ...locationChoice(locationsOf(ctx, 'sales')),
        ],
        rules: [],
      },
    ],
  };
}
