/**
 * The variables of the services the API calls: the finance provider, Stripe for reservation
 * deposits, and the valuation service behind the trade-in estimate.
 * Each is declared once, as an EnvVar (env-var.ts); env.ts gathers every group into ENV_VARS.
 */
import type { EnvVar } from './env-var.ts';

export const PROVIDER_VARS = {
  FINANCE_PROVIDER_URL: {
    type: 'url',
    usedBy: 'API',
    description: "The finance provider's base URL; unset, a local stand-in answers.",
  },
  FINANCE_PROVIDER_KEY: {
    type: 'secret',
    default: '',
    usedBy: 'API',
    description: "The finance provider's key.",
  },
  FINANCE_PROVIDER_TIMEOUT_MS: {
    type: 'int',
    default: 8000,
    usedBy: 'API',
    description:
      'Time limit of a call to the finance provider, in milliseconds (a value that is no positive number is ignored).',
  },
  STRIPE_SECRET_KEY: {
    type: 'secret',
    usedBy: 'API',
    description:
      "Stripe's secret key: deposits for reservations are taken with Stripe Checkout. Unset, a local stand-in of Stripe takes them (npm start), offline.",
  },
  STRIPE_WEBHOOK_SECRET: {
    type: 'secret',
    usedBy: 'API',
    description:
      'The signing secret of the Stripe webhook endpoint /api/payments/webhook; required with STRIPE_SECRET_KEY. Only notifications it verifies reserve a car.',
  },
  STRIPE_API_URL: {
    type: 'url',
    usedBy: 'API',
    description:
      "Another host speaking Stripe's API for the Stripe client (the local stand-in); unset with STRIPE_SECRET_KEY, api.stripe.com.",
  },
  VALUATION_PROVIDER_URL: {
    type: 'url',
    usedBy: 'API',
    description:
      'The valuation service behind the trade-in estimate; unset, the local depreciation model answers, offline.',
  },
  VALUATION_API_KEY: {
    type: 'secret',
    usedBy: 'API',
    description: 'The key the valuation provider issued; required with VALUATION_PROVIDER_URL.',
  },
  VALUATION_TIMEOUT_MS: {
    type: 'int',
    default: 5000,
    unit: 'milliseconds',
    max: 60_000,
    usedBy: 'API',
    description: 'Time limit of a call to the valuation provider.',
  },
  MARKET_PRICE_PROVIDER_URL: {
    type: 'url',
    usedBy: 'API',
    description:
      'The market-price service behind the "Below market" indicator on car cards and pages (the build asks it too, for snapshot cars); unset, the local valuation model answers, offline.',
  },
  MARKET_PRICE_API_KEY: {
    type: 'secret',
    usedBy: 'API',
    description: 'The key the market-price provider issued; required with MARKET_PRICE_PROVIDER_URL.',
  },
  MARKET_PRICE_TIMEOUT_MS: {
    type: 'int',
    default: 5000,
    unit: 'milliseconds',
    max: 60_000,
    usedBy: 'API',
    description: 'Time limit of one call to the market-price provider.',
  },
  MARKET_PRICE_REFRESH_DAYS: {
    type: 'int',
    default: 7,
    unit: 'days',
    max: 45,
    usedBy: 'API',
    description: 'Estimates of fed stock older than this are asked again by the scheduled run.',
  },
  HISTORY_PROVIDER_URL: {
    type: 'url',
    usedBy: 'API',
    description:
      "The vehicle history service (a PPSR-style check by VIN) asked when stock arrives without a history; unset, no history is looked up and a car shows only the feed's.",
  },
  HISTORY_API_KEY: {
    type: 'secret',
    usedBy: 'API',
    description: 'The key the vehicle history service issued; required with HISTORY_PROVIDER_URL.',
  },
  REGO_PROVIDER_URL: {
    type: 'url',
    usedBy: 'API',
    description:
      "The registration lookup service behind the trade-in and valuation forms' Find my car; unset, the lookup is not available and shoppers enter their car by hand.",
  },
  REGO_API_KEY: {
    type: 'secret',
    usedBy: 'API',
    description: 'The key the registration lookup service issued; required with REGO_PROVIDER_URL.',
  },
} as const satisfies Record<string, EnvVar>;
