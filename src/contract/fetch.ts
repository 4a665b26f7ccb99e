/**
 * One JSON call of the API from the browser: the answer's parsed body, or an ApiFetchError that
 * carries the status and, when the API sent one, its error envelope. Retries, timeouts and what
 * a visitor is told stay with each caller.
 */
import { isApiErrorBody, type ApiErrorBody } from './errors.ts';

/** An answer other than 2xx. `body` is the API's error envelope when the answer held one. */
export class ApiFetchError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(body?.error.message || `HTTP ${status}`);
    this.name = 'ApiFetchError';
  }
}

/** What apiFetch needs of `fetch` (islands pass their own, tests a stand-in). */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export interface ApiFetchInit {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Origin of the API; '' (the default) is the page's own. */
  apiBase?: string;
  fetch?: FetchLike;
}

/**
 * Calls `path` (a path of API_ROUTES, with its parameters and query) and resolves with the
 * parsed JSON body of a 2xx answer. Rejects with ApiFetchError for any other status, and with the
 * fetch's own error when nothing came back or the body is not JSON.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { apiBase = '', fetch: doFetch = (url, options) => globalThis.fetch(url, options), body, ...rest } = init;
  const headers = body === undefined ? rest.headers : { 'Content-Type': 'application/json', ...rest.headers };
  const options: RequestInit = {
    ...(rest.method ? { method: rest.method } : {}),
    ...(headers ? { headers } : {}),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(rest.signal ? { signal: rest.signal } : {}),
  };
  const url = `${apiBase}${path}`;
  // A plain GET is fetch(url) alone, as a visitor's browser would make it.
  const response = await (Object.keys(options).length ? doFetch(url, options) : doFetch(url));
  if (!response.ok) {
    const answer: unknown = await response.json().catch(() => undefined);
    throw new ApiFetchError(response.status, isApiErrorBody(answer) ? answer : undefined);
  }
  return (await response.json()) as T;
}
