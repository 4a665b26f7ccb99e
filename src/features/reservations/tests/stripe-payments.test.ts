/**
 * The real Stripe client (the official `stripe` package) against the local stand-in of Stripe
 * Checkout: sessions, the checkout page, signed webhooks checked by the package's own verification,
 * expiry and refunds. What passes here is what `npm start` runs offline.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startStripeStandIn,
  parseStripeForm,
  type StripeStandIn,
} from '../../../../scripts/standins/stripe-standin.ts';
import { stripePayments } from '../server/payments/stripe-payments.ts';
import { PaymentSignatureError, type CheckoutRequest } from '../server/payments/payments.ts';

const SECRET = 'whsec_test_reservations';
let standIn: StripeStandIn;
let hook: Server;
const received: { body: string; signature: string }[] = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['stripe-signature'] ?? '') });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  standIn = await startStripeStandIn({
    apiKey: 'sk_test_local',
    webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`,
    webhookSecret: SECRET,
  });
});

afterAll(async () => {
  await standIn.close();
  await new Promise((r) => hook.close(r));
});

const payments = () => stripePayments({ secretKey: 'sk_test_local', webhookSecret: SECRET, apiBase: standIn.url });

function request(reference: string): CheckoutRequest {
  return {
    amount: 50_000,
    currency: 'aud',
    description: 'Deposit to reserve 2021 Toyota RAV4 GX',
    successUrl: 'https://dealer.example/reserved?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://dealer.example/cars/rav4?reservation=cancelled',
    expiresAt: new Date(Date.now() + 3600_000),
    email: 'shopper@example.com',
    reference,
    metadata: { site: 'coastal', car: 'c-1' },
  };
}

describe('Stripe Checkout through the stand-in', () => {
  it('makes a session whose page shows the amount with Pay and Cancel, and pays it with a signed webhook', async () => {
    const p = payments();
    const checkout = await p.createCheckout(request('res-1'));
    expect(checkout.id).toMatch(/^cs_test_/);
    expect(checkout.url.startsWith(standIn.url)).toBe(true);
    const page = await (await fetch(checkout.url)).text();
    expect(page).toContain('$500.00');
    expect(page).toContain('Deposit to reserve 2021 Toyota RAV4 GX');
    expect(page).toMatch(/>Pay \$500\.00</);
    expect(page).toContain('>Cancel<');

    const before = received.length;
    const paid = await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://dealer.example/reserved?session=${checkout.id}`);
    const delivery = received[before]!;
    const event = await p.verifyEvent(delivery.body, delivery.signature);
    expect(event).toMatchObject({
      type: 'checkout.completed',
      checkoutId: checkout.id,
      amount: 50_000,
      currency: 'aud',
      reference: 'res-1',
    });
    const paymentId = event.type === 'checkout.completed' ? event.paymentId : '';
    expect(paymentId).toMatch(/^pi_test_/);
    expect(await p.refund(paymentId, 'the car was reserved by someone else')).toMatch(/^re_test_/);
    // Paid: expiring it changes nothing.
    expect(await p.expireCheckout(checkout.id)).toBe('complete');
  });

  it('refuses notifications that are unsigned, tampered with, signed with another secret or too old', async () => {
    const p = payments();
    const checkout = await p.createCheckout(request('res-2'));
    const before = received.length;
    await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
    const { body, signature } = received[before]!;
    await expect(p.verifyEvent(body, null)).rejects.toBeInstanceOf(PaymentSignatureError);
    await expect(p.verifyEvent(body.replace('"paid"', '"unpaid"'), signature)).rejects.toBeInstanceOf(
      PaymentSignatureError,
    );
    const other = stripePayments({ secretKey: 'sk_test_local', webhookSecret: 'whsec_other', apiBase: standIn.url });
    await expect(other.verifyEvent(body, signature)).rejects.toBeInstanceOf(PaymentSignatureError);
    const t = Math.floor(Date.now() / 1000) - 3600;
    const old = `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')}`;
    await expect(p.verifyEvent(body, old)).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  it('a completed checkout that is not paid yet (a delayed payment method) reserves nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_test_unpaid',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_unpaid', object: 'checkout.session', payment_status: 'unpaid' } },
    });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')}`;
    expect(await payments().verifyEvent(body, signature)).toEqual({
      id: 'evt_test_unpaid',
      type: 'ignored',
      providerType: 'checkout.session.completed',
    });
  });

  it('expires an open session at once with its event, and Cancel returns to the cancel page', async () => {
    const p = payments();
    const checkout = await p.createCheckout(request('res-3'));
    const cancel = await fetch(`${checkout.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe('https://dealer.example/cars/rav4?reservation=cancelled');
    const before = received.length;
    expect(await p.expireCheckout(checkout.id)).toBe('expired');
    expect(await p.expireCheckout(checkout.id)).toBe('already-expired');
    const event = await p.verifyEvent(received[before]!.body, received[before]!.signature);
    expect(event).toMatchObject({ type: 'checkout.expired', checkoutId: checkout.id, reference: 'res-3' });
    // The page no longer takes payment.
    const late = await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(late.status).toBe(409);
  });

  it('a session expires by itself when its time passes', async () => {
    const checkout = await payments().createCheckout({ ...request('res-4'), expiresAt: new Date(Date.now() + 1500) });
    await expect
      .poll(() => standIn.events.some((e) => e.type === 'checkout.session.expired' && e.body.includes(checkout.id)), {
        timeout: 5000,
      })
      .toBe(true);
  });

  it('a wrong secret key is refused as Stripe refuses it', async () => {
    const p = stripePayments({ secretKey: 'sk_test_wrong', webhookSecret: SECRET, apiBase: standIn.url });
    await expect(p.createCheckout(request('res-5'))).rejects.toThrow(/Invalid API Key/);
  });

  it("reads Stripe's nested form encoding", () => {
    expect(parseStripeForm('line_items[0][price_data][currency]=nzd&metadata[car]=c%201&mode=payment')).toEqual({
      line_items: { '0': { price_data: { currency: 'nzd' } } },
      metadata: { car: 'c 1' },
      mode: 'payment',
    });
  });
});
