/**
 * The valuation provider: a trade-in range for a visitor's vehicle, or no valuation for a vehicle
 * it does not know. `localValuationProvider` (the default, no network, no key) works it out with
 * the depreciation model of valuation-model.ts; `httpValuationProvider` is the client of a real
 * valuation service, chosen by VALUATION_PROVIDER_URL and VALUATION_API_KEY. Tests drive the real
 * client against scripts/standins/valuation-standin.ts, which speaks the same HTTP.
 *
 * Wire format (JSON both ways, `Authorization: Bearer <VALUATION_API_KEY>`):
 *
 *   POST {base}/valuations
 *     { country: "AU" | "NZ", valuationDate: "YYYY-MM-DD",
 *       vehicle: { rego?, state?, vin?, make?, model?, year? },
 *       odometer?: { value, unit: "km" }, condition?: "excellent" | "good" | "fair" | "poor" }
 *     200 { vehicle: { year?, make?, model?, variant? }, tradeIn: { low, high }, currency: "AUD" | "NZD",
 *           asAt: "YYYY-MM-DD", source?, disclaimer? }
 *     404 | 422 { code, message }       no valuation: the provider does not know the vehicle, or
 *                                        the details are not enough to identify it
 *
 * A rejected key (401, 403), any other status, an unreadable body or a range that is no range is
 * a ValuationProviderError with status 502; 429, no answer within `timeoutMs` or no connection is
 * one with status 503.
 */
import type { TradeInRange, ValuationAnswer, ValuationQuery, ValuedVehicle } from '../contract/valuation.ts';
import { VEHICLE_CONDITIONS } from '../contract/valuation.ts';
import { envDefault, envInt, readEnv, type Env } from '../../../config/env.ts';
import { locale } from '../../../lib/locale.ts';
import { providerBase, valuingClient } from '../../../lib/provider-http.ts';
import { redactUrl } from '../../../lib/redact.ts';
import { DEFAULT_DISCLAIMER, estimate } from './valuation-model.ts';

export interface ValuationInput {
  query: ValuationQuery;
  country: 'AU' | 'NZ';
  /** The valuation date, YYYY-MM-DD, in the dealer's calendar. */
  asAt: string;
}

export interface ValuationProvider {
  /**
   * Said in logs and the start-up banner: "local model", "https://api.example.com"; a user name,
   * password or query value in the configured URL masked (src/lib/redact.ts).
   */
  readonly describe: string;
  value(input: ValuationInput): Promise<ValuationAnswer>;
}

/** The provider gave no usable answer. `status` is what the API route answers. */
export class ValuationProviderError extends Error {
  readonly status: 502 | 503;
  constructor(message: string, status: 502 | 503) {
    super(message);
    this.status = status;
    this.name = 'ValuationProviderError';
  }
}

/** The depreciation model, in process. A rego or VIN alone names no vehicle it can value. */
export function localValuationProvider(): ValuationProvider {
  return {
    describe: 'local model',
    value: async ({ query, country, asAt }) => {
      if (!query.make || query.year === undefined) {
        return {
          status: 'unknown',
          message:
            'Our online estimate needs the make, model and year of the vehicle; a rego or VIN alone is not enough.',
        };
      }
      return estimate(query, { asAt, country }).answer;
    },
  };
}

export interface HttpValuationProviderOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Longest wait for the provider's answer; the visitor is waiting on the thank-you page. */
  timeoutMs?: number;
}

export const DEFAULT_VALUATION_TIMEOUT_MS = envDefault('VALUATION_TIMEOUT_MS');

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max = 200): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;
const wholeNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
const isoDate = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;

