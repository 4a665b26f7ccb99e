import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '../../../src/engine/serve/static-server.ts';
import { headersFile } from '../../../src/engine/build/site-files.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

let server: RunningServer;
let tmp: string;

/** A raw HTTP request to the server, with any Host header and an unnormalised path. */
function get(
  host: string,
  rawPath: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: rawPath,
        method: init.method ?? 'GET',
        headers: { host: `${host}:${server.port}`, ...init.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const HOME =
  '<!doctype html><html lang="en"><head><title>Home | Harbour City Toyota</title></head><body><h1>Welcome</h1></body></html>';
const CONTACT =
  '<!doctype html><html lang="en"><head><title>Contact</title></head><body><h1>Contact us</h1></body></html>';
const NOT_FOUND =
  '<!doctype html><html lang="en"><head><title>Page not found</title></head><body><h1>Page not found</h1></body></html>';
const SCRIPT = 'export const hello = "world";'.repeat(50);

async function put(file: string, content: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'serve-test-'));
  const sites = path.join(tmp, 'sites');
  const harbour = path.join(sites, 'harbour-city');
  await put(path.join(harbour, 'index.html'), HOME);
  await put(path.join(harbour, 'contact', 'index.html'), CONTACT);
  await put(path.join(harbour, '404.html'), NOT_FOUND);
  await put(path.join(harbour, '_astro', 'island.B1x.js'), SCRIPT);
  await put(path.join(harbour, '_astro', 'site.C2y.css'), 'body{color:#111}');
  await put(path.join(harbour, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await put(path.join(harbour, 'sitemap.xml'), '<?xml version="1.0"?><urlset/>');
  await put(path.join(harbour, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  await put(path.join(harbour, '_headers'), headersFile("default-src 'self'"));
  await put(
    path.join(sites, 'tasman-motors', 'index.html'),
    HOME.replace(
      '<title>Home | Harbour City Toyota</title>',
      '<title>Tasman | Used cars</title><meta property="og:site_name" content="Tasman &amp; Sons Motors">',
    ),
  );
  await put(path.join(sites, 'tasman-motors', 'secret-of-tasman.txt'), 'tasman only');
  await put(path.join(sites, 'secret.txt'), 'top secret');
  await put(
    path.join(tmp, 'dealers', 'harbour-city', 'site.json'),
    JSON.stringify({ name: 'Harbour City Toyota Group' }),
  );
  server = await startServer({ sitesDir: sites, dealersDir: path.join(tmp, 'dealers'), port: 0, bodyLimit: 2048 });
});

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('npm start: each dealer site on its own *.localhost host', () => {
  it("serves the home page of http://harbour-city.localhost/ with the site's security headers", async () => {
    const res = await get('harbour-city.localhost', '/');
    expect(res.status).toBe(200);
    expect(res.text).toBe(HOME);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('serves a page folder at /contact and at /contact/', async () => {
    for (const p of ['/contact', '/contact/', '/contact/index.html', '/contact?utm_source=mail']) {
      const res = await get('harbour-city.localhost', p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toBe(CONTACT);
    }
  });

  it("answers a page that does not exist with the site's own 404 page and status 404", async () => {
    const res = await get('harbour-city.localhost', '/cars/sold-last-week');
    expect(res.status).toBe(404);
    expect(res.text).toBe(NOT_FOUND);
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('never lets a browser cache a missing bundle as immutable', async () => {
    const res = await get('harbour-city.localhost', '/_astro/gone.Zz9.js');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('keeps hashed bundles under /_astro/ cached for a year, with the CSP still sent', async () => {
    const res = await get('harbour-city.localhost', '/_astro/island.B1x.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('sends the right Content-Type for scripts, styles, svg, xml and text files', async () => {
    const types: Record<string, string> = {
      '/_astro/island.B1x.js': 'text/javascript; charset=utf-8',
      '/_astro/site.C2y.css': 'text/css; charset=utf-8',
      '/logo.svg': 'image/svg+xml',
      '/sitemap.xml': 'application/xml; charset=utf-8',
      '/robots.txt': 'text/plain; charset=utf-8',
    };
    for (const [p, type] of Object.entries(types))
      expect((await get('harbour-city.localhost', p)).headers['content-type'], p).toBe(type);
  });

  it('compresses text with brotli or gzip when the browser accepts it, and not otherwise', async () => {
    const br = await get('harbour-city.localhost', '/_astro/island.B1x.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get('harbour-city.localhost', '/_astro/island.B1x.js', {
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get('harbour-city.localhost', '/_astro/island.B1x.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('harbour-city.localhost', '/contact', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(CONTACT)));
    expect(res.body.length).toBe(0);
  });

  it('refuses POST and DELETE on static files with 405 and the allowed methods', async () => {
    for (const method of ['POST', 'DELETE']) {
      const res = await get('harbour-city.localhost', '/contact', { method });
      expect(res.status).toBe(405);
      expect(res.headers['allow']).toBe('GET, HEAD');
    }
  });

  it('answers a revisit with an unchanged ETag with 304 Not Modified', async () => {
    const first = await get('harbour-city.localhost', '/contact');
    const etag = first.headers['etag'] as string;
    expect(etag).toBeTruthy();
    const again = await get('harbour-city.localhost', '/contact', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("never serves a file outside the site folder, another dealer's files or the _headers file", async () => {
    const attempts = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/../tasman-motors/secret-of-tasman.txt',
      '/contact/..%5c..%5csecret.txt',
      '/%00/index.html',
      '/_headers',
      '/%E0%A4%A',
    ];
    for (const p of attempts) {
      const res = await get('harbour-city.localhost', p);
      // A path whose escapes do not decode is no path at all: 400.
      expect(res.status, p).toBe(/%(?![0-9a-f]{2})/i.test(p) ? 400 : 404);
      expect(res.text, p).not.toMatch(/top secret|tasman only|Content-Security-Policy/);
    }
  });

  it('shows a "No such site" list with status 404 for a host that has no built site', async () => {
    const res = await get('closed-dealer.localhost', '/');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Nothing is built for &quot;closed-dealer&quot;');
    expect(res.text).toContain(`http://harbour-city.localhost:${server.port}/`);
  });
});

describe('npm start: the site list on http://localhost/', () => {
  it('lists every built site by name with a link to its own host', async () => {
    const res = await get('localhost', '/');
    expect(res.status).toBe(200);
    // The name comes from dealers/<slug>/site.json when there is one, else from the built home page.
    expect(res.text).toContain(`<a href="http://harbour-city.localhost:${server.port}/">Harbour City Toyota Group</a>`);
    expect(res.text).toContain(`<a href="http://tasman-motors.localhost:${server.port}/">Tasman &amp; Sons Motors</a>`);
    expect(res.text).not.toContain('secret');
  });

  it('answers other paths on localhost with 404', async () => {
    expect((await get('localhost', '/contact')).status).toBe(404);
  });
});

describe('npm start: the API under /api/ on every host', () => {
  it('answers GET /api/health with { ok: true } on localhost and on a dealer host', async () => {
    for (const host of ['localhost', 'harbour-city.localhost', 'no-such-site.localhost']) {
      const res = await get(host, '/api/health');
      expect(res.status, host).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.text)).toEqual({ ok: true });
    }
  });

  it('answers an unknown API path with a JSON 404 and a wrong method with a JSON 405', async () => {
    const missing = await get('harbour-city.localhost', '/api/no-such-endpoint');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({
      error: { status: 404, message: 'There is no API endpoint at /api/no-such-endpoint.' },
    });

    const wrong = await get('harbour-city.localhost', '/api/health', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers['allow']).toBe('GET, HEAD');
    expect(JSON.parse(wrong.text).error.status).toBe(405);
  });

  it('refuses a request body over the size cap with a JSON 413, and passes one at the cap', async () => {
    const big = await get('harbour-city.localhost', '/api/health', {
      method: 'POST',
      body: Buffer.alloc(2049, 'a'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text).error.status).toBe(413);

    const chunked = await get('harbour-city.localhost', '/api/health', {
      method: 'POST',
      body: Buffer.alloc(4096, 'a'),
      headers: { 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(413);

    const atCap = await get('harbour-city.localhost', '/api/health', {
      method: 'POST',
      body: Buffer.alloc(2048, 'a'),
      headers: { 'content-type': 'text/plain' },
    });
    expect(atCap.status).toBe(405);
  });
});
