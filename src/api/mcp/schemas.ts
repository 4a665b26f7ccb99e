/**
 * The tools' input schemas, built from the contracts' own schemas and limits: the lead values of
 * POST /api/leads (src/features/leads/contract/leads.ts), the car of POST /api/reservations
 * (src/features/reservations/contract/reservations.ts), a car page's slug (stock-car.ts), the
 * search indexes' sort orders and hit limits, the compare table's size and the test-drive step's
 * days. The SDK turns them into each tool's JSON Schema, with these descriptions.
 */
import { z } from 'astro/zod';
import { reservationRequest } from '../../features/reservations/contract/reservations.ts';
import { MAX_CAR_SLUG_LENGTH } from '../../features/stock/contract/stock-car.ts';
import { MAX_CAR_HITS, ORDER_COLUMNS } from '../../features/search/rules/indexes.ts';
import { MAX_COMPARE } from '../../features/shortlist/rules/shortlist.ts';
import { DAYS_OFFERED } from '../../forms/custom-steps/test-drive-slots.ts';
import { MAX_LENGTH } from '../../forms/schema.ts';
import { plainText } from '../../contract/parse.ts';

/** The sort orders of the cars index's replicas ("price_asc" is the index cars_price_asc). */
export const SORTS = ORDER_COLUMNS.map((o) => o.replace(/^o_/, '')) as [string, ...string[]];

const facet = (what: string) => z.string().trim().min(1).max(100).optional().describe(what);
const amount = (what: string) => z.number().finite().nonnegative().optional().describe(what);

export const searchCarsInput = {
  query: z
    .string()
    .max(512)
    .optional()
    .describe(
      'Words to look for in the cars (make, model, badge, colour, features…), as a shopper types them; spelling mistakes are tolerated as on the site ("Toyta" finds Toyota).',
    ),
  make: facet('The make, e.g. "Toyota".'),
  model: facet('The model, e.g. "Corolla".'),
  body: facet('The body type, e.g. "SUV", "Sedan", "Ute", "Hatch".'),
  fuel: facet('The fuel, e.g. "Petrol", "Diesel", "Hybrid", "Electric".'),
  transmission: facet('The transmission, e.g. "Automatic" or "Manual".'),
  location: facet('The name of one of the dealer’s locations (dealer_info lists them).'),
  condition: z.enum(['new', 'used', 'demo']).optional().describe('New, used or demonstrator cars only.'),
  price_min: amount('Lowest price in dollars (the price the car page shows first).'),
  price_max: amount('Highest price in dollars, e.g. 40000 for "under $40,000".'),
  year_min: z.number().int().min(1900).max(2100).optional().describe('Oldest build year.'),
  year_max: z.number().int().min(1900).max(2100).optional().describe('Newest build year.'),
  km_min: amount('Fewest kilometres on the odometer.'),
  km_max: amount('Most kilometres on the odometer, e.g. 100000 for "under 100,000 km".'),
  sort: z.enum(SORTS).optional().describe('Order of the results; without it, best match first (then newest).'),
  limit: z.number().int().min(1).max(MAX_CAR_HITS).optional().describe('Cars per page (10 when not given).'),
  page: z.number().int().min(0).max(1000).optional().describe('Page of results, from 0.'),
};

export type SearchCarsInput = z.infer<z.ZodObject<typeof searchCarsInput>>;

const carRef = z
  .string()
  .trim()
  .min(1)
  .max(MAX_CAR_SLUG_LENGTH)
  .describe('The car’s id (as search_cars answers it), or its page address or slug (/cars/{slug}).');

export const getCarInput = { car: carRef };

export const compareCarsInput = {
  car_ids: z
    .array(z.string().trim().min(1).max(128))
    .min(2)
    .max(MAX_COMPARE)
    .describe(`From 2 to ${MAX_COMPARE} car ids (as search_cars answers them), as the site's compare page takes.`),
};

const carId = reservationRequest.shape.car_id;

export const testDriveSlotsInput = {
  car_id: carId.optional().describe('The car to drive: its location’s times are given.'),
  location_id: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('One location’s id (dealer_info lists them); without it and a car, every location’s times.'),
  days: z
    .number()
    .int()
    .min(1)
    .max(DAYS_OFFERED)
    .optional()
    .describe(`How many open days to list (at most ${DAYS_OFFERED}, as the booking form offers; 5 when not given).`),
};

const text = (max: number, what: string) => plainText(max, `${what} must be text of at most ${max} characters.`);

/** The shopper's details, as the site's forms ask them. */
const shopper = {
  first_name: text(MAX_LENGTH.text, 'first_name').describe('The shopper’s first name.'),
  last_name: text(MAX_LENGTH.text, 'last_name').describe('The shopper’s last name.'),
  email: text(MAX_LENGTH.text, 'email').describe('The shopper’s email address.'),
  phone: text(MAX_LENGTH.text, 'phone').describe(
    'The shopper’s phone number (mobile or landline of the dealer’s country).',
  ),
  shopper_agreed: z
    .boolean()
    .describe(
      'true only when the shopper has explicitly agreed, in this conversation, to send these details to the dealer under its privacy policy (and terms, where it has them). Never set it on their behalf.',
    ),
};

export const bookTestDriveInput = {
  ...shopper,
  slot: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, {
      error: 'slot must be a start time as test_drive_slots lists it, "YYYY-MM-DDTHH:MM".',
    })
    .describe('The start time, one of those test_drive_slots lists ("YYYY-MM-DDTHH:MM", the dealership’s local time).'),
  car_id: carId.optional().describe('The car to drive (from search_cars); without it, name the make and model.'),
  location_id: testDriveSlotsInput.location_id.describe('The location of the slot (test_drive_slots names it).'),
  make: facet('The make to drive, when no car is named.'),
  model: facet('The model to drive, when no car is named (one the dealer’s test-drive form lists).'),
  message: text(MAX_LENGTH.message, 'message')
    .optional()
    .describe(`Comments for the dealer (at most ${MAX_LENGTH.message} characters).`),
};

export const startReservationInput = {
  car_id: carId.describe('The car to hold (from search_cars).'),
  ...shopper,
  shopper_agreed: shopper.shopper_agreed.describe(
    'true only when the shopper has explicitly agreed to send these details to the dealer and to the deposit terms (get_car and dealer_info say them). Never set it on their behalf.',
  ),
};
