/**
 * The connection limits of every Node server of the product (src/api/connection-guard.ts and the
 * API's body reader, src/api/node-adapter.ts), over real sockets on loopback: the API's own
 * server (createFetchServer, as server.ts runs it), `npm start`'s server (startServer) and the
 * editor preview's Vite server with the dev-hosts plugin. Each is started with small limits:
 *
 * - a POST whose body comes one byte every 200 ms is answered 408 in the error shape once the
 *   body time is up, and its connection closed, without reaching the API;
 * - a request whose headers never end, and a connection that sends nothing, are answered 408 and
 *   closed;
 * - one connection over the cap from 127.0.0.1 is answered 503 with Retry-After and closed, while
 *   127.0.0.2 (another address: Linux routes all of 127/8 to loopback) is served, and so is
 *   127.0.0.1 again once one of its connections has closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectionLimitsFromEnv, type ConnectionLimits } from '../../../src/api/connection-guard.ts';
import { createFetchServer, type FetchHandler } from '../../../src/api/node-adapter.ts';
import { startServer } from '../../../src/engine/serve/static-server.ts';
import { devHosts } from '../../../src/engine/dev/dev-hosts.ts';
import { LiveContent } from '../../../src/engine/dev/dev-content.ts';

const LIMITS: ConnectionLimits = { headersTimeoutMs: 400, bodyTimeoutMs: 400, connectionsPerAddress: 3 };
/** Longest any exchange below may take before the test gives up on it. */
const EXCHANGE_MS = 6_000;

interface Running {
  port: number;
  /** Requests that reached the API's handler. */
  calls: () => number;
  close: () => Promise<void>;
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'connection-guard-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

function countingApi(): { api: FetchHandler; calls: () => number } {
  let calls = 0;
  return {
    api: async (request) => {
      calls++;
      return Response.json({ ok: true, body: request.body ? await request.text() : null });
    },
    calls: () => calls,
  };
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closing(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const servers: [string, () => Promise<Running>][] = [
  [
    'the API server',
    async () => {
      const { api, calls } = countingApi();
      const server = createFetchServer(api, { origin: 'http://localhost', limits: LIMITS });
      const port = await listening(server);
      return { port, calls, close: () => closing(server) };
    },
  ],
  [
    'npm start',
    async () => {
      const { api, calls } = countingApi();
      const sitesDir = path.join(work, 'sites');
      await mkdir(sitesDir, { recursive: true });
      const running = await startServer({ sitesDir, port: 0, api, limits: LIMITS });
      return { port: running.port, calls, close: () => running.close() };
    },
  ],
  [
    'npm run dev',
    async () => {
      const { api, calls } = countingApi();
      const dealers = path.join(work, 'dealers');
      await mkdir(dealers, { recursive: true });
      const { createServer } = await import('vite');
      const vite = await createServer({
        configFile: false,
        root: work,
        logLevel: 'silent',
        server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
        plugins: [
          devHosts({ content: new LiveContent(dealers), api, publicDir: path.join(work, 'public'), limits: LIMITS }),
        ],
      });
      await vite.listen();
      const port = (vite.httpServer!.address() as AddressInfo).port;
      return { port, calls, close: () => vite.close() };
    },
  ],
];

interface Exchange {
  /** Everything the server sent. */
  text: string;
  /** The server closed the connection (rather than the test giving up on it). */
  closed: boolean;
  ms: number;
}

/**
 * Opens a connection from `localAddress`, lets `talk` write to it, and collects what the server
 * sends until it closes the connection, or EXCHANGE_MS have passed.
 */
function exchange(
  port: number,
  talk: (socket: Socket) => void = () => {},
  localAddress = '127.0.0.1',
): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    let text = '';
    let gaveUp = false;
    const giveUp = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, EXCHANGE_MS);
    socket.on('connect', () => talk(socket));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ text, closed: !gaveUp, ms: Date.now() - started });
    });
  });
}

/** Writes `unit` every `everyMs`, at most `times` times, until the socket closes. */
function trickle(socket: Socket, unit: string, everyMs: number, times: number): void {
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable || sent >= times) return clearInterval(timer);
    sent++;
    socket.write(unit);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

const status = (text: string) => /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];

