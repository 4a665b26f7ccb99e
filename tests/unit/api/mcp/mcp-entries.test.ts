/**
 * The MCP server through the production bundle's platform entries, each called as its platform
 * calls it: dist/api/lambda.mjs with function URL events (payload 2.0), the Netlify function with
 * `(request, context)` on its own domain, and the Vercel function with the request its rewrite
 * delivers (`/api?apiRoute=mcp`). A small local HTTP server stands in for each platform's front
 * door, turning the HTTP request into the platform's event or Request and its answer back, so the
 * official MCP client talks to it over real HTTP through the shopper visit of mcp-scenario.ts.
 *
 * One bundle build serves the three (they share one API instance, as the entries of one bundle
 * do): the sample dealers from API_CONTENT, PostgreSQL on TEST_DATABASE_URL (the entries have no
 * embedded database; skipped without it), Stripe's local stand-in, and DATA_DIR for the ADF
 * files each booking is delivered as (by the scheduled delivery on Lambda, by waitUntil on
 * Netlify and Vercel), which the ADF DTD must accept.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealers } from '../../../../src/content/load.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../scripts/standins/stripe-standin.ts';
import {
  bundleDatabase,
  buildApiForTest,
  setEnv,
  testDatabaseUrl,
  type BuiltApi,
  type BundleDatabase,
} from '../../../helpers/api-bundle.ts';
import { describeProblems, validateWithDtd } from '../../../helpers/xml-dtd.ts';
import { DEALER, shopperVisit } from './mcp-scenario.ts';
import { lambdaContext, scheduledEvent } from '../../../helpers/lambda-events.ts';

/** The dealer's own domain, which each platform's request carries. */
const HOST = 'www.coastalmotorgroup.com.au';

