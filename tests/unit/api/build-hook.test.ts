/**
 * After a stock import the dealer's publish pipeline is asked to rebuild, once per quiet period,
 * through the hook STOCK_BUILD_HOOK_URL[_<SLUG>] names: a Netlify build hook, a Vercel deploy hook
 * or GitHub's repository_dispatch, each checked by a stand-in that answers as the service does.
 * The pending call is kept in the database, so the runtime's next delivery run (the scheduled
 * entry of a serverless platform) makes it, and a failed call is made again after its backoff.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildHookFor } from '../../../src/api/integrations/build-hook.ts';
import { startRuntime, type Runtime } from '../../../src/api/runtime.ts';
import { fixtureDealers, testDatabases, unusedFinanceProvider, type TestDb } from '../../helpers/db.ts';

const SITE = 'mini-motors';
const OTHER = 'group-motors';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in of a hook service: records each request and answers with the next of `statuses`. */
async function standIn(
  statuses: number[],
  answer = '',
): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(status >= 400 ? '{"message":"stand-in failure"}' : answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('a build hook setting', () => {
  it('needs a token for a GitHub dispatches URL, naming the variables to set', () => {
    expect(() =>
      buildHookFor(SITE, { STOCK_BUILD_HOOK_URL_MINI_MOTORS: 'https://api.github.com/repos/acme/sites/dispatches' }),
    ).toThrow(/STOCK_BUILD_HOOK_TOKEN_MINI_MOTORS or STOCK_BUILD_HOOK_TOKEN/);
  });

  it("takes a dealer's own URL over the one for every dealer", () => {
    const env = {
      STOCK_BUILD_HOOK_URL: 'https://api.vercel.com/v1/integrations/deploy/prj_all/x',
      STOCK_BUILD_HOOK_URL_MINI_MOTORS: 'https://api.netlify.com/build_hooks/own',
    };
    expect(buildHookFor(SITE, env)).toEqual({ kind: 'netlify', url: 'https://api.netlify.com/build_hooks/own' });
    expect(buildHookFor(OTHER, env)?.kind).toBe('deploy-hook');
    expect(buildHookFor(SITE, {})).toBeUndefined();
  });
});

describe.each(testDatabases)('stock build hooks on $label', (database) => {
  let t: TestDb;
  let rt: Runtime | undefined;
  let clock: number;
  afterEach(async () => {
    await rt?.close();
    rt = undefined;
    await t.cleanup();
  });

  async function start(env: Record<string, string>): Promise<Runtime> {
    t = await database.open();
    rt = await startRuntime({
      dealers: structuredClone(await fixtureDealers()),
      dataDir: '/nonexistent',
      financeProvider: unusedFinanceProvider,
      env,
      workerIntervalMs: false,
      db: t.db,
    });
    clock = Date.parse('2026-11-27T09:00:00Z');
    rt.deps.now = () => new Date(clock);
    return rt;
  }

  /** What the import route and `npm run stock` do after an import that changed the stock. */
  async function imported(r: Runtime, slug: string) {
    r.deps.onStockChanged!(slug);
    await r.stockChangesRecorded();
  }

  it('Netlify: three imports in a row make one call, after the quiet period, titled with the dealer', async () => {
    const netlify = await standIn([200]);
    servers.push(netlify.server);
    const r = await start({ STOCK_BUILD_HOOK_URL_MINI_MOTORS: `${netlify.url}/build_hooks/5f1e2d` });
    await imported(r, SITE);
    clock += 5_000;
    await imported(r, SITE);
    clock += 5_000;
    await imported(r, SITE);
    clock += 15_000;
    expect((await r.deliver()).buildHooks?.called).toEqual([]);
    expect(netlify.received).toEqual([]);
    clock += 6_000;
    expect((await r.deliver()).buildHooks?.called).toEqual([SITE]);
    clock += 60_000;
    await r.deliver();
    expect(netlify.received).toHaveLength(1);
    const call = netlify.received[0]!;
    expect(call.method).toBe('POST');
    const url = new URL(call.url, netlify.url);
    expect(url.pathname).toBe('/build_hooks/5f1e2d');
    expect(url.searchParams.get('trigger_title')).toBe(`Stock changed: ${SITE}`);
    expect(call.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call.body)).toEqual({ event: 'stock-changed', dealers: [SITE] });
  });

  it('Vercel: a failed call is made again after its backoff, and not before', async () => {
    const vercel = await standIn([500, 201], '{"job":{"id":"j1","state":"PENDING"}}');
    servers.push(vercel.server);
    const r = await start({ STOCK_BUILD_HOOK_URL: `${vercel.url}/v1/integrations/deploy/prj_abc/x1y2` });
    await imported(r, OTHER);
    clock += 21_000;
    expect((await r.deliver()).buildHooks).toEqual({ called: [], retrying: [OTHER], failed: [] });
    const { rows } = await t.db.query<{ last_error: string }>('SELECT last_error FROM build_hooks');
    expect(rows[0]!.last_error).toMatch(/answered 500/);
    clock += 30_000;
    await r.deliver();
    expect(vercel.received).toHaveLength(1);
    clock += 31_000;
    expect((await r.deliver()).buildHooks?.called).toEqual([OTHER]);
    expect(vercel.received).toHaveLength(2);
    for (const call of vercel.received) {
      expect(call.method).toBe('POST');
      expect(call.url).toBe('/v1/integrations/deploy/prj_abc/x1y2');
    }
    expect((await t.db.query('SELECT 1 FROM build_hooks')).rows).toEqual([]);
  });

  it('GitHub: one repository_dispatch names every dealer changed together, with the token', async () => {
    const github = await standIn([204]);
    servers.push(github.server);
    const r = await start({
      STOCK_BUILD_HOOK_URL: `${github.url}/repos/acme/dealer-sites/dispatches`,
      STOCK_BUILD_HOOK_TOKEN: 'ghp_standin',
    });
    await imported(r, SITE);
    await imported(r, OTHER);
    clock += 20_000;
    expect((await r.deliver()).buildHooks?.called.sort()).toEqual([OTHER, SITE].sort());
    expect(github.received).toHaveLength(1);
    const call = github.received[0]!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/repos/acme/dealer-sites/dispatches');
    expect(call.headers.authorization).toBe('Bearer ghp_standin');
    expect(call.headers.accept).toBe('application/vnd.github+json');
    expect(call.headers['user-agent']).toBeTruthy();
    expect(JSON.parse(call.body)).toEqual({
      event_type: 'stock-changed',
      client_payload: { dealers: [OTHER, SITE].sort() },
    });
  });

  it('with no setting, an import records and calls nothing', async () => {
    const r = await start({});
    await imported(r, SITE);
    clock += 60_000;
    expect((await r.deliver()).buildHooks).toBeUndefined();
    expect((await t.db.query('SELECT 1 FROM build_hooks')).rows).toEqual([]);
  });
});
