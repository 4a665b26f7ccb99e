/**
 * A local stand-in for a market-price service: it speaks the wire format documented in
 * src/features/market-price/server/market-provider.ts, so the real HTTP client runs against it in
 * tests (and by hand: `MARKET_PRICE_PROVIDER_URL=<its url> MARKET_PRICE_API_KEY=any npm start`).
 *
 * POST /market-prices answers:
 *   - a VIN or rego (+ state in Australia) of DEMO_VEHICLES → that vehicle's retail range
 *   - a make and year → the project's local estimate (src/features/market-price/server/market-model.ts)
 *   - another VIN or rego without make and year, or a make the model does not know → 404
 *   - nothing that names a vehicle → 422
 * Every answer says source "Stand-in market-price service". Paths under /hang/ never answer;
 * under /broken/ answer 500 with HTML; under /garbled/ answer 200 without a range (standin-server.ts).
 * Every route needs `Authorization: Bearer <key>` (any non-empty key unless `apiKey` is given).
 */
import { startJsonStandIn, type StandIn, type StandInOptions } from './standin-server.ts';
import { plate, text, vehicleRequest, type Json } from './standin-http.ts';
import { localMarketEstimate } from '../../src/features/market-price/server/market-model.ts';

export type MarketPriceStandInOptions = StandInOptions;
export type MarketPriceStandIn = StandIn;

export const STANDIN_SOURCE = 'Stand-in market-price service';

/** The VINs and regos the stand-in knows, with a fixed range. */
export const DEMO_VEHICLES = [
  {
    vin: 'JTMRBREV10D123456',
    country: 'AU',
    year: 2019,
    make: 'Toyota',
    model: 'RAV4',
    variant: 'GX',
    low: 28_400,
    high: 32_100,
  },
  {
    rego: 'MKT123',
    state: 'NSW',
    country: 'AU',
    year: 2020,
    make: 'Mazda',
    model: 'CX-5',
    variant: 'Maxx',
    low: 27_000,
    high: 30_500,
  },
] as const;

/** The answer of POST /market-prices: status and body. */
export function answerMarketPrice(request: Json): { status: number; body: Json } {
  const { country, asAt, vehicle, km } = vehicleRequest(request, 'asAt');
  const vin = plate(vehicle.vin);
  const rego = plate(vehicle.rego);
  const state = text(vehicle.state)?.toUpperCase();
  const demo = DEMO_VEHICLES.find(
    (d) =>
      d.country === country && (('vin' in d && vin === d.vin) || ('rego' in d && rego === d.rego && state === d.state)),
  );
  if (demo) {
    return {
      status: 200,
      body: {
        vehicle: { year: demo.year, make: demo.make, model: demo.model, variant: demo.variant },
        retail: { low: demo.low, high: demo.high },
        currency: 'AUD',
        confidence: 'high',
        asAt,
        source: STANDIN_SOURCE,
      },
    };
  }
  const year = typeof vehicle.year === 'number' ? vehicle.year : undefined;
  const make = text(vehicle.make);
  if (!make || year === undefined) {
    return vin || rego
      ? { status: 404, body: { code: 'vehicle_not_found', message: 'No vehicle is known under those details.' } }
      : {
          status: 422,
          body: { code: 'insufficient_details', message: 'Give a VIN, a rego and state, or a make and year.' },
        };
  }
  const answer = localMarketEstimate(
    { make, model: text(vehicle.model), variant: text(vehicle.variant), year, km },
    { asAt, country },
  );
  if (answer.status !== 'valued') return { status: 404, body: { code: 'vehicle_not_found', message: answer.message } };
  const e = answer.estimate;
  return {
    status: 200,
    body: {
      vehicle: { year, make: e.basis?.make ?? make, model: text(vehicle.model), variant: text(vehicle.variant) },
      retail: { low: e.low, high: e.high },
      currency: e.currency,
      confidence: e.confidence,
      asAt,
      source: STANDIN_SOURCE,
    },
  };
}

export function startMarketPriceStandIn(options: MarketPriceStandInOptions = {}): Promise<MarketPriceStandIn> {
  return startJsonStandIn('/market-prices', answerMarketPrice, options, {
    garbled: { retail: { low: 'soon' }, currency: 'AUD', confidence: 'high' },
  });
}
