/**
 * A local stand-in for Stripe Checkout: the part of Stripe's HTTP API that deposits use, spoken the
 * way Stripe speaks it, so the official `stripe` package runs against it in tests and under
 * `npm start` when no STRIPE_SECRET_KEY is configured. No network, no account.
 *
 * API (form-encoded bodies as Stripe's, `Authorization: Bearer <key>`, JSON answers and Stripe's
 * error shape `{ error: { type, message, param? } }`):
 *   POST /v1/checkout/sessions                 mode=payment, one line item with price_data, success_url,
 *                                              cancel_url, expires_at, metadata, customer_email,
 *                                              client_reference_id → the session (status "open")
 *   GET  /v1/checkout/sessions/{id}            the session
 *   POST /v1/checkout/sessions/{id}/expire     an open session → "expired", and the
 *                                              checkout.session.expired event; otherwise 400
 *   POST /v1/refunds                           payment_intent → a refund (status "succeeded")
 * A POST with an `Idempotency-Key` already seen answers the object it made then, as Stripe does,
 * so a retried refund is one refund.
 * The checkout page, on the stand-in's own origin as Stripe's is on checkout.stripe.com:
 *   GET  /pay/{id}                             the amount, the description, "Pay" and "Cancel"
 *   POST /pay/{id}/pay                         pays: the session becomes "complete"/"paid" with a
 *                                              payment intent, checkout.session.completed is sent, and
 *                                              the browser goes to success_url
 *   POST /pay/{id}/cancel                      the browser goes to cancel_url (the session stays open,
 *                                              as on Stripe: the merchant expires it)
 * A session whose expires_at passes expires by itself (checked every second) with its event.
 *
 * Events go to `webhookUrl`, signed as Stripe signs them (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256
 * of "<t>.<body>" under the webhook secret, hex>`), retried a few times when the answer is not 2xx.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerAuthorised, sendJson } from './standin-http.ts';

export interface StripeStandInOptions {
  port?: number;
  host?: string;
  /** When set, the only secret key accepted. */
  apiKey?: string;
  /** Where events are posted; none: events are only recorded. Can be set later with `setWebhook`. */
  webhookUrl?: string;
  webhookSecret?: string;
  now?: () => Date;
}

export interface StandInEvent {
  id: string;
  type: string;
  body: string;
  /** The status of the last delivery attempt; 0: no answer. */
  status?: number;
}

export interface StripeStandIn {
  url: string;
  /** Every event created, in order, with its delivery status. */
  events: StandInEvent[];
  /** Every refund made, in order (a retried request with the same Idempotency-Key makes none). */
  refunds: { id: string; payment_intent: unknown; amount: unknown }[];
  setWebhook(url: string, secret: string): void;
  /** Posts an event again as it was (a replayed webhook), freshly signed. */
  redeliver(eventId: string): Promise<number>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

interface Session extends Json {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
}

const MAX_BODY = 64 * 1024;
const DELIVERY_ATTEMPTS = 3;

/** Stripe's nested form keys (`a[b][0][c]=v`) as an object; numeric keys stay string keys. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

function id(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function stripeError(res: ServerResponse, status: number, message: string, param?: string) {
  sendJson(res, status, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });
}

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

function checkoutPage(s: Session, description: string): string {
  const amount = escapeHtml(money(s.amount_total, s.currency));
  const live = s.status === 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${amount}</title><style>body{font:16px system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1a1f36}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:1.1rem;font-weight:500;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:0 0 1.5rem}
button{display:block;width:100%;padding:.8rem;margin:.5rem 0;font-size:1rem;border-radius:8px;border:1px solid #635bff;cursor:pointer}
.pay{background:#635bff;color:#fff}.cancel{background:#fff;color:#635bff}p.note{font-size:.85rem;color:#697386}</style></head>
<body><main><h1>${escapeHtml(description)}</h1><p class="amount">${amount}</p>
${
  live
    ? `<form method="post" action="/pay/${s.id}/pay"><button class="pay" type="submit">Pay ${amount}</button></form>
<form method="post" action="/pay/${s.id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
    : `<p>This checkout is ${s.status === 'complete' ? 'already paid' : 'no longer available'}.</p>`
}<p class="note">Test checkout: no card is charged.</p></main></body></html>`;
}

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const now = options.now ?? (() => new Date());
  const sessions = new Map<string, Session>();
  /** Answers of POSTs made with an Idempotency-Key: the same key again gets the same object, as on Stripe. */
  const idempotent = new Map<string, unknown>();
  const refunds: StripeStandIn['refunds'] = [];
  const descriptions = new Map<string, string>();
  const events: StandInEvent[] = [];
  let webhook = options.webhookUrl ? { url: options.webhookUrl, secret: options.webhookSecret ?? '' } : undefined;
  let url = '';

  async function deliver(event: StandInEvent): Promise<number> {
    if (!webhook) return 0;
    for (let attempt = 0; attempt < DELIVERY_ATTEMPTS; attempt++) {
      const t = Math.floor(now().getTime() / 1000);
      const v1 = createHmac('sha256', webhook.secret).update(`${t}.${event.body}`).digest('hex');
      try {
        const res = await fetch(webhook.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': `t=${t},v1=${v1}` },
          body: event.body,
        });
        event.status = res.status;
        await res.arrayBuffer();
        if (res.ok) return res.status;
      } catch {
        event.status = 0;
      }
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
    return event.status ?? 0;
  }

