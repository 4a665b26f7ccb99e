/**
 * The test drive booking (/book-test-drive, optional ?make= which the island prefills): the car
 * and a preferred date first, then the visitor's details.
 */
import type { FormBase, FormContext, FieldDef } from '../types.ts';
import { contactFields, field, messageField, toOptions } from '../fields.ts';
import { dateField } from '../booking-fields.ts';
import { dealerMakes, locationChoice, locationsOf } from '../dealer-choices.ts';

export const TEST_DRIVE_CATEGORY = 'Test Drive Booking';

/** A model select of the dealer's available models, else a text field. */
function modelField(ctx: FormContext): FieldDef {
  const names = [...new Set(ctx.models.filter((m) => m.status !== 'coming_soon').map((m) => m.name))];
  return names.length
    ? field('model', 'select', 'Model', true, { options: toOptions(names) })
    : field('model', 'text', 'Model', true);
}

export function testDriveForm(ctx: FormContext): FormBase {
  const makes = dealerMakes(ctx);
  const sales = locationsOf(ctx, 'sales');
  const location = locationChoice(sales);
  return {
    category: TEST_DRIVE_CATEGORY,
    heading: 'Book a Test Drive',
    steps: [
      {
        key: 'vehicle',
        heading: 'Choose Your Vehicle',
        fields: [
          field('make', 'make', 'Make', true, makes.length ? { options: toOptions(makes) } : {}),
          modelField(ctx),
          ...location,
          // A day and time the chosen location's sales team is open.
          dateField('preferred_date', 'Test Drive', ctx, { locations: sales, locationField: location[0]?.name }),
        ],
        rules: [],
      },
      { key: 'details', heading: 'Your Details', fields: [...contactFields(ctx), messageField('Comments')], rules: [] },
    ],
  };
}
