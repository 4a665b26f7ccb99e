/**
 * Runs a Fetch handler (`(Request) => Response`, e.g. a Hono app's `fetch`) behind a Node http
 * server: Node request → Fetch Request, Fetch Response → Node response. Used by the API's Node
 * entry (server.ts), by `npm start` and by the editor preview.
 *
 * A body is read up to a size (413 past it) and for a time once the headers are in (408 past it,
 * the client's connection closed): a client sending a byte now and then holds no handler for
 * long. The servers' own limits (headers, kept-alive connections, connections per address) are
 * connection-guard.ts's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DEFAULT_BODY_TIMEOUT_MS, guardServer, type ConnectionLimits } from './connection-guard.ts';
import { API_ROUTES, MAX_STOCK_FEED_BYTES } from '../contract/routes.ts';
import { errorResponse } from './core/errors.ts';
import { streamBody, type StreamedBody } from './node-body-stream.ts';
import { UNSUPPORTED_METHODS, validHost, validTarget } from './core/http.ts';

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Request bodies above this many bytes get 413 without reaching the handler. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface BodyOptions {
  /** Largest body in bytes (default DEFAULT_BODY_LIMIT). */
  bodyLimit?: number;
  /** Longest wait for the whole body once the headers are in (default SERVER_BODY_TIMEOUT_MS's). */
  bodyTimeoutMs?: number;
}

/** Whether this is a request to the stock route (POST /api/stock), whose body may be larger than a form's. */
const isStockPush = (req: IncomingMessage) => req.url?.split('?')[0]!.replace(/\/+$/, '') === API_ROUTES.stock;

/** The body limit of this request: a stock feed (POST /api/stock) may be larger than a form's. */
function bodyLimitOf(req: IncomingMessage, options: BodyOptions): number {
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
function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
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
      } else resolve(Buffer.concat(chunks));
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

/** The Fetch Request for a Node request; `origin` is e.g. "http://<slug>.localhost:4321". */
export async function toFetchRequest(
  req: IncomingMessage,
  origin: string,
  options: BodyOptions = {},
): Promise<Request> {
  return (await fetchRequestOf(req, origin, options)).request;
}

/**
 * The Fetch Request, and for a streamed body what ends it. Every body is read whole before the
 * handler runs, but the stock route's: its handler refuses most pushes on their headers alone
 * (src/api/stock/push-checks.ts), so it gets a stream, and a refused push is never buffered.
 */
