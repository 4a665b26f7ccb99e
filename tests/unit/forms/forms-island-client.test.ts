import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NETWORK_MESSAGE, UNAVAILABLE_MESSAGE, financeRoute, saveLead } from '../../../src/forms/client.ts';
import { LEAD_ROUTE, type LeadSaveRequest } from '../../../src/forms/contract.ts';

/** A stand-in lead route: answers by the `answer` value of the request. */
type Handler = (body: LeadSaveRequest, res: ServerResponse) => void;
let handler: Handler;
const received: LeadSaveRequest[] = [];
let server: Server;
let base: string;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      if (req.url !== LEAD_ROUTE || req.method !== 'POST')
        return json(res, 404, { error: { status: 404, message: 'no' } });
      const body = JSON.parse(text) as LeadSaveRequest;
      received.push(body);
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const payload = (over: Partial<LeadSaveRequest> = {}): LeadSaveRequest => ({
  site: 'mini-motors',
  idempotencyKey: '6c1f3c1e-6b0a-4a55-9d3b-1f1f1f1f1f1f',
  isLastStep: false,
  form: { pageId: 'contact', blockId: 'form-1', step: 'contact' },
  values: { name: 'Ana Ruiz', email: 'ana@example.com', phone: '0412 345 678' },
  ...over,
});

describe('lead client', () => {
  it('sends the save as JSON to the lead route and returns the lead id', async () => {
    received.length = 0;
    handler = (_b, res) => json(res, 200, { lead_id: 'L-42', lead_status: 'Partial' });
    const result = await saveLead(payload(), { apiBase: base });
    expect(result).toEqual({ ok: true, lead_id: 'L-42', lead_status: 'Partial' });
    expect(received[0]).toEqual(payload());
  });

  it('reports a completed lead on the final save', async () => {
    handler = (b, res) => json(res, 200, { lead_id: b.lead_id, lead_status: b.isLastStep ? 'Complete' : 'Partial' });
    const result = await saveLead(payload({ lead_id: 'L-42', isLastStep: true }), { apiBase: base });
    expect(result).toEqual({ ok: true, lead_id: 'L-42', lead_status: 'Complete' });
  });

  it("returns the server's field messages of a 400 so the form can show them next to the fields", async () => {
    handler = (_b, res) =>
      json(res, 400, {
        error: {
          status: 400,
          message: 'Please check the highlighted fields.',
          fields: { email: 'Please enter a valid email address' },
        },
      });
    const result = await saveLead(payload(), { apiBase: base });
    expect(result).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Please check the highlighted fields.',
      fields: { email: 'Please enter a valid email address' },
    });
  });

  it('retries a 503 once with the same idempotency key, then says the details are still there', async () => {
    received.length = 0;
    handler = (_b, res) => json(res, 503, { error: { status: 503, message: 'The database is unavailable.' } });
    const result = await saveLead(payload(), { apiBase: base, retryDelayMs: 1 });
    expect(result).toEqual({ ok: false, kind: 'unavailable', message: UNAVAILABLE_MESSAGE });
    expect(UNAVAILABLE_MESSAGE).toContain('Everything you entered is still here');
    expect(received).toHaveLength(2);
    expect(new Set(received.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('succeeds when the retry after a 503 gets through', async () => {
    let calls = 0;
    handler = (_b, res) =>
      ++calls === 1 ? json(res, 503, {}) : json(res, 200, { lead_id: 'L-7', lead_status: 'Partial' });
    expect(await saveLead(payload(), { apiBase: base, retryDelayMs: 1 })).toEqual({
      ok: true,
      lead_id: 'L-7',
      lead_status: 'Partial',
    });
  });

  it('asks the visitor to check the connection when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await saveLead(payload(), { apiBase: `http://127.0.0.1:${port}`, retryDelayMs: 1 });
    expect(result).toEqual({ ok: false, kind: 'network', message: NETWORK_MESSAGE });
  });

  it('treats a success without a lead id as not saved', async () => {
    handler = (_b, res) => json(res, 200, { ok: true });
    expect(await saveLead(payload(), { apiBase: base })).toEqual({
      ok: false,
      kind: 'unavailable',
      message: UNAVAILABLE_MESSAGE,
    });
  });

  it('names the finance route after the provider, default "provider"', () => {
    expect(financeRoute('Acme Finance')).toBe('/api/send-to-acme-finance');
    expect(financeRoute(undefined)).toBe('/api/send-to-provider');
  });
});