/** The provider's 200 answer as the route gives it; throws a 502 error for one that is no range. */
export function mapValuation(body: Json, input: ValuationInput): ValuationAnswer {
  const range = isObject(body.tradeIn) ? body.tradeIn : {};
  const low = wholeNumber(range.low);
  const high = wholeNumber(range.high);
  if (low === undefined || high === undefined || low > high || high === 0) {
    throw new ValuationProviderError('The valuation provider answered without a trade-in range.', 502);
  }
  const own = locale(input.country).currency.code;
  const currency = body.currency === undefined ? own : body.currency;
  if (currency !== own) {
    throw new ValuationProviderError(
      `The valuation provider answered in ${JSON.stringify(currency).slice(0, 10)}, not ${own}.`,
      502,
    );
  }
  const tradeIn: TradeInRange = {
    low,
    high,
    currency: own,
    asAt: isoDate(body.asAt) ?? input.asAt,
    source: text(body.source, 80) ?? 'Valuation provider',
    disclaimer: text(body.disclaimer, 600) ?? DEFAULT_DISCLAIMER,
  };
  const v = isObject(body.vehicle) ? body.vehicle : {};
  const { query } = input;
  const year = wholeNumber(v.year) ?? query.year;
  const make = text(v.make, 50) ?? query.make;
  const model = text(v.model, 80) ?? query.model;
  const variant = text(v.variant, 80);
  const vehicle: ValuedVehicle = {
    ...(year !== undefined ? { year } : {}),
    ...(make ? { make } : {}),
    ...(model ? { model } : {}),
    ...(variant ? { variant } : {}),
    ...(query.km !== undefined ? { km: query.km } : {}),
    ...(query.condition && VEHICLE_CONDITIONS.includes(query.condition) ? { condition: query.condition } : {}),
  };
  return { status: 'valued', tradeIn, vehicle };
}

/** The request body of POST /valuations. */
export function valuationRequestBody({ query, country, asAt }: ValuationInput): Json {
  const vehicle = Object.fromEntries(
    (['rego', 'state', 'vin', 'make', 'model', 'year'] as const)
      .filter((k) => query[k] !== undefined)
      .map((k) => [k, query[k]]),
  );
  return {
    country,
    valuationDate: asAt,
    vehicle,
    ...(query.km !== undefined ? { odometer: { value: query.km, unit: 'km' } } : {}),
    ...(query.condition ? { condition: query.condition } : {}),
  };
}

export function httpValuationProvider(options: HttpValuationProviderOptions): ValuationProvider {
  const client = valuingClient({
    ...options,
    timeoutMs: options.timeoutMs ?? DEFAULT_VALUATION_TIMEOUT_MS,
    path: '/valuations',
    name: 'valuation provider',
    keyVariable: 'VALUATION_API_KEY',
    error: (message, status) => new ValuationProviderError(message, status),
  });
  return {
    // The base as configured (no slash added after a bare host), masked.
    describe: client.describe,
    async value(input) {
      const answer = await client.post(valuationRequestBody(input));
      if ('unknown' in answer) return { status: 'unknown', message: answer.unknown };
      return mapValuation(answer.body, input);
    },
  };
}

/**
 * The provider named by VALUATION_PROVIDER_URL and VALUATION_API_KEY (and optional
 * VALUATION_TIMEOUT_MS); without a URL, the local model. Throws naming a variable that is wrong.
 */
export function valuationProviderFromEnv(env: Env, options: { fetch?: typeof fetch } = {}): ValuationProvider {
  const url = readEnv(env, 'VALUATION_PROVIDER_URL')?.trim();
  if (!url) return localValuationProvider();
  const base = providerBase(url, 'VALUATION_PROVIDER_URL', 'https://valuations.example.com/v1', redactUrl(url));
  const apiKey = readEnv(env, 'VALUATION_API_KEY')?.trim();
  if (!apiKey)
    throw new Error(
      'VALUATION_API_KEY must be set with VALUATION_PROVIDER_URL: the key the valuation provider issued.',
    );
  const timeoutMs = envInt(env, 'VALUATION_TIMEOUT_MS');
  return httpValuationProvider({ baseUrl: base, apiKey, fetch: options.fetch, timeoutMs });
}
