/**
 * Runs a Fetch handler (`(Request) => Response`, e.g. a Hono app's `fetch`) behind a Node http
 * server: Node request → Fetch Request, Fetch Response → Node response. Used by the API's Node
 * entry (server.ts) and by `npm start`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:http';
import { errorResponse } from './errors.ts';
import { UNSUPPORTED_METHODS, validHost, validTarget } from './http.ts';

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Request bodies above this many bytes get 413 without reaching the handler. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The Fetch Request for a Node request; `origin` is e.g. "http://<slug>.localhost:4321". */
export async function toFetchRequest(
  req: IncomingMessage,
  origin: string,
  bodyLimit = DEFAULT_BODY_LIMIT,
): Promise<Request> {
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
  const body = hasBody ? await readBody(req, bodyLimit) : undefined;
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: body && body.length ? new Uint8Array(body) : undefined,
  });
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
  bodyLimit = DEFAULT_BODY_LIMIT,
): Promise<void> {
  let response: Response;
  const malformed = malformedRequest(req);
  try {
    if (malformed) {
      response = jsonError(UNSUPPORTED_METHODS.has(req.method ?? '') ? 405 : 400, malformed);
      res.setHeader('Connection', 'close');
    } else response = await handler(await toFetchRequest(req, origin, bodyLimit));
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      response = jsonError(413, `The request body is larger than ${bodyLimit} bytes.`);
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
