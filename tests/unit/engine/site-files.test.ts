import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { car as carSchema } from '../../../src/content/entities.ts';
import { pageSchema } from '../../../src/content/page.ts';
import { siteSchema } from '../../../src/content/site.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import {
  contentSecurityPolicy,
  headersFile,
  inlineScriptHashes,
  robotsTxt,
  sendsStrictTransport,
  sitemapXml,
} from '../../../src/engine/build/site-files.ts';
import { headersFor, parseHeaders } from '../../../src/engine/serve/serve-headers.ts';

function dealer(site: Record<string, unknown> = {}): DealerContent {
  const page = (p: Record<string, unknown>, i: number) => ({
    ...pageSchema.parse({ id: i, title: 'T', blocks: [], publishedAt: '2024-07-01T09:00:00Z', ...p }),
    blocks: [],
    file: `pages/${i}.json`,
  });
  return {
    slug: 'acme',
    site: siteSchema.parse({
      id: 1,
      slug: 'acme',
      name: 'Acme Cars',
      url: 'https://www.acmecars.com.au',
      country: 'AU',
      ...site,
    }),
    pages: [{ path: '/' }, { path: '/service', publishedAt: '2025-02-03' }, { path: '/thank-you', noindex: true }].map(
      page,
    ),
    cars: [
      carSchema.parse({
        id: 1,
        name: 'C',
        slug: 'c&1',
        make: 'M',
        model: 'X',
        year: 2020,
        km: 1,
        price: 1,
        photos_count: 0,
        car_type: 'used',
        created_at_timestamp: 1,
      }),
    ],
    models: [],
    offers: [],
    team: [],
    locations: [],
    brands: [],
    slides: [],
    reviews: {},
  };
}

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('sitemap.xml', () => {
  const xml = sitemapXml(dealer());
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it('lists indexable pages by absolute URL, with their published day', () => {
    expect(locs).toContain('https://www.acmecars.com.au/');
    expect(xml).toContain('<url><loc>https://www.acmecars.com.au/service</loc><lastmod>2025-02-03</lastmod></url>');
    expect(locs.every((l) => l!.startsWith('https://www.acmecars.com.au/'))).toBe(true);
  });

  it('leaves out noindex pages and the 404 page', () => {
    expect(locs).not.toContain('https://www.acmecars.com.au/thank-you');
    expect(locs).not.toContain('https://www.acmecars.com.au/404');
  });

  it('escapes URLs for XML', () => {
    expect(locs).toContain('https://www.acmecars.com.au/cars/c&amp;1');
  });
});

describe('robots.txt', () => {
  it('lets crawlers in and points at the sitemap on a production build', () => {
    const txt = robotsTxt(dealer(), false);
    expect(txt).toContain('Allow: /');
    expect(txt).toContain('Sitemap: https://www.acmecars.com.au/sitemap.xml');
  });

  it('keeps every crawler out of a preview build', () => {
    const txt = robotsTxt(dealer(), true);
    expect(txt).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('Content-Security-Policy', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'csp-'));
    await mkdir(path.join(root, 'service'));
    await writeFile(
      path.join(root, 'index.html'),
      [
        '<script>window.a=1</script>',
        '<script type="application/ld+json">{"@type":"Car"}</script>',
        '<script type="application/json">{"x":1}</script>',
        '<script type="module" src="/_astro/island.js"></script>',
      ].join(''),
    );
    await writeFile(
      path.join(root, 'service', 'index.html'),
      '<script type="module">import "/x.js"</script><script>window.a=1</script>',
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('hashes each distinct executable inline script, and no JSON or external script', async () => {
    const hashes = await inlineScriptHashes(root, ['index.html', 'service/index.html']);
    expect(hashes).toEqual([sha('window.a=1'), sha('import "/x.js"')].sort());
    expect(hashes).not.toContain(sha('{"@type":"Car"}'));
  });

  it('allows those hashes, forbids framing by other sites, and names no tag manager host', async () => {
    const hashes = await inlineScriptHashes(root, ['index.html']);
    const csp = contentSecurityPolicy(dealer(), { scripts: hashes, styles: [] });
    expect(csp).toContain(`script-src 'strict-dynamic' ${hashes.join(' ')} 'self';`);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('googletagmanager');
    const withGtm = contentSecurityPolicy(dealer({ analytics: { gtmId: 'GTM-ABC123' } }), { scripts: [], styles: [] });
    expect(withGtm).toMatch(/script-src 'strict-dynamic' 'self' https:;/);
    expect(withGtm).toContain("connect-src 'self' https://www.googletagmanager.com");
  });

  it('sends the policy for every page in _headers, with long caching only for hashed assets', () => {
    const file = headersFile("default-src 'self'");
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'\n/);
    expect(file).toContain('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable');
  });
});

describe('HTTPS only (Strict-Transport-Security)', () => {
  /** The headers a visitor's browser gets for `pathname` from the `_headers` of this dealer's build. */
  function served(site: Record<string, unknown>, preview: boolean, pathname = '/') {
    const d = dealer(site);
    const file = headersFile("default-src 'self'", { strictTransport: sendsStrictTransport(d, preview) });
    const { rules, problems } = parseHeaders(file);
    expect(problems).toEqual([]);
    return headersFor(rules, pathname).get('strict-transport-security')?.value;
  }

  it('tells browsers to use https for a year, sub-domains included, on every page and asset of an https site', () => {
    for (const pathname of ['/', '/service', '/_astro/island.js']) {
      expect(served({ url: 'https://www.acmecars.com.au' }, false, pathname)).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it("never asks for the browsers' preload list", () => {
    expect(served({ url: 'https://www.acmecars.com.au' }, false)).not.toMatch(/preload/i);
  });

  it('sends nothing for a site whose address is http', () => {
    expect(served({ url: 'http://www.acmecars.com.au' }, false)).toBeUndefined();
  });

  it('sends nothing from a preview build, which is served from a branch-deploy address', () => {
    expect(served({ url: 'https://www.acmecars.com.au' }, true)).toBeUndefined();
  });
});
