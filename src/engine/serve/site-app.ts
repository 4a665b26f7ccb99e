/**
 * The sites of `npm start` as a Hono app (served by static-server.ts through @hono/node-server):
 *
 *   http://<slug>.localhost:<port>/…  → <sitesDir>/<slug>/…, as a static host serves it
 *   http://localhost:<port>/          → a page listing every built site (any other host too)
 *
 * The host and path are read from the Node request as sent (not the normalised URL), so a
 * dot segment or a doubled slash is judged as the client wrote it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { headersFor, parseHeaders, type HeaderRule } from './serve-headers.ts';
import { chooseEncoding, contentType, encodedBody, isCompressible, resolveFile } from './serve-files.ts';
import { indexPage, isSlug, listSites, refusedSitePage } from './serve-index.ts';
import type { FailedDealer } from '../build/build-manifest.ts';

export interface SiteAppOptions {
  sitesDir: string;
  dealersDir?: string;
  failed: Record<string, FailedDealer>;
}

/** The host name without its port, lowercased ("[::1]:4321" → "[::1]"). */
export function hostName(host: string): string {
  const h = host.toLowerCase();
  return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d*$/, '');
}

/** The path of a request target as sent, doubled slashes made one. */
export function requestPath(rawUrl: string | undefined): string {
  const url = rawUrl ?? '/';
  // Absolute-form targets ("http://host/x") are allowed by HTTP; only their path matters here.
  const pathname = url.startsWith('/') ? url.split(/[?#]/)[0]! : (URL.parse(url)?.pathname ?? url);
  return pathname.replace(/\/{2,}/g, '/');
}

/** A text answer of the server's own (never cached); no body for HEAD. */
export function textAnswer(
  status: number,
  body: string,
  type: string,
  head: boolean,
  extra: Record<string, string> = {},
) {
  const bytes = Buffer.from(body);
  const headers = {
    'Content-Type': type,
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
    ...extra,
  };
  return new Response(head ? null : bytes, { status, headers });
}

const exists = (file: string, kind: 'file' | 'dir') =>
  stat(file).then(
    (s) => (kind === 'file' ? s.isFile() : s.isDirectory()),
    () => false,
  );

export function siteApp(options: SiteAppOptions): Hono<{ Bindings: HttpBindings }> {
  const { sitesDir, dealersDir, failed } = options;
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

  /** `file` with the `_headers` rules of `headerPath`, compressed when the client takes it. */
  async function fileAnswer(req: Request, root: string, headerPath: string, file: string, status: number) {
    const s = await stat(file);
    const type = contentType(file);
    const headers: Record<string, string> = {};
    for (const { name, value } of headersFor(await rulesFor(root), headerPath).values()) headers[name] = value;
    headers['Content-Type'] = type;
    headers['Last-Modified'] = s.mtime.toUTCString();
    const etag = `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`;
    if (status === 200) {
      headers['ETag'] = etag;
      if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    }
    const encoding = isCompressible(type)
      ? chooseEncoding(req.headers.get('accept-encoding') ?? undefined)
      : 'identity';
    if (isCompressible(type)) headers['Vary'] = 'Accept-Encoding';
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    const body = await encodedBody(file, encoding, s.size, s.mtimeMs);
    headers['Content-Length'] = String(body.length);
    return new Response(body as Uint8Array<ArrayBuffer>, { status, headers });
  }

  async function siteAnswer(req: Request, method: string, slug: string, pathname: string) {
    const root = path.join(sitesDir, slug);
    if (method !== 'GET' && method !== 'HEAD')
      return textAnswer(405, `${method} is not allowed on static files.\n`, 'text/plain; charset=utf-8', false, {
        Allow: 'GET, HEAD',
      });
    const file = await resolveFile(root, pathname);
    if (file) return fileAnswer(req, root, pathname, file, 200);
    const notFound = path.join(root, '404.html');
    // The 404 page gets the headers of /404, not of the missing URL: a missing /_astro/ file
    // must not be cached as immutable.
    if (await exists(notFound, 'file')) return fileAnswer(req, root, '/404', notFound, 404);
    return textAnswer(404, 'Not found\n', 'text/plain; charset=utf-8', method === 'HEAD');
  }

  async function indexAnswer(method: string, pathname: string, port: string, unknownSlug?: string) {
    const head = method === 'HEAD';
    if (method !== 'GET' && !head)
      return textAnswer(405, `${method} is not allowed here.\n`, 'text/plain; charset=utf-8', false, {
        Allow: 'GET, HEAD',
      });
    const sites = await listSites(sitesDir, dealersDir);
    const html = 'text/html; charset=utf-8';
    const refused = unknownSlug === undefined ? undefined : failed[unknownSlug];
    if (unknownSlug !== undefined && refused)
      return textAnswer(503, refusedSitePage(unknownSlug, refused), html, head, { 'Retry-After': '60' });
    if (unknownSlug !== undefined) {
      const page = indexPage(sites, port, 'No such site', `Nothing is built for "${unknownSlug}". Built sites:`);
      return textAnswer(404, page, html, head);
    }
    if (pathname === '/' || pathname === '/index.html')
      return textAnswer(200, indexPage(sites, port, undefined, undefined, failed), html, head);
    const page = indexPage(sites, port, 'Page not found', "Pages live on each site's own host:");
    return textAnswer(404, page, html, head);
  }

  const app = new Hono<{ Bindings: HttpBindings }>();
  app.all('*', async (c) => {
    const req = c.env.incoming;
    // Hono answers HEAD with the GET route's headers; the Node request still says HEAD.
    const method = req.method ?? 'GET';
    const hostHeader = req.headers.host?.trim() || 'localhost';
    const host = hostName(hostHeader);
    const port = /:(\d+)$/.exec(hostHeader)?.[1] ?? String(req.socket.localPort ?? '');
    const pathname = requestPath(req.url);
    if (!host.endsWith('.localhost')) return indexAnswer(method, pathname, port);
    const slug = host.slice(0, -'.localhost'.length);
    const built = isSlug(slug) && (await exists(path.join(sitesDir, slug), 'dir'));
    return built ? siteAnswer(c.req.raw, method, slug, pathname) : indexAnswer(method, pathname, port, slug);
  });
  app.onError((error, c) => {
    const req = c.env.incoming;
    console.error(`${req.method} ${req.url?.slice(0, 200)} failed: ${error.stack ?? String(error)}`);
    return textAnswer(500, 'Internal server error\n', 'text/plain; charset=utf-8', req.method === 'HEAD');
  });
  return app;
}
