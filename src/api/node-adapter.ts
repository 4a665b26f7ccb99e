/**
 * Runs a Fetch handler (`(Request) => Response`, e.g. a Hono app's `fetch`) behind a Node http
 * server through @hono/node-server's request listener, which turns the Node request into a Fetch
 * Request and writes the Fetch Response back. Used by the API's Node entry (server.ts), by
 * `npm start` and by the editor preview.
 *
 * What the library leaves to us stays here: a malformed request (Host, target, method) is
 * answered 400/405 in the API's error shape before it is made a Request; the peer's address goes
 * last in X-Forwarded-For; a body is read up to a size (413 past it) and for a time once the
 * headers are in (408 past it, the connection closed), so a client sending a byte now and then
 * holds no handler for long. The servers' own limits (headers, kept-alive connections,
 * connections per address) are connection-guard.ts's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener, RequestError, type HttpBindings } from '@hono/node-server';
import { DEFAULT_BODY_TIMEOUT_MS, guardServer, type ConnectionLimits } from './connection-guard.ts';
import { errorResponse } from './core/errors.ts';
import { UNSUPPORTED_METHODS, validHost, validTarget } from './core/http.ts';
import { BodyTimedOut, BodyTooLarge, bodyLimitOf, isStockPush, readBody, type BodyOptions } from './node/body.ts';
import { streamBody } from './node/body-stream.ts';

export { DEFAULT_BODY_LIMIT, type BodyOptions } from './node/body.ts';

export type FetchHandler = (request: Request) => Response | Promise<Response>;

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

/** Writes a small Fetch Response whose body is text (an error answer) to a Node response. */
async function writeSmall(res: ServerResponse, response: Response, extra: Record<string, string> = {}) {
  const body = await response.text();
  const headers: Record<string, string> = { ...Object.fromEntries(response.headers), ...extra };
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(response.status, headers);
  res.end(body);
}

/** The peer's address goes last, as a proxy adds it: the API's rate limits read the last entry. */
function appendPeer(req: IncomingMessage): void {
  const peer = req.socket.remoteAddress;
  if (!peer) return;
  const forwarded = req.headers['x-forwarded-for'];
  const value = forwarded ? `${String(forwarded)}, ${peer}` : peer;
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i]!.toLowerCase() !== 'x-forwarded-for') raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  raw.push('X-Forwarded-For', value);
  req.rawHeaders = raw;
  req.headers['x-forwarded-for'] = value;
}

/** A client that went away mid-body: nobody is left to answer. */
class ClientGone extends Error {}

const timeText = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`);

/**
 * Calls the handler once the body is in: read whole within its limits into the request, as the
 * library takes a body read ahead (`rawBody`); but the stock route's, whose handler refuses most
 * pushes on their headers alone (src/features/stock/server/push-checks.ts), is a stream with the same limits,
 * so a refused push is never buffered.
 */
async function withBody(request: Request, env: HttpBindings, handler: FetchHandler, options: BodyOptions) {
  const { incoming: req, outgoing: res } = env;
  const limit = bodyLimitOf(req, options);
  const timeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  try {
    if (request.method === 'GET' || request.method === 'HEAD') return await handler(request);
    if (isStockPush(req)) {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
      const stream = streamBody(req, limit, timeoutMs);
      // A streamed request body needs `duplex`, which Node's fetch takes and the DOM types lack.
      const init: RequestInit = { method: request.method, headers: request.headers, body: stream.body };
      const response = await handler(new Request(request.url, Object.assign(init, { duplex: 'half' })));
      // A body the handler left unread (a refused push) is dropped as it comes, and the
      // connection closed after the answer, never buffered.
      if (!stream.discard()) res.setHeader('Connection', 'close');
      return response;
    }
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = await readBody(req, limit, timeoutMs);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      res.setHeader('Connection', 'close');
      return jsonError(413, `The request body is larger than ${limit} bytes.`);
    }
    if (error instanceof BodyTimedOut) {
      res.setHeader('Connection', 'close');
      return jsonError(408, `The request body did not arrive within ${timeText(timeoutMs)}.`);
    }
    if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') throw new ClientGone();
    throw error;
  }
  return handler(request);
}

/**
 * A Node request listener for a Fetch handler; never throws. `hostname` names the request's host
 * when it has no Host header.
 */
export function fetchListener(
  handler: FetchHandler,
  options: BodyOptions & { hostname?: string } = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const listener = getRequestListener((request, env) => withBody(request, env as HttpBindings, handler, options), {
    hostname: options.hostname,
    // The product's own Request and Response stay the platform's.
    overrideGlobalObjects: false,
    // Bodies are read (or dropped) by withBody and node/body-stream.ts, within their limits.
    autoCleanupIncoming: false,
    errorHandler: (error) => {
      if (error instanceof ClientGone) return undefined;
      if (error instanceof RequestError) return jsonError(400, 'The request target is not a path.');
      console.error(error);
      return jsonError(500, 'The server failed to handle this request.');
    },
  });
  return async (req, res) => {
    const malformed = malformedRequest(req);
    if (malformed) {
      const status = UNSUPPORTED_METHODS.has(req.method ?? '') ? 405 : 400;
      return writeSmall(res, jsonError(status, malformed), { connection: 'close' });
    }
    appendPeer(req);
    if (req.headers.host !== undefined) req.headers.host = req.headers.host.trim();
    if (req.destroyed) return;
    return listener(req, res);
  };
}

const listeners = new WeakMap<FetchHandler, Map<string, ReturnType<typeof fetchListener>>>();

/** Serves one Node request with a Fetch handler; never throws. `origin` names a request without a Host. */
export function serveFetch(
  req: IncomingMessage,
  res: ServerResponse,
  handler: FetchHandler,
  origin: string,
  options: BodyOptions = {},
): Promise<void> {
  const key = `${origin} ${options.bodyLimit} ${options.bodyTimeoutMs}`;
  let byOptions = listeners.get(handler);
  if (!byOptions) listeners.set(handler, (byOptions = new Map<string, ReturnType<typeof fetchListener>>()));
  let listener = byOptions.get(key);
  if (!listener)
    byOptions.set(key, (listener = fetchListener(handler, { ...options, hostname: new URL(origin).host })));
  return listener(req, res);
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
  const listen = fetchListener(handler, {
    bodyLimit: options.bodyLimit,
    bodyTimeoutMs: limits.bodyTimeoutMs,
    hostname: new URL(options.origin).host,
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => void listen(req, res));
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
