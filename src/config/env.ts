/**
 * Every environment variable the product reads, declared once: its type, its default, who reads it
 * and what it does. Code reads a variable through `readEnv` / `envInt` with its declared name, so a
 * name that is not declared here does not compile; README.md's table of variables is checked
 * against this list (tests/unit/project/env-doc.test.ts).
 *
 * Values are read at call time, from the environment object a caller passes (the API's runtime
 * takes one, so tests can give each run its own) or from `processEnv()`, the process's environment
 * as it is at that moment (tests set variables per test).
 */

export type Env = Record<string, string | undefined>;

/**
 * - `text`: used as written (a folder, a slug list, a prefix);
 * - `url`: an absolute http(s) URL;
 * - `secret`: a key or token, never logged;
 * - `int`: a whole number from 1, read with `envInt`, which throws naming the variable;
 * - `list`: comma-separated values;
 * - `flag`: "1" turns it on.
 */
export type EnvType = 'text' | 'url' | 'secret' | 'int' | 'list' | 'flag';

export interface EnvVar {
  type: EnvType;
  /** What applies when the variable is unset or empty; undefined: the behaviour is off. */
  default?: string | number;
  /** Who reads it: the static-site build, the API (local server and functions), or one platform. */
  usedBy:
    'build' | 'build, dev' | 'API' | 'API server' | 'dev, API server' | 'API bundle' | 'API on Vercel' | 'internal';
  /** Also read per dealer as `<NAME>_<SLUG>` (the slug in upper snake case), which wins over the plain name. */
  perDealer?: boolean;
  /** For `int`: the unit named in the error message, and the largest value accepted. */
  unit?: string;
  max?: number;
  description: string;
}

