/**
 * The API on its own, as a Node http server under @hono/node-server (dist/api/server.mjs once built):
 *
 *   node dist/api/server.mjs [--port N] [--data DIR] [--dealers DIR]
 *   npx tsx src/api/server.ts …                        (from the sources)
 *
 * Dealers come from the folder --dealers names; else API_CONTENT_URL, API_CONTENT or the dealers
 * compiled into the bundle; else (from the sources) the folder DEALERS_DIR, default "dealers".
 * The database is DATABASE_URL, else PGlite in --data / DATA_DIR / .data; migrations run at
 * start and the outbox worker delivers leads every 5 s. The server keeps the connection limits
 * of connection-guard.ts (SERVER_HEADERS_TIMEOUT_MS, SERVER_BODY_TIMEOUT_MS,
 * SERVER_CONNECTIONS_PER_IP).
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { processEnv, readEnv } from '../config/env.ts';
import { connectionLimitsFromEnv } from './connection-guard.ts';
import { apiContent } from './core/content.ts';
import { dataDirFrom, openPglite } from './db/index.ts';
import { financeProviderFromEnv } from '../features/finance/server/finance-provider.ts';
import { paymentsFromEnv } from '../features/reservations/server/payments/from-env.ts';
import { createFetchServer } from './node-adapter.ts';
import { redactUrls } from '../lib/redact.ts';
import { startRuntime } from './runtime.ts';

/** The API server's own port when neither --port nor PORT says (npm start serves it on 4321 with the sites). */
const API_SERVER_PORT = '8787';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: readEnv(processEnv(), 'PORT') || API_SERVER_PORT },
    data: { type: 'string' },
    dealers: { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (0-65535), not "${values.port}".`);
  process.exit(1);
}

try {
  // Read first, so that a wrong value stops the start before the database opens.
  const limits = connectionLimitsFromEnv(processEnv());
  const content = await apiContent(processEnv(), values.dealers && path.resolve(values.dealers));
  const dealers = content.dealers;
  if (!readEnv(processEnv(), 'FINANCE_PROVIDER_URL'))
    console.warn('warning: FINANCE_PROVIDER_URL is not set; finance applications go to the local stand-in address.');
  const runtime = await startRuntime({
    dealers,
    dataDir: dataDirFrom(values.data),
    openEmbedded: openPglite,
    financeProvider: financeProviderFromEnv(processEnv()),
    payments: paymentsFromEnv(processEnv()),
    log: (line) => console.log(line),
  });
  const server = createFetchServer(runtime.app.fetch, { origin: `http://localhost:${port}`, limits });
  server.listen(port, () => {
    const { port: actual } = server.address() as AddressInfo;
    console.log(
      `API for ${dealers.length} dealer${dealers.length === 1 ? '' : 's'} (from ${content.from}) on http://localhost:${actual}/api/health (${runtime.database})`,
    );
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.close();
      server.closeAllConnections();
      void runtime.close().finally(() => process.exit(0));
    });
  }
} catch (e) {
  console.error(`The API could not start: ${redactUrls((e as Error).message)}`);
  process.exit(1);
}
