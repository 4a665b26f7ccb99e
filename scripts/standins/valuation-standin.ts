/**
 * A local stand-in for a valuation service: it speaks the wire format documented in
 * src/features/valuation/server/valuation-provider.ts, so the real HTTP client runs against it in tests
 * (and against it by hand: `VALUATION_PROVIDER_URL=<its url> VALUATION_API_KEY=any npm start`).
 * No network, no key to obtain.
 *
 * POST /valuations answers:
 *   - a rego (with its state in Australia) or VIN of DEMO_VEHICLES → that vehicle, valued by the
 *     local model with the request's odometer and condition
 *   - another rego or VIN, and no make and year              → 404 { code: "vehicle_not_found" }
 *   - a make and year                                         → the local model's range
 *     (valuation-model.ts); a make it does not know           → 404
 *   - nothing that names a vehicle                            → 422 { code: "insufficient_details" }
 * Every answer says source "Stand-in valuation service". Paths under /hang/ never answer (client
 * timeouts); under /broken/ answer 500 with HTML; under /garbled/ answer 200 without a range
 * (standin-server.ts). Every route needs `Authorization: Bearer <key>` (any non-empty key unless
 * `apiKey` is given).
 */
import { startJsonStandIn, type StandIn, type StandInOptions } from './standin-server.ts';
import { plate, text, vehicleRequest, type Json } from './standin-http.ts';
import type { VehicleCondition } from '../../src/features/valuation/contract/valuation.ts';
import { estimate } from '../../src/features/valuation/server/valuation-model.ts';

export type ValuationStandInOptions = StandInOptions;
/** `requests`: the bodies of the valuation requests received, in order. */
export type ValuationStandIn = StandIn;

export const STANDIN_SOURCE = 'Stand-in valuation service';

interface DemoVehicle {
  rego?: string;
  state?: string;
  vin?: string;
  country: 'AU' | 'NZ';
  year: number;
  make: string;
  model: string;
  variant: string;
}

/** The registrations and VINs the stand-in knows. */
export const DEMO_VEHICLES: DemoVehicle[] = [
  {
    rego: 'ABC123',
    state: 'NSW',
    country: 'AU',
    year: 2019,
    make: 'Toyota',
    model: 'Corolla',
    variant: 'Ascent Sport',
  },
  { rego: 'XYZ789', state: 'VIC', country: 'AU', year: 2020, make: 'Mazda', model: 'CX-5', variant: 'Maxx Sport' },
  { vin: 'JTNKB3BE00J012345', country: 'AU', year: 2018, make: 'Toyota', model: 'HiLux', variant: 'SR5' },
  { rego: 'KTR42', country: 'NZ', year: 2019, make: 'Mitsubishi', model: 'Triton', variant: 'GLX' },
];

function findDemo(vehicle: Json, country: 'AU' | 'NZ'): DemoVehicle | undefined {
  const rego = plate(vehicle.rego);
  const vin = plate(vehicle.vin);
  const state = text(vehicle.state)?.toUpperCase();
  return DEMO_VEHICLES.find(
    (d) =>
      d.country === country &&
      ((vin && d.vin === vin) || (rego && d.rego === rego && (country === 'NZ' || d.state === state))),
  );
}

/** The answer of POST /valuations: status and body. */
export function answerValuation(request: Json): { status: number; body: Json } {
  const { country, asAt, vehicle, km: odometer } = vehicleRequest(request, 'valuationDate');
  const condition = (['excellent', 'good', 'fair', 'poor'] as const).find(
    (c): c is VehicleCondition => c === request.condition,
  );

  const demo = findDemo(vehicle, country);
  const year = typeof vehicle.year === 'number' ? vehicle.year : undefined;
  const named =
    demo ??
    (text(vehicle.make) && year !== undefined
      ? { make: text(vehicle.make)!, model: text(vehicle.model), year }
      : undefined);
  if (!named) {
    return vehicle.rego || vehicle.vin
      ? { status: 404, body: { code: 'vehicle_not_found', message: 'No vehicle is registered under those details.' } }
      : {
          status: 422,
          body: { code: 'insufficient_details', message: 'Give a rego and state, a VIN, or a make and year.' },
        };
  }
  const { answer } = estimate({ ...named, km: odometer, condition }, { asAt, country });
  if (answer.status !== 'valued') return { status: 404, body: { code: 'vehicle_not_found', message: answer.message } };
  return {
    status: 200,
    body: {
      vehicle: { year: named.year, make: named.make, model: named.model, ...(demo ? { variant: demo.variant } : {}) },
      tradeIn: { low: answer.tradeIn.low, high: answer.tradeIn.high },
      currency: answer.tradeIn.currency,
      asAt,
      source: STANDIN_SOURCE,
      disclaimer: answer.tradeIn.disclaimer,
    },
  };
}

export function startValuationStandIn(options: ValuationStandInOptions = {}): Promise<ValuationStandIn> {
  return startJsonStandIn('/valuations', answerValuation, options, {
    garbled: { tradeIn: { low: 'soon' }, currency: 'AUD' },
  });
}
