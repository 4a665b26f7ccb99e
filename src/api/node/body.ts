/**
 * A Node request's body, read whole within a size and a time, before the Fetch handler runs
 * (node-adapter.ts gives it to @hono/node-server's Request as the body read ahead).
 */
import type { IncomingMessage } from 'node:http';
import { API_ROUTES, MAX_STOCK_FEED_BYTES } from '../../contract/routes.ts';

/** Request bodies above this many bytes get 413 without reaching the handler. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface BodyOptions {
  /** Largest body in bytes (default DEFAULT_BODY_LIMIT). */
  bodyLimit?: number;
  /** Longest wait for the whole body once the headers are in (default SERVER_BODY_TIMEOUT_MS's). */
  bodyTimeoutMs?: number;
}

/** Whether this is a request to the stock route (POST /api/stock), whose body may be larger than a form's. */
export const isStockPush = (req: IncomingMessage) => req.url?.split('?')[0]!.replace(/\/+$/, '') === API_ROUTES.stock;

/** The body limit of this request: a stock feed (POST /api/stock) may be larger than a form's. */
export function bodyLimitOf(req: IncomingMessage, options: BodyOptions): number {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return isStockPush(req) ? Math.max(limit, MAX_STOCK_FEED_BYTES) : limit;
}

export class BodyTooLarge extends Error {}
export class BodyTimedOut extends Error {}

/**
 * The request's body, or BodyTooLarge / BodyTimedOut. On either, reading goes on and drops what
 * comes (the answer is sent first, then the connection closed), so the client is not reset while
 * its answer is on the way.
 */
export function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = (error?: Error) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) {
        req.on('error', () => {});
        req.resume();
        reject(error);
      } else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) done(new BodyTooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => done();
    const onError = (error: Error) => done(error);
    // Closed before its end: the client went away mid-body.
    const onClose = () => done(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    const timer = setTimeout(() => done(new BodyTimedOut()), timeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
