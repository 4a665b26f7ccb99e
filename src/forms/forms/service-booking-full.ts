/**
 * The full service booking form (spec §2): Contact Details, Vehicle Details, Order Details.
 * With the site option `vehicleStep` false it has two steps: the rego and Service Interval move to
 * Order Details, and make, model and year are dropped (the dealer looks the vehicle up from the
 * rego, as such dealers tell their visitors).
 */
import type { FormBase, FormContext, FieldDef } from '../types.ts';
import { field, toOptions, vehicleFields, vehicleStateField } from '../fields.ts';
import { EVENT_IDS } from '../../site/analytics.ts';
import {
  SERVICE_CATEGORY,
  contactStep,
  regoField,
  serviceDateFields,
  serviceIntervalField,
  serviceLocationField,
} from './service-booking.ts';

/** Service Type: a required select when the dealer lists types, else nothing. */
export function serviceTypeField(ctx: FormContext): FieldDef[] {
  const types = ctx.site.options.forms.serviceBooking.serviceTypes;
  return types.length ? [field('service_type', 'select', 'Service Type', true, { options: toOptions(types) })] : [];
}

export function serviceBookingFullForm(ctx: FormContext, opts: { withMake?: boolean } = {}): FormBase {
  const withMake = opts.withMake ?? true;
  const vehicleStep = ctx.site.options.forms.serviceBooking.vehicleStep;
  const order = [...serviceTypeField(ctx), ...serviceLocationField(ctx), ...serviceDateFields(ctx)];
  const vehicle = [
    regoField(),
    vehicleStateField(ctx),
    ...vehicleFields(true).filter((f) => withMake || f.name !== 'make'),
    serviceIntervalField(ctx),
  ];
  return {
    category: SERVICE_CATEGORY,
    heading: 'Book a Service',
    analyticsEvent: EVENT_IDS.serviceBooking,
    steps: vehicleStep
      ? [
          contactStep(ctx),
          { key: 'vehicle', heading: 'Vehicle Details', fields: vehicle, rules: [] },
          { key: 'order', heading: 'Order Details', fields: order, rules: [] },
        ]
      : [
          contactStep(ctx),
          {
            key: 'order',
            heading: 'Order Details',
            fields: [regoField(), vehicleStateField(ctx), serviceIntervalField(ctx), ...order],
            rules: [],
          },
        ],
  };
}
