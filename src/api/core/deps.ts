/**
 * What the API's handlers need from the outside world. `createApp(deps)` receives one ApiDeps;
 * `npm start`, the serverless handler and the tests each build their own.
 */
import type { DealerContent } from '../../content/load.ts';
import type { FinanceProvider } from '../../features/finance/server/finance-provider.ts';
import type { ValuationProvider } from '../../features/valuation/server/valuation-provider.ts';
import type { HistoryProvider } from '../../features/vehicle-history/server/history-provider.ts';
import type { RegoProvider } from '../../features/rego-lookup/server/rego-provider.ts';
import type { Limit, RateCounter } from './rate-limit.ts';
import type { Payments } from '../../features/reservations/server/payments/payments.ts';
import type { HoldLimits } from '../../features/reservations/server/limits.ts';
import type { Mailer } from '../mail/mailer.ts';
import { envDefault, envInt, type Env, type EnvName } from '../../config/env.ts';
import type { Db } from '../db/types.ts';

export { maintenance, type Db } from '../db/types.ts';

/** Per-minute limits of the routes that take visitors' input (see src/api/rate-limit.ts). */
export interface RateLimitConfig {
  /** Lead saves per client address. */
  perIp: Limit;
  /** New form sessions per dealer site, counting only valid saves. */
  perSite: Limit;
  /** Finance applications and car-location look-ups per client address. */
  financePerIp: Limit;
  /** Search calls per client address. */
  searchPerIp: Limit;
  /** Valuation look-ups per client address (the valuation thank-you page asks once per visit). */
  valuationPerIp: Limit;
  /** Reservation checkouts started per client address. */
  reservationsPerIp: Limit;
  /** Saved-search sign-ups per client address. */
  savedSearchesPerIp: Limit;
  /** Stock pushes refused before their signature is accepted, per client address (POST /api/stock). */
  stockFailuresPerIp: Limit;
  /** Saved-search confirmation and change emails per dealer site, an hour. */
  savedSearchConfirmationsPerSite: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  perIp: { max: envDefault('RATE_LIMIT_LEADS_PER_IP'), windowMs: 60_000 },
  perSite: { max: envDefault('RATE_LIMIT_LEADS_PER_SITE'), windowMs: 60_000 },
  financePerIp: { max: envDefault('RATE_LIMIT_FINANCE_PER_IP'), windowMs: 60_000 },
  searchPerIp: { max: envDefault('RATE_LIMIT_SEARCH_PER_IP'), windowMs: 60_000 },
  valuationPerIp: { max: envDefault('RATE_LIMIT_VALUATION_PER_IP'), windowMs: 60_000 },
  reservationsPerIp: { max: envDefault('RATE_LIMIT_RESERVATIONS_PER_IP'), windowMs: 60_000 },
  savedSearchesPerIp: { max: envDefault('RATE_LIMIT_SAVED_SEARCHES_PER_IP'), windowMs: 60_000 },
  stockFailuresPerIp: { max: envDefault('RATE_LIMIT_STOCK_FAILURES_PER_IP'), windowMs: 60_000 },
  savedSearchConfirmationsPerSite: {
    max: envDefault('RATE_LIMIT_SAVED_SEARCH_CONFIRMATIONS_PER_SITE'),
    windowMs: 3_600_000,
  },
};

/** The environment variable of each limit (hits per its window: a minute, or an hour for confirmations). */
export const RATE_LIMIT_ENV: Record<keyof RateLimitConfig, EnvName> = {
  perIp: 'RATE_LIMIT_LEADS_PER_IP',
  perSite: 'RATE_LIMIT_LEADS_PER_SITE',
  financePerIp: 'RATE_LIMIT_FINANCE_PER_IP',
  searchPerIp: 'RATE_LIMIT_SEARCH_PER_IP',
  valuationPerIp: 'RATE_LIMIT_VALUATION_PER_IP',
  reservationsPerIp: 'RATE_LIMIT_RESERVATIONS_PER_IP',
  savedSearchesPerIp: 'RATE_LIMIT_SAVED_SEARCHES_PER_IP',
  stockFailuresPerIp: 'RATE_LIMIT_STOCK_FAILURES_PER_IP',
  savedSearchConfirmationsPerSite: 'RATE_LIMIT_SAVED_SEARCH_CONFIRMATIONS_PER_SITE',
};

