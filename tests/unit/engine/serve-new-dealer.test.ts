/**
 * Under a running `npm start`, `npm run build -- --only NEW` into the served folder makes the new
 * dealer's site and its API answer, without a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInChild, childEnv } from '../../helpers/build-child.ts';
import { getFromHost as get, stopChild } from '../../helpers/served-child.ts';

/** A GET with its own Host header (fetch does not send one it is given). */

const FIRST = 'mini-motors';
const NEW = 'group-motors';
let root: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'serve-new-dealer-'));
});
afterAll(async () => {
  await stopChild(child);
  await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

describe('npm start while a new dealer is built into its folder', () => {
  it("serves the new dealer's pages and API without a restart", async () => {
    const sitesDir = path.join(root, 'sites');
    const dataDir = path.join(root, 'data');
    const dealersDir = 'tests/fixtures/dealers';
    const first = await buildInChild({ dealersDir, outDir: sitesDir, only: [FIRST], dataDir });
    expect('thrown' in first ? first.thrown : first.errors).toEqual([]);

    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/serve.ts', '--sites', sitesDir, '--port', '0', '--data', dataDir, '--no-build'],
      {
        env: childEnv({ DATABASE_URL: '', DEALERS_DIR: '', FINANCE_PROVIDER_URL: 'http://127.0.0.1:9' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${out}`)), 60_000);
      const look = () => {
        const m = /^ {2}API +http:\/\/localhost:(\d+)\/api\/health/m.exec(out);
        if (!m) return;
        clearTimeout(timer);
        child!.stdout!.off('data', look);
        resolve(Number(m[1]));
      };
      child!.stdout!.on('data', look);
    });
    const host = (slug: string) => `${slug}.localhost:${port}`;
    expect((await get('/api/manufacturer-locations', host(FIRST), port)).status).toBe(200);
    expect((await get('/', host(NEW), port)).status).toBe(404);
    expect((await get('/api/manufacturer-locations', host(NEW), port)).status).toBe(404);

    const second = await buildInChild({ dealersDir, outDir: sitesDir, only: [NEW], dataDir });
    expect('thrown' in second ? second.thrown : second.errors).toEqual([]);

    const page = await get('/', host(NEW), port);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Group Motors');
    const api = await get('/api/manufacturer-locations', host(NEW), port);
    expect(api.status, api.body).toBe(200);
    expect(api.body).toContain('Group Motors');
    expect((await get('/api/manufacturer-locations', host(FIRST), port)).status).toBe(200);
    expect(out).toContain(`: added ${NEW}.`);
    expect(child.exitCode, out).toBeNull();
  }, 240_000);
});
