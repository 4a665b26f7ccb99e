/**
 * What the API's handlers need from the outside world. `createApp(deps)` receives one ApiDeps;
 * `npm start`, the serverless handler and the tests each build their own.
 */
import type { DealerContent } from '../content/load.ts';
import type { FinanceProvider } from './integrations/finance-provider.ts';

/** The one database interface: PostgreSQL SQL with `$1`-style parameters (PGlite or node-postgres). */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** True when statements run in parallel (a server's connection pool); PGlite runs them in turn. */
  readonly parallel?: boolean;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Sliding-window limits of the lead route: at most `max` saves per `windowMs`. */
export interface RateLimitConfig {
  perIp: { max: number; windowMs: number };
  perSite: { max: number; windowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  perIp: { max: 20, windowMs: 60_000 },
  perSite: { max: 600, windowMs: 60_000 },
};

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
  /** The destinations of one dealer's leads; one outbox row per destination per completed lead. */
  destinations?: (slug: string) => Destination[];
  /** Defaults to DEFAULT_RATE_LIMITS. */
  rateLimits?: RateLimitConfig;
  /** Outgoing HTTP for lead delivery; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Called after a lead's completion commits (npm start delivers its outbox rows right away). */
  onLeadCompleted?: (leadId: string) => void;
}
