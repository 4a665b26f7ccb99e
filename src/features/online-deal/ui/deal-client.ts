/**
 * The deal page's calls to the deal API and where the shopper's link lives. The token is in the
 * link's fragment (/deal#<token>): browsers send no fragment to any server or in a Referer, so
 * the token is in no server log or analytics hit. The browser also remembers the deal of each car,
 * so coming back from the car page continues it.
 */
import { API_ROUTES } from '../../../contract/routes.ts';
import { apiFetch, ApiFetchError } from '../../../contract/fetch.ts';
import type { DealDepositStarted, DealStarted, DealView } from '../contract/deal.ts';

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
