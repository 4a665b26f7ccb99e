/**
 * dist/api/vercel/ as a Vercel project uses it: project/vercel.json and project/api/*.mjs copied
 * to the repository root (as docs/deploy.md says), api/index.mjs called with Vercel's
 * Web-standard signature `default.fetch(request, context)` for every /api/<route> its rewrite
 * sends there, and api/deliver-leads.mjs called by Vercel Cron with `Authorization: Bearer`. The
 * functions have no embedded database: what needs one runs on TEST_DATABASE_URL (a schema of its
 * own), with DATA_DIR for the delivery files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

interface VercelFunction {
  default: { fetch(request: Request, context?: { waitUntil(p: Promise<unknown>): void }): Promise<Response> };
}

let api: BuiltApi;
let fn: VercelFunction;
let cron: VercelFunction;
let vercelJson: { rewrites: { source: string; destination: string }[]; crons: { path: string; schedule: string }[] };
let restoreEnv: () => void;
let dataDir: string;
let database: BundleDatabase | undefined;
const withDatabase = it.skipIf(!testDatabaseUrl);
const waiting: Promise<unknown>[] = [];
const context = { waitUntil: (p: Promise<unknown>) => void waiting.push(p) };

beforeAll(async () => {
  api = await buildApiForTest('api-vercel-');
  // The repository root (api.work) gets the project files, as a user copies them once.
  await cp(path.join(api.apiDir, 'vercel/project'), api.work, { recursive: true });
  vercelJson = JSON.parse(await readFile(path.join(api.work, 'vercel.json'), 'utf8'));
  dataDir = path.join(api.work, 'data');
  database = testDatabaseUrl ? await bundleDatabase() : undefined;
  restoreEnv = setEnv({
    DATABASE_URL: database?.url,
    DATA_DIR: dataDir,
    API_CONTENT: undefined,
    API_CONTENT_URL: undefined,
    STOCK_FEED_SECRET_MINI_MOTORS: STOCK_KEY,
    CRON_SECRET: 'cron-secret-for-tests',
  });
  fn = await import(pathToFileURL(path.join(api.work, 'api/index.mjs')).href);
  cron = await import(pathToFileURL(path.join(api.work, 'api/deliver-leads.mjs')).href);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(waiting);
  restoreEnv?.();
  await database?.cleanup();
  await api?.cleanup();
});

const save = (url: string, key: string) =>
  fn.default.fetch(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify(leadSave(key)),
    }),
    context,
  );

describe('dist/api/vercel on Vercel Functions', () => {
  it("rewrites every /api/<route> to a function file of the project, naming the route in the rewrite's parameter", async () => {
    expect(vercelJson.rewrites).toHaveLength(1);
    const [{ source, destination }] = vercelJson.rewrites as [{ source: string; destination: string }];
    expect(source).toMatch(/^\/api\/:(\w+)\*$/);
    // Vercel serves api/index.mjs at /api.
    await access(path.join(api.work, destination.slice(1), 'index.mjs'));
  });

  withDatabase(
    "answers a rewritten request whichever URL the function sees: the browser's path, or /api, with the route in the query",
    async () => {
      const param = /:(\w+)\*/.exec(vercelJson.rewrites[0]!.source)![1]!;
      const asked = await save(`https://www.minimotors.com.au/api/leads?${param}=leads`, 'vercel-1');
      expect(asked.status).toBe(200);
      expect(await asked.json()).toMatchObject({ lead_status: 'Complete' });
      const rewritten = await save(`https://www.minimotors.com.au/api?${param}=leads`, 'vercel-2');
      expect(rewritten.status).toBe(200);
      const get = await fn.default.fetch(
        new Request(`https://www.minimotors.com.au/api?site=mini-motors&${param}=manufacturer-locations`),
        context,
      );
      expect(get.status).toBe(200);
      expect(await get.json()).toMatchObject({ ok: true });
    },
    60_000,
  );

  withDatabase('takes a signed stock push, applied once by its feed_id, and refuses an unsigned one', async () => {
    const param = /:(\w+)\*/.exec(vercelJson.rewrites[0]!.source)![1]!;
    const push = await signedStockPush('vercel-1');
    const send = (headers: Record<string, string>) =>
      fn.default.fetch(
        new Request(`https://www.minimotors.com.au/api?${param}=stock`, { method: 'POST', headers, body: push.body }),
        context,
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

  withDatabase('keeps the function alive with waitUntil until a lead the request completed is delivered', async () => {
    waiting.length = 0;
    const res = await save('https://www.minimotors.com.au/api/leads?apiRoute=leads', 'vercel-3');
    const { lead_id } = await res.json();
    expect(waiting.length).toBeGreaterThan(0);
    await Promise.all(waiting);
    expect(await deliveredLeads(dataDir)).toContain(lead_id);
  });

  it('runs the lead delivery from a cron entry whose path is the file api/deliver-leads.mjs', async () => {
    expect(vercelJson.crons).toHaveLength(1);
    const { path: cronPath, schedule } = vercelJson.crons[0]!;
    expect(schedule.split(' ')).toHaveLength(5);
    await access(path.join(api.work, `${cronPath.slice(1)}.mjs`));
  });

  withDatabase(
    'delivers only for the Authorization: Bearer <CRON_SECRET> Vercel Cron sends, and refuses everything without a CRON_SECRET',
    async () => {
      const call = (authorization?: string, method = 'GET') =>
        cron.default.fetch(
          new Request('https://www.minimotors.com.au/api/deliver-leads', {
            method,
            headers: authorization ? { authorization } : {},
          }),
        );
      expect((await call()).status).toBe(401);
      expect((await call('Bearer wrong-secret-for-tests')).status).toBe(401);
      expect((await call('cron-secret-for-tests')).status).toBe(401);
      const ok = await call('Bearer cron-secret-for-tests');
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual(
        expect.objectContaining({ claimed: expect.any(Number), delivered: expect.any(Number), failed: 0 }),
      );
      expect((await call('Bearer cron-secret-for-tests', 'POST')).status).toBe(405);
      const restore = setEnv({ CRON_SECRET: undefined });
      try {
        expect((await call('Bearer ')).status).toBe(503);
        expect((await call('Bearer undefined')).status).toBe(503);
      } finally {
        restore();
      }
    },
  );
});
