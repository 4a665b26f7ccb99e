/**
 * Sending one outbox row to its destination: a signed JSON webhook, an ADF/XML POST, or files
 * in a folder. Each resolves when the destination has the lead and throws with a reason otherwise.
 */
import { createHmac } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { adfXml } from './adf.ts';
import type { LeadPayload } from './payload.ts';

export const SIGNATURE_HEADER = 'X-Lead-Signature';
export const TIMESTAMP_HEADER = 'X-Lead-Timestamp';
export const SEND_TIMEOUT_MS = 10_000;

export interface SendContext {
  outboxId: string;
  payload: LeadPayload;
  now: Date;
  fetch: typeof fetch;
}

/** Thrown for a delivery that failed; `httpStatus` when the destination answered. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** `sha256=<hex>`: HMAC-SHA256 of the raw request body with the dealer's secret. */
export function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function post(url: string, body: string, headers: Record<string, string>, ctx: SendContext): Promise<number> {
  let response: Response;
  try {
    response = await ctx.fetch(url, {
      method: 'POST',
      headers: {
        'User-Agent': 'dealer-sites-leads/1',
        'X-Lead-Id': ctx.payload.lead_id,
        'X-Lead-Delivery': ctx.outboxId,
        ...headers,
      },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (e) {
    const reason =
      (e as Error).name === 'TimeoutError' ? `no answer within ${SEND_TIMEOUT_MS / 1000} s` : (e as Error).message;
    throw new SendError(`POST ${url} failed: ${reason}`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    throw new SendError(
      `POST ${url} answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
      response.status,
    );
  }
  return response.status;
}

export function sendWebhook(url: string, secret: string, ctx: SendContext): Promise<number> {
  const body = JSON.stringify(ctx.payload);
  return post(
    url,
    body,
    {
      'Content-Type': 'application/json',
      [SIGNATURE_HEADER]: signature(body, secret),
      [TIMESTAMP_HEADER]: String(Math.floor(ctx.now.getTime() / 1000)),
    },
    ctx,
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
