/**
 * What the local stand-ins of third-party services (finance-standin.ts, standin-server.ts)
 * share: JSON answers, the bearer key check and a bounded JSON body read; and the common part of
 * a request to value a vehicle (market-price-standin.ts, valuation-standin.ts).
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

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A string trimmed, or undefined when there is none. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
/** A rego or VIN without spaces and dashes, upper case. */
export const plate = (value: unknown) =>
  text(value)
    ?.replace(/[\s-]+/g, '')
    .toUpperCase();

/** A valuing request's country, its date in `dateField` (today when it is not YYYY-MM-DD), vehicle and odometer km. */
export function vehicleRequest(request: Json, dateField: string) {
  const date = request[dateField];
  return {
    country: request.country === 'NZ' ? ('NZ' as const) : ('AU' as const),
    asAt: typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : new Date().toISOString().slice(0, 10),
    vehicle: isObject(request.vehicle) ? request.vehicle : {},
    km: isObject(request.odometer) && typeof request.odometer.value === 'number' ? request.odometer.value : undefined,
  };
}
