/**
 * dist/api/lambda.mjs as AWS Lambda calls it: `handler(event, context)` with events shaped as
 * API Gateway (REST API, payload 1.0; HTTP API, payload 2.0), a function URL and an EventBridge
 * schedule send them, answered with the result objects those services expect. The function has
 * no embedded database: it runs on TEST_DATABASE_URL (a schema of its own), with DATA_DIR for
 * the delivery files, and is skipped without one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { lambdaContext, scheduledEvent } from '../../helpers/lambda-events.ts';

interface Result {
  statusCode: number;
  body: string;
  isBase64Encoded: boolean;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
}
interface Lambda {
  handler(event: unknown, context: unknown): Promise<Result & { delivered?: number; claimed?: number }>;
  deliver(): Promise<{ delivered: number; claimed: number }>;
}

let api: BuiltApi;
let lambda: Lambda;
let restoreEnv: () => void;
let dataDir: string;
let database: BundleDatabase | undefined;

beforeAll(async () => {
  api = await buildApiForTest('api-lambda-');
  dataDir = path.join(api.work, 'data');
  database = testDatabaseUrl ? await bundleDatabase() : undefined;
  // Two lead saves a minute per address, so the address the API counts is seen in a few calls.
  restoreEnv = setEnv({
    DATABASE_URL: database?.url,
    DATA_DIR: dataDir,
    API_CONTENT: undefined,
    API_CONTENT_URL: undefined,
    STOCK_FEED_SECRET_MINI_MOTORS: STOCK_KEY,
    RATE_LIMIT_LEADS_PER_IP: '2',
  });
  lambda = await api.load<Lambda>('lambda.mjs');
}, 120_000);

afterAll(async () => {
  await lambda?.deliver().catch(() => {});
  restoreEnv?.();
  await database?.cleanup();
  await api?.cleanup();
});

const context = lambdaContext;

/** API Gateway REST API proxy event (payload format 1.0) for a dealer domain mapped to the API. */
function restEvent(
  method: string,
  pathname: string,
  body: string | null,
  headers: Record<string, string>,
  sourceIp: string,
  isBase64Encoded = false,
) {
  const all = {
    Host: 'www.minimotors.com.au',
    'User-Agent': 'Mozilla/5.0',
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-Port': '443',
    ...headers,
  };
  return {
    resource: '/{proxy+}',
    path: pathname,
    httpMethod: method,
    headers: all,
    multiValueHeaders: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, [v]])),
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { proxy: pathname.slice(1) },
    stageVariables: null,
    requestContext: {
      resourceId: 'abc123',
      resourcePath: '/{proxy+}',
      httpMethod: method,
      extendedRequestId: 'c6af9ac6=',
      requestTime: '01/Jan/2025:00:00:00 +0000',
      path: pathname,
      accountId: '123456789012',
      protocol: 'HTTP/1.1',
      stage: 'prod',
      domainPrefix: 'www',
      requestTimeEpoch: 1735689600000,
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      domainName: 'www.minimotors.com.au',
      apiId: '1234567890',
      identity: {
        sourceIp,
        userAgent: 'Mozilla/5.0',
        accountId: null,
        apiKey: null,
        caller: null,
        cognitoIdentityId: null,
        user: null,
        userArn: null,
      },
    },
    body,
    isBase64Encoded,
  };
}

/** HTTP API (payload format 2.0) and function URL event; `domainName` tells them apart. */
function v2Event(
  method: string,
  pathname: string,
  query: string,
  body: string | null,
  headers: Record<string, string>,
  sourceIp: string,
  options: { domainName?: string; isBase64Encoded?: boolean } = {},
) {
  const domainName = options.domainName ?? 'www.minimotors.com.au';
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: pathname,
    rawQueryString: query,
    headers: {
      host: domainName,
      'user-agent': 'Mozilla/5.0',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      'x-amzn-trace-id': 'Root=1-5e723',
      ...headers,
    },
    queryStringParameters: query ? Object.fromEntries(new URLSearchParams(query)) : undefined,
    requestContext: {
      accountId: '123456789012',
      apiId: domainName.split('.')[0],
      domainName,
      domainPrefix: domainName.split('.')[0],
      http: { method, path: pathname, protocol: 'HTTP/1.1', sourceIp, userAgent: 'Mozilla/5.0' },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: '$default',
      stage: '$default',
      time: '01/Jan/2025:00:00:00 +0000',
      timeEpoch: 1735689600000,
    },
    body,
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
}

