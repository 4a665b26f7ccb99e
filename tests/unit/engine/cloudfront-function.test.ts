/**
 * The CloudFront Function of a site on Amazon S3 (src/engine/serve/cloudfront-function.ts), run as
 * CloudFront runs it: its `handler(event)` for viewer-request and viewer-response events. It must
 * serve directory URLs from their index.html and give every path the headers npm start gives it
 * from the same `_headers` (src/engine/serve/serve-headers.ts).
 */
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { CLOUDFRONT_FUNCTION_MAX_BYTES, cloudFrontFunction } from '../../../src/engine/serve/cloudfront-function.ts';
import { headersFor, parseHeaders } from '../../../src/engine/serve/serve-headers.ts';
import { headersFile } from '../../../src/engine/build/site-files.ts';

interface CfHeaders {
  [name: string]: { value: string };
}
interface CfEvent {
  version: '1.0';
  context: { eventType: 'viewer-request' | 'viewer-response'; distributionId: string };
  viewer: { ip: string };
  request: { method: string; uri: string; querystring: object; headers: CfHeaders; cookies: object };
  response?: { statusCode: number; statusDescription: string; headers: CfHeaders; cookies: object };
}

function load(code: string): (event: CfEvent) => CfEvent['request'] | NonNullable<CfEvent['response']> {
  const sandbox: { handler?: (event: CfEvent) => never } = {};
  runInNewContext(`${code}\nthis.handler = handler;`, sandbox);
  return sandbox.handler!;
}

const event = (eventType: CfEvent['context']['eventType'], uri: string): CfEvent => ({
  version: '1.0',
  context: { eventType, distributionId: 'E2QWRUHEXAMPLE' },
  viewer: { ip: '198.51.100.1' },
  request: { method: 'GET', uri, querystring: {}, headers: { host: { value: 'www.example.com.au' } }, cookies: {} },
  ...(eventType === 'viewer-response'
    ? {
        response: {
          statusCode: 200,
          statusDescription: 'OK',
          headers: { 'content-type': { value: 'text/html' } },
          cookies: {},
        },
      }
    : {}),
});

// A site's own _headers, plus rules that use the rest of the format: a named segment, an exact
// path that beats wildcards, a header given twice in one rule.
const headers = `${headersFile("default-src 'self'; img-src 'self' https:", { strictTransport: true })}
/cars/:id/
  X-Robots-Tag: noarchive
/cars/special/
  X-Robots-Tag: none
  Link: </a.css>; rel=preload
  Link: </b.css>; rel=preload
`;

describe('the CloudFront Function of a site on S3', () => {
  const handler = load(cloudFrontFunction(headers));

  it('serves a directory URL, with or without its slash, from its index.html, and files as they are', () => {
    const uri = (path: string) => (handler(event('viewer-request', path)) as CfEvent['request']).uri;
    expect(uri('/')).toBe('/index.html');
    expect(uri('/cars/')).toBe('/cars/index.html');
    expect(uri('/cars/toyota-corolla-123')).toBe('/cars/toyota-corolla-123/index.html');
    expect(uri('/_astro/index.B2x.js')).toBe('/_astro/index.B2x.js');
    expect(uri('/vehicles-google.tsv')).toBe('/vehicles-google.tsv');
  });

  it('gives every path the headers npm start gives it from the same _headers', () => {
    const rules = parseHeaders(headers).rules;
    for (const [asked, served] of [
      ['/', '/index.html'],
      ['/cars/', '/cars/index.html'],
      ['/cars/x1/', '/cars/x1/index.html'],
      ['/cars/special/', '/cars/special/index.html'],
      ['/_astro/index.B2x.js', '/_astro/index.B2x.js'],
      ['/vehicles-google.tsv', '/vehicles-google.tsv'],
    ] as const) {
      const response = handler(event('viewer-response', served)) as NonNullable<CfEvent['response']>;
      const expected = Object.fromEntries([...headersFor(rules, asked)].map(([key, { value }]) => [key, { value }]));
      expect(response.headers, asked).toEqual({ 'content-type': { value: 'text/html' }, ...expected });
    }
  });

  it("fits CloudFront's size limit for a real site, and names the file when _headers cannot be read", () => {
    expect(Buffer.byteLength(cloudFrontFunction(headers))).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES);
    expect(() => cloudFrontFunction('Cache-Control: no-store\n', 'dist/sites/x/_headers')).toThrow(
      'dist/sites/x/_headers cannot be read',
    );
    expect(() => cloudFrontFunction(`/*\n  X-Long: ${'a'.repeat(11_000)}\n`, 'big/_headers')).toThrow(
      "over CloudFront's limit",
    );
  });
});
