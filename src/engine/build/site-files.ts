/** The files every dealer site root gets besides its pages: sitemap.xml, robots.txt, llms.txt, _headers. */
import { cspHashSource } from './csp-rewrite.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DealerContent } from '../../content/load.ts';
import { absoluteUrl, dealerRoutes } from '../../domain/routes.ts';
import { isIndexable, walkBlocks } from '../../site/page-blocks.ts';
import { routeBlocks } from '../../domain/pages.ts';
import { GOOGLE_FEED_FILE, META_FEED_FILE } from '../../seo/feeds/index.ts';
import { videoSource } from '../../features/car-page/rules/video.ts';

export { llmsTxt } from './llms-txt.ts';

const FEED_FILES = [GOOGLE_FEED_FILE, META_FEED_FILE];

/** llms.txt is Markdown read as plain text: said so with its charset on every host. */
export const LLMS_TXT_TYPE = 'text/plain; charset=utf-8';

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Absolute URLs of every indexable page (noindex pages and the 404 left out). */
export function sitemapXml(d: DealerContent): string {
  const urls = dealerRoutes(d)
    .filter(isIndexable)
    .map((r) => {
      const lastmod = r.kind === 'page' ? `<lastmod>${xmlEscape(r.page.publishedAt.slice(0, 10))}</lastmod>` : '';
      return `  <url><loc>${xmlEscape(absoluteUrl(d.site, r.path))}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(d: DealerContent, preview: boolean): string {
  if (preview) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(d.site, '/sitemap.xml')}\n`;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/** sha256 sources of every executable inline script in the given HTML files. */
export async function inlineScriptHashes(root: string, htmlFiles: string[]): Promise<string[]> {
  return scriptHashesOf(await Promise.all(htmlFiles.map((rel) => readFile(path.join(root, rel), 'utf8'))));
}

/** The same, for HTML already in memory. */
export function scriptHashesOf(htmls: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of htmls) {
    for (const m of html.matchAll(INLINE_SCRIPT)) {
      const attrs = m[1] ?? '';
      if (/type=["']?application\/(ld\+)?json/i.test(attrs)) continue;
      hashes.add(cspHashSource(m[2] ?? ''));
    }
  }
  return [...hashes].sort();
}

/**
 * sha256 sources of every `<style>` element in the given HTML (the head's @font-face rules).
 * Style attributes are not hashed: the build moves them into a stylesheet (csp-rewrite.ts).
 */
export function styleHashesOf(htmls: Iterable<string>): string[] {
  const hashes = new Set<string>();
  for (const html of htmls) for (const m of html.matchAll(STYLE_ELEMENT)) hashes.add(cspHashSource(m[1] ?? ''));
  return [...hashes].sort();
}

/** What a site's pages carry inline, as CSP hash sources. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const TAG_MANAGER = 'https://www.googletagmanager.com';
const ANALYTICS_HOSTS = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * Pages that show the Google map of the nearby-dealership search (a locations block with the
 * search, on a site with a Maps key). Only these get `contentSecurityPolicy(…, { map: true })`.
 */
export function mapPagePaths(d: DealerContent): string[] {
  if (!d.site.integrations?.googleMapsKey?.trim()) return [];
  return dealerRoutes(d)
    .filter((r) => [...walkBlocks(routeBlocks(r))].some((b) => b.type === 'locations' && !!b.data.search))
    .map((r) => r.path);
}

/** The players a site's car videos embed (frame-src): YouTube's no-cookie host and Vimeo's, as used. */
function videoFrameSources(d: DealerContent): string[] {
  const hosts = new Set<string>();
  for (const car of d.cars) {
    const source = videoSource(car.video_url);
    if (source && source.provider !== 'file') hosts.add(new URL(source.embedUrl).origin);
  }
  return [...hosts].sort();
}

/** The chat vendor's origin (content format 1.2 `chat.script_url`), when it is not the site's own. */
function chatOrigin(d: DealerContent): string | undefined {
  const url = d.site.chat?.script_url?.trim();
  if (!url || url.startsWith('/')) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of a dealer site (docs/deploy.md, Content-Security-Policy).
 *
 * Scripts: `'strict-dynamic'` and the hash of each inline script the pages carry. A script runs
 * only when the policy names it by hash or a trusted script created it, so markup injected into a
 * page runs nothing: not an inline script, not an event-handler attribute, not a `<script src>`,
 * whatever its host. The build loads every script of its own through a hashed inline loader
 * (csp-rewrite.ts), so the pages need no host source. Every dealer gets this policy, not only
 * those with a tag manager: one way of loading scripts for every site, and an injected
 * `<script src>` of the site's own files (or of anything else on its origin) is refused as well.
 * A dealer's Google Tag Manager container is its hashed snippet's doing: the snippet creates the
 * script of gtm.js for the configured id, which 'strict-dynamic' trusts, as it trusts the tags the
 * container then adds; an injected `<script src="https://www.googletagmanager.com/gtm.js?id=…">`
 * for another container is parser-inserted and refused.
 * 'self' (and https: on a site whose tag manager loads third-party tags) are for browsers without
 * CSP level 3, which ignore 'strict-dynamic' and fall back to those; level 3 browsers ignore them.
 *
 * A car's YouTube or Vimeo video may be framed from its player's host (www.youtube-nocookie.com,
 * player.vimeo.com), and a chat vendor's script (loaded by the chat button, so trusted through
 * 'strict-dynamic') may connect to and frame its own origin.
 *
 * Styles: 'self' and the hash of each `<style>` element (the head's @font-face rules); style
 * attributes were moved into a stylesheet by the build, so no inline style is allowed and injected
 * `style` attributes and `<style>` elements are refused. Styles set through the CSSOM
 * (element.style, as React, the carousel and the islands do) are not governed by CSP.
 *
 * `map`: the policy of a page showing the Google map (`mapPagePaths`), sent for those pages only
 * by `headersFile`. The Maps JavaScript API adds `<style>` elements of its own and cannot be given
 * a nonce on a static page, so such a page keeps style-src 'unsafe-inline' (no style hash in that
 * list: a hash would make browsers ignore 'unsafe-inline'); its scripts, frames, fonts, workers
 * and connections get Google's documented sources, 'unsafe-eval' included.
 */
export function contentSecurityPolicy(d: DealerContent, hashes: InlineHashes, options: { map?: boolean } = {}): string {
  const gtm = d.site.analytics?.gtmId ? [TAG_MANAGER] : [];
  const chat = chatOrigin(d);
  const chatSources = chat ? [chat] : [];
  const analytics = gtm.length ? ANALYTICS_HOSTS : [];
  const map = !!options.map;
  const script = ["'strict-dynamic'", ...hashes.scripts, ...(map ? ["'unsafe-eval'", 'blob:'] : [])];
  const fallback = ["'self'", ...(gtm.length || map || chat ? ['https:'] : [])];
  const style = map ? ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'] : ["'self'", ...hashes.styles];
  const mapConnect = ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com', 'data:', 'blob:'];
  const directive = (name: string, sources: string[]) => [name, ...sources].join(' ');
  return [
    "default-src 'self'",
    directive('script-src', [...script, ...fallback]),
    directive('style-src', style),
    "img-src 'self' data: https:",
    directive('font-src', ["'self'", 'data:', ...(map ? ['https://fonts.gstatic.com'] : [])]),
    "media-src 'self' https:",
    directive('connect-src', ["'self'", ...gtm, ...analytics, ...chatSources, ...(map ? mapConnect : [])]),
    directive('frame-src', [
      "'self'",
      ...gtm,
      ...videoFrameSources(d),
      ...chatSources,
      ...(map ? ['https://*.google.com'] : []),
    ]),
    ...(map ? ["worker-src 'self' blob:"] : []),
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Whether the site's `_headers` tell browsers to use HTTPS only (HSTS): for a production build of
 * a site whose url is https. A preview build is served from the host's branch-deploy address, not
 * from site.url, so a policy there would pin a host the dealer does not own; an http site has no
 * https origin to pin. `preload` is left out: a preload-list entry takes months to undo, so it is
 * the dealer's call, made with whoever runs the domain.
 */
export function sendsStrictTransport(d: DealerContent, preview: boolean): boolean {
  return !preview && new URL(d.site.url).protocol === 'https:';
}

/** A year, and every sub-domain of the site's host (those of `www.` when the site is on `www.`). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export interface HeadersFileOptions {
  /** Adds Strict-Transport-Security to every response; see `sendsStrictTransport`. */
  strictTransport?: boolean;
  /** Pages whose Content-Security-Policy differs from the site's (the map pages): path → policy. */
  pagePolicies?: { paths: string[]; csp: string }[];
}

/**
 * A rule for exactly one page, under both of its addresses ("/contact" and "/contact/"): hosts
 * differ in which one they serve and in whether a pattern matches the other.
 */
function pageRules(paths: string[], lines: string[]): string[] {
  return paths.flatMap((p) => {
    const bare = p.replace(/\/+$/, '') || '/';
    return (bare === '/' ? ['/'] : [bare, `${bare}/`]).flatMap((pattern) => [pattern, ...lines, '']);
  });
}

/**
 * `_headers` for static hosts (Netlify, Cloudflare Pages) and for `npm start`. Rules go from
 * general to specific; a header named again by a later, more specific rule replaces the earlier
 * (an exact page path beats "/*", so a page policy replaces the site's).
 */
export function headersFile(csp: string, options: HeadersFileOptions = {}): string {
  return [
    '/*',
    `  Content-Security-Policy: ${csp}`,
    // Browsers ignore the header on a plain-http response (RFC 6797 §8.1), so `npm start`,
    // which serves the same file over http on localhost, pins nothing.
    ...(options.strictTransport ? [`  Strict-Transport-Security: ${STRICT_TRANSPORT_SECURITY}`] : []),
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '  X-Frame-Options: SAMEORIGIN',
    '  Permissions-Policy: camera=(), microphone=(), payment=(), geolocation=(self)',
    '  Cache-Control: public, max-age=0, must-revalidate',
    '',
    ...(options.pagePolicies ?? []).flatMap(({ paths, csp: pageCsp }) =>
      pageRules(paths, [`  Content-Security-Policy: ${pageCsp}`]),
    ),
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    // The vehicle feeds are fetched by ad platforms, not read by people: out of search results.
    ...FEED_FILES.flatMap((name) => [`/${name}`, '  X-Robots-Tag: noindex', '']),
    '/llms.txt',
    `  Content-Type: ${LLMS_TXT_TYPE}`,
    '',
  ].join('\n');
}
