/**
 * The finance application (spec §2, §3, §4, §5): step 1 Contact Details (saved once, with
 * analytics event 31), step 2 titled by the site option `finance.step2Title`. The last step posts
 * to the finance provider route instead of the lead route; the completion event is 28.
 */
import type { FormBase, FormContext, FieldDef } from '../types.ts';
import { field, phoneField, splitNameFields } from '../fields.ts';
import { birthDateField } from '../booking-fields.ts';
import { locationsOf } from '../dealer-choices.ts';
import { EVENT_IDS } from '../../site/analytics.ts';

export const FINANCE_CATEGORY = 'Finance Enquiry';
export const BUDGET_MIN = 5_000;
export const BUDGET_MAX = 150_000;
export const BUDGET_HELP = 'You can borrow from $5,000 up to $150,000.';

/** The dealership the visitor prefers to deal with, by name (the lead value preferredDealership). */
function preferredDealershipField(ctx: FormContext): FieldDef[] {
  const names = [...new Set(locationsOf(ctx, 'sales').map((l) => l.name))];
  if (names.length > 1) {
    return [
      field('preferredDealership', 'select', 'Preferred Dealership', true, {
        options: names.map((n) => ({ label: n, value: n })),
      }),
    ];
  }
  const only = names[0] ?? ctx.site.name;
  return [field('preferredDealership', 'hidden', 'Preferred Dealership', false, { defaultValue: only })];
}

export function financeForm(ctx: FormContext): FormBase {
  return {
    category: FINANCE_CATEGORY,
    heading: 'Apply for Finance',
    submit: 'finance',
    analyticsEvent: EVENT_IDS.financeCompletion,
    steps: [
      {
        key: 'contact',
        heading: 'Contact Details',
        fields: [
          ...splitNameFields(true),
          field('email', 'email', 'Email', true),
          phoneField(ctx),
          // 18 to 100 years old: '*You must be 18 or older to apply for finance'.
          birthDateField(ctx),
          field('driverLicenceNumber', 'text', 'Driver Licence Number', true, { autoComplete: 'off' }),
          field('currentAddress', 'text', 'Your Current Address', true, { autoComplete: 'street-address' }),
        ],
        rules: [],
        analyticsEvent: EVENT_IDS.financeFirstStep,
      },
      {
        key: 'finance',
        heading: ctx.site.options.forms.finance.step2Title,
        fields: [
          ...preferredDealershipField(ctx),
          field('vehiclePriceBudget', 'currency', 'Vehicle Price Budget', true, {
            min: BUDGET_MIN,
            max: BUDGET_MAX,
            help: BUDGET_HELP,
            placeholder: '$30,000',
          }),
          // The stock vehicle's location and id arrive from the page query (car_id), never typed.
          field('location_id', 'hidden', 'Vehicle Location'),
          field('car_id', 'hidden', 'Vehicle'),
          field('privacy_consent', 'check', 'I have read and agree to the Privacy Policy', true, {
            defaultValue: false,
          }),
          field('credit_check_consent', 'check', 'I consent to a credit score check', true, { defaultValue: false }),
          field('electronic_communication', 'check', 'I agree to receive documents and messages electronically', true, {
            defaultValue: false,
          }),
        ],
        rules: [],
      },
    ],
  };
}
