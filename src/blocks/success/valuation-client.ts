/**
 * The valuation widget's call to POST /api/valuation. It always resolves, with what the widget
 * shows: a range, "unknown" (the provider cannot value the vehicle, or the details do not name
 * one it can) or "unavailable" (no answer, a provider failure, too many requests).
 */
import type { TradeInRange, ValuationAnswer, ValuationRequest, ValuedVehicle } from '../../contract/valuation.ts';

export const VALUATION_ROUTE = '/api/valuation';

export type ValuationState =
  | { kind: 'loading' }
  | { kind: 'valued'; tradeIn: TradeInRange; vehicle: ValuedVehicle }
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
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const amount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The answer as the widget shows it; an answer of another shape is "unavailable". */
export function outcomeOf(answer: unknown): ValuationOutcome {
  if (!isObject(answer)) return { kind: 'unavailable' };
  if (answer.status === 'unknown') return { kind: 'unknown' };
  const range = answer.tradeIn;
  if (answer.status !== 'valued' || !isObject(range) || !amount(range.low) || !amount(range.high) || typeof range.asAt !== 'string') {
    return { kind: 'unavailable' };
  }
  const vehicle = isObject(answer.vehicle) ? (answer.vehicle as ValuedVehicle) : {};
  return { kind: 'valued', tradeIn: range as unknown as TradeInRange, vehicle };
}

/** Asks for the valuation; `answer` is set when there is one worth keeping (valued or unknown). */
export async function fetchValuation(
  request: ValuationRequest,
  site: string,
  options: ValuationClientOptions = {},
): Promise<{ outcome: ValuationOutcome; answer?: ValuationAnswer }> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  let body: unknown;
  try {
    response = await doFetch(`${options.apiBase ?? ''}${VALUATION_ROUTE}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...request, site }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 12_000),
    });
    body = await response.json().catch(() => undefined);
  } catch {
    return { outcome: { kind: 'unavailable' } };
  }
  // The details the form kept do not name a vehicle the route can value: nothing to retry.
  if (response.status === 400) return { outcome: { kind: 'unknown' } };
  if (!response.ok) return { outcome: { kind: 'unavailable' } };
  const outcome = outcomeOf(body);
  return outcome.kind === 'unavailable' ? { outcome } : { outcome, answer: body as ValuationAnswer };
}
