/**
 * The limits every Node http server of the product keeps against slow and greedy clients: the
 * API's own server (server.ts), `npm start` (src/engine/serve/static-server.ts) and the editor
 * preview (`npm run dev`, through src/engine/dev/dev-hosts.ts). `guardServer` applies them to a
 * server before it listens:
 *
 * - a request's headers (a new connection's first request too) must arrive within
 *   `headersTimeoutMs`: Node answers 408 and closes the connection;
 * - its body must arrive within `bodyTimeoutMs` once the headers are in: the API's body reader
 *   (node-adapter.ts) answers 408 in the error shape and closes the connection; a body nobody
 *   reads (a POST to a static page) is cut by Node once headers and body together took longer
 *   than both limits;
 * - a kept-alive connection with no request under way is closed after KEEP_ALIVE_TIMEOUT_MS;
 * - one address (an IPv6 client: its /64 network) holds at most `connectionsPerAddress` open
 *   connections. One more is answered 503 with Retry-After and closed before the http server
 *   sees it, so it never reaches a handler; the address's other connections and every other
 *   address go on as before. A browser opens at most 6 connections per host name, so the default
 *   leaves room for several sites open at once; behind a reverse proxy every connection comes
 *   from the proxy, and the cap must be above the proxy's own.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { envDefault, envInt, processEnv, type Env } from '../config/env.ts';
import { addressGroup } from './core/rate-limit.ts';

export interface ConnectionLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  connectionsPerAddress: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = envDefault('SERVER_HEADERS_TIMEOUT_MS');
export const DEFAULT_BODY_TIMEOUT_MS = envDefault('SERVER_BODY_TIMEOUT_MS');
export const DEFAULT_CONNECTIONS_PER_ADDRESS = envDefault('SERVER_CONNECTIONS_PER_IP');
/** Node's own default: long enough for a browser's next request, short enough to free the socket. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** What a refused connection is told to wait before trying again. */
export const REFUSED_RETRY_AFTER_S = 5;
/** How long a refused connection is kept to deliver its answer when the client does not close it. */
const REFUSED_LINGER_MS = 2_000;

/**
 * SERVER_HEADERS_TIMEOUT_MS, SERVER_BODY_TIMEOUT_MS and SERVER_CONNECTIONS_PER_IP, with their
 * defaults; throws naming a variable that is no whole number in range.
 */
export function connectionLimitsFromEnv(env: Env = processEnv()): ConnectionLimits {
  return {
    headersTimeoutMs: envInt(env, 'SERVER_HEADERS_TIMEOUT_MS') ?? DEFAULT_HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: envInt(env, 'SERVER_BODY_TIMEOUT_MS') ?? DEFAULT_BODY_TIMEOUT_MS,
    connectionsPerAddress: envInt(env, 'SERVER_CONNECTIONS_PER_IP') ?? DEFAULT_CONNECTIONS_PER_ADDRESS,
  };
}

const refusal = (() => {
  const body = 'Too many open connections from this address. Close some and try again.\n';
  return [
    'HTTP/1.1 503 Service Unavailable',
    `Retry-After: ${REFUSED_RETRY_AFTER_S}`,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
})();

/** Answers a refused connection and closes it, reading (and dropping) what the client sends meanwhile. */
function refuse(socket: Socket): void {
  socket.on('error', () => {});
  // Reading on keeps the receive buffer empty, so the close is a FIN the client reads the answer before.
  socket.resume();
  socket.end(refusal);
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
}

/**
 * Counts each address's open connections and refuses those over `max`. The count is taken where
 * the server announces a connection: a refused socket is never announced, so the http server,
 * and whatever else listens for connections, does not see it.
 */
function capConnections(server: Server, max: number): void {
  const open = new Map<string, number>();
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'connection') return emit(event, ...args);
    const socket = args[0] as Socket;
    const address = socket.remoteAddress;
    if (address === undefined) {
      // Already gone: nothing to serve.
      socket.destroy();
      return true;
    }
    const key = addressGroup(address);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      refuse(socket);
      return true;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    return emit(event, ...args);
  }) as Server['emit'];
}

/**
 * How often Node looks for requests past their headers or request time limit (its default, 30 s,
 * would let a request run up to 30 s over): a quarter of the shorter limit, at most a second.
 */
function checkingIntervalMs(limits: ConnectionLimits): number {
  return Math.max(10, Math.min(1_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.bodyTimeoutMs) / 4)));
}

/**
 * Applies the limits (each one not given: from the environment) to `server`, which must not be
 * listening yet (Node reads how often it checks the time limits when it starts listening).
 * Answers the limits applied, for the server's body reader.
 */
export function guardServer(server: Server, limits: Partial<ConnectionLimits> = {}): ConnectionLimits {
  if (server.listening) throw new Error('The connection limits must be applied before the server listens.');
  const applied = { ...connectionLimitsFromEnv(), ...limits };
  server.headersTimeout = applied.headersTimeoutMs;
  // Node's own cut for a body nobody reads; the API's body reader answers first (node-adapter.ts).
  server.requestTimeout = applied.headersTimeoutMs + applied.bodyTimeoutMs;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // A createServer option that Node reads again at listen; the Server type does not declare it.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    checkingIntervalMs(applied);
  capConnections(server, applied.connectionsPerAddress);
  return applied;
}
