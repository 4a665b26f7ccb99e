/**
 * The variables that guard the API: requests per minute per address or dealer, the cars a
 * checkout not yet paid may hold, and the origins besides each dealer's own that may call it.
 * Each is declared once, as an EnvVar (env-var.ts); env.ts gathers every group into ENV_VARS.
 */
import type { EnvVar } from './env-var.ts';

export const GUARD_VARS = {
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
} as const satisfies Record<string, EnvVar>;
