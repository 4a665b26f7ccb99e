/**
 * What the local stand-ins of third-party services (finance-standin.ts, valuation-standin.ts)
 * share: JSON answers, the bearer key check and a bounded JSON body read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** A bearer key is sent, and it is `apiKey` when one is set. */
export function bearerAuthorised(req: IncomingMessage, apiKey: string | undefined): boolean {
  const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]?.trim();
  return !!key && (apiKey === undefined || key === apiKey);
}

/** The request's JSON body; rejects when it is larger than `maxBytes` or not JSON. */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}