interface Answer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}
interface Asked {
  method: string;
  /** The path and query the client asked for. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

interface LambdaResult {
  statusCode: number;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  cookies?: string[];
  body: string;
  isBase64Encoded: boolean;
}
interface Lambda {
  handler(event: unknown, context: unknown): Promise<LambdaResult>;
}
interface Waits {
  waitUntil(promise: Promise<unknown>): void;
}
interface NetlifyFunction {
  default(request: Request, context: Waits & { ip: string; requestId: string }): Promise<Response>;
}
interface VercelFunction {
  default: { fetch(request: Request, context: Waits): Promise<Response> };
}

let api: BuiltApi;
let database: BundleDatabase | undefined;
let standIn: StripeStandIn;
let restoreEnv: () => void;
let dataDir: string;
let lambda: Lambda;
let netlify: NetlifyFunction;
let vercel: VercelFunction;
const servers: Server[] = [];
const waiting: Promise<unknown>[] = [];
const waits: Waits = { waitUntil: (p) => void waiting.push(p) };

/** A platform's front door on loopback: each request handed to `answer` whole, its answer sent back. */
async function frontDoor(answer: (asked: Asked) => Promise<Answer>): Promise<string> {
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = String(v);
      // The platform's edge ends the connection; the function sees the dealer's domain.
      delete headers.connection;
      delete headers['keep-alive'];
      headers.host = HOST;
      answer({ method: req.method!, url: req.url!, headers, body: Buffer.concat(chunks) }).then(
        (a) => {
          res.statusCode = a.status;
          for (const [k, v] of a.headers) res.appendHeader(k, v);
          res.end(a.body);
        },
        (e: unknown) => {
          res.statusCode = 502;
          res.end(String(e));
        },
      );
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const fromResponse = async (response: Response): Promise<Answer> => ({
  status: response.status,
  headers: [...response.headers],
  body: Buffer.from(await response.arrayBuffer()),
});
const hasBody = (asked: Asked) => asked.method !== 'GET' && asked.method !== 'HEAD';

/** A Lambda function URL's event (payload 2.0): text bodies as they are, others in base64. */
function functionUrlEvent(asked: Asked, sourceIp: string) {
  const url = new URL(asked.url, `https://${HOST}`);
  const text = /^(application\/json|text\/)/.test(asked.headers['content-type'] ?? '');
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers: { ...asked.headers, 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' },
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'r4nd0m1d',
      domainName: HOST,
      domainPrefix: 'www',
      http: { method: asked.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp, userAgent: 'mcp-test' },
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      routeKey: '$default',
      stage: '$default',
      time: '01/Jan/2025:00:00:00 +0000',
      timeEpoch: 1735689600000,
    },
    body: hasBody(asked) ? asked.body.toString(text ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: hasBody(asked) && !text,
  };
}

function fromLambdaResult(result: LambdaResult): Answer {
  const headers: [string, string][] = Object.entries(result.headers ?? {});
  for (const [k, vs] of Object.entries(result.multiValueHeaders ?? {})) for (const v of vs) headers.push([k, v]);
  for (const cookie of result.cookies ?? []) headers.push(['set-cookie', cookie]);
  return {
    status: result.statusCode,
    headers,
    body: Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8'),
  };
}

/** A Web Request of the asked request at `url`, its body a stream as the platforms pass it. */
function webRequest(asked: Asked, url: string, headers: Record<string, string>): Request {
  const init: RequestInit & { duplex?: 'half' } = { method: asked.method, headers };
  if (hasBody(asked)) {
    init.body = new Blob([new Uint8Array(asked.body)]).stream();
    init.duplex = 'half';
  }
  return new Request(url, init);
}

beforeAll(async () => {
  api = await buildApiForTest('mcp-entries-');
  dataDir = path.join(api.work, 'data');
  // The sample dealers as a content document, the shape the build writes as content.json.
  const { dealers, errors } = await loadDealers('dealers');
  expect(errors).toEqual([]);
  const content = path.join(api.work, 'sample-content.json');
  await writeFile(content, JSON.stringify({ builtAt: new Date().toISOString(), dealers }));
  standIn = await startStripeStandIn({ apiKey: 'sk_test_mcp_entries' });
  database = testDatabaseUrl ? await bundleDatabase() : undefined;
  restoreEnv = setEnv({
    DATABASE_URL: database?.url,
    DATA_DIR: dataDir,
    API_CONTENT: content,
    API_CONTENT_URL: undefined,
    STRIPE_SECRET_KEY: 'sk_test_mcp_entries',
    STRIPE_WEBHOOK_SECRET: 'whsec_mcp_entries',
    STRIPE_API_URL: standIn.url,
  });
  lambda = await api.load<Lambda>('lambda.mjs');
  netlify = await api.load<NetlifyFunction>('netlify/functions/api.mjs');
  vercel = await api.load<VercelFunction>('vercel/api.mjs');
}, 120_000);

afterAll(async () => {
  for (const server of servers) await new Promise((r) => server.close(r));
  await Promise.allSettled(waiting);
  restoreEnv?.();
  await database?.cleanup();
  await standIn?.close();
  await api?.cleanup();
});

/**
 * The ADF file the booking `leadId` was delivered as. A delivery the request itself started may
 * still be writing it when the scheduled run finds nothing left to claim: waited for, 10 s.
 */
async function adfOf(leadId: string): Promise<string> {
  const dir = path.join(dataDir, 'deliveries', DEALER);
  let files: string[] = [];
  for (let i = 0; i < 100 && !files.length; i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.adf.xml') && f.includes(leadId));
  }
  expect(files).toHaveLength(1);
  return readFile(path.join(dir, files[0]!), 'utf8');
}

async function expectValidAdf(leadId: string, label: string) {
  const xml = await adfOf(leadId);
  expect(xml).toContain('Nguyen');
  expect(xml).toContain('10010');
  const results = await validateWithDtd([{ name: label, xml }]);
  expect(
    results.every((r) => r.valid),
    describeProblems(results),
  ).toBe(true);
}

/** What the platform's front door answers a client outside the protocol: 405 without sessions, 403 from another origin. */
async function expectSessionlessAndOwnOrigin(base: string) {
  for (const method of ['GET', 'DELETE']) {
    const res = await fetch(`${base}/api/mcp`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  }
  const foreign = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      origin: 'https://evil.example',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(foreign.status).toBe(403);
}

describe.skipIf(!testDatabaseUrl)('the MCP server through the platform entries of dist/api', () => {
  it('on AWS Lambda (function URL events): a shopper visit, the booking delivered by the scheduled run', async () => {
    const base = await frontDoor(async (asked) =>
      fromLambdaResult(await lambda.handler(functionUrlEvent(asked, '198.51.100.31'), lambdaContext)),
    );
    const { leadId, checkoutUrl } = await shopperVisit(`${base}/api/mcp`);
    expect(checkoutUrl.startsWith(`${standIn.url}/pay/`)).toBe(true);
    // EventBridge's schedule: whatever the request's own delivery left is sent now.
    await lambda.handler(scheduledEvent, lambdaContext);
    await expectValidAdf(leadId, 'lambda');
    await expectSessionlessAndOwnOrigin(base);
  }, 90_000);

  it('on Netlify Functions: a shopper visit, the booking delivered while waitUntil keeps the function', async () => {
    waiting.length = 0;
    const base = await frontDoor(async (asked) =>
      fromResponse(
        await netlify.default(webRequest(asked, `https://${HOST}${asked.url}`, asked.headers), {
          ...waits,
          ip: '198.51.100.32',
          requestId: '01HXYZ',
        }),
      ),
    );
    const { leadId, checkoutUrl } = await shopperVisit(`${base}/api/mcp`);
    expect(checkoutUrl.startsWith(`${standIn.url}/pay/`)).toBe(true);
    expect(waiting.length).toBeGreaterThan(0);
    await Promise.all(waiting);
    await expectValidAdf(leadId, 'netlify');
    await expectSessionlessAndOwnOrigin(base);
  }, 90_000);

  it("on Vercel Functions: a shopper visit through the rewrite's /api?apiRoute=mcp", async () => {
    waiting.length = 0;
    const base = await frontDoor(async (asked) => {
      // vercel.json's rewrite: /api/mcp?x → /api?x&apiRoute=mcp; Vercel sets X-Forwarded-For itself.
      const url = new URL(asked.url, `https://${HOST}`);
      const route = url.pathname.replace(/^\/api\//, '');
      url.pathname = '/api';
      url.searchParams.set('apiRoute', route);
      const headers = { ...asked.headers, 'x-forwarded-for': '198.51.100.33', 'x-vercel-id': 'syd1::abcde' };
      return fromResponse(await vercel.default.fetch(webRequest(asked, url.href, headers), waits));
    });
    const { leadId, checkoutUrl } = await shopperVisit(`${base}/api/mcp`);
    expect(checkoutUrl.startsWith(`${standIn.url}/pay/`)).toBe(true);
    expect(waiting.length).toBeGreaterThan(0);
    await Promise.all(waiting);
    await expectValidAdf(leadId, 'vercel');
    await expectSessionlessAndOwnOrigin(base);
  }, 90_000);
});
