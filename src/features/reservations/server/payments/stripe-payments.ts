/**
 * Payments through Stripe Checkout with the official `stripe` package: a Checkout Session in
 * payment mode for the deposit, `expire` to release an unpaid one, refunds by payment intent, and
 * webhooks verified with the package's own `constructEventAsync`. A payment counts only when its
 * signed `checkout.session.completed` arrives, never on the browser's return.
 *
 * `apiBase` points the same client at another host speaking Stripe's API: the local stand-in
 * (scripts/standins/stripe-standin.ts) offline and in tests.
 */
import Stripe from 'stripe';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type Payments,
} from './payments.ts';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. "http://127.0.0.1:4242"; absent: api.stripe.com. */
  apiBase?: string;
  /** Seconds a webhook's timestamp may be old; Stripe's default is 300. */
  toleranceSeconds?: number;
  timeoutMs?: number;
}

function providerError(e: unknown): PaymentProviderError {
  const message = e instanceof Error ? e.message : String(e);
  return new PaymentProviderError(`The payment provider could not handle the request: ${message}`);
}

export function stripePayments(options: StripePaymentsOptions): Payments {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  return {
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency,
                  unit_amount: request.amount,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            client_reference_id: request.reference,
            metadata: { ...request.metadata, reference: request.reference },
            payment_intent_data: { metadata: { reference: request.reference } },
            ...(request.email ? { customer_email: request.email } : {}),
          },
          // A retried create (network failure) makes one session, not two.
          { idempotencyKey: `checkout-${request.reference}` },
        );
        if (!session.url) throw new Error('the checkout session has no page address');
        return { id: session.id, url: session.url };
      } catch (e) {
        throw providerError(e);
      }
    },

    async expireCheckout(checkoutId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(checkoutId);
        if (session.status === 'complete') return 'complete';
        if (session.status === 'expired') return 'already-expired';
        const after = await stripe.checkout.sessions.expire(checkoutId);
        return after.status === 'complete' ? 'complete' : 'expired';
      } catch (e) {
        throw providerError(e);
      }
    },

    async refund(paymentId, reason) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, reason: 'requested_by_customer', metadata: { reason: reason.slice(0, 500) } },
          { idempotencyKey: `refund-${paymentId}` },
        );
        return refund.id;
      } catch (e) {
        throw providerError(e);
      }
    },

    async verifyEvent(body, signature): Promise<PaymentEvent> {
      if (!signature) throw new PaymentSignatureError('The notification has no Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          body,
          signature,
          options.webhookSecret,
          options.toleranceSeconds,
        );
      } catch (e) {
        throw new PaymentSignatureError(`The notification's signature does not verify: ${(e as Error).message}`);
      }
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = event.data.object;
        if (session.payment_status !== 'paid') return { id: event.id, type: 'ignored', providerType: event.type };
        const paymentId =
          typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        return {
          id: event.id,
          type: 'checkout.completed',
          checkoutId: session.id,
          paymentId: paymentId ?? '',
          amount: session.amount_total ?? 0,
          currency: session.currency ?? '',
          reference: session.client_reference_id ?? undefined,
          ...(session.metadata?.site ? { site: session.metadata.site } : {}),
        };
      }
      if (event.type === 'checkout.session.async_payment_failed') {
        const session = event.data.object;
        return {
          id: event.id,
          type: 'checkout.failed',
          checkoutId: session.id,
          reference: session.client_reference_id ?? undefined,
        };
      }
      if (event.type === 'checkout.session.expired') {
        const session = event.data.object;
        return {
          id: event.id,
          type: 'checkout.expired',
          checkoutId: session.id,
          reference: session.client_reference_id ?? undefined,
        };
      }
      return { id: event.id, type: 'ignored', providerType: event.type };
    },
  };
}