const json = { 'Content-Type': 'application/json' };
const functionUrl = 'r4nd0m1d.lambda-url.ap-southeast-2.on.aws';

describe.skipIf(!testDatabaseUrl)('dist/api/lambda.mjs on AWS Lambda', () => {
  it('saves a lead posted through API Gateway REST API (payload 1.0) and answers in its result shape', async () => {
    const result = await lambda.handler(
      restEvent('POST', '/api/leads', JSON.stringify(leadSave('lambda-rest-1')), json, '198.51.100.1'),
      context,
    );
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(false);
    expect(result.multiValueHeaders?.['content-type']?.[0]).toMatch(/^application\/json/);
    expect(JSON.parse(result.body)).toMatchObject({ lead_status: 'Complete' });
  }, 120_000);

  it('takes a signed stock push, applied once by its feed_id, and refuses an unsigned one', async () => {
    const push = await signedStockPush('lambda-1');
    const first = await lambda.handler(
      restEvent('POST', '/api/stock', push.body, push.headers, '198.51.100.7'),
      context,
    );
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ site: 'mini-motors', added: 1 });
    const again = await lambda.handler(
      restEvent('POST', '/api/stock', push.body, push.headers, '198.51.100.7'),
      context,
    );
    // The same signed request again is a replay: refused, whatever its feed_id.
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.body).error.message).toMatch(/already received/);
    const unsigned = await lambda.handler(restEvent('POST', '/api/stock', push.body, json, '198.51.100.7'), context);
    expect(unsigned.statusCode).toBe(401);
  }, 120_000);

  it('reads a base64-encoded body, as HTTP API (payload 2.0) sends one', async () => {
    const body = Buffer.from(JSON.stringify(leadSave('lambda-v2-1'))).toString('base64');
    const result = await lambda.handler(
      v2Event('POST', '/api/leads', '', body, { 'content-type': 'application/json' }, '198.51.100.2', {
        isBase64Encoded: true,
      }),
      context,
    );
    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(result.body)).toMatchObject({ lead_status: 'Complete' });
  });

  it('answers a GET with a query string through a function URL, and finds the dealer from X-Forwarded-Host (a CDN in front)', async () => {
    const bySite = await lambda.handler(
      v2Event('GET', '/api/manufacturer-locations', 'site=mini-motors', null, {}, '198.51.100.3', {
        domainName: functionUrl,
      }),
      context,
    );
    expect(bySite.statusCode).toBe(200);
    expect(JSON.parse(bySite.body)).toMatchObject({ ok: true });
    const unknown = await lambda.handler(
      v2Event('GET', '/api/manufacturer-locations', '', null, {}, '198.51.100.3', { domainName: functionUrl }),
      context,
    );
    expect(unknown.statusCode).toBe(404);
    const byHost = await lambda.handler(
      v2Event(
        'GET',
        '/api/manufacturer-locations',
        '',
        null,
        { 'x-forwarded-host': 'www.minimotors.com.au' },
        '198.51.100.3',
        { domainName: functionUrl },
      ),
      context,
    );
    expect(byHost.statusCode).toBe(200);
  });

  it("counts a client's saves by the address the event's request context records, whatever X-Forwarded-For claims", async () => {
    const post = (key: string, sourceIp: string, forwardedFor: string) =>
      lambda.handler(
        v2Event(
          'POST',
          '/api/leads',
          '',
          JSON.stringify(leadSave(key)),
          { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          sourceIp,
        ),
        context,
      );
    expect((await post('lambda-ip-1', '203.0.113.9', '10.0.0.1')).statusCode).toBe(200);
    expect((await post('lambda-ip-2', '203.0.113.9', '10.0.0.2')).statusCode).toBe(200);
    const third = await post('lambda-ip-3', '203.0.113.9', '10.0.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.headers?.['retry-after']).toBeTruthy();
    expect((await post('lambda-ip-4', '203.0.113.10', '10.0.0.3')).statusCode).toBe(200);
  });

  it('delivers due leads when EventBridge calls it on a schedule, with handler and with deliver', async () => {
    const run = await lambda.handler(scheduledEvent, context);
    expect(run).toEqual(
      expect.objectContaining({ claimed: expect.any(Number), delivered: expect.any(Number), failed: 0 }),
    );
    expect(run.statusCode).toBeUndefined();
    await lambda.deliver();
    // Every lead saved above (five, the refused one aside) is out.
    expect(await deliveredLeads(dataDir)).toHaveLength(5);
  });
});