  function emit(type: string, object: Json): Promise<number> {
    const event: StandInEvent = { id: id('evt'), type, body: '' };
    event.body = JSON.stringify({
      id: event.id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(now().getTime() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    events.push(event);
    return deliver(event);
  }

  function expire(s: Session) {
    s.status = 'expired';
    return emit('checkout.session.expired', s);
  }

  function createSession(form: Json, res: ServerResponse) {
    const item = ((form.line_items as Json | undefined)?.['0'] ?? {}) as Json;
    const price = (item.price_data ?? {}) as Json;
    const amount = Number(price.unit_amount);
    const quantity = Number(item.quantity ?? 1);
    if (form.mode !== 'payment') return stripeError(res, 400, 'Only mode=payment is supported here.', 'mode');
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(res, 400, 'Invalid unit_amount.', 'line_items[0][price_data][unit_amount]');
    }
    if (typeof price.currency !== 'string' || !/^[a-z]{3}$/.test(price.currency)) {
      return stripeError(res, 400, 'Invalid currency.', 'line_items[0][price_data][currency]');
    }
    for (const key of ['success_url', 'cancel_url'] as const) {
      if (typeof form[key] !== 'string' || !/^https?:\/\//.test(form[key])) {
        return stripeError(res, 400, `Not a valid URL: ${key}.`, key);
      }
    }
    const created = Math.floor(now().getTime() / 1000);
    const expiresAt = form.expires_at === undefined ? created + 24 * 3600 : Number(form.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt <= created) {
      return stripeError(res, 400, 'expires_at must be in the future.', 'expires_at');
    }
    const s: Session = {
      id: id('cs'),
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount * quantity,
      currency: price.currency,
      created,
      expires_at: expiresAt,
      success_url: form.success_url as string,
      cancel_url: form.cancel_url as string,
      customer_email: form.customer_email ?? null,
      client_reference_id: form.client_reference_id ?? null,
      metadata: form.metadata ?? {},
      payment_intent: null,
      livemode: false,
      url: '',
    };
    s.url = `${url}/pay/${s.id}`;
    sessions.set(s.id, s);
    const name = ((price.product_data ?? {}) as Json).name;
    descriptions.set(s.id, typeof name === 'string' ? name : 'Payment');
    sendJson(res, 200, s);
    return s;
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<unknown> {
    if (!bearerAuthorised(req, options.apiKey)) {
      return sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const form = req.method === 'POST' ? parseStripeForm(await readBody(req)) : {};
    const idempotencyKey = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replayKey = typeof idempotencyKey === 'string' ? `${path} ${idempotencyKey}` : undefined;
    if (replayKey && idempotent.has(replayKey)) return sendJson(res, 200, idempotent.get(replayKey));
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const session = createSession(form, res);
      if (replayKey && session) idempotent.set(replayKey, session);
      return;
    }
    if (sessionPath) {
      const s = sessions.get(sessionPath[1]!);
      if (!s) return stripeError(res, 404, `No such checkout.session: '${sessionPath[1]}'`, 'session');
      if (!sessionPath[2] && req.method === 'GET') return sendJson(res, 200, s);
      if (sessionPath[2] && req.method === 'POST') {
        if (s.status !== 'open') {
          return stripeError(res, 400, `Only Checkout Sessions with a status of open can be expired.`);
        }
        await expire(s);
        return sendJson(res, 200, s);
      }
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const paid = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === form.payment_intent);
      if (!paid) return stripeError(res, 404, `No such payment_intent: '${String(form.payment_intent)}'`);
      const refund = {
        id: id('re'),
        object: 'refund',
        status: 'succeeded',
        amount: paid.amount_total,
        currency: paid.currency,
        payment_intent: paid.payment_intent,
        metadata: form.metadata ?? {},
      };
      if (replayKey) idempotent.set(replayKey, refund);
      refunds.push(refund);
      return sendJson(res, 200, refund);
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
  }

  async function page(req: IncomingMessage, res: ServerResponse, path: string): Promise<unknown> {
    const match = /^\/pay\/([\w-]+)(?:\/(pay|cancel))?$/.exec(path);
    const s = match ? sessions.get(match[1]!) : undefined;
    if (!match || !s) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    if (!match[2] && req.method === 'GET') {
      return res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(checkoutPage(s, descriptions.get(s.id)!));
    }
    if (req.method !== 'POST') return res.writeHead(405).end();
    if (match[2] === 'cancel') return res.writeHead(303, { Location: s.cancel_url }).end();
    if (s.status !== 'open') return res.writeHead(409, { 'Content-Type': 'text/html' }).end(checkoutPage(s, ''));
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = id('pi');
    await emit('checkout.session.completed', s);
    return res.writeHead(303, { Location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) }).end();
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    const handler = path.startsWith('/v1/') ? api : page;
    handler(req, res, path).catch(() => {
      if (!res.headersSent) stripeError(res, 400, 'Unreadable request.');
      else res.end();
    });
  });
  const sweep = setInterval(() => {
    const t = now().getTime() / 1000;
    for (const s of sessions.values()) if (s.status === 'open' && s.expires_at <= t) void expire(s);
  }, 1000);
  sweep.unref();

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    url,
    events,
    refunds,
    setWebhook(hookUrl, secret) {
      webhook = { url: hookUrl, secret };
    },
    redeliver(eventId) {
      const event = events.find((e) => e.id === eventId);
      if (!event) return Promise.reject(new Error(`No event ${eventId}`));
      return deliver(event);
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
