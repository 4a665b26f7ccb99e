/**
 * The vehicle history provider: a PPSR-style check of a car by its VIN, asked when stock arrives
 * without a history (at-import.ts). The default, `noHistoryProvider`, looks nothing up: a car
 * then shows only the history its feed or cars.json gives, never one made up. `httpHistoryProvider`
 * is the client of a history service, chosen by HISTORY_PROVIDER_URL and HISTORY_API_KEY; tests
 * drive it against scripts/standins/history-standin.ts, which speaks the same HTTP.
 *
 * Wire format (JSON both ways, `Authorization: Bearer <HISTORY_API_KEY>`):
 *
 *   POST {base}/checks   { country: "AU" | "NZ", vin: "<17 characters>" }
 *     200 { checkedOn: "YYYY-MM-DD", source?, financeOwing?: boolean, stolen?: boolean,
 *           writtenOff?: boolean, writeOffType?: "repairable" | "statutory" | "inspected" }
 *     404 { code, message }   no record of this VIN
 *
 * A rejected key (401, 403), another status, an unreadable body or an answer without its check
 * date is a HistoryProviderError; so is no answer within the time limit.
 */
import type { VehicleHistory } from '../../../content/entities.ts';
import { readEnv, type Env } from '../../../config/env.ts';
import { postJson, providerBase, ProviderUnreachable } from '../../../lib/provider-http.ts';
import { redactUrl } from '../../../lib/redact.ts';

export interface HistoryQuery {
  vin: string;
  country: 'AU' | 'NZ';
}

export interface HistoryProvider {
  /** Said in logs: "none" or the service's address, masked. */
  readonly describe: string;
  /** The car's history, or undefined when the provider has no record of it (or none is configured). */
  check(query: HistoryQuery): Promise<VehicleHistory | undefined>;
}

export class HistoryProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HistoryProviderError';
  }
}

/** Looks nothing up: without a history service there is no history but the feed's. */
export function noHistoryProvider(): HistoryProvider {
  return { describe: 'none', check: async () => undefined };
}

/** A VIN: 17 letters and digits, never I, O or Q. */
export const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const WRITE_OFF_TYPES = ['repairable', 'statutory', 'inspected'] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

/** A 200 answer as a Car's `history`; throws for one without a check date. */
export function mapHistory(body: Json): VehicleHistory {
  const checkedOn = typeof body.checkedOn === 'string' && DAY.test(body.checkedOn) ? body.checkedOn : undefined;
  if (!checkedOn) throw new HistoryProviderError('The history service answered without the date of its check.');
  const source = typeof body.source === 'string' && body.source.trim() ? body.source.trim().slice(0, 80) : undefined;
  const type = WRITE_OFF_TYPES.find((t) => t === body.writeOffType);
  const out: VehicleHistory = { checked_on: checkedOn };
  if (source) out.source = source;
  const owing = flag(body.financeOwing);
  if (owing !== undefined) out.finance_owing = owing;
  const stolen = flag(body.stolen);
  if (stolen !== undefined) out.stolen = stolen;
  const writtenOff = flag(body.writtenOff);
  if (writtenOff !== undefined || type) out.written_off = writtenOff ?? true;
  if (type && out.written_off) out.write_off_type = type;
  return out;
}

export const HISTORY_TIMEOUT_MS = 5000;

export function httpHistoryProvider(options: {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): HistoryProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    describe: redactUrl(base).replace(/\/$/, ''),
    async check({ vin, country }) {
      const compact = vin.replace(/[\s-]+/g, '').toUpperCase();
      if (!VIN.test(compact)) return undefined;
      let answer: { status: number; body: unknown };
      try {
        answer = await postJson({
          url: `${base}/checks`,
          apiKey: options.apiKey,
          body: { country, vin: compact },
          timeoutMs: options.timeoutMs ?? HISTORY_TIMEOUT_MS,
          fetch: options.fetch,
        });
      } catch (e) {
        if (!(e instanceof ProviderUnreachable)) throw e;
        throw new HistoryProviderError(`The history service ${e.message}.`);
      }
      const { status, body } = answer;
      if (status === 404) return undefined;
      if (status === 401 || status === 403)
        throw new HistoryProviderError("The history service rejected this site's key (HISTORY_API_KEY).");
      if (status !== 200 || !isObject(body))
        throw new HistoryProviderError(`The history service could not handle the request (HTTP ${status}).`);
      return mapHistory(body);
    },
  };
}

/** The provider HISTORY_PROVIDER_URL and HISTORY_API_KEY name; none without a URL. Throws naming a wrong variable. */
export function historyProviderFromEnv(env: Env, options: { fetch?: typeof fetch } = {}): HistoryProvider {
  const url = readEnv(env, 'HISTORY_PROVIDER_URL')?.trim();
  if (!url) return noHistoryProvider();
  const base = providerBase(url, 'HISTORY_PROVIDER_URL', 'https://history.example.com/v1');
  const apiKey = readEnv(env, 'HISTORY_API_KEY')?.trim();
  if (!apiKey)
    throw new Error('HISTORY_API_KEY must be set with HISTORY_PROVIDER_URL: the key the history service issued.');
  return httpHistoryProvider({ baseUrl: base, apiKey, fetch: options.fetch });
}
