/**
 * The Node layer on @hono/node-server beyond node-adapter.test.ts: a request without a Host gets
 * the listener's host name, a malformed request is answered in the API's error shape and its
 * connection closed, and the local admin server (src/features/leads/server/local-admin.ts) refuses what it
 * always refused, in the same words.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchListener } from '../../../src/api/node-adapter.ts';
import { startLocalAdmin } from '../../../src/features/leads/server/local-admin.ts';
import type { Db } from '../../../src/api/core/deps.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(listener: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<number> {
  server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends `raw` as is and answers what comes back until the server closes. */
function rawCall(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('fetchListener', () => {
  it('gives a request without a Host header the listener host name', async () => {
    const port = await listen(fetchListener((r) => new Response(r.url), { hostname: 'x.localhost' }));
    const answer = await rawCall(port, 'GET /api/a?b=1 HTTP/1.0\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.endsWith('\r\n\r\nhttp://x.localhost/api/a?b=1')).toBe(true);
  });

  it('answers a malformed Host with 400 in the error shape and closes the connection', async () => {
    let calls = 0;
    const port = await listen(fetchListener(() => (calls++, new Response('x'))));
    const answer = await rawCall(port, 'GET /api/a HTTP/1.1\r\nHost: a b\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { status: 400, message: 'The Host header is not a valid host name.' },
    });
    expect(calls).toBe(0);
  });
});

describe('the local admin server', () => {
  let dir: string | undefined;
  afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  async function post(url: string, route: string, headers: Record<string, string>, body = '{}') {
    return new Promise<{ status: number; type?: string; body: unknown }>((resolve, reject) => {
      const req = request(`${url}${route}`, { method: 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            type: res.headers['content-type'],
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('refuses a wrong host, a missing token, an unknown route, another method, a large body and one not JSON', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'local-admin-'));
    // Every refusal comes before the database is touched.
    const admin = await startLocalAdmin({ db: {} as Db, dataDir: dir, server: 'test' });
    try {
      const { token } = JSON.parse(await readFile(admin.file, 'utf8')) as {
        token: string;
      };
      const auth = { authorization: `Bearer ${token}` };
      const host = new URL(admin.url).host;
      expect(await post(admin.url, '/leads/export', { host: 'localhost', ...auth })).toEqual({
        status: 403,
        type: 'application/json; charset=utf-8',
        body: { error: `Call this server as ${host}.` },
      });
      expect((await post(admin.url, '/leads/export', {})).status).toBe(401);
      expect((await post(admin.url, '/stock/import', auth)).status).toBe(404);
      const get = await new Promise<number>((resolve) =>
        request(`${admin.url}/leads/export`, { headers: auth }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        }).end(),
      );
      expect(get).toBe(405);
      expect(await post(admin.url, '/leads/export', auth, `"${'x'.repeat(70 * 1024)}"`)).toEqual({
        status: 413,
        type: 'application/json; charset=utf-8',
        body: { error: 'The request is larger than 65536 bytes.' },
      });
      expect(await post(admin.url, '/leads/export', auth, 'nope')).toMatchObject({
        status: 400,
        body: { error: 'The request is not JSON.' },
      });
    } finally {
      await admin.close();
    }
  });
});
