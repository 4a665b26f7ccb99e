/**
 * The signature of a stock push (POST /api/stock), as the lead webhooks sign theirs
 * (src/api/outbox/send.ts): the stock system sends
 *
 *   X-Stock-Timestamp: <Unix time in seconds>
 *   X-Stock-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" under the dealer's key>
 *
 * with the key in STOCK_FEED_SECRET_<SLUG>. A timestamp more than five minutes from the server's
 * clock is refused, so a captured request cannot be sent again later; within those minutes a
 * repeated feed_id is applied once (src/api/stock/import.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'X-Stock-Timestamp';
export const SIGNATURE_HEADER = 'X-Stock-Signature';
/** Largest difference between the request's timestamp and the server's clock, seconds. */
export const MAX_SKEW_S = 300;

/** `sha256=<hex>` for `body` sent at `timestamp` under `secret`. */
export function stockSignature(timestamp: string, body: Uint8Array | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

/** Why the request's signature is not accepted, or undefined when it is. */
export function signatureProblem(headers: Headers, body: Uint8Array, secret: string, now: Date): string | undefined {
  const timestamp = headers.get(TIMESTAMP_HEADER)?.trim();
  const given = headers.get(SIGNATURE_HEADER)?.trim();
  if (!timestamp || !given) return `The request must be signed: send ${TIMESTAMP_HEADER} and ${SIGNATURE_HEADER}.`;
  if (!/^\d{1,12}$/.test(timestamp)) return `${TIMESTAMP_HEADER} must be a Unix time in seconds.`;
  if (Math.abs(Number(timestamp) - now.getTime() / 1000) > MAX_SKEW_S)
    return `${TIMESTAMP_HEADER} is more than ${MAX_SKEW_S / 60} minutes from the server's clock: sign each request when it is sent.`;
  const expected = Buffer.from(stockSignature(timestamp, body, secret));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    return `${SIGNATURE_HEADER} does not match the body under this dealer's key.`;
  return undefined;
}
