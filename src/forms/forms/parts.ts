/** The parts enquiry: one step with the part wanted, the vehicle it is for and the contact details. */
import type { FormBase, FormContext } from '../types.ts';
import { contactFields, field } from '../fields.ts';
import { locationChoice, locationsOf } from '../dealer-choices.ts';

export const PARTS_CATEGORY = 'Parts Enquiry';

export function partsForm(ctx: FormContext): FormBase {
  return {
    category: PARTS_CATEGORY,
    heading: 'Parts Enquiry',
    steps: [
      {
        key: 'parts',
        heading: 'Parts Details',
        fields: [
          ...contactFields(ctx),
          field('make', 'make', 'Vehicle Make', false),
          field('model', 'text', 'Vehicle Model', false),
          field('year', 'year', 'Vehicle Year', false),
          field('RegoOrVin', 'text', 'Rego or VIN', false, { autoComplete: 'off' }),
          field('part_number', 'text', 'Part Number (if known)', false, { autoComplete: 'off' }),
          field('message', 'message', 'Which parts do you need?', true),
          ...locationChoice(locationsOf(ctx, 'parts', false), 'location_id', 'Parts Department'),
        ],
        rules: [],
      },
    ],
  };
}
