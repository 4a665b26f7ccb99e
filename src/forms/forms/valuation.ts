/**
 * The valuation (sell my car) form: the visitor's details first so a partial save keeps the lead,
 * then the vehicle and its condition. Completion event 40.
 */
import type { FormBase, FormContext } from '../types.ts';
import { contactFields, field, messageField, toOptions } from '../fields.ts';
import { locationChoice, locationsOf } from '../dealer-choices.ts';
import { EVENT_IDS } from '../../site/analytics.ts';
import { ownVehicleFields, regoLookupStep } from './trade-in.ts';

export const VALUATION_CATEGORY = 'Valuation Enquiry';
export const CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor'];

export function valuationForm(ctx: FormContext): FormBase {
  return {
    category: VALUATION_CATEGORY,
    heading: 'Value My Car',
    analyticsEvent: EVENT_IDS.tradeInValuation,
    steps: [
      { key: 'details', heading: 'Your Details', fields: contactFields(ctx), rules: [] },
      {
        key: 'vehicle',
        heading: 'Your Vehicle',
        ...regoLookupStep(ctx),
        fields: [
          ...ownVehicleFields(ctx),
          field('condition', 'radio', 'Overall Condition', true, { options: toOptions(CONDITIONS) }),
          field('expected_price', 'currency', 'Expected Price', false, { placeholder: '$' }),
          messageField('Anything else we should know?'),
          ...locationChoice(locationsOf(ctx, 'sales')),
        ],
        rules: [],
      },
    ],
  };
}
