import { describe, expect, it } from 'vitest';
import { headersFor, matchesPattern, parseHeaders } from '../../scripts/lib/serve-headers.ts';
import { headersFile } from '../../scripts/lib/site-files.ts';

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
