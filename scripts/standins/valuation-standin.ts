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
 * timeouts); under /broken/ answer 500 with HTML; under /garbled/ answer 200 without a range.
 * Every route needs `Authorization: Bearer <key>` (any non-empty key unless `apiKey` is given).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerAuthorised, readJsonBody, sendJson } from './standin-http.ts';
import type { VehicleCondition } from '../../src/features/valuation/contract/valuation.ts';
import { estimate } from '../../src/features/valuation/server/valuation-model.ts';

export interface ValuationStandInOptions {
  port?: number;
  host?: string;
  /** When set, the only key accepted. */
  apiKey?: string;
}

export interface ValuationStandIn {
  url: string;
  /** The bodies of the valuation requests received, in order. */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

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

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
const plate = (value: unknown) =>
  text(value)
    ?.replace(/[\s-]+/g, '')
    .toUpperCase();

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
  const country = request.country === 'NZ' ? 'NZ' : 'AU';
  const asAt =
    typeof request.valuationDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(request.valuationDate)
      ? request.valuationDate
      : new Date().toISOString().slice(0, 10);
  const vehicle = isObject(request.vehicle) ? request.vehicle : {};
  const odometer =
    isObject(request.odometer) && typeof request.odometer.value === 'number' ? request.odometer.value : undefined;
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

export async function startValuationStandIn(options: ValuationStandInOptions = {}): Promise<ValuationStandIn> {
  const stalled = new Set<ServerResponse>();
  const requests: Json[] = [];

  const json = sendJson;
  const authorised = (req: IncomingMessage) => bearerAuthorised(req, options.apiKey);
  const readBody = (req: IncomingMessage) => readJsonBody(req, 100_000);

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname.replace(/\/+$/, '') || '/';
    if (path.startsWith('/hang/')) {
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      return;
    }
    if (path.startsWith('/broken/')) {
      res.writeHead(500, { 'Content-Type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      return;
    }
    const route = path.replace(/^\/garbled(?=\/)/, '');
    if (route !== '/valuations') return json(res, 404, { code: 'no_route', message: `No route ${path}` });
    if (req.method !== 'POST') return json(res, 405, { message: `${req.method} is not allowed on ${path}` });
    if (!authorised(req)) return json(res, 401, { message: 'A valid API key is required.' });
    readBody(req).then(
      (body) => {
        if (!isObject(body)) return json(res, 400, { message: 'The request must be a JSON object.' });
        requests.push(body);
        if (route !== path) return json(res, 200, { tradeIn: { low: 'soon' }, currency: 'AUD' });
        const { status, body: answer } = answerValuation(body);
        json(res, status, answer);
      },
      () => json(res, 400, { message: 'The request must be JSON.' }),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
