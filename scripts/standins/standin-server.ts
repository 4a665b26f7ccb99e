/**
 * A stand-in's HTTP server (history-standin.ts, rego-standin.ts, market-price-standin.ts,
 * valuation-standin.ts): one POST route of JSON that needs a bearer key, paths under /hang/ that
 * never answer (client timeouts) and under /broken/ that answer 500 with HTML, and, for a stand-in
 * that gives a `garbled` body, the route under /garbled/ answering 200 with it. Listens on
 * 127.0.0.1 and a free port unless told otherwise.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerAuthorised, readJsonBody, sendJson } from './standin-http.ts';

export interface StandInOptions {
  port?: number;
  host?: string;
  /** When set, the only key accepted. */
  apiKey?: string;
}

export interface StandIn {
  url: string;
  /** The bodies of the requests received, in order. */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export interface StandInFailures {
  /** When set, POST /garbled{route} answers 200 with this body (an answer the client cannot use). */
  garbled?: Json;
}

export async function startJsonStandIn(
  route: string,
  answer: (body: Json) => { status: number; body: Json },
  options: StandInOptions = {},
  failures: StandInFailures = {},
): Promise<StandIn> {
  const stalled = new Set<ServerResponse>();
  const requests: Json[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname.replace(/\/+$/, '') || '/';
    if (path.startsWith('/hang/')) {
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      return;
    }
    if (path.startsWith('/broken/')) {
      res.writeHead(500, { 'Content-Type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      return;
    }
    const garbled = failures.garbled !== undefined && path === `/garbled${route}`;
    if (path !== route && !garbled) return sendJson(res, 404, { code: 'no_route', message: `No route ${path}` });
    if (req.method !== 'POST') return sendJson(res, 405, { message: `${req.method} is not allowed on ${path}` });
    if (!bearerAuthorised(req, options.apiKey)) return sendJson(res, 401, { message: 'A valid API key is required.' });
    readJsonBody(req, 100_000).then(
      (body) => {
        if (typeof body !== 'object' || body === null || Array.isArray(body))
          return sendJson(res, 400, { message: 'The request must be a JSON object.' });
        requests.push(body as Json);
        if (garbled) return sendJson(res, 200, failures.garbled);
        const { status, body: out } = answer(body as Json);
        sendJson(res, status, out);
      },
      () => sendJson(res, 400, { message: 'The request must be JSON.' }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
