/**
 * The variables of the API's own Node server and its database: the port, the time a request has
 * to arrive, connections per address, the data folder, and the PostgreSQL pool and its time limits.
 * Each is declared once, as an EnvVar (env-var.ts); env.ts gathers every group into ENV_VARS.
 */
import type { EnvVar } from './env-var.ts';

export const SERVER_VARS = {
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
} as const satisfies Record<string, EnvVar>;
