/**
 * Which payments client the API uses: Stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET
 * (STRIPE_API_URL points it at another host that speaks Stripe's API); without a key, the same
 * client on the local stand-in at `standInUrl` when one runs (npm start); else none, and the
 * reservation routes answer 503.
 */
import { readEnv, type Env } from '../../../../config/env.ts';
import type { Payments } from './payments.ts';
import { stripePayments } from './stripe-payments.ts';

/** The stand-in's keys: it accepts any key, and signs its notifications with this secret. */
export const STANDIN_SECRET_KEY = 'sk_test_local_standin';
export const STANDIN_WEBHOOK_SECRET = 'whsec_local_standin';

export function paymentsFromEnv(env: Env, options: { standInUrl?: string } = {}): Payments | undefined {
  const secretKey = readEnv(env, 'STRIPE_SECRET_KEY')?.trim();
  if (secretKey) {
    const webhookSecret = readEnv(env, 'STRIPE_WEBHOOK_SECRET')?.trim();
    if (!webhookSecret) {
      throw new Error(
        'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: without it no payment can be confirmed. Set both, or neither.',
      );
    }
    return stripePayments({ secretKey, webhookSecret, apiBase: readEnv(env, 'STRIPE_API_URL')?.trim() || undefined });
  }
  if (!options.standInUrl) return undefined;
  return stripePayments({
    secretKey: STANDIN_SECRET_KEY,
    webhookSecret: STANDIN_WEBHOOK_SECRET,
    apiBase: options.standInUrl,
  });
}
