/**
 * The valuation widget's call to POST /api/valuation. It always resolves, with what the widget
 * shows: a range, "unknown" (the provider cannot value the vehicle, or the details do not name
 * one it can) or "unavailable" (no answer, a provider failure, too many requests).
 */
import { apiFetch, ApiFetchError } from '../../../contract/fetch.ts';
import { API_ROUTES } from '../../../contract/routes.ts';
import type {
  TradeInOffer,
  TradeInRange,
  ValuationAnswer,
  ValuationRequest,
  ValuedVehicle,
} from '../contract/valuation.ts';

export const VALUATION_ROUTE = API_ROUTES.valuation;

export type ValuationState =
  | { kind: 'loading' }
  | { kind: 'valued'; tradeIn: TradeInRange; vehicle: ValuedVehicle; offer?: TradeInOffer }
  | { kind: 'unknown' }
  | { kind: 'unavailable' };

export type ValuationOutcome = Exclude<ValuationState, { kind: 'loading' }>;

export interface ValuationClientOptions {
  /** Origin of the API; '' (the default) is the page's own. */
  apiBase?: string;
  fetch?: typeof fetch;
  /** Longest wait for the answer; default 12 s (the provider has 5 s of it). */
  timeoutMs?: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const amount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The answer as the widget shows it; an answer of another shape is "unavailable". */
export function outcomeOf(answer: unknown): ValuationOutcome {
  if (!isObject(answer)) return { kind: 'unavailable' };
  if (answer.status === 'unknown') return { kind: 'unknown' };
  const range = answer.tradeIn;
  if (
    answer.status !== 'valued' ||
    !isObject(range) ||
    !amount(range.low) ||
    !amount(range.high) ||
    typeof range.asAt !== 'string'
  ) {
    return { kind: 'unavailable' };
  }
  const vehicle = isObject(answer.vehicle) ? (answer.vehicle as ValuedVehicle) : {};
  const offer = offerOf(answer.offer);
  return { kind: 'valued', tradeIn: range as unknown as TradeInRange, vehicle, ...(offer ? { offer } : {}) };
}

/** The dealer's offer, when the answer carries one of the right shape. */
function offerOf(value: unknown): TradeInOffer | undefined {
  if (!isObject(value) || !amount(value.amount) || typeof value.validUntil !== 'string') return undefined;
  if (typeof value.terms !== 'string') return undefined;
  return value as unknown as TradeInOffer;
}

/** Asks for the valuation; `answer` is set when there is one worth keeping (valued or unknown). */
export async function fetchValuation(
  request: ValuationRequest,
  site: string,
  options: ValuationClientOptions = {},
): Promise<{ outcome: ValuationOutcome; answer?: ValuationAnswer }> {
  let body: unknown;
  try {
    body = await apiFetch(VALUATION_ROUTE, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: { ...request, site },
      signal: AbortSignal.timeout(options.timeoutMs ?? 12_000),
      apiBase: options.apiBase,
      fetch: options.fetch,
    });
  } catch (error) {
    // The details the form kept do not name a vehicle the route can value: nothing to retry.
    if (error instanceof ApiFetchError && error.status === 400) return { outcome: { kind: 'unknown' } };
    return { outcome: { kind: 'unavailable' } };
  }
  const outcome = outcomeOf(body);
  return outcome.kind === 'unavailable' ? { outcome } : { outcome, answer: body as ValuationAnswer };
}