/** The limits with RATE_LIMIT_* from the environment; throws naming a malformed variable. */
export function rateLimitsFromEnv(env: Env): RateLimitConfig {
  const out = { ...DEFAULT_RATE_LIMITS };
  for (const [name, variable] of Object.entries(RATE_LIMIT_ENV) as [keyof RateLimitConfig, EnvName][]) {
    const n = envInt(env, variable);
    if (n !== undefined) out[name] = { max: n, windowMs: DEFAULT_RATE_LIMITS[name].windowMs };
  }
  return out;
}

/** Where a dealer's completed leads are delivered. */
export type Destination =
  | { kind: 'webhook'; url: string; secret: string }
  | { kind: 'adf'; url: string }
  /** Files under `dir` (json and .adf.xml): the default when nothing else is configured. */
  | { kind: 'file'; dir: string };

export interface ApiDeps {
  db: Db;
  dealers: DealerContent[];
  now: () => Date;
  financeProvider: FinanceProvider;
  /** Trade-in estimates for POST /api/valuation; defaults to the local depreciation model. */
  valuationProvider?: ValuationProvider;
  /** Vehicle history checks when stock arrives; default none (no history is looked up). */
  historyProvider?: HistoryProvider;
  /** Rego and plate lookups for POST /api/rego-lookup; default none (the lookup is not available). */
  regoProvider?: RegoProvider;
  /**
   * The destinations of one dealer's leads; one outbox row per destination per completed lead.
   * Read again when each lead is sent, so a lead goes where its destination points then.
   */
  destinations?: (slug: string) => Destination[];
  /**
   * One dealer's deliveries folder (<DATA_DIR>/deliveries/<slug>): where a lead is written whose
   * destination is no longer configured. Without it such a lead waits in the outbox.
   */
  deliveriesDir?: (slug: string) => string;
  /**
   * One dealer's online-deal webhook (DEAL_WEBHOOK_URL/SECRET, src/features/online-deal/server/);
   * undefined: the dealer gets no deal events. Read when each event is queued and again when sent.
   */
  dealWebhook?: (slug: string) => { url: string; secret: string } | undefined;
  /** Each limit defaults to DEFAULT_RATE_LIMITS'. */
  rateLimits?: Partial<RateLimitConfig>;
  /** Where hits are counted; defaults to the database's (src/api/rate-limit.ts counterFor). */
  rateCounter?: RateCounter;
  /**
   * Origins allowed to post besides each dealer's own (its site.url, with or without www, and
   * http://<slug>.localhost): e.g. a branch preview's address. From API_ALLOWED_ORIGINS.
   */
  allowedOrigins?: string[];
  /** Outgoing HTTP for lead delivery; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Called after a lead's completion commits (npm start delivers its outbox rows right away). */
  onLeadCompleted?: (leadId: string) => void;
  /**
   * The key that signs one dealer's stock pushes (STOCK_FEED_SECRET_<SLUG>); none: the dealer
   * takes no pushes (POST /api/stock answers 401).
   */
  stockSecret?: (slug: string) => string | undefined;
  /** Called after a stock import changed a dealer's stock (the server refreshes what it serves). */
  onStockChanged?: (slug: string) => void;
  /**
   * Awaited before each request is handled: the runtime brings the dealers' imported stock up to
   * date there (at most every STOCK_REFRESH_MS), so an instance that did not take an import still
   * names a newly imported car in a lead.
   */
  beforeRequest?: () => Promise<void>;
  /**
   * Deposits for reservations (Stripe Checkout, or the same client on the local stand-in). None:
   * the reservation routes answer 503 and car pages still show what the build gave them.
   */
  payments?: Payments;
  /** How many cars may be held with a checkout not yet paid (src/features/reservations/server/limits.ts); defaults apply. */
  holdLimits?: HoldLimits;
  /**
   * Sends the saved-search emails (src/api/mail/mailer.ts); without it POST /api/saved-searches
   * answers 503 and no alert is sent.
   */
  mailer?: Mailer;
  /** The sender address of a dealer's emails; defaults to no-reply@ its domain (MAIL_FROM). */
  mailFrom?: (dealer: DealerContent) => string;
  /** Called after a change enqueued mail (src/api/mail/outbox.ts), so the sender runs soon. */
  onMailQueued?: () => void;
}
