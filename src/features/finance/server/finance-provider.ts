/**
 * The finance provider: where a finance form's application goes, and who knows the provider's
 * dealership id of a stock car's location. `httpFinanceProvider` is the real client; with no
 * provider configured, `financeProviderFromEnv` points it at the local stand-in
 * (scripts/standins/finance-standin.ts), which speaks the same HTTP.
 *
 * Wire format (JSON both ways, `Authorization: Bearer <FINANCE_PROVIDER_KEY>`):
 *
 *   POST {base}/applications
 *     { provider, website: { id, name, url }, dealershipId, dealerCompanyId, applicant: {…form values} }
 *     dealershipId is the one `apply` is given, else the site's; dealerCompanyId is the site's. The
 *     applicant's values are passed on as given (the route leaves out any that name a dealer).
 *     200 { customerKey, quoteUrl, mobileVerification: { status: "verified" | "unverified", url? },
 *           dealershipId?, dealerCompanyId? }
 *     422 { fieldErrors: { <field>: string[] } }      the applicant must correct these fields
 *     400 | 409 { message }                            declined: the message is for the applicant
 *
 *   GET {base}/dealerships?location=<location name>&carId=<id>&websiteId=<id>
 *     200 { dealershipId }    404 when the provider knows no dealership there
 *
 * Any other status, an unreadable body or a rejected key is a FinanceProviderError with status
 * 502; no answer within `timeoutMs` or no connection is one with status 503.
 */
import type { Site } from '../../../content/site.ts';
import { envDefault, readEnv, type Env } from '../../../config/env.ts';

import type { FinanceAnswer } from '../contract/finance.ts';

export type { FinanceAnswer, MobileVerificationStatus } from '../contract/finance.ts';

export interface FinanceProvider {
  /**
   * `provider` is the name in the route (`/api/send-to-{provider}`) when the site names none.
   * `dealershipId` is the provider's dealership id the application is for (the route finds the
   * stock car's, see src/api/routes/finance.ts), else the site's own; `values` are the applicant's
   * and never name the dealer: the dealer's ids come from `site`.
   */
  apply(input: {
    site: Site;
    values: Record<string, unknown>;
    provider?: string;
    dealershipId?: string | number;
  }): Promise<FinanceAnswer>;
  /** The provider's dealership id for a stock car's location; undefined when it knows none. */
  dealershipIdForLocation(input: { site: Site; locationName?: string; carId: string }): Promise<string | undefined>;
}

/** The provider did not give a usable answer. `status` is what the API route answers. */
export class FinanceProviderError extends Error {
  constructor(
    message: string,
    readonly status: 502 | 503,
  ) {
    super(message);
    this.name = 'FinanceProviderError';
  }
}

export interface HttpFinanceProviderOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Longest wait for one provider answer; default 8000 ms (inside a serverless function's limit). */
  timeoutMs?: number;
}

export const DEFAULT_FINANCE_TIMEOUT_MS = envDefault('FINANCE_PROVIDER_TIMEOUT_MS');
/** Where `npm start` runs the stand-in when no provider is configured. */
export const FINANCE_STANDIN_PORT = 4390;
const STANDIN_KEY = 'stand-in';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function idValue(value: unknown): string | number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return str(value);
}

/** Only http(s) URLs are passed on: the form sends the visitor there. */
function webUrl(value: unknown): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function fieldErrors(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!isObject(value)) return out;
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string' && !!m.trim(),
    );
    if (list.length) out[field] = list;
  }
  return out;
}

/** The provider's 200 answer in the form's words. */
export function mapApplicationAnswer(body: Json): FinanceAnswer {
  const verification = isObject(body.mobileVerification) ? body.mobileVerification : {};
  const status =
    verification.status === 'unverified' ? 'unverified' : verification.status === 'verified' ? 'verified' : undefined;
  const verifyUrl = webUrl(verification.url);
  const answer: FinanceAnswer = {
    satellite_site_url: status === 'unverified' && verifyUrl ? verifyUrl : webUrl(body.quoteUrl),
    customerKey: str(body.customerKey),
    mobileVerificationStatus: status,
    dealershipId: idValue(body.dealershipId),
    dealerCompanyId: idValue(body.dealerCompanyId),
  };
  if (!answer.satellite_site_url && !answer.customerKey) {
    throw new FinanceProviderError('The finance provider accepted the application but sent no quote page.', 502);
  }
  return Object.fromEntries(Object.entries(answer).filter(([, v]) => v !== undefined));
}

