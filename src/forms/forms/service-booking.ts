/**
 * The service booking page form (spec §2): Rego, Vehicle Details (Service Interval, the
 * dealership location), Service Date (date, optional Comments). Heading 'Book Your Service at'
 * and the dealer name.
 *
 * Contact Details is the second step, straight after the one-field Rego step: a partial save
 * needs a name plus a phone or email, so the lead (with its rego) is kept from step two on even
 * when the visitor stops before choosing a date. Placed last, an abandoned booking would leave
 * nothing for the dealer.
 */
import type { FormBase, FormContext, FieldDef, StepDef } from '../types.ts';
import {
  addressFields,
  contactFields,
  field,
  messageField,
  toOptions,
  vehicleFields,
  vehicleStateField,
} from '../fields.ts';
import { dateField } from '../booking-fields.ts';
import { locationChoice, locationsOf } from '../dealer-choices.ts';
import { EVENT_IDS } from '../../site/analytics.ts';

export const SERVICE_CATEGORY = 'Service Booking';

export function regoField(label = 'Vehicle Rego', required = true): FieldDef {
  return field('RegoOrVin', 'rego', label, required);
}

/** Service Interval: a select of the dealer's intervals, else free text; required per site option. */
export function serviceIntervalField(ctx: FormContext): FieldDef {
  const o = ctx.site.options.forms.serviceBooking;
  const required = o.serviceIntervalRequired;
  if (o.serviceIntervals.length) {
    return field('service_interval', 'select', 'Service Interval', required, {
      options: toOptions(o.serviceIntervals),
    });
  }
  return field('service_interval', 'text', 'Service Interval', required, { placeholder: 'e.g. 15,000km or 12 months' });
}

/** The service location: required when the site has more than one service location. */
export function serviceLocationField(ctx: FormContext): FieldDef[] {
  return locationChoice(locationsOf(ctx, 'service'), 'location_id', 'Service Location');
}

/**
 * Date, optional Comments, Tyres Replacement and repair text (spec §5: all optional but the date).
 * The date keeps to the opening hours of the service location chosen in location_id.
 */
export function serviceDateFields(ctx: FormContext): FieldDef[] {
  const locations = locationsOf(ctx, 'service');
  const choice = serviceLocationField(ctx);
  return [
    dateField('preferred_date', 'Service', ctx, { locations, locationField: choice[0]?.name }),
    messageField('Comments'),
    field('tyres_replacement', 'check', 'Tyres Replacement', false, { defaultValue: false }),
    field('repair_issue', 'message', 'Describe any repairs or issues (optional)'),
  ];
}

export function contactStep(ctx: FormContext): StepDef {
  const address = ctx.site.options.forms.serviceBooking.addressFields ? addressFields(ctx) : [];
  return { key: 'contact', heading: 'Contact Details', fields: [...contactFields(ctx), ...address], rules: [] };
}

export function serviceBookingForm(ctx: FormContext): FormBase {
  return {
    heading: `Book Your Service at ${ctx.site.name}`,
    category: SERVICE_CATEGORY,
    analyticsEvent: EVENT_IDS.serviceBooking,
    steps: [
      { key: 'rego', heading: 'Rego', fields: [regoField(), vehicleStateField(ctx)], rules: [] },
      contactStep(ctx),
      {
        key: 'vehicle',
        heading: 'Vehicle Details',
        fields: [...vehicleFields(true), serviceIntervalField(ctx), ...serviceLocationField(ctx)],
        rules: [],
      },
      { key: 'date', heading: 'Service Date', fields: serviceDateFields(ctx), rules: [] },
    ],
  };
}
