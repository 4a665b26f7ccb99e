/**
 * POST /api/rego-lookup: a car by its registration, for the trade-in and valuation forms' "Find my
 * car". Body `{ rego, state?, site? }`: `rego` the plate as written (spaces and hyphens ignored,
 * any case); `state` an Australian state or territory (an Australian site without it looks the
 * plate up in the dealer's state). Answers RegoAnswer (rules/rego.ts).
 */
import { z } from 'astro/zod';
import { CONTROL_CHARACTERS, siteSlug } from '../../../contract/parse.ts';
import { AU_PLATE_STATES, plateKey, type PlateState } from '../rules/rego.ts';

export { AU_PLATE_STATES, type PlateState };
export type { RegoAnswer, RegoVehicle } from '../rules/rego.ts';

export const regoLookupRequest = z.object({
  site: siteSlug.optional(),
  rego: z
    .string({ error: 'Enter the rego as it is on the plate.' })
    .refine((s) => !CONTROL_CHARACTERS.test(s), { error: 'Enter the rego as it is on the plate.' })
    .transform(plateKey)
    .refine((s) => /^[A-Z0-9]{1,9}$/.test(s), {
      error: 'Enter the rego as it is on the plate: up to 9 letters and digits.',
    }),
  state: z
    .string({ error: 'Choose the state the car is registered in.' })
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => s === '' || (AU_PLATE_STATES as readonly string[]).includes(s), {
      error: `The state must be one of ${AU_PLATE_STATES.join(', ')}.`,
    })
    .transform((s) => (s || undefined) as PlateState | undefined)
    .optional(),
});

export type RegoLookupRequest = z.input<typeof regoLookupRequest>;