export function httpFinanceProvider(options: HttpFinanceProviderOptions): FinanceProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FINANCE_TIMEOUT_MS;

  /** One provider call: status and parsed JSON body (undefined when the body is not JSON). */
  async function call(path: string, init: RequestInit): Promise<{ status: number; body: Json | undefined }> {
    let response: Response;
    let text: string;
    try {
      // The timeout covers the body too: a provider that sends headers and then stalls still ends.
      const signal = AbortSignal.timeout(timeoutMs);
      response = await doFetch(`${base}${path}`, {
        ...init,
        signal,
        headers: { Accept: 'application/json', Authorization: `Bearer ${options.apiKey}`, ...init.headers },
      });
      text = await response.text();
    } catch (e) {
      const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
      throw new FinanceProviderError(
        timedOut
          ? `The finance provider did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}. Please try again.`
          : 'The finance provider cannot be reached at the moment. Please try again.',
        503,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new FinanceProviderError("The finance provider rejected this site's API key (FINANCE_PROVIDER_KEY).", 502);
    }
    let body: Json | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      body = isObject(parsed) ? parsed : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  function unexpected(status: number): FinanceProviderError {
    return new FinanceProviderError(
      `The finance provider could not handle the request (HTTP ${status}). Please try again later.`,
      502,
    );
  }

  return {
    async apply({ site, values, provider, dealershipId }) {
      const { status, body } = await call('/applications', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          provider: site.integrations?.financeProvider ?? provider,
          website: { id: site.id, name: site.name, url: site.url },
          dealershipId: dealershipId ?? site.dealershipId,
          dealerCompanyId: site.dealerCompanyId,
          applicant: values,
        }),
      });
      if (!body) throw unexpected(status);
      if (status === 200 || status === 201) return mapApplicationAnswer(body);
      if (status === 422) {
        const dataErrors = fieldErrors(body.fieldErrors);
        if (Object.keys(dataErrors).length) return { dataErrors };
        return { error: str(body.message) ?? 'Some details of the application are not valid.' };
      }
      if ((status === 400 || status === 409) && str(body.message)) return { error: str(body.message) };
      throw unexpected(status);
    },

    async dealershipIdForLocation({ site, locationName, carId }) {
      const query = new URLSearchParams({ carId, websiteId: String(site.id) });
      if (locationName) query.set('location', locationName);
      const { status, body } = await call(`/dealerships?${query}`, { method: 'GET' });
      if (status === 404) return undefined;
      if (status !== 200 || !body) throw unexpected(status);
      const id = idValue(body.dealershipId);
      return id === undefined ? undefined : String(id);
    },
  };
}

/**
 * The provider named by FINANCE_PROVIDER_URL and FINANCE_PROVIDER_KEY (and optional
 * FINANCE_PROVIDER_TIMEOUT_MS); without a URL, the stand-in at `standInUrl`
 * (default http://127.0.0.1:FINANCE_STANDIN_PORT, where `npm start` runs it).
 */
export function financeProviderFromEnv(
  env: Env,
  options: { standInUrl?: string; fetch?: typeof fetch } = {},
): FinanceProvider {
  const timeout = Number(readEnv(env, 'FINANCE_PROVIDER_TIMEOUT_MS'));
  const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : undefined;
  const configured = readEnv(env, 'FINANCE_PROVIDER_URL')?.trim();
  if (configured) {
    return httpFinanceProvider({
      baseUrl: configured,
      apiKey: readEnv(env, 'FINANCE_PROVIDER_KEY') ?? envDefault('FINANCE_PROVIDER_KEY'),
      fetch: options.fetch,
      timeoutMs,
    });
  }
  return httpFinanceProvider({
    baseUrl: options.standInUrl ?? `http://127.0.0.1:${FINANCE_STANDIN_PORT}`,
    apiKey: STANDIN_KEY,
    fetch: options.fetch,
    timeoutMs,
  });
}
