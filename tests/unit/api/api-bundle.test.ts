/**
 * dist/api as a whole (src/engine/build/build-api.ts): one minified entry per place the API runs over
 * shared chunks, the dealers compiled in, package.json naming the drivers at the locked versions,
 * the generic Fetch handler, and the Node server. The platform entries have tests of their own
 * (api-bundle-lambda, api-bundle-netlify, api-bundle-vercel).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_ENTRIES } from '../../../src/engine/build/build-api.ts';
import { buildApiForTest, deliveredLeads, leadSave, setEnv, type BuiltApi } from '../../helpers/api-bundle.ts';
import { fixtureDealers } from '../../helpers/db.ts';

let api: BuiltApi;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  api = await buildApiForTest('api-bundle-');
}, 120_000);

afterAll(async () => {
  // A server writes to its data folder until it has exited: wait for that before removing it.
  await Promise.all(
    servers
      .filter((s) => s.exitCode === null && s.signalCode === null)
      .map((s) => {
        const exited = new Promise((done) => s.once('exit', done));
        s.kill('SIGTERM');
        return exited;
      }),
  );
  await api?.cleanup();
});

/** Every script of the bundle, by its path under dist/api, with its text. */
async function scripts(): Promise<Map<string, string>> {
  const { readdir } = await import('node:fs/promises');
  const names = (await readdir(api.apiDir, { recursive: true })).filter(
    (f) => f.endsWith('.mjs') && !f.startsWith('vercel/project'),
  );
  return new Map(
    await Promise.all(names.map(async (n) => [n, await readFile(path.join(api.apiDir, n), 'utf8')] as const)),
  );
}

/** Starts dist/api/server.mjs; resolves with its origin and start-up line, or rejects with its output. */
function startServer(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ origin: string; line: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(api.apiDir, 'server.mjs'), ...args], {
    env: { ...process.env, DATABASE_URL: '', API_CONTENT: '', API_CONTENT_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /^API for .* on (http:\/\/localhost:\d+)\/api\/health.*$/m.exec(out);
      if (m) resolve({ origin: m[1]!, line: m[0], child });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`server.mjs exited with ${code}: ${out}`)));
  });
}

async function waitFor<T>(check: () => Promise<T | undefined>, ms: number): Promise<T | undefined> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const found = await check();
    if (found) return found;
  }
  return undefined;
}

