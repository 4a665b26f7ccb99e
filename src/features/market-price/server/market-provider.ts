/**
 * The market-price provider: the retail range of a car for sale, with a confidence, by VIN, by
 * rego and state, or by make/model/variant/year/odometer (as AU providers such as Redbook and
 * Glass's offer it). `localMarketProvider` (the default, no network, no key) is market-model.ts;
 * `httpMarketProvider` is the client of a real service, chosen by MARKET_PRICE_PROVIDER_URL and
 * MARKET_PRICE_API_KEY. Tests drive it against scripts/standins/market-price-standin.ts.
 *
 * Wire format (JSON both ways, `Authorization: Bearer <MARKET_PRICE_API_KEY>`):
 *
 *   POST {base}/market-prices
 *     { country: "AU" | "NZ", asAt: "YYYY-MM-DD",
 *       vehicle: { vin?, rego?, state?, make?, model?, variant?, year? }, odometer?: { value, unit: "km" } }
 *     200 { vehicle?: { year?, make?, model?, variant? }, retail: { low, high }, currency: "AUD" | "NZD",
 *           confidence: "high" | "medium" | "low", asAt?: "YYYY-MM-DD", source? }
 *     404 | 422 { code, message }     the provider does not know the vehicle / too few details
 *
 * A rejected key (401, 403), any other status, an unreadable body or a range that is no range is
 * a MarketProviderError with status 502; 429, no answer within `timeoutMs` or no connection, 503.
 */
import type { MarketAnswer, MarketConfidence, MarketEstimate, MarketQuery } from '../contract/market-price.ts';
import { MARKET_CONFIDENCES } from '../contract/market-price.ts';
import { envDefault, envInt, readEnv, type Env } from '../../../config/env.ts';
import { providerBase, valuingClient } from '../../../lib/provider-http.ts';
import { redactUrl } from '../../../lib/redact.ts';
import { localMarketEstimate } from './market-model.ts';

export interface MarketInput {
  query: MarketQuery;
  country: 'AU' | 'NZ';
  /** YYYY-MM-DD, the dealer's calendar day. */
  asAt: string;
  /** The dealer's state or region (site.json `state`): the local model's drive-away charges. */
  state?: string;
}

export interface MarketProvider {
  /** "local model", or the configured base URL with any secret in it masked. */
  readonly describe: string;
  estimate(input: MarketInput): Promise<MarketAnswer>;
}

export class MarketProviderError extends Error {
  /** What an API route would answer: 502 for a wrong answer, 503 for none. */
  readonly status: 502 | 503;
  constructor(message: string, status: 502 | 503) {
    super(message);
    this.name = 'MarketProviderError';
    this.status = status;
  }
}

export function localMarketProvider(): MarketProvider {
  return {
    describe: 'local model',
    estimate: async ({ query, country, asAt, state }) => localMarketEstimate(query, { asAt, country, state }),
  };
}

export const DEFAULT_MARKET_TIMEOUT_MS = envDefault('MARKET_PRICE_TIMEOUT_MS');

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 120): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined;
const whole = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : undefined;
const isoDate = (v: unknown): string | undefined =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;

/** The request body of POST /market-prices. */
export function marketRequestBody({ query, country, asAt }: MarketInput): Json {
  const vehicle = Object.fromEntries(
    (['vin', 'rego', 'state', 'make', 'model', 'variant', 'year'] as const)
      .filter((k) => query[k] !== undefined && query[k] !== '')
      .map((k) => [k, query[k]]),
  );
  return { country, asAt, vehicle, ...(query.km !== undefined ? { odometer: { value: query.km, unit: 'km' } } : {}) };
}

/** The provider's 200 answer as an estimate; throws a 502 error for one that is no range. */
export function mapMarketAnswer(body: Json, input: MarketInput): MarketEstimate {
  const range = isObject(body.retail) ? body.retail : {};
  const low = whole(range.low);
  const high = whole(range.high);
  if (low === undefined || high === undefined || low === 0 || low > high) {
    throw new MarketProviderError('The market-price provider answered without a retail range.', 502);
  }
  const own = input.country === 'NZ' ? 'NZD' : 'AUD';
  if ((body.currency ?? own) !== own) {
    throw new MarketProviderError(
      `The market-price provider answered in ${String(body.currency).slice(0, 10)}, not ${own}.`,
      502,
    );
  }
  const confidence = MARKET_CONFIDENCES.find((c): c is MarketConfidence => c === body.confidence);
  if (!confidence) throw new MarketProviderError('The market-price provider answered without a confidence.', 502);
  const v = isObject(body.vehicle) ? body.vehicle : {};
  const { query } = input;
  const basis = {
    year: whole(v.year) ?? query.year,
    make: text(v.make, 50) ?? query.make,
    model: text(v.model, 80) ?? query.model,
    variant: text(v.variant, 80) ?? query.variant,
    km: query.km,
  };
  return {
    low,
    high,
    currency: own,
    confidence,
    as_at: isoDate(body.asAt) ?? input.asAt,
    source: text(body.source, 80) ?? 'Market-price provider',
    basis: Object.fromEntries(Object.entries(basis).filter(([, x]) => x !== undefined)),
  };
}

export interface HttpMarketProviderOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Longest wait for one answer (the import and the schedule ask car by car). */
  timeoutMs?: number;
}

export function httpMarketProvider(options: HttpMarketProviderOptions): MarketProvider {
  const client = valuingClient({
    ...options,
    timeoutMs: options.timeoutMs ?? DEFAULT_MARKET_TIMEOUT_MS,
    path: '/market-prices',
    name: 'market-price provider',
    keyVariable: 'MARKET_PRICE_API_KEY',
    error: (message, status) => new MarketProviderError(message, status),
  });
  return {
    describe: client.describe,
    async estimate(input) {
      const answer = await client.post(marketRequestBody(input));
      if ('unknown' in answer) return { status: 'unknown', message: answer.unknown };
      return { status: 'valued', estimate: mapMarketAnswer(answer.body, input) };
    },
  };
}

/**
 * The provider named by MARKET_PRICE_PROVIDER_URL and MARKET_PRICE_API_KEY (and optional
 * MARKET_PRICE_TIMEOUT_MS); without a URL, the local model. Throws naming a variable that is wrong.
 */
export function marketProviderFromEnv(env: Env, options: { fetch?: typeof fetch } = {}): MarketProvider {
  const url = readEnv(env, 'MARKET_PRICE_PROVIDER_URL')?.trim();
  if (!url) return localMarketProvider();
  const base = providerBase(url, 'MARKET_PRICE_PROVIDER_URL', 'https://prices.example.com/v1', redactUrl(url));
  const apiKey = readEnv(env, 'MARKET_PRICE_API_KEY')?.trim();
  if (!apiKey) {
    throw new Error('MARKET_PRICE_API_KEY must be set with MARKET_PRICE_PROVIDER_URL: the key the provider issued.');
  }
  return httpMarketProvider({
    baseUrl: base,
    apiKey,
    fetch: options.fetch,
    timeoutMs: envInt(env, 'MARKET_PRICE_TIMEOUT_MS'),
  });
}
