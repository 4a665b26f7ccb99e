/**
 * The MCP server through the Node server as npm start runs the API (startRuntime on PGlite in a
 * data folder, the sample dealers, Stripe's local stand-in), called with the official MCP client
 * over real HTTP: the whole shopper visit of mcp-scenario.ts, then the booking delivered to the
 * dealer as an ADF lead that the ADF DTD accepts.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealers } from '../../../../src/content/load.ts';
import { openPglite } from '../../../../src/api/db/index.ts';
import { createFetchServer } from '../../../../src/api/node-adapter.ts';
import { startRuntime, type Runtime } from '../../../../src/api/runtime.ts';
import { stripePayments } from '../../../../src/features/reservations/server/payments/stripe-payments.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../scripts/standins/stripe-standin.ts';
import { unusedFinanceProvider } from '../../../helpers/db.ts';
import { describeProblems, validateWithDtd } from '../../../helpers/xml-dtd.ts';
import { connect, DEALER, shopperVisit } from './mcp-scenario.ts';

let dataDir: string;
let api: Runtime;
let server: Server;
let standIn: StripeStandIn;
let base = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mcp-node-'));
  standIn = await startStripeStandIn({ apiKey: 'sk_test_mcp' });
  const { dealers, errors } = await loadDealers('dealers');
  expect(errors).toEqual([]);
  api = await startRuntime({
    dealers,
    dataDir,
    env: {},
    openEmbedded: openPglite,
    financeProvider: unusedFinanceProvider,
    payments: stripePayments({ secretKey: 'sk_test_mcp', webhookSecret: 'whsec_mcp', apiBase: standIn.url }),
    workerIntervalMs: false,
  });
  server = createFetchServer(api.app.fetch, { origin: 'http://127.0.0.1' });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await api?.close();
  await standIn?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the MCP server under the Node server', () => {
  it('serves a shopper visit end to end, the booking reaching the dealer as a valid ADF lead', async () => {
    const { leadId, checkoutUrl } = await shopperVisit(`${base}/api/mcp?site=${DEALER}`);
    expect(checkoutUrl.startsWith(`${standIn.url}/pay/`)).toBe(true);

    await api.deliver();
    const dir = path.join(dataDir, 'deliveries', DEALER);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.adf.xml') && f.includes(leadId));
    expect(files).toHaveLength(1);
    const xml = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(xml).toContain('Nguyen');
    expect(xml).toContain('10010');
    const results = await validateWithDtd([{ name: 'test drive', xml }]);
    expect(
      results.every((r) => r.valid),
      describeProblems(results),
    ).toBe(true);
  }, 60_000);

  it('answers GET and DELETE with 405 (no sessions), and no dealer without its site', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${base}/api/mcp?site=${DEALER}`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    const client = connect(`${base}/api/mcp`);
    await expect(client).rejects.toThrow();
  }, 30_000);

  it('refuses a page of another origin, as the specification asks', async () => {
    const res = await fetch(`${base}/api/mcp?site=${DEALER}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: 'https://evil.example',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(403);
  }, 30_000);
});
