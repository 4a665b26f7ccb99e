/**
 * dist/api/netlify/ as Netlify runs it: functions/api.mjs called as `default(request, context)`
 * on the paths its `config.path` claims, functions/deliver-leads.mjs on its `config.schedule`
 * (Netlify posts `{ next_run }` to it), and the netlify.toml that points Netlify at them. The
 * functions have no embedded database: what needs one runs on TEST_DATABASE_URL (a schema of
 * its own), with DATA_DIR for the delivery files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  bundleDatabase,
  buildApiForTest,
  deliveredLeads,
  leadSave,
  setEnv,
  signedStockPush,
  STOCK_KEY,
  testDatabaseUrl,
  type BuiltApi,
  type BundleDatabase,
} from '../../helpers/api-bundle.ts';
import { API_BASE } from '../../../src/contract/routes.ts';

interface NetlifyContext {
  ip: string;
  requestId: string;
  waitUntil(promise: Promise<unknown>): void;
}
interface NetlifyFunction {
  default(request: Request, context: NetlifyContext): Promise<Response>;
  config: { path?: string; schedule?: string };
}

let api: BuiltApi;
let fn: NetlifyFunction;
let scheduled: NetlifyFunction;
let restoreEnv: () => void;
let dataDir: string;
let database: BundleDatabase | undefined;
const withDatabase = it.skipIf(!testDatabaseUrl);
const waiting: Promise<unknown>[] = [];

const context = (ip: string): NetlifyContext => ({ ip, requestId: '01HXYZ', waitUntil: (p) => void waiting.push(p) });
const post = (key: string, ip: string, headers: Record<string, string> = {}) =>
  fn.default(
    new Request('https://www.minimotors.com.au/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(leadSave(key)),
    }),
    context(ip),
  );

beforeAll(async () => {
  api = await buildApiForTest('api-netlify-');
  dataDir = path.join(api.work, 'data');
  database = testDatabaseUrl ? await bundleDatabase() : undefined;
  restoreEnv = setEnv({
    DATABASE_URL: database?.url,
    DATA_DIR: dataDir,
    API_CONTENT: undefined,
    API_CONTENT_URL: undefined,
    STOCK_FEED_SECRET_MINI_MOTORS: STOCK_KEY,
    RATE_LIMIT_LEADS_PER_IP: '2',
  });
  fn = await api.load<NetlifyFunction>('netlify/functions/api.mjs');
  scheduled = await api.load<NetlifyFunction>('netlify/functions/deliver-leads.mjs');
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(waiting);
  restoreEnv?.();
  await database?.cleanup();
  await api?.cleanup();
});

/** What Netlify reads from a function file without running it: `config` as an object of literals. */
function staticConfig(source: string): string | undefined {
  const exported = /export\s*\{([^}]*)\}/
    .exec(source)?.[1]
    ?.split(',')
    .map((s) => s.trim().split(/\s+as\s+/));
  const local = exported?.find(([, name]) => name === 'config')?.[0];
  return (
    local &&
    new RegExp(`(?:var|let|const)\\s+(?:[\\w$]+=[^;]*?,)?${local.replace('$', '\\$')}=(\\{[^{}]*\\})`).exec(source)?.[1]
  );
}

describe('dist/api/netlify on Netlify Functions', () => {
  it('claims /api/* with config.path, in a form Netlify reads from the file itself', async () => {
    expect(fn.config).toEqual({ path: '/api/*' });
    // The literal is the route table's base: the two cannot drift apart.
    expect(fn.config.path).toBe(`${API_BASE}/*`);
    const source = await readFile(path.join(api.apiDir, 'netlify/functions/api.mjs'), 'utf8');
    expect(staticConfig(source)).toBe('{path:"/api/*"}');
  });

  withDatabase(
    'answers a request with the dealer found from its host, and keeps the function alive with waitUntil until the lead is delivered',
    async () => {
      const res = await post('netlify-1', '198.51.100.1');
      expect(res.status).toBe(200);
      const { lead_id, lead_status } = await res.json();
      expect(lead_status).toBe('Complete');
      expect(waiting.length).toBeGreaterThan(0);
      await Promise.all(waiting);
      expect(await deliveredLeads(dataDir)).toContain(lead_id);
    },
    60_000,
  );

  withDatabase('takes a signed stock push, applied once by its feed_id, and refuses an unsigned one', async () => {
    const push = await signedStockPush('netlify-1');
    const send = (headers: Record<string, string>) =>
      fn.default(
        new Request('https://www.minimotors.com.au/api/stock', { method: 'POST', headers, body: push.body }),
        context('198.51.100.7'),
      );
    const first = await send(push.headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ site: 'mini-motors', added: 1 });
    // The same signed request again is a replay: refused, whatever its feed_id.
    const again = await send(push.headers);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/already received/);
    expect((await send({ 'content-type': 'application/json' })).status).toBe(401);
  });

  withDatabase("counts a client's saves by context.ip, whatever X-Forwarded-For claims", async () => {
    expect((await post('netlify-ip-1', '203.0.113.9', { 'x-forwarded-for': '10.0.0.1' })).status).toBe(200);
    expect((await post('netlify-ip-2', '203.0.113.9', { 'x-forwarded-for': '10.0.0.2' })).status).toBe(200);
    expect((await post('netlify-ip-3', '203.0.113.9', { 'x-forwarded-for': '10.0.0.3' })).status).toBe(429);
    expect((await post('netlify-ip-4', '203.0.113.10', { 'x-forwarded-for': '10.0.0.3' })).status).toBe(200);
  });

  withDatabase('delivers due leads from a scheduled function that runs every minute', async () => {
    expect(scheduled.config).toEqual({ schedule: '* * * * *' });
    const source = await readFile(path.join(api.apiDir, 'netlify/functions/deliver-leads.mjs'), 'utf8');
    expect(staticConfig(source)).toBe('{schedule:"* * * * *"}');
    const res = await scheduled.default(
      new Request('https://www.minimotors.com.au/.netlify/functions/deliver-leads', {
        method: 'POST',
        body: JSON.stringify({ next_run: '2025-01-01T00:02:00.000Z' }),
      }),
      context('127.0.0.1'),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(
      expect.objectContaining({ claimed: expect.any(Number), delivered: expect.any(Number), failed: 0 }),
    );
  });

  it('comes with a netlify.toml whose functions directory is where the build puts the functions', async () => {
    const toml = await readFile(path.join(api.apiDir, 'netlify/netlify.toml'), 'utf8');
    const directory = /^\s*directory\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
    // api.work stands for the repository root: the build wrote <root>/dist/api.
    await access(path.join(api.work, directory!, 'api.mjs'));
    await access(path.join(api.work, directory!, 'deliver-leads.mjs'));
  });
});
