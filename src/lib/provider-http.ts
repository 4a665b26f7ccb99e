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
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'no answer in time' : 'cannot be reached');
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

/** A configured base URL without trailing slashes, checked to be http(s); throws naming `variable`. */
export function providerBase(url: string, variable: string, example: string): string {
  if (!/^https?:\/\/[^/\s]+/i.test(url)) {
    throw new Error(`${variable} must be an http(s) address such as ${example}.`);
  }
  return url.replace(/\/+$/, '');
}
