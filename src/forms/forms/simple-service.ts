/**
 * The simple service booking (spec §4): the visitor first chooses a make. When exactly one
 * dealership website services that make the visitor goes there; when several do, a location
 * selector chooses; when none does, the rest of the form (the full service booking without its
 * make field) opens. The island fetches GET /api/manufacturer-locations and asks
 * `matchServiceSites` (src/forms/service-sites.ts) which of the three applies.
 */
import type { FormBase, FormContext, FieldDef } from '../types.ts';
import { field, toOptions } from '../fields.ts';
import { dealerMakes } from '../dealer-choices.ts';
import { serviceBookingFullForm } from './service-booking-full.ts';
import { MAKE_STEP_KEY } from '../service-sites.ts';

export function simpleServiceForm(ctx: FormContext): FormBase {
  const makes = dealerMakes(ctx);
  const make: FieldDef = makes.length
    ? field('make', 'radioCard', 'Vehicle Make', true, { options: toOptions(makes) })
    : field('make', 'make', 'Vehicle Make', true);
  const rest = serviceBookingFullForm(ctx, { withMake: false });
  return {
    ...rest,
    steps: [{ key: MAKE_STEP_KEY, heading: 'Choose Your Make', fields: [make], rules: [] }, ...rest.steps],
  };
}
