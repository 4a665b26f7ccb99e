/**
 * The signature of a stock push (POST /api/stock), in the manner of the lead webhooks
 * (src/features/leads/server/outbox/send.ts): the stock system sends
 *
 *   X-Stock-Timestamp: <Unix time in seconds>
 *   X-Stock-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<query>.<body>" under the dealer's key>
 *
 * with the key in STOCK_FEED_SECRET_<SLUG>. <query> is the request's query string in its
 * canonical form (canonicalQuery), so `?force=true` or `?site=` cannot be added to a signed
 * request. A timestamp more than five minutes from the server's clock is refused, and a
 * signature already accepted within that window is refused too (push-replay.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'X-Stock-Timestamp';
export const SIGNATURE_HEADER = 'X-Stock-Signature';
/** Largest difference between the request's timestamp and the server's clock, seconds. */
export const MAX_SKEW_S = 300;

/**
 * The query string as it is signed: each parameter as `name=value`, both decoded and then
 * encoded again as encodeURIComponent does, sorted by name (then value) in code-unit order and
 * joined with `&`; no query is the empty string. Decoding first makes the form the same however
 * a proxy or platform re-encodes the query on the way ("a+b", "a%20b").
 */
export function canonicalQuery(search: string): string {
  const pairs = [...new URLSearchParams(search)].map(([n, v]) => [encodeURIComponent(n), encodeURIComponent(v)]);
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  pairs.sort((a, b) => order(a[0]!, b[0]!) || order(a[1]!, b[1]!));
  return pairs.map(([n, v]) => `${n}=${v}`).join('&');
}

/** `sha256=<hex>` for `body` sent at `timestamp` with the query string `query` under `secret`. */
export function stockSignature(timestamp: string, query: string, body: Uint8Array | string, secret: string): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.${canonicalQuery(query)}.`);
  return `sha256=${hmac.update(body).digest('hex')}`;
}

/** The signature headers once they are present, well-formed and sent now. */
export interface SignedHeaders {
  timestamp: string;
  signature: string;
}

/**
 * The request's signature headers, or why they are not accepted: checked before the body is
 * read, since only the HMAC itself needs it.
 */
export function signedHeaders(headers: Headers, now: Date): SignedHeaders | { problem: string } {
  const timestamp = headers.get(TIMESTAMP_HEADER)?.trim();
  const signature = headers.get(SIGNATURE_HEADER)?.trim();
  if (!timestamp || !signature)
    return { problem: `The request must be signed: send ${TIMESTAMP_HEADER} and ${SIGNATURE_HEADER}.` };
  if (!/^\d{1,12}$/.test(timestamp)) return { problem: `${TIMESTAMP_HEADER} must be a Unix time in seconds.` };
  if (Math.abs(Number(timestamp) - now.getTime() / 1000) > MAX_SKEW_S)
    return {
      problem: `${TIMESTAMP_HEADER} is more than ${MAX_SKEW_S / 60} minutes from the server's clock: sign each request when it is sent.`,
    };
  if (!/^sha256=[0-9a-f]{64}$/.test(signature))
    return { problem: `${SIGNATURE_HEADER} must be "sha256=" and 64 lowercase hex digits.` };
  return { timestamp, signature };
}

/** Whether `signed` is the HMAC of this query and body under `secret` (compared in constant time). */
export function signatureMatches(signed: SignedHeaders, query: string, body: Uint8Array, secret: string): boolean {
  const expected = Buffer.from(stockSignature(signed.timestamp, query, body, secret));
  const actual = Buffer.from(signed.signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
