import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApi } from '../../scripts/lib/build-api.ts';
import { fixtureDealers } from '../helpers/db.ts';

let work: string;
let apiDir: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'api-bundle-'));
  // The bundle leaves the database drivers to node_modules, as a deployment installs them.
  await symlink(path.resolve('node_modules'), path.join(work, 'node_modules'));
  apiDir = path.join(work, 'api');
  await buildApi({ dealers: await fixtureDealers(), outDir: apiDir });
}, 120_000);

afterAll(async () => {
  // The server writes to its data folder until it has exited: wait for that before removing it.
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((done) => server!.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

const save = {
  idempotencyKey: 'bundle-test-1', isLastStep: true, form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
  values: { name: 'Sam Lee', phone: '0412 345 678', email: 'sam@example.com', location_id: '11' },
};

describe('the API bundle (dist/api)', () => {
  it('holds handler.mjs, server.mjs and the dealers as content.json', async () => {
    const content = JSON.parse(await readFile(path.join(apiDir, 'content.json'), 'utf8'));
    expect(content.dealers.map((d: { slug: string }) => d.slug).sort()).toEqual((await fixtureDealers()).map((d) => d.slug).sort());
  });

  it('handler.mjs exports a Fetch handler that saves a lead for a dealer of content.json', async () => {
    const previous = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
    process.env.DATA_DIR = path.join(work, 'handler-data');
    delete process.env.DATABASE_URL;
    try {
      const handler = await import(pathToFileURL(path.join(apiDir, 'handler.mjs')).href);
      const res: Response = await handler.fetch(new Request('https://www.minimotors.com.au/api/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(save) }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ lead_status: 'Complete' });
      expect(await handler.deliver()).toMatchObject({ delivered: 1 });
    } finally {
      Object.assign(process.env, previous);
      if (previous.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
      if (previous.DATA_DIR === undefined) delete process.env.DATA_DIR;
    }
  }, 60_000);

  it('server.mjs runs the API on its own port with migrations applied', async () => {
    server = spawn(process.execPath, [path.join(apiDir, 'server.mjs'), '--port', '0', '--data', path.join(work, 'server-data')], {
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      server!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk;
        const m = /on (http:\/\/localhost:\d+)\/api\/health/.exec(out);
        if (m) resolve(m[1]!);
      });
      server!.on('exit', (code) => reject(new Error(`server.mjs exited with ${code}: ${out}`)));
    });
    expect(await (await fetch(`${origin}/api/health`)).json()).toEqual({ ok: true, database: 'ok' });
    const res = await fetch(`${origin}/api/leads?site=mini-motors`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...save, idempotencyKey: 'bundle-test-2' }) });
    expect(res.status).toBe(200);
  }, 60_000);
});
