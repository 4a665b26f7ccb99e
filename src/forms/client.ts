/**
 * The browser side of the API calls forms make: lead saves (partial and final), the finance
 * application, the finance-location lookup and the manufacturer locations. Every call resolves
 * (never throws) with either the answer or a message a visitor can act on, so a form can show it
 * and keep every value for a retry.
 */
import { isApiErrorBody, type ApiErrorDetail } from '../contract/errors.ts';
import type { FinanceAnswer } from '../features/finance/contract/finance.ts';
import { API_ROUTES, manufacturerLocationsPath, sendToProviderPath } from '../contract/routes.ts';
import { LEAD_ROUTE, type LeadSaveRequest, type LeadSaveResponse } from './contract.ts';
import type { ManufacturerWebsite } from './service-sites.ts';

export const NETWORK_MESSAGE = 'We could not send your details. Please check your connection and try again.';
export const UNAVAILABLE_MESSAGE =
  'We could not save your details just now. Everything you entered is still here: please try again in a moment.';
export const RATE_LIMITED_MESSAGE = 'You have sent several forms in a short time. Please wait a minute and try again.';
export const TOO_LARGE_MESSAGE = 'Your message is too long to send. Please shorten it and try again.';
export const INVALID_MESSAGE = 'Please check the highlighted fields and try again.';

export type Failure =
  /** The server refused some values: `fields` maps field name → message. */
  | { ok: false; kind: 'invalid'; message: string; fields: Record<string, string> }
  /** Nothing reached the server, or it could not store the values; the same request may be retried. */
  | { ok: false; kind: 'network' | 'unavailable'; message: string }
  | { ok: false; kind: 'rejected'; message: string; status: number };

export type Result<T> = ({ ok: true } & T) | Failure;

export interface ClientOptions {
  /** Origin of the API; '' (the default) is the page's own origin. */
  apiBase?: string;
  fetch?: typeof fetch;
  /** Longest wait for one answer; default 20 s. */
  timeoutMs?: number;
  /** Automatic retries of a request that got no answer or a 503 (saves are idempotent); default 1. */
  retries?: number;
  /** Pause before a retry; default 600 ms. */
  retryDelayMs?: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The API's error body, when `body` is one. */
function apiError(body: unknown): ApiErrorDetail | undefined {
  return isApiErrorBody(body) ? body.error : undefined;
}

function failureFor(status: number, body: unknown): Failure {
  const error = apiError(body);
  if (status === 400 || status === 422) {
    const fields = error?.fields && isObject(error.fields) ? error.fields : {};
    return { ok: false, kind: 'invalid', message: error?.message || INVALID_MESSAGE, fields };
  }
  if (status === 429) return { ok: false, kind: 'rejected', status, message: RATE_LIMITED_MESSAGE };
  if (status === 413) return { ok: false, kind: 'rejected', status, message: TOO_LARGE_MESSAGE };
  // Server-side failures are the site's problem, not the visitor's: one reassuring message.
  if (status >= 500) return { ok: false, kind: 'unavailable', message: UNAVAILABLE_MESSAGE };
  return { ok: false, kind: 'rejected', status, message: error?.message || UNAVAILABLE_MESSAGE };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One JSON request with timeout and retries; resolves with the status and parsed body. */
async function request(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
  options: ClientOptions,
): Promise<{ ok: true; status: number; body: unknown } | Failure> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const retries = options.retries ?? 1;
  let last: Failure = { ok: false, kind: 'network', message: NETWORK_MESSAGE };
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await pause(options.retryDelayMs ?? 600);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${options.apiBase ?? ''}${path}`, {
        method: init.method,
        headers:
          init.body === undefined
            ? { Accept: 'application/json' }
            : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      });
      text = await response.text();
    } catch {
      last = { ok: false, kind: 'network', message: NETWORK_MESSAGE };
      continue;
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.ok) return { ok: true, status: response.status, body };
    last = failureFor(response.status, body);
    if (response.status !== 503) return last;
  }
  return last;
}

/** Saves a lead (partial or final). The same request may be sent again safely. */
export async function saveLead(
  payload: LeadSaveRequest,
  options: ClientOptions = {},
): Promise<Result<LeadSaveResponse>> {
  const answer = await request(LEAD_ROUTE, { method: 'POST', body: payload }, options);
  if (!answer.ok) return answer;
  const body = answer.body;
  if (!isObject(body) || (typeof body.lead_id !== 'string' && typeof body.lead_id !== 'number')) {
    return { ok: false, kind: 'unavailable', message: UNAVAILABLE_MESSAGE };
  }
  return {
    ok: true,
    lead_id: String(body.lead_id),
    lead_status: body.lead_status === 'Complete' ? 'Complete' : 'Partial',
  };
}

/** The finance route of a site's provider: `/api/send-to-{provider}`. */
export function financeRoute(provider: string | undefined): string {
  const name = (provider ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return sendToProviderPath(name || 'provider');
}

/** Sends the finance application; the answer's own `error` and `dataErrors` are for the form. */
export async function sendFinanceApplication(
  provider: string | undefined,
  values: Record<string, unknown>,
  site: string,
  options: ClientOptions = {},
): Promise<Result<{ answer: FinanceAnswer }>> {
  // An application is not idempotent at the provider: never resent automatically.
  const answer = await request(
    financeRoute(provider),
    { method: 'POST', body: { ...values, site } },
    { ...options, retries: 0 },
  );
  if (!answer.ok) return answer;
  return { ok: true, answer: isObject(answer.body) ? answer.body : {} };
}

/** The provider's dealership id for a stock car's location (POST /api/finance-locations). */
export async function financeLocation(
  carId: string,
  site: string,
  options: ClientOptions = {},
): Promise<string | undefined> {
  const answer = await request(API_ROUTES.financeLocations, { method: 'POST', body: { carId, site } }, options);
  if (!answer.ok || !isObject(answer.body)) return undefined;
  const id = answer.body.dealershipId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * Every dealer website with its locations (GET /api/manufacturer-locations). Spec §7: an ok
 * status is required, so an answer without `ok: true` beside its websites is a failure.
 */
export async function fetchManufacturerLocations(
  site: string,
  options: ClientOptions = {},
): Promise<Result<{ websites: ManufacturerWebsite[] }>> {
  const answer = await request(manufacturerLocationsPath(site), { method: 'GET' }, options);
  if (!answer.ok) return answer;
  const body = answer.body;
  if (!isObject(body) || body.ok !== true || !Array.isArray(body.websites)) {
    return { ok: false, kind: 'unavailable', message: UNAVAILABLE_MESSAGE };
  }
  return { ok: true, websites: body.websites.filter(isObject) as unknown as ManufacturerWebsite[] };
}
