/**
 * Raw HTTP requests for the static server of npm start (tests/unit/api/api-fuzz.test.ts): hosts and
 * request targets no URL parser reads, odd but valid ones, and extra headers, as fast-check
 * arbitraries, with the bytes each request is sent as.
 */
import fc from 'fast-check';
import { rawRequest } from './fuzz.ts';

// ---------------------------------------------------------------------------------------------
// The static server over raw HTTP

/** Host headers that name no host: RFC 3986's host [":" port] does not read them. */
export const MALFORMED_HOSTS = [
  'a b',
  'x:99999',
  '[::1',
  'x:-1',
  'x:1:2',
  'mini-motors.localhost:99999',
  'a/b',
  'a?b',
  'a#b',
  'a@b',
  'a\\b',
  '%',
  'a%zz',
  'mini-motors.localhost:4321:4321',
  'a'.repeat(5_000),
  'a\u0001b',
  'a\u007fb',
  '[::1]x',
  '[]',
  '\u00e9.localhost',
];

/** Odd but not malformed: an empty Host is what a request without an authority sends. */
export const ODD_HOSTS = ['', ' ', 'x:', '.', 'localhost.', `${'a'.repeat(64)}.localhost`, '[::1]', '[::1]:1', '0'];

/** Targets no server can read: the request line is broken or the path's percent-encoding is. */
export const MALFORMED_TARGETS = [
  '/%',
  '/%zz',
  '/a%2',
  '/%G0',
  'x',
  '?',
  'http://',
  'http://[::1/',
  '/a\u0000b',
  '/a b',
  '/api/%',
  '/api/%zz',
  '/api/leads%',
];

export const VALID_TARGETS = [
  '/',
  '/contact',
  '/contact/',
  '/index.html',
  '/missing',
  '//x',
  '/..%2f..%2fetc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/../../etc/passwd',
  '/%00',
  '/a%00b',
  'http://other/',
  'http://mini-motors.localhost/contact',
  '/?%zz',
  '/contact?a=%00',
  '/_headers',
  '/.env',
  '/api/health',
  '/api/leads',
  '/api/models/corolla',
  '/api',
  `/${'a'.repeat(10_000)}`,
  `/${'a/'.repeat(2_000)}`,
  '/\u00e9',
  '/%C3%A9',
  '/%ED%A0%80',
];

export type RawCase = {
  method: string;
  target: string;
  /** undefined: no Host header; [a, b]: two. */
  host?: string | [string, string];
  headers: [string, string][];
  body?: string;
  /** How many bytes the request says its body has, when that is not the truth. */
  declaredLength?: number | string;
  version?: string;
};

export const validHost = (port: number) =>
  fc.constantFrom(
    `mini-motors.localhost:${port}`,
    `group-motors.localhost:${port}`,
    `localhost:${port}`,
    `127.0.0.1:${port}`,
    'mini-motors.localhost',
    `MINI-MOTORS.LOCALHOST:${port}`,
    `nobody.localhost:${port}`,
    'www.minimotors.com.au',
  );

export const rawExtraHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.constantFrom<[string, string]>(
    ['Content-Length', '5'],
    ['Content-Length', '-1'],
    ['Content-Length', 'abc'],
    ['Content-Length', '99999999999999999999'],
    ['Transfer-Encoding', 'chunked'],
    ['Transfer-Encoding', 'gzip'],
    ['Expect', '100-continue'],
    ['Expect', 'nothing'],
    ['Connection', 'Upgrade'],
    ['Upgrade', 'websocket'],
    ['Origin', 'null'],
    ['X-Forwarded-For', 'a, , ,'],
    ['X-Forwarded-Host', 'a b'],
    ['X-Forwarded-Host', 'mini-motors.localhost'],
    ['Accept-Encoding', 'br;q=x, *;q=-1'],
    ['If-None-Match', '*'],
    ['Range', 'bytes=5-1'],
    ['Cookie', '\u00e9'],
    ['Content-Type', 'application/json'],
    ['X-Empty', ''],
    ['Authorization', 'Basic %%%'],
  ),
  { maxLength: 4 },
);

export const rawCase = (port: number): fc.Arbitrary<RawCase> =>
  fc.record({
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          'OPTIONS',
          'PUT',
          'DELETE',
          'PATCH',
          'TRACE',
          'CONNECT',
          'PROPFIND',
          'MKCOL',
          'SEARCH',
          'QUERY',
          'PURGE',
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom('get', 'FOO', 'G E T', '', 'GET\u0000', 'X'.repeat(100)) },
    ),
    target: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...VALID_TARGETS) },
      { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_TARGETS, '*') },
    ),
    host: fc.oneof(
      { weight: 5, arbitrary: validHost(port) },
      { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_HOSTS, ...ODD_HOSTS) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.tuple(validHost(port), fc.oneof(validHost(port), fc.constantFrom(...MALFORMED_HOSTS))),
      },
    ),
    headers: rawExtraHeaders,
    body: fc
      .option(fc.oneof(fc.constantFrom('{}', '{"a":', 'x'.repeat(5_000)), fc.string({ maxLength: 50 })), { freq: 2 })
      .map((b) => b ?? undefined),
    declaredLength: fc
      .option(fc.constantFrom<number | string>(0, 1, 3, 10, 100_000, -5, '1, 2', ' 3', '0x10'), { freq: 4 })
      .map((n) => n ?? undefined),
    version: fc.constantFrom(
      'HTTP/1.1',
      'HTTP/1.1',
      'HTTP/1.1',
      'HTTP/1.1',
      'HTTP/1.0',
      'HTTP/2.0',
      'HTTP/1.2',
      'HTTP/0.9',
      'http/1.1',
      'HTTP/1.1 x',
    ),
  });

export function rawBytes(c: RawCase): Buffer {
  const headers: [string, string][] = [];
  if (typeof c.host === 'string') headers.push(['Host', c.host]);
  else if (c.host) headers.push(['Host', c.host[0]], ['Host', c.host[1]]);
  headers.push(...c.headers);
  const body = c.body === undefined ? undefined : Buffer.from(c.body);
  if (c.declaredLength !== undefined) headers.push(['Content-Length', String(c.declaredLength)]);
  else if (body) headers.push(['Content-Length', String(body.length)]);
  headers.push(['Connection', 'close']);
  return rawRequest(c.method, c.target, headers, body, c.version);
}

/** A request the server may still be reading when all of it is sent: more body declared, or chunks never ended. */
export function mayWaitForMore(c: RawCase): boolean {
  const declared = Number(c.declaredLength);
  if (c.declaredLength !== undefined && Number.isInteger(declared) && declared > Buffer.byteLength(c.body ?? ''))
    return true;
  return c.headers.some(([name, value]) => name === 'Transfer-Encoding' && value === 'chunked');
}