/** One request on an open connection, and its whole answer (a Content-Length body). */
function ask(socket: Socket, host = 'localhost'): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => finish(new Error(`no answer in ${EXCHANGE_MS} ms: ${text}`)), EXCHANGE_MS);
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? NaN);
      if (end >= 0 && text.length >= end + 4 + length) finish();
    };
    const onClose = () => finish(new Error(`closed before the answer: ${JSON.stringify(text)}`));
    function finish(error?: Error) {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      if (error) reject(error);
      else resolve(text);
    }
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.write(`GET /api/ping HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  });
}

function open(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
    socket.on('error', reject);
  });
}

describe.each(servers)('%s', (_name, start) => {
  let running: Running;
  beforeAll(async () => {
    running = await start();
  }, 30_000);
  afterAll(() => running?.close());

  it('answers a body sent a byte every 200 ms with 408 once the body time is up, and closes the connection', async () => {
    const before = running.calls();
    const result = await exchange(running.port, (socket) => {
      socket.write(
        'POST /api/leads HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
      );
      trickle(socket, 'a', 200, 25);
    });
    expect(status(result.text), result.text).toBe('408');
    expect(result.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(result.text.slice(result.text.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { status: 408, message: 'The request body did not arrive within 400 ms.' },
    });
    expect(result.closed).toBe(true);
    // Cut at the body time (400 ms), well before the 25 bytes (5 s) are sent.
    expect(result.ms).toBeGreaterThanOrEqual(350);
    expect(result.ms).toBeLessThan(2_500);
    expect(running.calls()).toBe(before);
  }, 10_000);

  it('answers headers that never end with 408 and closes the connection; a silent connection is closed too', async () => {
    const partial = await exchange(running.port, (socket) => {
      socket.write('GET /api/ping HTTP/1.1\r\nHost: localhost\r\n');
      trickle(socket, 'X-Slow: 1\r\n', 100, 50);
    });
    expect(status(partial.text), partial.text).toBe('408');
    expect(partial.closed).toBe(true);
    expect(partial.ms).toBeLessThan(2_500);

    const silent = await exchange(running.port);
    expect(silent.closed).toBe(true);
    expect(silent.ms).toBeLessThan(2_500);
  }, 15_000);

  it('refuses one connection over the cap from an address with 503, and serves another address meanwhile', async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.connectionsPerAddress }, () => open(running.port)));
    try {
      // Each held connection is served (and so counted) before the next one is tried.
      for (const socket of held) expect(status(await ask(socket))).toBe('200');
      const calls = running.calls();

      const over = await exchange(running.port, (socket) =>
        socket.write('GET /api/ping HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      );
      expect(status(over.text), over.text).toBe('503');
      expect(over.text).toMatch(/\r\nRetry-After: \d+\r\n/);
      expect(over.closed).toBe(true);
      expect(over.ms).toBeLessThan(2_500);
      expect(running.calls()).toBe(calls);

      const other = await open(running.port, '127.0.0.2');
      try {
        expect(status(await ask(other))).toBe('200');
      } finally {
        other.destroy();
      }
      // The held connections still work.
      expect(status(await ask(held[0]!))).toBe('200');
    } finally {
      for (const socket of held.splice(1)) socket.destroy();
    }
    // One of the address's connections closed: a new one is served (as soon as the server has
    // seen the close, which the loop waits for, 50 ms at a time, at most 40 times).
    let answer = '';
    for (let attempt = 0; attempt < 40 && status(answer) !== '200'; attempt++) {
      await new Promise((r) => setTimeout(r, 50));
      const again = await exchange(running.port, (socket) =>
        socket.write('GET /api/ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      );
      answer = again.text;
    }
    expect(status(answer), answer).toBe('200');
    held[0]!.destroy();
  }, 20_000);
});

describe('connection limits from the environment', () => {
  it('reads the three variables with their defaults, and names a wrong one', () => {
    expect(connectionLimitsFromEnv({})).toEqual({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      connectionsPerAddress: 64,
    });
    expect(
      connectionLimitsFromEnv({
        SERVER_HEADERS_TIMEOUT_MS: '2000',
        SERVER_BODY_TIMEOUT_MS: '3000',
        SERVER_CONNECTIONS_PER_IP: '8',
      }),
    ).toEqual({ headersTimeoutMs: 2000, bodyTimeoutMs: 3000, connectionsPerAddress: 8 });
    expect(() => connectionLimitsFromEnv({ SERVER_CONNECTIONS_PER_IP: '0' })).toThrow(
      'SERVER_CONNECTIONS_PER_IP must be a whole number of connections from 1 to 100000, not "0".',
    );
  });
});