describe('the API bundle (dist/api)', () => {
  it('holds one minified entry per place the API runs, which share their code through chunks instead of each copying it', async () => {
    const files = await scripts();
    for (const entry of Object.keys(API_ENTRIES)) expect(files.has(`${entry}.mjs`), entry).toBe(true);
    const chunks = [...files.keys()].filter((f) => f.startsWith('chunks/'));
    expect(chunks.length).toBeGreaterThan(0);
    // One message of the API's own, in one file only: the code is shared, not copied per entry.
    const holding = [...files]
      .filter(([, text]) => text.includes('This service is briefly unavailable.'))
      .map(([name]) => name);
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatch(/^chunks\//);
    // Minified: the API's own function names are gone (an unminified bundle keeps them).
    const all = [...files.values()].join('\n');
    for (const name of ['serverlessDatabaseProblem', 'withPeerAddress', 'parseContentDocument', 'startRuntime'])
      expect(all).not.toContain(name);
    expect(files.get('handler.mjs')!.length).toBeLessThan(2048);
  });

  it('names the database drivers in package.json at the versions of package-lock.json, as an ES module package for Node 22.12+', async () => {
    const pkg = JSON.parse(await readFile(path.join(api.apiDir, 'package.json'), 'utf8'));
    const lock = JSON.parse(await readFile('package-lock.json', 'utf8'));
    const locked = (name: string) => lock.packages[`node_modules/${name}`].version as string;
    expect(pkg.dependencies).toEqual({ pg: locked('pg') });
    expect(pkg.optionalDependencies).toEqual({ '@electric-sql/pglite': locked('@electric-sql/pglite') });
    expect(pkg.type).toBe('module');
    expect(pkg.engines).toEqual({ node: '>=22.12' });
  });

  it('writes the compiled-in dealers as content.json too, for API_CONTENT_URL', async () => {
    const content = JSON.parse(await readFile(path.join(api.apiDir, 'content.json'), 'utf8'));
    expect(content.dealers.map((d: { slug: string }) => d.slug).sort()).toEqual(
      (await fixtureDealers()).map((d) => d.slug).sort(),
    );
  });

  it('compiles the dealers in as chunks/content.mjs, written a dealer at a time, equal to content.json whatever the text holds', async () => {
    const { buildApi, CONTENT_CHUNK } = await import('../../../src/engine/build/build-api.ts');
    const dealers = await fixtureDealers();
    // Quotes, backslashes, a closing script tag, line and paragraph separators, emoji and non-Latin text.
    const awkward = 'Say "G\'day" \\ </script> \u2028\u2029 🚗 Ngā mihi 日本';
    const edited = dealers.map((d, i) => (i === 0 ? { ...d, site: { ...d.site, name: awkward } } : d));
    const dir = await mkdtemp(path.join(tmpdir(), 'api-content-'));
    try {
      // As a fleet build passes them: the content files it wrote, one per dealer.
      const files = await Promise.all(
        edited.map(async (d) => {
          const file = path.join(dir, `${d.slug}.json`);
          await writeFile(file, JSON.stringify(d));
          return { slug: d.slug, file };
        }),
      );
      const out = path.join(dir, 'api');
      await buildApi({ dealers: { files }, outDir: out });
      const { bundledContent } = (await import(pathToFileURL(path.join(out, CONTENT_CHUNK)).href)) as {
        bundledContent: { dealers: typeof dealers };
      };
      const fromJson = JSON.parse(await readFile(path.join(out, 'content.json'), 'utf8')) as typeof bundledContent;
      expect(bundledContent).toEqual(fromJson);
      expect(bundledContent.dealers).toEqual(JSON.parse(JSON.stringify(edited)));
      expect(bundledContent.dealers[0]!.site.name).toBe(awkward);
      // Every script that reads the dealers imports them by a path relative to itself.
      const importers = (await readdir(out, { recursive: true })).filter(
        (f) => f.endsWith('.mjs') && f !== CONTENT_CHUNK,
      );
      const texts = await Promise.all(importers.map((f) => readFile(path.join(out, f), 'utf8')));
      expect(texts.some((t) => t.includes('dealer-sites:content'))).toBe(false);
      expect(texts.filter((t) => t.includes('content.mjs')).length).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('handler.mjs: a Fetch handler with the dealers compiled in (no content.json beside it), and deliver() for a scheduled job', async () => {
    await rm(path.join(api.apiDir, 'content.json'));
    const handler = await api.load<{ fetch(r: Request): Promise<Response>; deliver(): Promise<{ delivered: number }> }>(
      'handler.mjs',
    );
    const post = (key: string) =>
      handler.fetch(
        new Request('https://www.minimotors.com.au/api/leads', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(leadSave(key)),
        }),
      );
    let restore = setEnv({
      DATABASE_URL: undefined,
      DATA_DIR: undefined,
      API_CONTENT: undefined,
      API_CONTENT_URL: undefined,
    });
    try {
      // A function's disk does not last: without DATABASE_URL (or DATA_DIR on purpose) it does not start.
      const refused = await post('bundle-handler-0');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
    } finally {
      restore();
    }
    const dataDir = path.join(api.work, 'handler-data');
    restore = setEnv({
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      API_CONTENT: undefined,
      API_CONTENT_URL: undefined,
    });
    try {
      const res = await post('bundle-handler-1');
      expect(res.status).toBe(200);
      const { lead_id, lead_status } = await res.json();
      expect(lead_status).toBe('Complete');
      expect(await handler.deliver()).toMatchObject({ delivered: 1 });
      expect(await deliveredLeads(dataDir)).toEqual([lead_id]);
    } finally {
      restore();
    }
  }, 120_000);

  it('says which driver is missing when the bundle runs where it is not installed', async () => {
    const bare = await mkdtemp(path.join(tmpdir(), 'api-bare-'));
    try {
      await cp(api.apiDir, bare, { recursive: true });
      const script = `const m = await import(${JSON.stringify(path.join(bare, 'handler.mjs'))}); await m.deliver().catch((e) => console.log(e.message));`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(bare, 'data') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      await new Promise((done) => child.on('exit', done));
      expect(out).toContain(
        'The embedded database (used when DATABASE_URL is not set) needs the package @electric-sql/pglite, which is not installed',
      );
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  }, 30_000);

  it('server.mjs: PORT=… node server.mjs serves the API with migrations applied and delivers completed leads itself', async () => {
    const dataDir = path.join(api.work, 'server-data');
    const { origin, line } = await startServer({ PORT: '0' }, ['--data', dataDir]);
    expect(line).toContain('from the bundle');
    expect(await (await fetch(`${origin}/api/health`)).json()).toEqual({ ok: true, database: 'ok' });
    const res = await fetch(`${origin}/api/leads?site=mini-motors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(leadSave('bundle-server-1')),
    });
    expect(res.status).toBe(200);
    const { lead_id } = await res.json();
    expect(await waitFor(async () => (await deliveredLeads(dataDir)).includes(lead_id) || undefined, 15_000)).toBe(
      true,
    );
  }, 120_000);

  it('server.mjs takes its dealers from API_CONTENT_URL when it is set, and stops naming the URL when it cannot fetch it', async () => {
    const content: Server = createServer((_req, res) => void res.writeHead(404).end());
    await new Promise<void>((done) => content.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(content.address() as AddressInfo).port}/content.json`;
    try {
      await expect(
        startServer({ PORT: '0', API_CONTENT_URL: url }, ['--data', path.join(api.work, 'url-data')]),
      ).rejects.toThrow(`Cannot fetch the API content from ${url} (API_CONTENT_URL): HTTP 404`);
    } finally {
      content.close();
    }
  }, 30_000);
});
