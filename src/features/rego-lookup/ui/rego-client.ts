/**
 * The forms' call to POST /api/rego-lookup (REGO_LOOKUP_PATH, which a test holds equal to
 * API_ROUTES.regoLookup). It always resolves, with what the form shows: a car, what to correct
 * or that none is registered under the plate, or "unavailable" (no lookup on the site, a failure,
 * no answer in time). Kept small: it ships with every form.
 */
import { UNAVAILABLE_MESSAGE, type RegoAnswer } from '../rules/rego.ts';

export const REGO_LOOKUP_PATH = '/api/rego-lookup';

type Answer = Partial<RegoAnswer> & {
  vehicle?: { make?: unknown; model?: unknown };
  error?: { message?: string; fields?: Record<string, string> };
};

/** The API's answer (or error) as the form shows it; an answer of another shape is "unavailable". */
export function regoOutcome(status: number, body: Answer | undefined): RegoAnswer {
  const v = body?.vehicle;
  if (status === 200 && body?.status === 'found' && typeof v?.make === 'string' && typeof v.model === 'string')
    return body as RegoAnswer;
  const problem =
    status === 400 ? (body?.error?.fields?.rego ?? body?.error?.fields?.state ?? body?.error?.message) : undefined;
  if (problem) return { status: 'not_found', message: problem };
  if (status === 200 && body?.status === 'not_found' && body.message) return body as RegoAnswer;
  return { status: 'unavailable', message: UNAVAILABLE_MESSAGE };
}

export async function lookupRego(
  request: { rego: string; state?: string },
  site?: string,
  options: { apiBase?: string; fetch?: typeof fetch } = {},
): Promise<RegoAnswer> {
  try {
    const response = await (options.fetch ?? fetch)(`${options.apiBase ?? ''}${REGO_LOOKUP_PATH}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(site ? { ...request, site } : request),
      signal: AbortSignal.timeout(10_000),
    });
    return regoOutcome(response.status, (await response.json().catch(() => undefined)) as Answer | undefined);
  } catch {
    return regoOutcome(0, undefined);
  }
}
