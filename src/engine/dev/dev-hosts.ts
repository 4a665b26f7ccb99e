/**
 * The Vite plugin that makes Astro's dev server look like the built sites (`npm run dev`).
 *
 * The one Astro route renders every dealer under /<slug>/…, while a built site is served at the
 * root of its own host with root-relative links. This plugin puts one middleware in front of all
 * others (Astro's included):
 *
 *   http://<slug>.localhost:<port>/x        → Astro's /<slug>/x, when /x is a route of the dealer
 *   …/unknown                               → Astro's /<slug>/404, sent with status 404
 *   …/sitemap.xml, /robots.txt, feeds       → made from the content, as the build writes them
 *   any page of a dealer with content errors → the errors (500), never older content
 *   …/x of a broken page file (pages/x.json)  → its errors (500); the dealer's other pages show,
 *                                               and its home page lists those of files with no
 *                                               readable path (dev-page-errors.ts)
 *   any host, /api/…                        → the API's Fetch handler
 *   Vite's and Astro's own paths, public/   → unchanged (scripts, styles, images, HMR)
 *   http://localhost:<port>/                → the list of dealers; other paths there 404
 *
 * Content: each page request first brings its dealer up to date with its files
 * (LiveContent.current), and the dealers folder is watched so that a save reloads the dealer and
 * open pages at once. After each reload the new content goes to the pages (through the
 * dealer-fleet integration's content module, src/engine/integration/fleet-state.ts) and Astro's
 * route cache is cleared, so getStaticPaths runs again on the next request: a new, changed or
 * deleted page, or a changed site.json, shows.
 *
 * The dev server keeps the connection limits of npm start (src/api/connection-guard.ts): they
 * are applied to Vite's http server before it listens.
 *
 * `mountDevHosts` does this on a Vite dev server (the dealer-fleet integration calls it in
 * `astro:server:setup`); `devHosts` is the same as a Vite plugin of its own.
 */
import { stat } from 'node:fs/promises';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { normalisePath } from '../../content/page.ts';
import { NOT_FOUND_PATH } from '../../domain/routes.ts';
import { GOOGLE_FEED_FILE, META_FEED_FILE, vehicleFeeds } from '../../seo/feeds/index.ts';
import { serveFetch } from '../serve/serve-fetch.ts';
import { DEFAULT_BODY_TIMEOUT_MS, guardServer } from '../../api/connection-guard.ts';
import { LLMS_TXT_TYPE, llmsTxt, robotsTxt, sitemapXml } from '../build/site-files.ts';
import { isSlug } from '../serve/serve-index.ts';
import { provideContent } from '../integration/fleet-state.ts';
import { contentErrorPage, devIndexPage, pageErrorPage, unplacedErrorsBox } from './dev-pages.ts';
import { insertAfterBody } from './dev-inject.ts';
import type { DealerState } from './dev-content.ts';
import type { DevHostsOptions } from './dev-hosts-options.ts';

export type { DevHostsOptions } from './dev-hosts-options.ts';

/**
 * Paths Vite and Astro serve themselves in development (modules, dependencies, styles, the image
 * endpoint, HMR). No dealer page lives under them.
 */
const INTERNAL = /^\/(?:@|__|_astro\/|_image(?:\/|$)|_server-islands\/|_actions\/|node_modules\/|src\/|\.astro\/)/;

/** The Astro environments that render pages; each keeps a route cache of getStaticPaths. */
const RENDERING_ENVIRONMENTS = ['ssr', 'prerender'];

/** The host name without its port, lowercased ("[::1]:4321" → "[::1]"). */
function hostName(host: string): string {
  const h = host.toLowerCase();
  return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d*$/, '');
}

function send(res: ServerResponse, status: number, type: string, body: string, head: boolean): void {
  const bytes = Buffer.from(body);
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(bytes.length), 'Cache-Control': 'no-store' });
  res.end(head ? undefined : bytes);
}

/** `/a%20b/` → `/a b` as a route path; undefined when the path cannot be decoded. */
function routePath(pathname: string): string | undefined {
  try {
    return normalisePath(decodeURIComponent(pathname));
  } catch {
    return undefined;
  }
}

const FEED_TYPES = new Map([
  [GOOGLE_FEED_FILE, 'text/tab-separated-values; charset=utf-8'],
  [META_FEED_FILE, 'text/csv; charset=utf-8'],
]);

/** The files the build writes beside a dealer's pages (src/engine/build/build-sites.ts), by path. */
function siteFile(
  dealer: NonNullable<DealerState['content']>,
  pathname: string,
): { type: string; body: string } | undefined {
  if (pathname === '/sitemap.xml') return { type: 'application/xml; charset=utf-8', body: sitemapXml(dealer) };
  if (pathname === '/robots.txt') return { type: 'text/plain; charset=utf-8', body: robotsTxt(dealer, false) };
  if (pathname === '/llms.txt') return { type: LLMS_TXT_TYPE, body: llmsTxt(dealer) };
  const name = FEED_TYPES.has(pathname.slice(1)) ? pathname.slice(1) : undefined;
  const feed = name && vehicleFeeds(dealer).find((f) => f.name === name);
  return feed ? { type: FEED_TYPES.get(feed.name)!, body: feed.text } : undefined;
}

