/**
 * The deal page's calls to the deal API and where the shopper's link lives. The token is in the
 * link's fragment (/deal#<token>): browsers send no fragment to any server or in a Referer, so
 * the token is in no server log or analytics hit. The browser also remembers the deal of each car,
 * so coming back from the car page continues it.
 */
import { API_ROUTES } from '../../../contract/routes.ts';
import { apiFetch, ApiFetchError } from '../../../contract/fetch.ts';
import type { DealDepositStarted, DealStarted, DealView } from '../contract/deal.ts';
import type { RegoAnswer, RegoVehicle } from '../../rego-lookup/contract/rego.ts';
import type { FetchLike } from '../../../contract/fetch.ts';

export type Fields = Record<string, string>;

/** A refused call: its message, and each problem by field path ("contact.phone"). */
export class DealProblem extends Error {
  constructor(
    message: string,
    readonly fields: Fields,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(route: string, body: Record<string, unknown>): Promise<T> {
  try {
    return await apiFetch<T>(route, { method: 'POST', body, signal: AbortSignal.timeout(20_000) });
  } catch (e) {
    if (e instanceof ApiFetchError) throw new DealProblem(e.message, e.body?.error.fields ?? {}, e.status);
    throw new DealProblem('We could not reach the dealer just now. Check your connection and try again.', {}, 0);
  }
}

export const startDeal = (carId: string) => call<DealStarted>(API_ROUTES.deals, { car_id: carId });
export const viewDeal = (token: string) => call<DealView>(API_ROUTES.dealView, { token });
export const saveDeal = (token: string, parts: Record<string, unknown>) =>
  call<DealView>(API_ROUTES.dealSave, { token, ...parts });
export const cancelDeal = (token: string) => call<DealView>(API_ROUTES.dealCancel, { token });
export const startDeposit = (token: string, acceptTerms: boolean) =>
  call<DealDepositStarted>(API_ROUTES.dealDeposit, { token, accept_terms: acceptTerms });

/**
 * Find my car: POST /api/rego-lookup, the trade-in and valuation forms' lookup, read as their
 * rego-client.ts reads it (a plate the API refuses is "not found" in its words; a failure is
 * "unavailable"). Called through apiFetch, which the deal page already ships, rather than that
 * client, so the forms' own bundle is not split in two for the deal page.
 */
export async function findCar(
  request: { rego: string; state?: string },
  options: { apiBase?: string; fetch?: FetchLike } = {},
): Promise<RegoAnswer> {
  try {
    const answer = await apiFetch<RegoAnswer>(API_ROUTES.regoLookup, {
      ...options,
      method: 'POST',
      body: request,
      signal: AbortSignal.timeout(10_000),
    });
    if (answer.status === 'found' && answer.vehicle?.make && answer.vehicle.model) return answer;
    if (answer.status === 'not_found' && answer.message) return answer;
  } catch (e) {
    const fields = e instanceof ApiFetchError && e.status === 400 ? e.body?.error.fields : undefined;
    const problem = fields?.rego ?? fields?.state;
    if (problem) return { status: 'not_found', message: problem };
  }
  return { status: 'unavailable', message: CAR_NOT_FOUND_BY_REGO };
}

/** The rego lookup's words when it cannot be asked (rules/rego.ts UNAVAILABLE_MESSAGE, which a test holds equal). */
export const CAR_NOT_FOUND_BY_REGO =
  'Finding your car by its rego is not available right now. Please enter your car’s details below.';

/** The fields a found car fills (rules/rego.ts prefillOf, the forms' own, which a test holds equal). */
export function tradePrefill(v: RegoVehicle): Partial<Record<'make' | 'model' | 'variant' | 'year', string>> {
  return {
    make: v.make,
    model: v.model,
    ...(v.variant ? { variant: v.variant } : {}),
    ...(v.year !== undefined ? { year: String(v.year) } : {}),
  };
}

/** "2019 Toyota Corolla Ascent Sport" (rules/rego.ts foundText). */
export const foundCar = (v: RegoVehicle) => [v.year, v.make, v.model, v.variant].filter(Boolean).join(' ');

const KEY = 'deal-token:';

export function rememberDeal(carId: string, token: string): void {
  try {
    window.localStorage.setItem(`${KEY}${carId}`, token);
  } catch {
    // Storage refused: the link on the page still opens the deal.
  }
}

export function rememberedDeal(carId: string): string | undefined {
  try {
    return window.localStorage.getItem(`${KEY}${carId}`) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetDeal(carId: string): void {
  try {
    window.localStorage.removeItem(`${KEY}${carId}`);
  } catch {
    // Nothing kept.
  }
}

/** The shopper's link to their deal on this site. */
export function dealLink(token: string): string {
  return `${window.location.origin}${window.location.pathname}#${token}`;
}

/** "$12,500" */
export const money = (n: number | undefined) =>
  n === undefined
    ? ''
    : `$${n.toLocaleString('en-AU', Number.isInteger(n) ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
