/**
 * POST /api/stock over a real socket, on both Node servers (the API's own and npm start's): a
 * push refused on its headers (no signature, no such dealer, a dealer without a key, a stale
 * timestamp) is answered while most of its declared 8 MiB body has not even been sent, so the
 * server holds none of it; and a signed push, its body streamed to the route, is applied.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { createFetchServer } from '../../../api/node-adapter.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import { createStaticServer } from '../../../engine/serve/static-server.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const KEYS: Record<string, string> = { 'mini-motors': 'mini-key' };
const DECLARED = 8 * 1024 * 1024 - 1024;
const SENT = 64 * 1024;
// Far longer than the test may take: an answer that waited for the body would never come.
const limits = { bodyTimeoutMs: 120_000, headersTimeoutMs: 120_000 };

let t: TestDb;
let sitesDir: string;
let handler: (r: Request) => Response | Promise<Response>;
beforeAll(async () => {
  t = await testDatabases[0]!.open();
  sitesDir = await mkdtemp(path.join(tmpdir(), 'stock-socket-'));
  const dealers = structuredClone(await fixtureDealers());
  handler = createApp(await testDeps(t.db, { dealers, stockSecret: (slug) => KEYS[slug] })).fetch;
});
afterAll(async () => {
  await t.cleanup();
  await rm(sitesDir, { recursive: true, force: true });
});

/**
 * Sends the request line, `headers` and the first SENT bytes of a DECLARED-byte body, then waits
 * for the answer's status. The rest of the body is never sent: a server that waited for it would
 * not answer.
 */
function partialPush(port: number, host: string, headers: Record<string, string>) {
  return new Promise<{ status: number }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('error', reject);
    socket.on('connect', () => {
      const lines = Object.entries({ host, 'content-type': 'application/json', ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`POST /api/stock HTTP/1.1\r\n${lines}content-length: ${DECLARED}\r\n\r\n`);
      socket.write(Buffer.alloc(SENT, 0x20));
    });
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (status) {
        resolve({ status: Number(status[1]) });
        socket.destroy();
      }
    });
  });
}

const servers: [string, () => Server][] = [
  ['the API server (server.ts)', () => createFetchServer(handler, { origin: 'http://localhost', limits })],
  ["npm start's server", () => createStaticServer({ sitesDir, api: handler, limits })],
];

describe.each(servers)('POST /api/stock on %s', (_label, make) => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = make();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  it('answers a push refused on its headers without waiting for its body', async () => {
    const now = String(Math.floor(Date.now() / 1000));
    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    const sig = 'sha256=' + '0'.repeat(64);
    const cases = [
      await partialPush(port, 'mini-motors.localhost', {}),
      await partialPush(port, 'nobody.localhost', { [TIMESTAMP_HEADER]: now, [SIGNATURE_HEADER]: sig }),
      await partialPush(port, 'group-motors.localhost', { [TIMESTAMP_HEADER]: now, [SIGNATURE_HEADER]: sig }),
      await partialPush(port, 'mini-motors.localhost', { [TIMESTAMP_HEADER]: stale, [SIGNATURE_HEADER]: sig }),
    ];
    // Each answer came though only 64 KiB of the body was ever sent: the server read no more.
    expect(cases.map((c) => c.status)).toEqual([401, 404, 401, 401]);
  }, 20_000);

  it('applies a signed push whose body the route reads as a stream', async () => {
    const body = JSON.stringify({
      mode: 'delta',
      cars: [{ stock_number: `S-${port}`, make: 'Kia', model: 'Cerato', year: 2021, odometer: 40_000, price: 21_990 }],
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`http://127.0.0.1:${port}/api/stock?site=mini-motors`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: ts,
        [SIGNATURE_HEADER]: stockSignature(ts, 'site=mini-motors', body, KEYS['mini-motors']!),
      },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ site: 'mini-motors', added: 1 });
  });
});
