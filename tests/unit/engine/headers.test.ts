import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { headersFor, matchesPattern, parseHeaders } from '../../../src/engine/serve/serve-headers.ts';
import {
  contentSecurityPolicy,
  headersFile,
  mapPagePaths,
  scriptHashesOf,
  styleHashesOf,
} from '../../../src/engine/build/site-files.ts';
import { CspRewrite } from '../../../src/engine/build/csp-rewrite.ts';
import { cloudFrontFunction } from '../../../src/engine/serve/cloudfront-function.ts';
import { startServer } from '../../../src/engine/serve/static-server.ts';
import { pageSchema } from '../../../src/content/page.ts';
import { siteSchema } from '../../../src/content/site.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { block } from '../../../src/domain/default-pages.ts';

function valuesFor(text: string, pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of headersFor(parseHeaders(text).rules, pathname).values())
    out[name.toLowerCase()] = value;
  return out;
}

describe('_headers file: reading', () => {
  it('reads each URL pattern with the indented headers under it, skipping comments and blank lines', () => {
    const { rules, problems } = parseHeaders(
      '# site headers\n/*\n  X-Frame-Options: SAMEORIGIN\n\n/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n',
    );
    expect(problems).toEqual([]);
    expect(rules).toEqual([
      { pattern: '/*', headers: [['X-Frame-Options', 'SAMEORIGIN']], line: 2 },
      { pattern: '/_astro/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']], line: 5 },
    ]);
  });

  it('keeps colons inside a header value (a CSP with https: sources)', () => {
    const { rules } = parseHeaders("/*\n  Content-Security-Policy: img-src 'self' https: data:\n");
    expect(rules[0]!.headers).toEqual([['Content-Security-Policy', "img-src 'self' https: data:"]]);
  });

  it('names the line of every entry it cannot read', () => {
    const { problems } = parseHeaders('  X-Early: 1\n/*\n  no colon here\nnot-a-path\n');
    expect(problems).toEqual([
      'line 1: header "X-Early: 1" comes before any URL pattern',
      'line 3: "no colon here" is not a "Name: value" header',
      'line 4: "not-a-path" is not a URL pattern (patterns start with "/")',
    ]);
  });
});

describe('_headers file: which rules apply to a URL', () => {
  it('"/*" applies to every URL, the home page included', () => {
    for (const p of ['/', '/contact', '/cars/2021-toyota-corolla/', '/_astro/a.js'])
      expect(matchesPattern('/*', p)).toBe(true);
  });

  it('"/_astro/*" applies to bundles at any depth and to nothing else', () => {
    expect(matchesPattern('/_astro/*', '/_astro/a.js')).toBe(true);
    expect(matchesPattern('/_astro/*', '/_astro/chunks/b.js')).toBe(true);
    expect(matchesPattern('/_astro/*', '/contact')).toBe(false);
    expect(matchesPattern('/_astro/*', '/x/_astro/a.js')).toBe(false);
  });

  it('a ":name" placeholder stands for exactly one path segment', () => {
    expect(matchesPattern('/team/:slug', '/team/jane-citizen')).toBe(true);
    expect(matchesPattern('/team/:slug', '/team/jane/extra')).toBe(false);
    expect(matchesPattern('/team/:slug', '/team/')).toBe(false);
  });

  it('an exact path matches with or without the trailing slash, and only that page', () => {
    expect(matchesPattern('/contact', '/contact')).toBe(true);
    expect(matchesPattern('/contact', '/contact/')).toBe(true);
    expect(matchesPattern('/contact', '/contact-us')).toBe(false);
    expect(matchesPattern('/contact', '/contact/map')).toBe(false);
  });

  it('treats dots and other regex characters in patterns literally', () => {
    expect(matchesPattern('/sitemap.xml', '/sitemap.xml')).toBe(true);
    expect(matchesPattern('/sitemap.xml', '/sitemapXxml')).toBe(false);
  });
});

