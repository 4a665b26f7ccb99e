/**
 * The local server of `npm start`: one Node http server for every built dealer site and the API.
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
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from '../../api/app.ts';
import { headersFor, parseHeaders, type HeaderRule } from './serve-headers.ts';
import { chooseEncoding, contentType, encodedBody, isCompressible, resolveFile } from './serve-files.ts';
import { DEFAULT_BODY_LIMIT, malformedRequest, refuseConnect, serveFetch, type FetchHandler } from './serve-fetch.ts';
import { guardServer, type ConnectionLimits } from '../../api/connection-guard.ts';
import { UNSUPPORTED_METHODS } from '../../api/core/http.ts';
import { indexPage, isSlug, listSites, refusedSitePage } from './serve-index.ts';
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

/** The host name without its port, lowercased ("[::1]:4321" → "[::1]"). */
function hostName(host: string): string {
  const h = host.toLowerCase();
  return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d*$/, '');
}

function requestPath(rawUrl: string | undefined): string {
  const url = rawUrl ?? '/';
  // Absolute-form targets ("http://host/x") are allowed by HTTP; only their path matters here.
  const pathname = url.startsWith('/') ? url.split(/[?#]/)[0]! : new URL(url).pathname;
  return pathname.replace(/\/{2,}/g, '/');
}

function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  head: boolean,
  extra: Record<string, string> = {},
) {
  const bytes = Buffer.from(body);
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
    ...extra,
  });
  res.end(head ? undefined : bytes);
}

export function createStaticServer(options: StaticServerOptions): Server {
  const sitesDir = path.resolve(options.sitesDir);
  const dealersDir = options.dealersDir ? path.resolve(options.dealersDir) : undefined;
  const api = options.api ?? createApp().fetch;
  const failed = options.failed ?? {};
  const server = createServer();
  const limits = guardServer(server, options.limits);
  const body = { bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT, bodyTimeoutMs: limits.bodyTimeoutMs };
  const headerCache = new Map<string, { mtimeMs: number; rules: HeaderRule[] }>();

  /** A site's `_headers` rules, re-read when the file changes (a rebuild while serving). */
  async function rulesFor(root: string): Promise<HeaderRule[]> {
    const file = path.join(root, '_headers');
    const s = await stat(file).catch(() => undefined);
    if (!s) return [];
    const hit = headerCache.get(file);
    if (hit?.mtimeMs === s.mtimeMs) return hit.rules;
    const parsed = parseHeaders(await readFile(file, 'utf8'));
    for (const p of parsed.problems) console.warn(`${file}: ${p}`);
    headerCache.set(file, { mtimeMs: s.mtimeMs, rules: parsed.rules });
    return parsed.rules;
  }

  /** Sends `file` with the `_headers` rules of `headerPath`. */
  async function serveFile(
    req: IncomingMessage,
    res: ServerResponse,
    root: string,
    headerPath: string,
    file: string,
    status: number,
  ) {
    const head = req.method === 'HEAD';
    const s = await stat(file);
    const type = contentType(file);
    const headers: Record<string, string> = {};
    for (const { name, value } of headersFor(await rulesFor(root), headerPath).values()) headers[name] = value;
    headers['Content-Type'] = type;
    headers['Last-Modified'] = s.mtime.toUTCString();
    const etag = `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`;
    if (status === 200) {
      headers['ETag'] = etag;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    const encoding = isCompressible(type) ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
    if (isCompressible(type)) headers['Vary'] = 'Accept-Encoding';
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    const body = await encodedBody(file, encoding, s.size, s.mtimeMs);
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(head ? undefined : body);
  }

  async function serveSite(req: IncomingMessage, res: ServerResponse, slug: string, pathname: string) {
    const root = path.join(sitesDir, slug);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, `${req.method} is not allowed on static files.\n`, 'text/plain; charset=utf-8', false, {
        Allow: 'GET, HEAD',
      });
      return;
    }
    const file = await resolveFile(root, pathname);
    if (file) return serveFile(req, res, root, pathname, file, 200);
    const notFound = path.join(root, '404.html');
    // The 404 page gets the headers of /404, not of the missing URL: a missing /_astro/ file
    // must not be cached as immutable.
    if (
      await stat(notFound).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return serveFile(req, res, root, '/404', notFound, 404);
    sendText(res, 404, 'Not found\n', 'text/plain; charset=utf-8', req.method === 'HEAD');
  }

  async function serveIndex(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    port: string,
    unknownSlug?: string,
  ) {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      sendText(res, 405, `${req.method} is not allowed here.\n`, 'text/plain; charset=utf-8', false, {
        Allow: 'GET, HEAD',
      });
      return;
    }
    const sites = await listSites(sitesDir, dealersDir);
    const html = 'text/html; charset=utf-8';
    const refused = unknownSlug === undefined ? undefined : failed[unknownSlug];
    if (unknownSlug !== undefined && refused) {
      sendText(res, 503, refusedSitePage(unknownSlug, refused), html, head, { 'Retry-After': '60' });
    } else if (unknownSlug !== undefined) {
      sendText(
        res,
        404,
        indexPage(sites, port, 'No such site', `Nothing is built for "${unknownSlug}". Built sites:`),
        html,
        head,
      );
    } else if (pathname === '/' || pathname === '/index.html') {
      sendText(res, 200, indexPage(sites, port, undefined, undefined, failed), html, head);
    } else {
      sendText(res, 404, indexPage(sites, port, 'Page not found', "Pages live on each site's own host:"), html, head);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const malformed = malformedRequest(req);
    // The API answers its own paths' malformed requests, in its JSON error shape.
    if (malformed && req.url?.startsWith('/api')) return serveFetch(req, res, api, 'http://localhost', body);
    if (malformed) {
      const status = UNSUPPORTED_METHODS.has(req.method ?? '') ? 405 : 400;
      return sendText(res, status, `${malformed}\n`, 'text/plain; charset=utf-8', req.method === 'HEAD', {
        Connection: 'close',
      });
    }
    const hostHeader = req.headers.host?.trim() || 'localhost';
    const host = hostName(hostHeader);
    const port = /:(\d+)$/.exec(hostHeader)?.[1] ?? String(req.socket.localPort ?? '');
    const pathname = requestPath(req.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return serveFetch(req, res, api, `http://${hostHeader}`, body);
    }
    if (host.endsWith('.localhost')) {
      const slug = host.slice(0, -'.localhost'.length);
      const built =
        isSlug(slug) &&
        (await stat(path.join(sitesDir, slug)).then(
          (s) => s.isDirectory(),
          () => false,
        ));
      return built ? serveSite(req, res, slug, pathname) : serveIndex(req, res, pathname, port, slug);
    }
    return serveIndex(req, res, pathname, port);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      console.error(`${req.method} ${req.url?.slice(0, 200)} failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent)
        sendText(res, 500, 'Internal server error\n', 'text/plain; charset=utf-8', req.method === 'HEAD');
      else res.destroy();
    });
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