export const ENV_VARS = {
  DEALERS_DIR: {
    type: 'text',
    default: 'dealers',
    usedBy: 'build, dev',
    description:
      'The snapshot folder the site build (npm start) and the local API read when no folder is named on the command line.',
  },
  ONLY_DEALERS: {
    type: 'list',
    usedBy: 'build, dev',
    description: 'Comma-separated slugs: only these dealers are built (or previewed); unset, every dealer.',
  },
  CMS_URL: {
    type: 'url',
    usedBy: 'build',
    description:
      'With CMS_TOKEN, staff lists come from the CMS (GET {CMS_URL}/websites/{id}/users.json) instead of team.json.',
  },
  CMS_TOKEN: {
    type: 'secret',
    usedBy: 'build',
    description: 'The bearer token of CMS_URL.',
  },
  CMS_CACHE_DIR: {
    type: 'text',
    default: '.cache/cms',
    usedBy: 'build',
    description: "Where the CMS's answers are cached; the last good copy is used while the CMS is down.",
  },
  ALGOLIA_APP_ID: {
    type: 'text',
    usedBy: 'build',
    description:
      "With ALGOLIA_SEARCH_KEY, the cars and offers search islands query Algolia instead of the API's own search.",
  },
  ALGOLIA_SEARCH_KEY: {
    type: 'text',
    usedBy: 'build',
    description: "Algolia's search-only key (public by design; shipped in the pages).",
  },
  ALGOLIA_INDEX_PREFIX: {
    type: 'text',
    default: '',
    usedBy: 'build',
    description: "Prefix of the Algolia index names; {site} in it becomes the dealer's slug.",
  },
  PORT: {
    type: 'text',
    default: '4321',
    usedBy: 'dev, API server',
    description:
      "The port to listen on when --port is not given: npm start and npm run dev default to 4321; the API's own Node server (node dist/api/server.mjs) to 8787.",
  },
  SERVER_HEADERS_TIMEOUT_MS: {
    type: 'int',
    default: 10_000,
    unit: 'milliseconds',
    max: 600_000,
    usedBy: 'API server',
    description:
      "Time a request's headers have to arrive (also a new connection's first request); past it the Node servers answer 408 and close the connection.",
  },
  SERVER_BODY_TIMEOUT_MS: {
    type: 'int',
    default: 10_000,
    unit: 'milliseconds',
    max: 600_000,
    usedBy: 'API server',
    description:
      "Time a request's body has to arrive once its headers are in; past it the Node servers answer 408 and close the connection.",
  },
  SERVER_CONNECTIONS_PER_IP: {
    type: 'int',
    default: 64,
    unit: 'connections',
    max: 100_000,
    usedBy: 'API server',
    description:
      'Open connections one address (an IPv6 /64) may hold on a Node server; one more is answered 503 with Retry-After and closed.',
  },
  DATA_DIR: {
    type: 'text',
    default: '.data',
    usedBy: 'API',
    description:
      'Folder of the embedded database and of file deliveries. Set in a function, it stands in for DATABASE_URL (a trial).',
  },
  DATABASE_URL: {
    type: 'url',
    usedBy: 'API',
    description:
      'A PostgreSQL server for the leads; unset, PGlite in the data folder. A function refuses to start without it unless DATA_DIR is set.',
  },
  DATABASE_POOL_MAX: {
    type: 'int',
    default: 10,
    usedBy: 'API',
    description: 'Connections per API instance to DATABASE_URL.',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    type: 'int',
    default: 5000,
    usedBy: 'API',
    description: 'Time limit of one statement on PostgreSQL; past it the request answers 503 with Retry-After.',
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    type: 'int',
    default: 3000,
    usedBy: 'API',
    description: 'Time limit of getting a PostgreSQL connection; past it the request answers 503 with Retry-After.',
  },
  RATE_LIMIT_LEADS_PER_IP: {
    type: 'int',
    default: 20,
    unit: 'requests per minute',
    usedBy: 'API',
    description: 'Lead saves per minute from one address.',
  },
  RATE_LIMIT_LEADS_PER_SITE: {
    type: 'int',
    default: 600,
    unit: 'requests per minute',
    usedBy: 'API',
    description: 'Lead saves per minute for one dealer.',
  },
  RATE_LIMIT_FINANCE_PER_IP: {
    type: 'int',
    default: 10,
    unit: 'requests per minute',
    usedBy: 'API',
    description: 'Finance applications per minute from one address.',
  },
  RATE_LIMIT_SEARCH_PER_IP: {
    type: 'int',
    default: 300,
    unit: 'requests per minute',
    usedBy: 'API',
    description: 'Searches per minute from one address.',
  },
  RATE_LIMIT_VALUATION_PER_IP: {
    type: 'int',
    default: 20,
    unit: 'requests per minute',
    usedBy: 'API',
    description: 'Valuations per minute from one address.',
  },
  RATE_LIMIT_RESERVATIONS_PER_IP: {
    type: 'int',
    default: 10,
    unit: 'requests per minute',
    usedBy: 'API',
    description: 'Reservation checkouts started per minute from one address.',
  },
  RESERVATION_UNPAID_HOLDS_PER_IP: {
    type: 'int',
    default: 2,
    unit: 'cars',
    usedBy: 'API',
    description:
      'Cars one client address (an IPv4 address, an IPv6 /64) may hold at once at one dealer with a checkout not yet paid.',
  },
  RESERVATION_UNPAID_HOLDS_PER_CONTACT: {
    type: 'int',
    default: 2,
    unit: 'cars',
    usedBy: 'API',
    description:
      'Cars one email address (+tags and Gmail dots ignored) or one phone number may hold at once at one dealer with a checkout not yet paid.',
  },
  RESERVATION_UNPAID_HOLDS_PER_DEALER: {
    type: 'int',
    default: 10,
    unit: 'cars',
    usedBy: 'API',
    description: 'Cars of one dealer that may be held at once with a checkout not yet paid, whoever holds them.',
  },
  RESERVATION_UNPAID_STARTS_PER_IP_PER_DAY: {
    type: 'int',
    default: 6,
    unit: 'checkouts per 24 hours',
    usedBy: 'API',
    description:
      'Reservation checkouts one client address may start at one dealer in 24 hours that are not paid (open, cancelled or expired); past it, that address cannot hold another car for the rest of the 24 hours.',
  },
  RATE_LIMIT_SAVED_SEARCHES_PER_IP: {
    type: 'int',
    default: 10,
    unit: 'requests per minute',
    usedBy: 'API',
    description: 'Saved-search sign-ups per minute from one address (each address gets 3 an hour on top).',
  },
  RATE_LIMIT_SAVED_SEARCH_CONFIRMATIONS_PER_SITE: {
    type: 'int',
    default: 200,
    unit: 'emails per hour',
    usedBy: 'API',
    description: "Saved-search confirmation and change emails per hour for one dealer's site, whoever asks for them.",
  },
  RATE_LIMIT_STOCK_FAILURES_PER_IP: {
    type: 'int',
    default: 10,
    unit: 'requests per minute',
    usedBy: 'API',
    description:
      'Failed stock pushes (POST /api/stock refused before its signature is accepted) per minute from one address; past it, every push from that address is refused until the minute passes.',
  },
  API_ALLOWED_ORIGINS: {
    type: 'list',
    usedBy: 'API',
    description:
      "Origins besides each dealer's own that may post forms and searches (e.g. a branch preview's address).",
  },
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
  API_CONTENT_URL: {
    type: 'url',
    usedBy: 'API bundle',
    description:
      'A content.json the build wrote: the deployed API fetches its dealers from it at start instead of using the dealers compiled in.',
  },
  API_CONTENT: {
    type: 'text',
    usedBy: 'API bundle',
    description: 'A content.json file to read the dealers from instead. Not together with API_CONTENT_URL.',
  },
  CRON_SECRET: {
    type: 'secret',
    usedBy: 'API on Vercel',
    description:
      'What Vercel Cron sends (Authorization: Bearer …) to start a lead delivery; unset, the delivery route refuses every call.',
  },
} as const satisfies Record<string, EnvVar>;

