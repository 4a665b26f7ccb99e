/**
 * Payments for online reservations: a hosted checkout for a deposit, its cancellation, refunds, and
 * the provider's signed notifications. The API only ever sees amounts, references and the
 * provider's ids: card details are entered on the provider's own page and never reach it.
 *
 * The one implementation is Stripe Checkout through the official `stripe` package
 * (stripe-payments.ts). Offline, `npm start` and the tests point that same client at a local
 * stand-in that speaks Stripe's HTTP (scripts/standins/stripe-standin.ts).
 */

/** ISO 4217 in lower case, as Stripe writes it. */
export type PaymentCurrency = 'aud' | 'nzd';

export interface CheckoutRequest {
  /** In the currency's minor unit (cents). */
  amount: number;
  currency: PaymentCurrency;
  /** What the shopper sees on the checkout page, e.g. "Deposit to reserve 2021 Toyota RAV4 GX". */
  description: string;
  /** Where the shopper lands after paying; `{CHECKOUT_SESSION_ID}` is replaced by the checkout's id. */
  successUrl: string;
  /** Where "Cancel" (or back) takes the shopper. */
  cancelUrl: string;
  /** The checkout stops taking payment at this time. */
  expiresAt: Date;
  email?: string;
  /** Our reference for the payment (the reservation's id), echoed in its notifications. */
  reference: string;
  /** Small strings only: they are visible in the provider's dashboard. */
  metadata: Record<string, string>;
}

export interface Checkout {
  id: string;
  /** The provider's page the shopper is sent to. */
  url: string;
}

/** A verified notification from the provider, reduced to what reservations act on. */
export type PaymentEvent =
  | {
      id: string;
      type: 'checkout.completed';
      checkoutId: string;
      /** The provider's payment reference, used to refund. */
      paymentId: string;
      amount: number;
      currency: string;
      reference?: string;
      /** The dealer the checkout was made for (its metadata), when it says. */
      site?: string;
    }
  | { id: string; type: 'checkout.expired'; checkoutId: string; reference?: string }
  /** A delayed payment method (a bank debit) failed after the checkout: the car is released. */
  | { id: string; type: 'checkout.failed'; checkoutId: string; reference?: string }
  | { id: string; type: 'ignored'; providerType: string };

export interface Payments {
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Stops an open checkout taking payment; a checkout already paid or expired is left as it is. */
  expireCheckout(checkoutId: string): Promise<'expired' | 'complete' | 'already-expired'>;
  /** Returns the whole payment to the shopper; resolves with the refund's id. */
  refund(paymentId: string, reason: string): Promise<string>;
  /**
   * The notification in `body` (the raw request body, exactly as received) when `signature` proves
   * it came from the provider; otherwise throws PaymentSignatureError.
   */
  verifyEvent(body: string, signature: string | null): Promise<PaymentEvent>;
}

/** A notification whose signature is missing, wrong or too old. */
export class PaymentSignatureError extends Error {
  override name = 'PaymentSignatureError';
}

/** The provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
