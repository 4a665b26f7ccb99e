import { redactUrl } from './redact.ts';

/**
 * One JSON call to a third party's HTTP API with a bearer key and a time limit that covers the
 * body too (a service that sends headers and then stalls still ends). The caller maps the status.
 */
export interface ProviderCall {
  url: string;
  apiKey: string;
  body: unknown;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** No answer: `timedOut` when the time limit passed, else the connection failed. */
export class ProviderUnreachable extends Error {
  // A plain field, not a parameter property: the build runs this file with Node's type stripping.
  readonly timedOut: boolean;
  constructor(timedOut: boolean) {
    super(timedOut ? 'no answer in time' : 'cannot be reached');
    this.timedOut = timedOut;
    this.name = 'ProviderUnreachable';
  }
}

/** The status and JSON body (undefined when the body is not JSON) of a POST; throws ProviderUnreachable. */
export async function postJson(call: ProviderCall): Promise<{ status: number; body: unknown }> {
  try {
    const response = await (call.fetch ?? fetch)(call.url, {
      method: 'POST',
      signal: AbortSignal.timeout(call.timeoutMs),
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${call.apiKey}`,
      },
      body: JSON.stringify(call.body),
    });
    const raw = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  } catch (e) {
    const name = (e as Error).name;
    throw new ProviderUnreachable(name === 'TimeoutError' || name === 'AbortError');
  }
}

/** The time limit as said in an error: "5 seconds", "300 ms". */
export function timeLimitText(timeoutMs: number): string {
  return timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
}

/**
 * A configured base URL without trailing slashes, checked to be http(s); throws naming `variable`
 * (and quoting `shown`, the URL as it may be said, when given).
 */
export function providerBase(url: string, variable: string, example: string, shown?: string): string {
  if (!/^https?:\/\/[^/\s]+/i.test(url)) {
    const not = shown === undefined ? '' : `, not "${shown}"`;
    throw new Error(`${variable} must be an http(s) address such as ${example}${not}.`);
  }
  return url.replace(/\/+$/, '');
}

/** A provider that values vehicles (market price, trade-in): they all speak alike. */
export interface ValuingProvider {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs: number;
  /** The route under the base: "/market-prices". */
  path: string;
  /** Said in every message: "market-price provider". */
  name: string;
  /** The variable of `apiKey`, said when the provider rejects it. */
  keyVariable: string;
  /** The error to throw: status 502 for a wrong answer, 503 for none. */
  error: (message: string, status: 502 | 503) => Error;
}

export interface ValuingClient {
  /** The base URL without trailing slashes, any secret in it masked. */
  describe: string;
  /**
   * POSTs `body` and gives the 200 JSON object, or the message of a 404 or 422 (the provider does
   * not know the vehicle). A rejected key (401, 403), any other status or an unreadable body throws
   * `error(…, 502)`; 429, no answer within `timeoutMs` or no connection, `error(…, 503)`.
   */
  post(body: unknown): Promise<{ body: Record<string, unknown> } | { unknown: string }>;
}

const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function valuingClient(provider: ValuingProvider): ValuingClient {
  const { name, error, timeoutMs } = provider;
  const base = provider.baseUrl.replace(/\/+$/, '');
  return {
    describe: redactUrl(base).replace(/\/$/, ''),
    async post(body) {
      let answer: { status: number; body: unknown };
      try {
        answer = await postJson({
          url: `${base}${provider.path}`,
          apiKey: provider.apiKey,
          body,
          timeoutMs,
          fetch: provider.fetch,
        });
      } catch (e) {
        if (!(e instanceof ProviderUnreachable)) throw e;
        const within = `did not answer within ${timeLimitText(timeoutMs)}`;
        throw error(`The ${name} ${e.timedOut ? within : 'cannot be reached'}.`, 503);
      }
      const { status } = answer;
      if (status === 401 || status === 403) {
        throw error(`The ${name} rejected this site's API key (${provider.keyVariable}).`, 502);
      }
      if (status === 429) throw error(`The ${name} is busy (HTTP 429).`, 503);
      const out = answer.body;
      if (status === 404 || status === 422) {
        const said = isJsonObject(out) && typeof out.message === 'string' ? out.message.trim().slice(0, 300) : '';
        return { unknown: said || `The ${name} does not know this vehicle.` };
      }
      if (status !== 200 || !isJsonObject(out)) {
        throw error(`The ${name} could not handle the request (HTTP ${status}).`, 502);
      }
      return { body: out };
    },
  };
}
