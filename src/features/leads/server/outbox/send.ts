/**
 * Sending one outbox row to its destination: a signed JSON webhook, an ADF/XML POST, or files
 * in a folder. Each resolves when the destination has the lead and throws with a reason otherwise.
 *
 * Rules a POST keeps:
 * - One time budget (`timeoutMs`, SEND_TIMEOUT_MS by default) for the whole send, redirects and
 *   the answer's body included.
 * - Redirects are never followed to another origin: the lead, its personal details and its
 *   signature go only to the origin configured. A 307 or 308 to the same origin is followed with
 *   the same method, body and headers, at most MAX_REDIRECTS times; any other 3xx is a failed
 *   attempt whose reason names the host it pointed to.
 * - A user name and password in a configured URL are sent as HTTP Basic authorization (fetch
 *   takes no URL with credentials), and reasons quote a URL through redactUrl, so no credential
 *   of a configured URL reaches a log or the outbox's last_error.
 */
import { createHmac } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { redactUrl } from '../../../../lib/redact.ts';
import { adfXml } from './adf.ts';
import type { LeadPayload } from './payload.ts';

export const SIGNATURE_HEADER = 'X-Lead-Signature';
export const TIMESTAMP_HEADER = 'X-Lead-Timestamp';
export const SEND_TIMEOUT_MS = 10_000;
/** Same-origin 307/308 redirects followed for one send. */
export const MAX_REDIRECTS = 3;

export interface SendContext {
  outboxId: string;
  payload: LeadPayload;
  /** The send's time: X-Lead-Timestamp, which the signature covers. */
  now: Date;
  fetch: typeof fetch;
  /** The whole send's time budget; SEND_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

/**
 * Thrown for a delivery that failed; `httpStatus` when the destination answered, `unreachable`
 * when it did not (no answer in time, or the connection failed), so its other leads can wait.
 */
export class SendError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
    readonly unreachable = false,
  ) {
    super(message);
  }
}

/** Seconds since 1970 (UTC) at `now`: the X-Lead-Timestamp value. */
export function leadTimestamp(now: Date): string {
  return String(Math.floor(now.getTime() / 1000));
}

/**
 * `sha256=<hex>`: HMAC-SHA256, keyed with the dealer's secret, of `<timestamp>.<raw body>`, where
 * the timestamp is the X-Lead-Timestamp header as sent (docs/api.md, "Delivery").
 */
