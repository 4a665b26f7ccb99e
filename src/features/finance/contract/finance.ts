/**
 * The finance hand-off (spec §7):
 * - POST /api/send-to-{provider}: every finance form value by field name, plus lead_id and an
 *   optional site. Values a finance form always sends as text are typed as text (a phone number
 *   sent as a JSON number would lose its leading 0); the rest may be text, a number, true or
 *   false, or a short list.
 * - POST /api/finance-locations: `{ carId, site? }`.
 */
import { z } from 'astro/zod';
import { parseAmount } from '../rules/finance.ts';
import { idText, siteSlug } from '../../../contract/parse.ts';

export const MAX_FINANCE_FIELDS = 200;
export const MAX_FINANCE_TEXT = 5000;
export const MAX_FINANCE_LIST = 50;

const text = z
  .string({ error: '{field} must be text.' })
  .max(MAX_FINANCE_TEXT, { error: `{field} must be at most ${MAX_FINANCE_TEXT} characters.` });

/** Values that are always text in a finance form. */
export const FINANCE_TEXT_FIELDS = [
  'lead_id',
  'name',
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'phone',
  'dateOfBirth',
  'driverLicenceNumber',
  'preferredDealership',
] as const;

const financeValue = z.union(
  [
    z.string().max(MAX_FINANCE_TEXT),
    z.number().finite(),
    z.boolean(),
    z.null(),
    z.array(z.union([z.string().max(MAX_FINANCE_TEXT), z.number().finite()])).max(MAX_FINANCE_LIST),
  ],
  {
    error: `{field} must be text of at most ${MAX_FINANCE_TEXT} characters, a number, true or false, or a list of those.`,
  },
);

const amount = z
  .union([z.number().finite().min(0), z.string(), z.null()], {
    error: '{field} must be an amount in dollars, such as 30000.',
  })
  .refine((v) => v === null || v === '' || !Number.isNaN(parseAmount(v)), {
    error: '{field} must be an amount in dollars, such as 30000.',
  });

export const financeApplication = z
  .object({
    site: siteSlug.optional(),
    ...(Object.fromEntries(FINANCE_TEXT_FIELDS.map((name) => [name, text.nullish()])) as Record<
      (typeof FINANCE_TEXT_FIELDS)[number],
      z.ZodOptional<z.ZodNullable<typeof text>>
    >),
    vehiclePriceBudget: amount.optional(),
  })
  .catchall(financeValue)
  .refine((body) => Object.keys(body).length <= MAX_FINANCE_FIELDS, {
    error: `A finance application has at most ${MAX_FINANCE_FIELDS} values.`,
  });

/** What the finance step posts. */
export type FinanceApplication = z.input<typeof financeApplication>;

export const financeLocationsRequest = z.object({
  site: siteSlug.optional(),
  carId: idText('carId is required: the id of a car in stock.', 100),
});

export type FinanceLocationsRequest = z.input<typeof financeLocationsRequest>;

export type MobileVerificationStatus = 'verified' | 'unverified';

/** The provider's verdict, as the finance form reads it (spec §7, POST /api/send-to-{provider}). */
export interface FinanceAnswer {
  /** Field name → messages; the form lists them as "field: first message". */
  dataErrors?: Record<string, string[]>;
  /** A message for the applicant, shown as the step error. */
  error?: string;
  /** Where the visitor goes next: the quote page, or the mobile-verification page when unverified. */
  satellite_site_url?: string;
  customerKey?: string;
  mobileVerificationStatus?: MobileVerificationStatus;
  dealershipId?: string | number;
  dealerCompanyId?: string | number;
}
