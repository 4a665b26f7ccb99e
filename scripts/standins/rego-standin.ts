/**
 * A local stand-in for a registration lookup service: it speaks the wire format documented in
 * src/features/rego-lookup/server/rego-provider.ts, so the real client runs against it in tests
 * (and by hand: `REGO_PROVIDER_URL=<its url> REGO_API_KEY=any npm start`). No network, no key.
 *
 * POST /lookups answers:
 *   - a plate of DEMO_VEHICLES (with its state in Australia)  → 200 that vehicle
 *   - another plate                                             → 404 { code: "not_registered" }
 *   - no plate, or an Australian plate without a state          → 422 { code: "insufficient_details" }
 * Paths under /hang/ never answer; under /broken/ answer 500 with HTML (standin-server.ts).
 */
import { DEMO_VEHICLES } from './valuation-standin.ts';
import { startJsonStandIn, type StandIn, type StandInOptions } from './standin-server.ts';

export type { StandIn };

/** Body and colour of the demo vehicles, which the valuation stand-in does not need. */
const EXTRAS: Record<string, { body: string; colour: string }> = {
  ABC123: { body: 'Hatch', colour: 'Glacier White' },
  XYZ789: { body: 'SUV', colour: 'Soul Red' },
  KTR42: { body: 'Ute', colour: 'Titanium Grey' },
};

type Json = Record<string, unknown>;
const plateOf = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]+/g, '').toUpperCase() : '');

export function answerLookup(request: Json): { status: number; body: Json } {
  const country = request.country === 'NZ' ? 'NZ' : 'AU';
  const plate = plateOf(request.plate);
  const state = typeof request.state === 'string' ? request.state.trim().toUpperCase() : '';
  if (!plate || (country === 'AU' && !state))
    return {
      status: 422,
      body: { code: 'insufficient_details', message: 'Give the plate, and in Australia its state.' },
    };
  const found = DEMO_VEHICLES.find(
    (d) => d.country === country && d.rego === plate && (country === 'NZ' || d.state === state),
  );
  if (!found)
    return { status: 404, body: { code: 'not_registered', message: 'No vehicle is registered under that plate.' } };
  return {
    status: 200,
    body: {
      vehicle: {
        make: found.make,
        model: found.model,
        variant: found.variant,
        year: found.year,
        ...(EXTRAS[plate] ?? {}),
      },
    },
  };
}

export function startRegoStandIn(options: StandInOptions = {}): Promise<StandIn> {
  return startJsonStandIn('/lookups', answerLookup, options);
}