export function signature(timestamp: string, body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Why a request got no answer, from fetch's error (its cause names the socket's fault). */
function failureReason(e: unknown, timeoutMs: number): string {
  const error = e as Error & { cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = error.cause;
  if (cause && (cause.code || cause.message))
    return `the connection failed (${[cause.code, cause.message].filter(Boolean).join(': ')})`;
  return error.message || String(e);
}

function redirectTarget(location: string | null, from: string): URL | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(location, from);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The URL without its user name and password, and those as a Basic authorization header. */
function withoutCredentials(url: URL): { href: string; auth: Record<string, string> } {
  if (!url.username && !url.password) return { href: url.href, auth: {} };
  const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  const bare = new URL(url.href);
  bare.username = '';
  bare.password = '';
  return { href: bare.href, auth: { Authorization: `Basic ${Buffer.from(user).toString('base64')}` } };
}

/** What a POST needs of its send: the lead and outbox ids its headers name, and how to fetch. */
type PostContext = Pick<SendContext, 'outboxId' | 'fetch' | 'timeoutMs'> & { payload: { lead_id: string } };

async function post(url: string, body: string, headers: Record<string, string>, ctx: PostContext): Promise<number> {
  const timeoutMs = ctx.timeoutMs ?? SEND_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const configured = new URL(url);
  const { origin } = configured;
  const { href, auth } = withoutCredentials(configured);
  let current = href;
  for (let hops = 0; ; hops++) {
    let response: Response;
    try {
      response = await ctx.fetch(current, {
        method: 'POST',
        headers: {
          'User-Agent': 'dealer-sites-leads/1',
          'X-Lead-Id': ctx.payload.lead_id,
          'X-Lead-Delivery': ctx.outboxId,
          ...auth,
          ...headers,
        },
        body,
        redirect: 'manual',
        signal,
      });
    } catch (e) {
      throw new SendError(`POST ${redactUrl(current)} failed: ${failureReason(e, timeoutMs)}`, undefined, true);
    }
    const { status } = response;
    if (status >= 300 && status < 400) {
      await response.body?.cancel().catch(() => {});
      const next = redirectTarget(response.headers.get('location'), current);
      const answered = `POST ${redactUrl(current)} answered ${status}`;
      if (!next) throw new SendError(`${answered} without a usable Location: not followed`, status);
      if (next.origin !== origin)
        throw new SendError(`${answered} redirecting to another origin (${next.host}): not followed`, status);
      if (status !== 307 && status !== 308)
        throw new SendError(
          `${answered} redirecting to ${next.host}, which would not repeat the POST: not followed`,
          status,
        );
      if (hops >= MAX_REDIRECTS)
        throw new SendError(`${answered} after ${MAX_REDIRECTS} redirects (to ${next.host}): not followed`, status);
      // Credentials come from the configuration only, never from a receiver's Location.
      next.username = '';
      next.password = '';
      current = next.href;
      continue;
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      throw new SendError(
        `POST ${redactUrl(current)} answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}`,
        status,
      );
    }
    return status;
  }
}

export function sendWebhook(url: string, secret: string, ctx: SendContext): Promise<number> {
  const body = JSON.stringify(ctx.payload);
  const timestamp = leadTimestamp(ctx.now);
  return post(
    url,
    body,
    {
      'Content-Type': 'application/json',
      [SIGNATURE_HEADER]: signature(timestamp, body, secret),
      [TIMESTAMP_HEADER]: timestamp,
    },
    ctx,
  );
}

export const DEAL_SIGNATURE_HEADER = 'X-Deal-Signature';
export const DEAL_TIMESTAMP_HEADER = 'X-Deal-Timestamp';
export const DEAL_EVENT_ID_HEADER = 'X-Deal-Event-Id';

/**
 * One online-deal event (src/features/online-deal/server/events.ts) to the dealer's deal webhook:
 * signed as a lead webhook is (`sha256=` HMAC of `<timestamp>.<raw body>`), under the deal's own
 * header names, with the event's id for the receiver to drop a repeat.
 */
export function sendDealEvent(
  url: string,
  secret: string,
  event: { event: string; event_id: string; lead_id: string },
  ctx: Pick<SendContext, 'outboxId' | 'now' | 'fetch' | 'timeoutMs'>,
): Promise<number> {
  const body = JSON.stringify(event);
  const timestamp = leadTimestamp(ctx.now);
  return post(
    url,
    body,
    {
      'Content-Type': 'application/json',
      'User-Agent': 'dealer-sites-deals/1',
      [DEAL_SIGNATURE_HEADER]: signature(timestamp, body, secret),
      [DEAL_TIMESTAMP_HEADER]: timestamp,
      [DEAL_EVENT_ID_HEADER]: event.event_id,
      'X-Deal-Event': event.event,
    },
    { ...ctx, payload: event },
  );
}

export function sendAdf(url: string, ctx: SendContext): Promise<number> {
  return post(url, adfXml(ctx.payload), { 'Content-Type': 'application/xml; charset=utf-8' }, ctx);
}

/** Writes `file` whole or not at all: a reader never sees half of it. */
export async function writeAtomically(file: string, content: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, file);
}

/** `<dir>/<lead_id>.json` and `<dir>/<lead_id>.adf.xml`; a repeated delivery rewrites the same files. */
export async function sendFiles(dir: string, ctx: SendContext): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    const base = path.join(dir, ctx.payload.lead_id);
    await writeAtomically(`${base}.json`, JSON.stringify(ctx.payload, null, 2) + '\n');
    await writeAtomically(`${base}.adf.xml`, adfXml(ctx.payload));
  } catch (e) {
    throw new SendError(`Writing to ${dir} failed: ${(e as Error).message}`);
  }
}
