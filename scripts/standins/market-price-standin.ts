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
 * under /broken/ answer 500 with HTML; under /garbled/ answer 200 without a range. Every route
 * needs `Authorization: Bearer <key>` (any non-empty key unless `apiKey` is given).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerAuthorised, readJsonBody, sendJson } from './standin-http.ts';
import { localMarketEstimate } from '../../src/features/market-price/server/market-model.ts';

export interface MarketPriceStandInOptions {
  port?: number;
  host?: string;
  /** When set, the only key accepted. */
  apiKey?: string;
}

export interface MarketPriceStandIn {
  url: string;
  /** The bodies of the requests received, in order. */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

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

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const plate = (v: unknown) =>
  text(v)
    ?.replace(/[\s-]+/g, '')
    .toUpperCase();

/** The answer of POST /market-prices: status and body. */
export function answerMarketPrice(request: Json): { status: number; body: Json } {
  const country = request.country === 'NZ' ? 'NZ' : 'AU';
  const asAt =
    typeof request.asAt === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(request.asAt)
      ? request.asAt
      : new Date().toISOString().slice(0, 10);
  const vehicle = isObject(request.vehicle) ? request.vehicle : {};
  const km =
    isObject(request.odometer) && typeof request.odometer.value === 'number' ? request.odometer.value : undefined;
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

export async function startMarketPriceStandIn(options: MarketPriceStandInOptions = {}): Promise<MarketPriceStandIn> {
  const stalled = new Set<ServerResponse>();
  const requests: Json[] = [];
  const json = sendJson;
  const authorised = (req: IncomingMessage) => bearerAuthorised(req, options.apiKey);

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
    if (route !== '/market-prices') return json(res, 404, { code: 'no_route', message: `No route ${path}` });
    if (req.method !== 'POST') return json(res, 405, { message: `${req.method} is not allowed on ${path}` });
    if (!authorised(req)) return json(res, 401, { message: 'A valid API key is required.' });
    readJsonBody(req, 100_000).then(
      (body) => {
        if (!isObject(body)) return json(res, 400, { message: 'The request must be a JSON object.' });
        requests.push(body);
        if (route !== path) return json(res, 200, { retail: { low: 'soon' }, currency: 'AUD', confidence: 'high' });
        const { status, body: answer } = answerMarketPrice(body);
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