async function fetchRequestOf(
  req: IncomingMessage,
  origin: string,
  options: BodyOptions,
): Promise<{ request: Request; stream?: StreamedBody }> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // The peer's address goes last, as a proxy adds it: the API's rate limits read the last entry.
  const peer = req.socket.remoteAddress;
  if (peer) {
    const forwarded = headers.get('x-forwarded-for');
    headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${peer}` : peer);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const url = new URL(req.url ?? '/', origin);
  if (hasBody && isStockPush(req)) {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > bodyLimitOf(req, options)) throw new BodyTooLarge();
    const timeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
    const stream = streamBody(req, bodyLimitOf(req, options), timeoutMs);
    // A streamed request body needs `duplex`, which Node's fetch takes and the DOM types lack.
    const init = { method, headers, body: stream.body, duplex: 'half' } as RequestInit;
    return { request: new Request(url, init), stream };
  }
  const body = hasBody
    ? await readBody(req, bodyLimitOf(req, options), options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS)
    : undefined;
  return {
    request: new Request(url, {
      method,
      headers,
      body: body && body.length ? new Uint8Array(body) : undefined,
    }),
  };
}

/**
 * Writes a Fetch Response to a Node response (no body for HEAD). A body that arrives in one
 * chunk, as every JSON answer does, goes out with its Content-Length in one write; a longer one
 * is streamed as it comes, respecting back-pressure.
 */
export async function sendFetchResponse(res: ServerResponse, response: Response, head = false): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  const status = response.statusText || undefined;
  if (head || !response.body) {
    if (response.body) await response.body.cancel().catch(() => {});
    res.writeHead(response.status, status, headers);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    const first = await reader.read();
    const second = first.done ? first : await reader.read();
    if (second.done) {
      const body = first.done ? undefined : first.value;
      headers['content-length'] ??= String(body?.byteLength ?? 0);
      res.writeHead(response.status, status, headers);
      res.end(body);
      return;
    }
    res.writeHead(response.status, status, headers);
    res.write(first.value);
    for (let next: ReadableStreamReadResult<Uint8Array> = second; !next.done; next = await reader.read()) {
      // Respect back-pressure: wait for the socket to drain before reading more.
      if (!res.write(next.value)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
  } finally {
    reader.releaseLock();
  }
}

/** Error bodies of the API, shared with the static server so every /api answer has one shape. */
export const jsonError = (status: number, message: string): Response => errorResponse(status, message);

/**
 * Why a Node request cannot be made a URL (a malformed Host header or request target), or
 * undefined when it can. Such a request is answered 400 by the servers before anything else.
 */
export function malformedRequest(req: IncomingMessage): string | undefined {
  if (UNSUPPORTED_METHODS.has(req.method ?? '')) return `${req.method} is not allowed here.`;
  const host = req.headers.host;
  if (host !== undefined && !validHost(host.trim())) return 'The Host header is not a valid host name.';
  if (!validTarget(req.url ?? '')) return 'The request target is not a path.';
  return undefined;
}

/** Serves one Node request with a Fetch handler; never throws. */
export async function serveFetch(
  req: IncomingMessage,
  res: ServerResponse,
  handler: FetchHandler,
  origin: string,
  options: BodyOptions = {},
): Promise<void> {
  let response: Response;
  const malformed = malformedRequest(req);
  try {
    if (malformed) {
      response = jsonError(UNSUPPORTED_METHODS.has(req.method ?? '') ? 405 : 400, malformed);
      res.setHeader('Connection', 'close');
    } else {
      const { request, stream } = await fetchRequestOf(req, origin, options);
      response = await handler(request);
      // A body the handler left unread (a refused push) is dropped as it comes, and the
      // connection closed after the answer, never buffered.
      if (stream && !stream.discard()) res.setHeader('Connection', 'close');
    }
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      response = jsonError(413, `The request body is larger than ${bodyLimitOf(req, options)} bytes.`);
      res.setHeader('Connection', 'close');
    } else if (error instanceof BodyTimedOut) {
      const ms = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
      const time = ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`;
      response = jsonError(408, `The request body did not arrive within ${time}.`);
      res.setHeader('Connection', 'close');
    } else if (
      req.destroyed ||
      (error as NodeJS.ErrnoException).code === 'ECONNRESET' ||
      (error as Error).message === 'aborted'
    ) {
      // The client went away mid-body: nobody is left to answer.
      res.destroy();
      return;
    } else {
      console.error(error);
      response = jsonError(500, 'The server failed to handle this request.');
    }
  }
  await sendFetchResponse(res, response, req.method === 'HEAD');
}

/**
 * A Node http server for a Fetch handler alone (the API's Node entry), with the connection
 * limits of connection-guard.ts (each one not given: from the environment). `origin` gives the
 * request's origin when it has no Host header.
 */
export function createFetchServer(
  handler: FetchHandler,
  options: { origin: string; limits?: Partial<ConnectionLimits>; bodyLimit?: number },
): Server {
  const server = createServer();
  const limits = guardServer(server, options.limits);
  const body = { bodyLimit: options.bodyLimit, bodyTimeoutMs: limits.bodyTimeoutMs };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host?.trim();
    void serveFetch(req, res, handler, host ? `http://${host}` : options.origin, body);
  });
  refuseConnect(server);
  return server;
}

/**
 * Answers CONNECT (which Node hands to a 'connect' listener, and otherwise drops without a word)
 * with 405, so a server of ours answers every request it is sent.
 */
export function refuseConnect(server: Server): void {
  server.on('connect', (_req, socket) => {
    const body = JSON.stringify({ error: { status: 405, message: 'CONNECT is not allowed here.' } });
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
