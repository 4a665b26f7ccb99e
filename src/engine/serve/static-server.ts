/**
 * The local server of `npm start`: one Node http server for every built dealer site and the API,
 * each a Fetch handler behind @hono/node-server's request listener (the sites: site-app.ts).
 *
 *   http://<slug>.localhost:<port>/…  → <sitesDir>/<slug>/…, as a static host serves it
 *   http://localhost:<port>/          → a page listing every built site (any other host too)
 *   any host, /api/…                  → the API's Fetch handler
 *
 * It keeps the connection limits of src/api/connection-guard.ts: headers and API bodies that do
 * not arrive in time get 408, and one address holds a bounded number of connections (a browser
 * opens up to 6 per site host, and the sites of one server are several hosts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '../../api/app.ts';
import {
  DEFAULT_BODY_LIMIT,
  fetchListener,
  malformedRequest,
  refuseConnect,
  type FetchHandler,
} from './serve-fetch.ts';
import { guardServer, type ConnectionLimits } from '../../api/connection-guard.ts';
import { UNSUPPORTED_METHODS } from '../../api/core/http.ts';
import { requestPath, siteApp } from './site-app.ts';
import type { FailedDealer } from '../build/build-manifest.ts';

export interface StaticServerOptions {
  /** Folder holding one built site per dealer (dist/sites). */
  sitesDir: string;
  /** Snapshot folder, read only for site names on the index page. */
  dealersDir?: string;
  /** Handles /api/*; default: the project's API app. */
  api?: FetchHandler;
  /** Largest API request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /**
   * Dealers the build refused (the manifest's `failed`): one with a last good site is served from
   * it; one without answers with its errors instead of "no such site".
   */
  failed?: Record<string, FailedDealer>;
  /** Time limits and connections per address; each one not given comes from the environment. */
  limits?: Partial<ConnectionLimits>;
}

export interface RunningServer {
  server: Server;
  port: number;
  /** http://localhost:<port> */
  origin: string;
  /** http://<slug>.localhost:<port> */
  siteOrigin(slug: string): string;
  close(): Promise<void>;
}

export function createStaticServer(options: StaticServerOptions): Server {
  const sitesDir = path.resolve(options.sitesDir);
  const dealersDir = options.dealersDir ? path.resolve(options.dealersDir) : undefined;
  const api = options.api ?? createApp().fetch;
  const server = createServer();
  const limits = guardServer(server, options.limits);
  const body = { bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, bodyTimeoutMs: limits.bodyTimeoutMs };
  const apiListener = fetchListener(api, { ...body, hostname: 'localhost' });
  const sites = siteApp({ sitesDir, dealersDir, failed: options.failed ?? {} });
  const siteListener = getRequestListener(sites.fetch, { hostname: 'localhost', overrideGlobalObjects: false });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const malformed = malformedRequest(req);
    // The API answers its own paths' malformed requests, in its JSON error shape.
    if (malformed && req.url?.startsWith('/api')) return void apiListener(req, res);
    if (malformed) {
      const status = UNSUPPORTED_METHODS.has(req.method ?? '') ? 405 : 400;
      const text = `${malformed}\n`;
      res.writeHead(status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(text)),
        'Cache-Control': 'no-store',
        Connection: 'close',
      });
      return void res.end(req.method === 'HEAD' ? undefined : text);
    }
    const pathname = requestPath(req.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return void apiListener(req, res);
    void siteListener(req, res);
  });
  refuseConnect(server);
  return server;
}

/** Starts the server; port 0 picks a free port (tests). Rejects when the port is taken. */
export function startServer(options: StaticServerOptions & { port?: number; host?: string }): Promise<RunningServer> {
  const server = createStaticServer(options);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4321, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        origin: `http://localhost:${port}`,
        siteOrigin: (slug) => `http://${slug}.localhost:${port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((e) => (e ? fail(e) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
