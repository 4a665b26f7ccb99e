/**
 * The quick service booking (spec §2, §4, §5): steps from the site option `quickService.steps`
 * (default vehicle, contact, order). Vehicle Details asks for the rego first, then make, model and
 * year, all required; leaving the step without make, model or year shows the step error 'Please
 * complete the form step before proceeding'. Order Details: Service Type (required when the
 * dealer lists types), dealership_slug (required when there are several dealerships) and the
 * preferred date.
 */
import type { FormBase, FormContext, FieldDef, StepDef } from '../types.ts';
import { field, messageField, vehicleFields } from '../fields.ts';
import { dateField } from '../booking-fields.ts';
import { dealershipOptions, locationsOf } from '../dealer-choices.ts';
import { messages } from '../messages.ts';
import { EVENT_IDS } from '../../site/analytics.ts';
import { SERVICE_CATEGORY, contactStep, regoField } from './service-booking.ts';
import { serviceTypeField } from './service-booking-full.ts';

/** dealership_slug: a required select with several dealerships, a hidden value with one. */
function dealershipField(ctx: FormContext): FieldDef[] {
  const options = dealershipOptions(locationsOf(ctx, 'service'));
  if (options.length > 1) return [field('dealership_slug', 'select', 'Dealership', true, { options })];
  if (options.length === 1)
    return [field('dealership_slug', 'hidden', 'Dealership', false, { defaultValue: options[0]!.value })];
  return [];
}

/** The preferred date, on a day the chosen dealership's service department is open. */
function quickDateField(ctx: FormContext, dealership: FieldDef[]): FieldDef {
  const locations = locationsOf(ctx, 'service');
  return dealership.length
    ? dateField('preferred_date', 'Service', ctx, {
        locations,
        locationField: 'dealership_slug',
        keyOf: (l) => l.dealership?.slug,
      })
    : dateField('preferred_date', 'Service', ctx, { locations });
}

export function quickServiceForm(ctx: FormContext): FormBase {
  const steps: Record<'vehicle' | 'contact' | 'order', () => StepDef> = {
    vehicle: () => ({
      key: 'vehicle',
      heading: 'Vehicle Details',
      fields: [regoField(), ...vehicleFields(true)],
      rules: [],
      completion: { fields: ['make', 'model', 'year'], message: messages.stepIncomplete },
    }),
    contact: () => contactStep(ctx),
    order: () => {
      const dealership = dealershipField(ctx);
      return {
        key: 'order',
        heading: 'Order Details',
        fields: [...serviceTypeField(ctx), ...dealership, quickDateField(ctx, dealership), messageField('Comments')],
        rules: [],
      };
    },
  };
  const keys = [...new Set(ctx.site.options.forms.quickService.steps)];
  return {
    category: SERVICE_CATEGORY,
    heading: 'Book a Service',
    analyticsEvent: EVENT_IDS.serviceBooking,
    steps: keys.map((k) => steps[k]()),
  };
}
