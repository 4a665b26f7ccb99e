/**
 * The Node entry of Fetch handlers (src/api/node-adapter.ts) over real HTTP: a one-piece body
 * goes out with its Content-Length, a body in several chunks streams, HEAD sends no body, an
 * oversized request gets 413, and the peer's address ends X-Forwarded-For.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveFetch, type FetchHandler } from '../../src/api/node-adapter.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: FetchHandler, bodyLimit?: number): Promise<number> {
  server = createServer((req, res) => void serveFetch(req, res, handler, 'http://x.localhost', bodyLimit));
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

  it('refuses a body over the limit with 413, and puts the peer last in X-Forwarded-For', async () => {
    const port = await serve((r) => Response.json({ forwarded: r.headers.get('x-forwarded-for') }), 10);
    expect((await call(port, 'POST', 'x'.repeat(11))).status).toBe(413);
    const res = await call(port, 'POST', 'small', { 'x-forwarded-for': '203.0.113.9' });
    expect(JSON.parse(res.body)).toEqual({ forwarded: '203.0.113.9, 127.0.0.1' });
  });
});