describe('_headers file: the most specific rule wins', () => {
  const file = [
    '/*',
    '  Cache-Control: public, max-age=0, must-revalidate',
    '  X-Frame-Options: SAMEORIGIN',
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
  ].join('\n');

  it('a bundle gets the long cache of "/_astro/*" and still the general headers of "/*"', () => {
    expect(valuesFor(file, '/_astro/a.js')).toEqual({
      'cache-control': 'public, max-age=31536000, immutable',
      'x-frame-options': 'SAMEORIGIN',
    });
  });

  it('a page gets only the general rule', () => {
    expect(valuesFor(file, '/contact')['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('the more specific rule wins even when it is written first', () => {
    const reversed = '/_astro/*\n  Cache-Control: immutable\n/*\n  Cache-Control: no-cache\n';
    expect(valuesFor(reversed, '/_astro/a.js')['cache-control']).toBe('immutable');
    expect(valuesFor(reversed, '/about')['cache-control']).toBe('no-cache');
  });

  it('an exact path beats a longer wildcard pattern', () => {
    const text = '/special-offers/*\n  X-Robots-Tag: all\n/special-offers/old\n  X-Robots-Tag: noindex\n';
    expect(valuesFor(text, '/special-offers/old')['x-robots-tag']).toBe('noindex');
    expect(valuesFor(text, '/special-offers/new')['x-robots-tag']).toBe('all');
  });

  it('between equally specific rules, the later one wins', () => {
    const text = '/cars/*\n  X-Stock: first\n/cars/:slug\n  X-Stock: second\n';
    expect(valuesFor(text, '/cars/2021-corolla')['x-stock']).toBe('second');
  });

  it('replaces a header named again in another case instead of sending it twice', () => {
    const text = '/*\n  Cache-Control: no-cache\n/_astro/*\n  cache-control: immutable\n';
    const headers = [...headersFor(parseHeaders(text).rules, '/_astro/a.js').values()];
    expect(headers).toEqual([{ name: 'cache-control', value: 'immutable' }]);
  });

  it('joins a header repeated within one rule, as static hosts do', () => {
    expect(valuesFor('/*\n  Link: </a.css>; rel=preload\n  Link: </b.css>; rel=preload\n', '/')['link']).toBe(
      '</a.css>; rel=preload, </b.css>; rel=preload',
    );
  });

  it("applies the build's own _headers: CSP on every page, a year of cache only for /_astro/", () => {
    const built = headersFile("default-src 'self'");
    const page = valuesFor(built, '/terms-and-conditions');
    expect(page['content-security-policy']).toBe("default-src 'self'");
    expect(page['cache-control']).toBe('public, max-age=0, must-revalidate');
    const bundle = valuesFor(built, '/_astro/Offers.island.Bx1.js');
    expect(bundle['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle['content-security-policy']).toBe("default-src 'self'");
    expect(bundle['x-content-type-options']).toBe('nosniff');
    expect(page['x-robots-tag']).toBeUndefined();
  });

  it('keeps the vehicle feeds out of search results', () => {
    const built = headersFile("default-src 'self'");
    expect(valuesFor(built, '/vehicles-google.tsv')['x-robots-tag']).toBe('noindex');
    expect(valuesFor(built, '/vehicles-meta.csv')['x-robots-tag']).toBe('noindex');
  });
});

/** A GET to the local server for a *.localhost site (fetch cannot set the Host header). */
function get(
  port: number,
  host: string,
  address: string,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: address, headers: { host: `${host}:${port}` }, agent: false, timeout: 5000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${address}: no answer in 5 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** The sha256 source a browser computes for an inline script or `<style>` element's text. */
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A dealer with a home page, a "Find us" page holding a locations block with the search, and a plain page. */
function dealer(site: Record<string, unknown> = {}): DealerContent {
  const page = (p: Record<string, unknown>, blocks: ReturnType<typeof block>[], i: number) => ({
    ...pageSchema.parse({ id: i, title: 'T', blocks: [], publishedAt: '2024-07-01T09:00:00Z', ...p }),
    blocks,
    file: `pages/${i}.json`,
  });
  return {
    slug: 'acme',
    site: siteSchema.parse({
      id: 1,
      slug: 'acme',
      name: 'Acme Cars',
      url: 'https://www.acme.com.au',
      country: 'AU',
      ...site,
    }),
    pages: [
      page({ path: '/' }, [block('locations', {}, 0)], 1),
      page({ path: '/find-us' }, [block('locations', { search: true }, 0)], 2),
      page({ path: '/about' }, [], 3),
    ],
    cars: [],
    models: [],
    offers: [],
    team: [],
    locations: [],
    brands: [],
    slides: [],
    reviews: {},
  };
}

/** The directives of a policy by name: "script-src" → its sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

const GTM = { analytics: { gtmId: 'GTM-ABC123' } };
const HASHES = { scripts: [sha('window.a=1')], styles: [sha('@font-face{}')] };

describe('Content-Security-Policy: scripts', () => {
  it("trusts only the pages' own inline scripts by hash and what they create ('strict-dynamic'), with 'self' for older browsers", () => {
    expect(directives(contentSecurityPolicy(dealer(), HASHES))['script-src']).toEqual([
      "'strict-dynamic'",
      sha('window.a=1'),
      "'self'",
    ]);
  });

  it('names no tag manager host for a dealer with a container: its snippet loads it; https: only as the fallback', () => {
    const csp = directives(contentSecurityPolicy(dealer(GTM), HASHES));
    expect(csp['script-src']).toEqual(["'strict-dynamic'", sha('window.a=1'), "'self'", 'https:']);
    // Tags the container sends data with, and its own frames, still reach Google.
    expect(csp['connect-src']).toContain('https://www.googletagmanager.com');
    expect(csp['connect-src']).toContain('https://*.google-analytics.com');
    expect(csp['frame-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
  });

  it('allows no inline script, event handler or eval by keyword', () => {
    for (const site of [{}, GTM]) {
      const csp = contentSecurityPolicy(dealer(site), HASHES);
      expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-hashes'|'unsafe-eval'/);
      expect(directives(csp)['object-src']).toEqual(["'none'"]);
      expect(directives(csp)['base-uri']).toEqual(["'self'"]);
    }
  });
});

describe('Content-Security-Policy: styles', () => {
  it("allows the site's stylesheets and its <style> elements by hash, and no inline style", () => {
    expect(directives(contentSecurityPolicy(dealer(), HASHES))['style-src']).toEqual(["'self'", sha('@font-face{}')]);
  });

  it('hashes the text of each <style> element as a browser does, once however many pages carry it', () => {
    const fonts = "@font-face{font-family:'Inter';src:url(\"/_astro/inter.woff2\") format('woff2')}\n@font-face{}";
    const pages = [
      `<head><style>${fonts}</style></head><body><p style="color:red">x</p></body>`,
      `<head><style>${fonts}</style><style media="print">.a{}</style></head>`,
    ];
    expect(styleHashesOf(pages)).toEqual([sha(fonts), sha('.a{}')].sort());
    expect(styleHashesOf(['<p>no style element</p>'])).toEqual([]);
  });

  it("hashes a rewritten page's loaders and inline scripts, not the scripts moved to files", () => {
    const runtime = 'customElements.define("astro-island",class{async s(){await import(this.u)}})';
    const strict = new CspRewrite('build-key:fingerprint');
    const html = strict.page(
      `<head><script>window.a=1</script></head><body><script>${runtime}</script><script type="module" src="/_astro/g.js"></script></body>`,
      'index.html',
    );
    const [moved] = strict.files().keys();
    const loaders = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(loaders).toHaveLength(3);
    expect(loaders[1]).toContain(JSON.stringify(moved));
    expect(scriptHashesOf([html])).toEqual(loaders.map(sha).sort());
    expect(scriptHashesOf([html])).not.toContain(sha(runtime));
  });
});

describe('Content-Security-Policy: pages with the Google map', () => {
  const KEY = { integrations: { googleMapsKey: 'AIza-test' } };

  it('are the pages with a locations block that has the search, on a site with a Maps key', () => {
    expect(mapPagePaths(dealer(KEY))).toEqual(['/find-us']);
    expect(mapPagePaths(dealer())).toEqual([]);
    expect(mapPagePaths(dealer({ integrations: { googleMapsKey: '  ' } }))).toEqual([]);
  });

  it("keep 'unsafe-inline' styles (the map adds <style> elements) with no hash to cancel it, and Google's sources", () => {
    const csp = directives(contentSecurityPolicy(dealer(KEY), HASHES, { map: true }));
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com']);
    expect(csp['script-src']).toEqual([
      "'strict-dynamic'",
      sha('window.a=1'),
      "'unsafe-eval'",
      'blob:',
      "'self'",
      'https:',
    ]);
    expect(csp['font-src']).toContain('https://fonts.gstatic.com');
    expect(csp['connect-src']).toContain('https://*.googleapis.com');
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['frame-src']).toContain('https://*.google.com');
  });

  const site = contentSecurityPolicy(dealer(KEY), HASHES);
  const map = contentSecurityPolicy(dealer(KEY), HASHES, { map: true });
  const file = headersFile(site, {
    strictTransport: true,
    pagePolicies: [{ paths: mapPagePaths(dealer(KEY)), csp: map }],
  });
  const ADDRESSES: [string, string][] = [
    ['/find-us', map],
    ['/find-us/', map],
    ['/find-us/index.html', map],
    ['/', site],
    ['/find-us-today', site],
    ['/find-us/more', site],
    ['/about', site],
  ];

  it('get their policy from _headers at each address of the page, every other page the site policy', () => {
    expect(parseHeaders(file).problems).toEqual([]);
    for (const [address, expected] of ADDRESSES) {
      const got = valuesFor(file, address);
      expect(got['content-security-policy'], address).toBe(expected);
      expect(got['strict-transport-security'], address).toBe('max-age=31536000; includeSubDomains');
    }
    expect(valuesFor(file, '/_astro/a.js')['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('get the same policy from the CloudFront Function, which keeps one rule per page', () => {
    const code = cloudFrontFunction(file);
    expect(code.split(map).length - 1).toBe(1);
    const sandbox: { handler?: (e: unknown) => { headers: Record<string, { value: string }> } } = {};
    runInNewContext(`${code}\nthis.handler = handler;`, sandbox);
    for (const [address, expected] of ADDRESSES) {
      const served = address.endsWith('/') ? `${address}index.html` : address;
      const response = sandbox.handler!({
        context: { eventType: 'viewer-response' },
        request: { uri: served },
        response: { headers: {} },
      });
      expect(response.headers['content-security-policy']?.value, address).toBe(expected);
    }
  });

  it('get their policy from npm start, whichever address is asked for', async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), 'headers-map-'));
    const root = path.join(tmp, 'sites', 'acme');
    await mkdir(path.join(root, 'find-us'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Home</title>');
    await writeFile(path.join(root, 'find-us', 'index.html'), '<!doctype html><title>Find us</title>');
    await writeFile(path.join(root, '_headers'), file);
    const server = await startServer({ sitesDir: path.join(tmp, 'sites'), port: 0 });
    try {
      const addresses: [string, string][] = [
        ['/find-us', map],
        ['/find-us/', map],
        ['/find-us/index.html', map],
        ['/', site],
      ];
      for (const [address, expected] of addresses) {
        const res = await get(server.port, 'acme.localhost', address);
        expect(res.status, address).toBe(200);
        expect(res.headers['content-security-policy'], address).toBe(expected);
      }
    } finally {
      await server.close();
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
