/**
 * The variables of what the API sends and keeps per dealer: where completed leads go, the stock
 * feed's key and build hook, how long lead data is kept, and how saved-search emails are sent.
 * Each is declared once, as an EnvVar (env-var.ts); env.ts gathers every group into ENV_VARS.
 */
import type { EnvVar } from './env-var.ts';

export const DELIVERY_VARS = {
  LEAD_WEBHOOK_URL: {
    type: 'url',
    perDealer: true,
    usedBy: 'API',
    description: 'Completed leads are posted here as signed JSON; needs LEAD_WEBHOOK_SECRET.',
  },
  LEAD_WEBHOOK_SECRET: {
    type: 'secret',
    perDealer: true,
    usedBy: 'API',
    description: 'The key that signs the webhook requests.',
  },
  LEAD_ADF_URL: {
    type: 'url',
    perDealer: true,
    usedBy: 'API',
    description: 'Completed leads are posted here as ADF/XML. With neither URL, leads go to files under DATA_DIR.',
  },
  DEAL_WEBHOOK_URL: {
    type: 'url',
    perDealer: true,
    usedBy: 'API',
    description:
      'Online deal events (created, updated, cancelled, completed) are posted here as signed JSON (docs/online-deal.md); needs DEAL_WEBHOOK_SECRET. Unset: no deal events are sent (the deal still reaches the dealer as its lead).',
  },
  DEAL_WEBHOOK_SECRET: {
    type: 'secret',
    perDealer: true,
    usedBy: 'API',
    description: 'The key that signs the deal webhook requests (X-Deal-Signature).',
  },
  STOCK_FEED_SECRET: {
    type: 'secret',
    perDealer: true,
    usedBy: 'API',
    description:
      "The key a dealer's stock system signs POST /api/stock with (docs/api.md); unset for a dealer, the route refuses its pushes. Only per dealer: one dealer's key never updates another's stock.",
  },
  STOCK_BUILD_HOOK_URL: {
    type: 'url',
    perDealer: true,
    usedBy: 'API',
    description:
      "Called after a stock import so the dealer's publish pipeline rebuilds its site (a Netlify build hook, a Vercel deploy hook or a GitHub repository's dispatches URL; docs/deploy.md). Unset, nothing is called.",
  },
  STOCK_BUILD_HOOK_TOKEN: {
    type: 'secret',
    perDealer: true,
    usedBy: 'API',
    description: 'The GitHub token a dispatches URL in STOCK_BUILD_HOOK_URL is called with (Authorization: Bearer).',
  },
  LEAD_SENSITIVE_DAYS: {
    type: 'int',
    default: 30,
    unit: 'days',
    max: 36_500,
    perDealer: true,
    usedBy: 'API',
    description:
      "Days after delivery (or after the last save of a form never completed) that a lead's date of birth, licence number and address are erased.",
  },
  LEAD_RETENTION_MONTHS: {
    type: 'int',
    default: 24,
    unit: 'months',
    max: 1_200,
    perDealer: true,
    usedBy: 'API',
    description:
      'Months after creation that a lead is deleted whole, with its outbox rows, delivery attempts and files.',
  },
  SMTP_URL: {
    type: 'secret',
    usedBy: 'API',
    description:
      'Where saved-search emails are sent: smtps://user:password@host:465 or smtp://user:password@host:587 (STARTTLS). Unset, each email is written as an .eml file under DATA_DIR/mail/<slug>/.',
  },
  MAIL_FROM: {
    type: 'text',
    usedBy: 'API',
    description:
      "The sender address of saved-search emails (the name shown is the dealer's); unset, no-reply@ the dealer's own domain.",
  },
} as const satisfies Record<string, EnvVar>;
