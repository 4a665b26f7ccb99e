/**
 * The Node entry of Fetch handlers (src/api/node-adapter.ts) over real HTTP: a one-piece body
 * goes out with its Content-Length, a body in several chunks streams, HEAD sends no body, a
 * client gone mid-body is dropped, an oversized request gets 413, and the peer's address ends
 * X-Forwarded-For. Slow bodies: tests/unit/api/connection-guard.test.ts.
 */
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFetch, type FetchHandler } from '../../../src/api/node-adapter.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: FetchHandler, bodyLimit?: number): Promise<number> {
  server = createServer((req, res) => void serveFetch(req, res, handler, 'http://x.localhost', { bodyLimit }));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function call(port: number, method: string, body?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path: '/api/x', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('serveFetch', () => {
  it('sends a JSON answer with its Content-Length, not chunked', async () => {
    const port = await serve(async (r) =>
      Response.json({ got: await r.json() }, { status: 201, headers: { 'X-A': '1' } }),
    );
    const res = await call(port, 'POST', JSON.stringify({ a: 'é' }), { 'content-type': 'application/json' });
    expect(res.status).toBe(201);
    expect(res.body).toBe('{"got":{"a":"é"}}');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['x-a']).toBe('1');
  });

  it('streams a body that comes in several chunks', async () => {
    const port = await serve(
      () =>
        new Response(
          new ReadableStream({
            start(c) {
              for (const part of ['one ', 'two ', 'three']) c.enqueue(new TextEncoder().encode(part));
              c.close();
            },
          }),
        ),
    );
    const res = await call(port, 'GET');
    expect(res.body).toBe('one two three');
    expect(res.headers['transfer-encoding']).toBe('chunked');
  });

  it('answers without a body when there is none', async () => {
    const port = await serve(() => new Response(null, { status: 204 }));
    const res = await call(port, 'GET');
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
  });

  it('sends the headers of a HEAD answer without its body', async () => {
    const port = await serve(() => new Response('hello', { headers: { 'content-type': 'text/plain' } }));
    const res = await call(port, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.body).toBe('');
  });

  it('drops a request whose client goes away mid-body, without calling the handler or logging a fault', async () => {
    let calls = 0;
    let served!: () => void;
    const done = new Promise<void>((resolve) => (served = resolve));
    server = createServer(
      (req, res) =>
        void serveFetch(req, res, () => (calls++, new Response('x')), 'http://x.localhost', {
          bodyTimeoutMs: 5_000,
        }).then(served),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const errors = vi.spyOn(console, 'error');
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
        socket.write('POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nten bytes.');
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('error', () => {});
      // serveFetch settles once the close is seen, long before the 5 s body time.
      await done;
      expect(calls).toBe(0);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('refuses a body over the limit with 413, and puts the peer last in X-Forwarded-For', async () => {
    const port = await serve((r) => Response.json({ forwarded: r.headers.get('x-forwarded-for') }), 10);
    expect((await call(port, 'POST', 'x'.repeat(11))).status).toBe(413);
    const res = await call(port, 'POST', 'small', { 'x-forwarded-for': '203.0.113.9' });
    expect(JSON.parse(res.body)).toEqual({ forwarded: '203.0.113.9, 127.0.0.1' });
  });
});