export type EnvName = keyof typeof ENV_VARS;

/** The names read per dealer, as `<NAME>_<SLUG>`. */
type PerDealerName = { [K in EnvName]: (typeof ENV_VARS)[K] extends { perDealer: true } ? K : never }[EnvName];

/** The process's environment as it is now (never cached: tests set variables per test). */
export function processEnv(): Env {
  return process.env;
}

/** Prepares this process for a build of the engine (src/engine/build/): Astro's telemetry off. */
export function prepareBuildEnv(): void {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
}

/**
 * The environment for a render worker of a build: this process's, with Astro's telemetry off, and
 * the bundler's native allocator (mimalloc, inside Rolldown) committing its arenas as it uses them
 * and returning freed pages at once, unless set otherwise. Its defaults keep about 200 MB more
 * resident per worker after bundling, for no measurable gain in speed.
 */
export function buildChildEnv(): Env {
  return { MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0', ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
}

/** The variable's value as written, undefined when unset. */
export function readEnv(env: Env, name: EnvName): string | undefined {
  return env[name];
}

/** A per-dealer variable, `<NAME>_<SUFFIX>` (see envSuffix in src/features/leads/server/outbox/destinations.ts). */
export function dealerEnvName(name: PerDealerName, suffix: string): string {
  return `${name}_${suffix}`;
}

/**
 * A whole number from 1 (to `max`) from the environment, or undefined when unset; throws naming
 * the variable, e.g. `X must be a whole number of days from 1 to 36500, not "0".`.
 */
export function positiveIntEnv(
  env: Env,
  name: string,
  options: { unit?: string; max?: number } = {},
): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || (options.max !== undefined && n > options.max)) {
    const of = options.unit ? ` of ${options.unit}` : '';
    const range = options.max !== undefined ? ` from 1 to ${options.max}` : ' above 0';
    throw new Error(`${name} must be a whole number${of}${range}, not "${raw}".`);
  }
  return n;
}

/**
 * A declared `int` variable (or its per-dealer form `<NAME>_<SUFFIX>`), checked against its
 * declared unit and maximum; undefined when unset (the caller applies the default).
 */
export function envInt(env: Env, name: EnvName, suffix?: string): number | undefined {
  const declared: EnvVar = ENV_VARS[name];
  const options = {
    ...(declared.unit ? { unit: declared.unit } : {}),
    ...(declared.max !== undefined ? { max: declared.max } : {}),
  };
  return positiveIntEnv(env, suffix ? `${name}_${suffix}` : name, options);
}

/** The declared default of a variable (for code that applies it). */
export function envDefault<N extends EnvName>(
  name: N,
): (typeof ENV_VARS)[N] extends { default: infer D } ? D : undefined {
  return (ENV_VARS[name] as EnvVar).default as never;
}