/**
 * Makes Astro answer the next request through this response with `status` instead of 200: the
 * dealer's not-found page is an ordinary route, which a static host sends with 404.
 */
function forceStatus(res: ServerResponse, status: number): void {
  const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = (code: number, ...rest: unknown[]) => writeHead(code === 200 ? status : code, ...rest);
}

/**
 * Watches the content and guards the server; returns the step that puts the host router in front
 * of every middleware, to be taken once the others (Astro's included) are in place.
 */
export function mountDevHosts(server: ViteDevServer, options: DevHostsOptions): () => void {
  const { content, api, limits } = options;
  const publicDir = path.resolve(options.publicDir);
  let bodyTimeoutMs = limits?.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;

  async function isPublicFile(pathname: string): Promise<boolean> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const file = path.join(publicDir, decoded);
    if (!file.startsWith(publicDir + path.sep)) return false;
    return stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): Promise<void> {
    const url = req.url ?? '/';
    const pathname = url.split(/[?#]/)[0]!.replace(/\/{2,}/g, '/') || '/';
    const search = url.slice(url.split(/[?#]/)[0]!.length);
    const hostHeader = req.headers.host?.trim() || 'localhost';
    const host = hostName(hostHeader);
    const port = /:(\d+)$/.exec(hostHeader)?.[1] ?? String(req.socket.localPort ?? '');
    const head = req.method === 'HEAD';

    if (INTERNAL.test(pathname)) return next();
    const slug = host.endsWith('.localhost') ? host.slice(0, -'.localhost'.length) : undefined;
    const dealer = slug !== undefined && isSlug(slug) && content.follows(slug) ? slug : undefined;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      // The API checks leads against the dealer's forms: as they are now, like the pages.
      if (dealer) await content.current(dealer);
      return serveFetch(req, res, api, `http://${hostHeader}`, { bodyTimeoutMs });
    }
    if (dealer && (await isPublicFile(pathname))) return next();
    const state = dealer && (await content.current(dealer));
    if (!state) {
      const html = 'text/html; charset=utf-8';
      if (slug !== undefined)
        return send(
          res,
          404,
          html,
          devIndexPage(content.all(), port, 'No such site', `No dealer folder "${slug}" is previewed. Dealers:`),
          head,
        );
      if (pathname === '/' || pathname === '/index.html')
        return send(res, 200, html, devIndexPage(content.all(), port), head);
      return send(
        res,
        404,
        html,
        devIndexPage(content.all(), port, 'Page not found', "Pages live on each dealer's own host:"),
        head,
      );
    }

    if (req.method !== 'GET' && !head) {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'text/plain; charset=utf-8', `${req.method} is not allowed on pages.\n`, false);
    }
    if (!state.content) return send(res, 500, 'text/html; charset=utf-8', contentErrorPage(state), head);

    const file = siteFile(state.content, pathname);
    if (file) return send(res, 200, file.type, file.body, head);
    const route = routePath(pathname);
    // A page file with errors: its path shows them (the home page, those no path can show too).
    const unplaced = route === '/' ? state.brokenPages.filter((b) => b.path === undefined) : [];
    const broken = state.brokenPages.filter((b) => route !== undefined && b.path === route);
    if (broken.length)
      return send(res, 500, 'text/html; charset=utf-8', pageErrorPage(state, route!, [...broken, ...unplaced]), head);
    if (unplaced.length && !head) insertAfterBody(res, unplacedErrorsBox(unplaced));
    if (route !== undefined && state.paths.has(route)) {
      req.url = `/${state.slug}${route === '/' ? '/' : encodeURI(route)}${search}`;
    } else {
      req.url = `/${state.slug}${NOT_FOUND_PATH}`;
      forceStatus(res, 404);
    }
    next();
  }

  // Vite's own http server (none in middleware mode), not yet listening here.
  if (server.httpServer instanceof Server) bodyTimeoutMs = guardServer(server.httpServer, limits).bodyTimeoutMs;
  server.watcher.add(content.dir);
  server.watcher.on('all', (_event: string, file: string) => {
    const rel = path.relative(content.dir, file);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) content.changed(rel);
  });
  content.onReload(() => {
    provideContent(content.valid());
    // What Astro does when its own content changes: each rendering environment clears its
    // route cache (getStaticPaths runs again), and open pages reload.
    for (const name of RENDERING_ENVIRONMENTS) server.environments[name]?.hot.send('astro:content-changed', {});
    server.environments.client?.hot.send({ type: 'full-reload', path: '*' });
  });
  return () => {
    server.middlewares.stack.unshift({
      route: '',
      handle: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        handle(req, res, next).catch(next);
      },
    });
  };
}

/** The dev hosts as a Vite plugin (see the module comment). */
export function devHosts(options: DevHostsOptions): Plugin {
  return {
    name: 'dealer-sites:dev-hosts',
    // Post, so that the router is put in front after Astro has put its own middlewares there.
    enforce: 'post',
    configureServer: (server: ViteDevServer) => mountDevHosts(server, options),
  };
}
