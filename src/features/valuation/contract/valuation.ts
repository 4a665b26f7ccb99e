/**
 * POST /api/valuation: an estimate of what a dealer might offer for a visitor's vehicle, asked by
 * the valuation thank-you page. The vehicle is named by its rego (+ state), its VIN, or its make,
 * model and year; kilometres and condition refine the figure.
 *
 * `year` and `km` may come as numbers or as the text a form keeps ("2019", "85,000 km"); `rego`
 * and `vin` are read without spaces or hyphens, in capitals; `state` and `condition` in any case.
 */
import { z } from 'astro/zod';
import {
  AU_STATES,
  VEHICLE_CONDITIONS,
  wholeNumberOf,
  type AuState,
  type TradeInRange,
  type ValuationRequest as RequestFields,
  type ValuedVehicle,
  type VehicleCondition,
} from '../rules/valuation.ts';
import { CONTROL_CHARACTERS, siteSlug } from '../../../contract/parse.ts';
import type { TradeInOffer } from '../rules/trade-offer.ts';

export { AU_STATES, VEHICLE_CONDITIONS, type AuState, type TradeInRange, type ValuedVehicle, type VehicleCondition };

/** The oldest year a valuation is asked for; older vehicles need an appraiser (see the model). */
export const MIN_VALUATION_YEAR = 1950;
export const MAX_VALUATION_KM = 1_500_000;

const name = (label: string, max: number) =>
  z
    .string({ error: `{field} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .refine((s) => !CONTROL_CHARACTERS.test(s), { error: `${label} must be plain text.` })
    .transform((s) => s || undefined);

const plate = (pattern: RegExp, error: string) =>
  z
    .string({ error: `{field} must be text.` })
    .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
    .refine((s) => s === '' || pattern.test(s), { error })
    .transform((s) => s || undefined);

/** `now`'s year + 1: a car sold this year may already be next year's model. */
const latestYear = () => new Date().getUTCFullYear() + 1;

export const valuationRequest = z
  .object({
    site: siteSlug.optional(),
    rego: plate(/^[A-Z0-9]{1,9}$/, 'Enter the rego as it is on the plate: up to 9 letters and digits.').optional(),
    state: z
      .string({ error: '{field} must be text.' })
      .transform((s) => s.trim().toUpperCase())
      .refine((s) => s === '' || (AU_STATES as readonly string[]).includes(s), {
        error: `The state must be one of ${AU_STATES.join(', ')}.`,
      })
      .transform((s) => (s || undefined) as AuState | undefined)
      .optional(),
    vin: plate(/^[A-HJ-NPR-Z0-9]{17}$/, 'A VIN is 17 letters and digits (never I, O or Q).').optional(),
    make: name('The make', 50).optional(),
    model: name('The model', 80).optional(),
    year: z
      .union([z.number(), z.string()], { error: 'The year must be a year such as 2019.' })
      .transform((v) => wholeNumberOf(v))
      .refine((n) => Number.isInteger(n) && n >= MIN_VALUATION_YEAR && n <= latestYear(), {
        error: `The year must be a year from ${MIN_VALUATION_YEAR} to next year, such as 2019.`,
      })
      .optional(),
    km: z
      .union([z.number(), z.string()], { error: 'The kilometres must be a number such as 85000.' })
      .transform((v) => wholeNumberOf(v))
      .refine((n) => Number.isInteger(n) && n >= 0 && n <= MAX_VALUATION_KM, {
        error: `The kilometres must be a whole number from 0 to ${MAX_VALUATION_KM.toLocaleString('en-AU')}.`,
      })
      .optional(),
    condition: z
      .string({ error: '{field} must be text.' })
      .transform((s) => s.trim().toLowerCase())
      .refine((s) => s === '' || (VEHICLE_CONDITIONS as readonly string[]).includes(s), {
        error: `The condition must be one of ${VEHICLE_CONDITIONS.join(', ')}.`,
      })
      .transform((s) => (s || undefined) as VehicleCondition | undefined)
      .optional(),
  })
  .superRefine((v, ctx) => {
    // A vehicle needs naming: a plate or VIN, or at least its make and year.
    if (v.rego || v.vin || (v.make && v.year !== undefined)) return;
    const message = 'Tell us the vehicle: its rego, its VIN, or its make and year.';
    if (!v.make) ctx.addIssue({ code: 'custom', path: ['make'], message });
    if (v.year === undefined) ctx.addIssue({ code: 'custom', path: ['year'], message });
  });

/** What the thank-you page posts: the domain's request, which must stay the schema's input exactly. */
export type ValuationRequest = z.input<typeof valuationRequest>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const requestFieldsMatch: Same<Required<ValuationRequest>, Required<RequestFields>> = true;
void requestFieldsMatch;
/** The request as the route reads it. */
export type ValuationQuery = Omit<z.output<typeof valuationRequest>, 'site'>;

/**
 * 200 of POST /api/valuation: a range (with the dealer's conditional offer where site.json
 * `trade_in.offer` makes one), or no valuation for a vehicle the provider does not know.
 */
export type ValuationAnswer =
  | { status: 'valued'; tradeIn: TradeInRange; vehicle: ValuedVehicle; offer?: TradeInOffer }
  | { status: 'unknown'; message: string };
export type { TradeInOffer };
