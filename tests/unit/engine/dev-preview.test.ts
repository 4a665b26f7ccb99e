/**
 * The editor preview (`npm run dev`, scripts/dev.ts) as an editor uses it: the real script in a
 * child process, on a free port, over a temporary copy of the fixture dealers that the tests
 * edit. Requests carry the dealer's Host header, as a browser opening http://<slug>.localhost does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadDealers } from '../../../src/content/load.ts';
import { dealerRoutes, NOT_FOUND_PATH } from '../../../src/domain/routes.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 90_000;

let child: ChildProcess | undefined;
let output = '';
let work: string;
let dealers: string;
let port: number;

interface Answer {
  status: number;
  type: string;
  text: string;
}

/** One request to the preview with the Host header of `host` (a dealer slug, or "localhost"). */
function fetchAs(
  host: string,
  target: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const hostHeader = host === 'localhost' ? `localhost:${port}` : `${host}.localhost:${port}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: init.method ?? 'GET',
        agent: false,
        timeout: 30_000,
        headers: { host: hostHeader, accept: 'text/html,*/*', ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${host} ${target}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

/** Root-relative page links of a page (not Vite's module URLs, not fragments), without fragments. */
function pageLinks(html: string): string[] {
  const hrefs = [...html.matchAll(/<a\b[^>]*\bhref="(\/[^"]*)"/g)].map((m) => m[1]!.split('#')[0]!);
  return [...new Set(hrefs.filter((h) => h && !h.startsWith('//')))].sort();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

const pageFile = (slug: string, file: string) => path.join(dealers, slug, 'pages', file);

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'dev-preview-'));
  dealers = path.join(work, 'dealers');
  await cp(path.join(root, 'tests/fixtures/dealers'), dealers, { recursive: true });
  port = await freePort();
  // The child must not believe it runs under vitest (Astro's dev server stays off there), and
  // uses its own database and no finance provider of the environment.
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: undefined,
    DATABASE_URL: undefined,
    FINANCE_PROVIDER_URL: undefined,
  };
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/dev.ts',
      '--dealers',
      dealers,
      '--port',
      String(port),
      '--data',
      path.join(work, 'data'),
    ],
    {
      cwd: root,
      env: env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm run dev did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl+C to stop.')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', onData);
    child!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run dev exited with ${code} before it was ready:\n${output}`));
    });
  });
  console.log(`npm run dev: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, START_TIMEOUT_MS + 10_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child!.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (work) await rm(work, { recursive: true, force: true });
}, 20_000);

describe('npm run dev: every dealer on its own host, as built', () => {
  it('lists the dealers at http://localhost:<port>/, each linked to its host', async () => {
    const res = await fetchAs('localhost', '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`href="http://mini-motors.localhost:${port}/"`);
    expect(res.text).toContain(`href="http://group-motors.localhost:${port}/"`);
    expect(res.text).toContain('Mini Motors');
  });

  it("serves the home page at the root of the dealer's host, and every root-relative link on it answers 200 there", async () => {
    const home = await fetchAs('mini-motors', '/');
    expect(home.status).toBe(200);
    expect(titleOf(home.text)).toBe('Mini Motors');
    const links = pageLinks(home.text);
    expect(links).toContain('/contact');
    for (const link of links) {
      const res = await fetchAs('mini-motors', link);
      expect(`${link} → ${res.status}`).toBe(`${link} → 200`);
    }
  }, 120_000);

  it('serves every route of the dealer, nested ones included, at the path the build gives it', async () => {
    const loaded = await loadDealers(path.join(root, 'tests/fixtures/dealers'), { only: ['mini-motors'] });
    const paths = dealerRoutes(loaded.dealers[0]!)
      .map((r) => r.path)
      .filter((p) => p !== NOT_FOUND_PATH);
    expect(paths).toContain('/cars/2021-toyota-corolla-1');
    for (const p of paths) {
      const res = await fetchAs('mini-motors', p);
      expect(`${p} → ${res.status}`).toBe(`${p} → 200`);
    }
    const car = await fetchAs('mini-motors', '/cars/2021-toyota-corolla-1/');
    expect(car.status).toBe(200);
    expect(titleOf(car.text)).toContain('2021 Toyota Corolla');
  }, 120_000);

  it("answers an unknown path with the dealer's own not-found page and status 404", async () => {
    const res = await fetchAs('mini-motors', '/no-such-page');
    expect(res.status).toBe(404);
    expect(titleOf(res.text)).toMatch(/not found.*Mini Motors/i);
    // The /<slug>/… form of Astro's route is not a page of the dealer's site.
    expect((await fetchAs('mini-motors', '/mini-motors/contact')).status).toBe(404);
  });

  it('serves the files the build writes beside the pages (sitemap, robots.txt) from the content', async () => {
    const sitemap = await fetchAs('mini-motors', '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain('<loc>https://www.minimotors.com.au/contact</loc>');
    expect((await fetchAs('mini-motors', '/robots.txt')).text).toContain(
      'Sitemap: https://www.minimotors.com.au/sitemap.xml',
    );
  });

  it('shows editors a visible placeholder naming a block of unknown type, where a build renders nothing', async () => {
    const home = await fetchAs('mini-motors', '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Block type "legacyWidget" is not known, so this block is not shown on the live site.');
  });

  it("serves the API on the dealer's host", async () => {
    const res = await fetchAs('mini-motors', '/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ ok: true });
  });
});

describe('npm run dev: content edits show on the next request', () => {
  it('shows a changed page title, without a restart', async () => {
    const file = pageFile('mini-motors', 'contact.json');
    const before = await fetchAs('mini-motors', '/contact');
    expect(titleOf(before.text)).toBe('Contact us | Mini Motors');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"Contact us"', '"Talk to us"'));
    const t0 = performance.now();
    const after = await fetchAs('mini-motors', '/contact');
    console.log(`edit to served page: ${Math.round(performance.now() - t0)} ms`);
    expect(after.status).toBe(200);
    expect(titleOf(after.text)).toBe('Talk to us | Mini Motors');
  });

  it('serves a new page file, and 404s it once deleted', async () => {
    const file = pageFile('mini-motors', 'service/booking.json');
    expect((await fetchAs('mini-motors', '/service/booking')).status).toBe(404);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      JSON.stringify({
        id: 77,
        path: '/service/booking',
        title: 'Book a service',
        publishedAt: '2024-01-01',
        blocks: [],
      }),
    );
    const added = await fetchAs('mini-motors', '/service/booking');
    expect(added.status).toBe(200);
    expect(titleOf(added.text)).toBe('Book a service | Mini Motors');
    await unlink(file);
    expect((await fetchAs('mini-motors', '/service/booking')).status).toBe(404);
  });

  it('follows a changed site.json', async () => {
    const file = path.join(dealers, 'mini-motors', 'site.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"name": "Mini Motors"', '"name": "Maxi Motors"'));
    expect(titleOf((await fetchAs('mini-motors', '/contact')).text)).toBe('Talk to us | Maxi Motors');
  });

  it("shows a page's content error on that page only, naming the file and JSON path; then recovers", async () => {
    const file = pageFile('mini-motors', 'contact.json');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('"Talk to us"', '42'));
    const res = await fetchAs('mini-motors', '/contact');
    expect(res.status).toBe(500);
    expect(res.text).toContain('Content error on /contact');
    expect(res.text).toMatch(
      /pages\/contact\.json<\/strong> at <strong>title<\/strong>: expected a text, found the number 42/,
    );
    expect(titleOf(res.text)).not.toContain('Talk to us');
    // The dealer's other pages, and the other dealer, are previewable; the terminal names the error.
    const home = await fetchAs('mini-motors', '/');
    expect(home.status).toBe(200);
    expect(home.text).not.toContain('Content error');
    expect((await fetchAs('group-motors', '/')).status).toBe(200);
    expect(output).toMatch(/mini-motors: pages\/contact\.json at title: expected a text, found the number 42/);
    expect(output).toContain('only /contact shows them');
    await writeFile(file, good);
    const fixed = await fetchAs('mini-motors', '/contact');
    expect(fixed.status).toBe(200);
    expect(titleOf(fixed.text)).toBe('Talk to us | Maxi Motors');
  });

  it("lists the errors of a page file whose path cannot be read on the dealer's home page", async () => {
    const file = pageFile('mini-motors', 'contact.json');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.slice(0, -10));
    const home = await fetchAs('mini-motors', '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Preview only: pages/contact.json is not shown on any page');
    expect(home.text).toMatch(/pages\/contact\.json<\/strong>: is not valid JSON/);
    expect(home.text).toContain('<h1');
    expect((await fetchAs('mini-motors', '/contact')).status).toBe(404);
    await writeFile(file, good);
    expect((await fetchAs('mini-motors', '/')).text).not.toContain('Preview only');
  });

  it('shows an error in a shared file on every page of the dealer', async () => {
    const file = path.join(dealers, 'mini-motors', 'models.json');
    const good = await readFile(file, 'utf8');
    await writeFile(file, '{');
    for (const target of ['/contact', '/']) {
      const res = await fetchAs('mini-motors', target);
      expect(res.status).toBe(500);
      expect(res.text).toContain('Content error in mini-motors');
      expect(res.text).toMatch(/models\.json<\/strong>: is not valid JSON/);
    }
    await writeFile(file, good);
    expect((await fetchAs('mini-motors', '/')).status).toBe(200);
  });

  it("keeps the API in step: a lead is checked against the page's forms as they are now", async () => {
    const lead = (blockId: string) =>
      fetchAs('mini-motors', '/api/leads', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://mini-motors.localhost:${port}` },
        body: JSON.stringify({
          form: { pageId: '3', blockId, step: 'contact' },
          isLastStep: true,
          idempotencyKey: `dev-preview-${blockId}-${Date.now()}`,
          values: {
            name: 'Sam Lee',
            phone: '+61 412 345 678',
            email: 'sam@example.com',
            location_id: '11',
            message: 'Hi',
          },
        }),
      });
    const message = (res: Answer) =>
      String((JSON.parse(res.text) as { error?: { message?: string } }).error?.message ?? '');
    const before = await lead('ask');
    expect(before.status).toBe(400);
    expect(message(before)).toMatch(/has no form "ask" on page "3"/);
    const file = pageFile('mini-motors', 'enquire.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"id": "enquiry"', '"id": "ask"'));
    const renamed = await lead('ask');
    expect(message(renamed)).toBe('');
    expect(renamed.status).toBe(200);
  });
});
