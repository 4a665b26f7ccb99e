/** The files every dealer site root gets besides its pages: sitemap.xml, robots.txt, _headers. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DealerContent } from '../../src/content/load.ts';
import { absoluteUrl, dealerRoutes } from '../../src/lib/routes.ts';
import { isIndexable } from '../../src/lib/page-blocks.ts';
import { GOOGLE_FEED_FILE, META_FEED_FILE } from '../../src/lib/feeds/index.ts';

const FEED_FILES = [GOOGLE_FEED_FILE, META_FEED_FILE];

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
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(m[2] ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes].sort();
}

/** The Content-Security-Policy of a dealer site. */
export function contentSecurityPolicy(d: DealerContent, scriptHashes: string[]): string {
  const gtm = d.site.analytics?.gtmId ? ['https://www.googletagmanager.com'] : [];
  const analytics = d.site.analytics?.gtmId
    ? ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    : [];
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes, ...gtm].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "media-src 'self' https:",
    ['connect-src', "'self'", ...gtm, ...analytics].join(' '),
    "frame-src 'self'" + (gtm.length ? ' https://www.googletagmanager.com' : ''),
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
}

/**
 * `_headers` for static hosts (Netlify, Cloudflare Pages) and for `npm start`. Rules go from
 * general to specific; a header named again by a later, more specific rule replaces the earlier.
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
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
    // The vehicle feeds are fetched by ad platforms, not read by people: out of search results.
    ...FEED_FILES.flatMap((name) => [`/${name}`, '  X-Robots-Tag: noindex', '']),
  ].join('\n');
}
