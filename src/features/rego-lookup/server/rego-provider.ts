/**
 * The registration lookup provider: a car's make, model, variant and year (and VIN, body and
 * colour where known) from its plate, as AU state registers and NZ's motor vehicle register give
 * them through their resellers. The default, `noRegoProvider`, has no register to ask: it answers
 * "unavailable", and the form falls back to the shopper entering the car (a built-in table of
 * plates would be made-up data). `httpRegoProvider` is the client of a lookup service, chosen by
 * REGO_PROVIDER_URL and REGO_API_KEY; tests drive it against scripts/standins/rego-standin.ts.
 *
 * Wire format (JSON both ways, `Authorization: Bearer <REGO_API_KEY>`):
 *
 *   POST {base}/lookups   { country: "AU" | "NZ", plate: "ABC123", state?: "NSW" }
 *     200 { vehicle: { make, model, variant?, year?, vin?, body?, colour? } }
 *     404 { code, message }   no car registered under the plate (in that state)
 *
 * A rejected key (401, 403), another status, an unreadable body, an answer without make and model
 * or no answer within the time limit is a RegoProviderError.
 */
import { readEnv, type Env } from '../../../config/env.ts';
import { postJson, providerBase, ProviderUnreachable } from '../../../lib/provider-http.ts';
import { redactUrl } from '../../../lib/redact.ts';
import {
  NOT_FOUND_MESSAGE,
  UNAVAILABLE_MESSAGE,
  type PlateState,
  type RegoAnswer,
  type RegoVehicle,
} from '../rules/rego.ts';

export interface RegoQuery {
  plate: string;
  state?: PlateState;
  country: 'AU' | 'NZ';
}

export interface RegoProvider {
  /** Said in logs: "none" or the service's address, masked. */
  readonly describe: string;
  lookup(query: RegoQuery): Promise<RegoAnswer>;
}

export class RegoProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegoProviderError';
  }
}

/** No register to ask: every lookup is unavailable, and the shopper enters the car by hand. */
export function noRegoProvider(): RegoProvider {
  return { describe: 'none', lookup: async () => ({ status: 'unavailable', message: UNAVAILABLE_MESSAGE }) };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);

/** A 200 answer's vehicle; throws for one without make and model. */
export function mapRegoVehicle(body: Json): RegoVehicle {
  const v = isObject(body.vehicle) ? body.vehicle : {};
  const make = text(v.make, 50);
  const model = text(v.model, 80);
  if (!make || !model) throw new RegoProviderError('The rego lookup service answered without a make and model.');
  const year =
    typeof v.year === 'number' && Number.isInteger(v.year) && v.year >= 1900 && v.year <= 2100 ? v.year : undefined;
  const vin = text(v.vin, 17)?.toUpperCase();
  const out: RegoVehicle = { make, model };
  const variant = text(v.variant, 80);
  if (variant) out.variant = variant;
  if (year !== undefined) out.year = year;
  if (vin && /^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) out.vin = vin;
  const body_ = text(v.body, 40);
  if (body_) out.body = body_;
  const colour = text(v.colour, 40);
  if (colour) out.colour = colour;
  return out;
}

export const REGO_TIMEOUT_MS = 5000;

export function httpRegoProvider(options: {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): RegoProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    describe: redactUrl(base).replace(/\/$/, ''),
    async lookup({ plate, state, country }) {
      let answer: { status: number; body: unknown };
      try {
        answer = await postJson({
          url: `${base}/lookups`,
          apiKey: options.apiKey,
          body: { country, plate, ...(state ? { state } : {}) },
          timeoutMs: options.timeoutMs ?? REGO_TIMEOUT_MS,
          fetch: options.fetch,
        });
      } catch (e) {
        if (!(e instanceof ProviderUnreachable)) throw e;
        throw new RegoProviderError(`The rego lookup service ${e.message}.`);
      }
      const { status, body } = answer;
      if (status === 404) return { status: 'not_found', message: NOT_FOUND_MESSAGE };
      if (status === 401 || status === 403)
        throw new RegoProviderError("The rego lookup service rejected this site's key (REGO_API_KEY).");
      if (status !== 200 || !isObject(body))
        throw new RegoProviderError(`The rego lookup service could not handle the request (HTTP ${status}).`);
      return { status: 'found', vehicle: mapRegoVehicle(body) };
    },
  };
}

/** The provider REGO_PROVIDER_URL and REGO_API_KEY name; none without a URL. Throws naming a wrong variable. */
export function regoProviderFromEnv(env: Env, options: { fetch?: typeof fetch } = {}): RegoProvider {
  const url = readEnv(env, 'REGO_PROVIDER_URL')?.trim();
  if (!url) return noRegoProvider();
  const base = providerBase(url, 'REGO_PROVIDER_URL', 'https://rego.example.com/v1');
  const apiKey = readEnv(env, 'REGO_API_KEY')?.trim();
  if (!apiKey) throw new Error('REGO_API_KEY must be set with REGO_PROVIDER_URL: the key the lookup service issued.');
  return httpRegoProvider({ baseUrl: base, apiKey, fetch: options.fetch });
}
