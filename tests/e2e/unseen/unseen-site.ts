/**
 * The unseen dealer's site for its end-to-end spec: tests/fixtures/dealers-unseen built as
 * `npm run build -- --dealers` builds it, into a throwaway folder, and served with the real API
 * on PGlite, as api-setup.ts serves the samples: market-price estimates and the search index made
 * as the runtime makes them, valuations by the local model on E2E_VALUATION_DATE, the rego
 * lookup's real client against its stand-in, and the real Stripe client against the Stripe
 * stand-in, which posts its signed notifications back to the API over HTTP.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../../src/api/app.ts';
import { loadDealerFolder } from '../../../src/api/core/content.ts';
import { createFetchServer } from '../../../src/api/node-adapter.ts';
import { openDb } from '../../../src/api/db/index.ts';
import { migrate } from '../../../src/api/db/migrate.ts';
import type { Db } from '../../../src/api/core/deps.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { startServer, type RunningServer } from '../../../src/engine/serve/static-server.ts';
import { indexContent } from '../../../src/features/search/server/index-content.ts';
import { carsWithMarketPrices } from '../../../src/features/market-price/server/market-build.ts';
import { localValuationProvider } from '../../../src/features/valuation/server/valuation-provider.ts';
import { httpRegoProvider } from '../../../src/features/rego-lookup/server/rego-provider.ts';
import { stripePayments } from '../../../src/features/reservations/server/payments/stripe-payments.ts';
import { startRegoStandIn, type StandIn } from '../../../scripts/standins/rego-standin.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../scripts/standins/stripe-standin.ts';
import { startFinanceStandIn } from '../../../scripts/standins/finance-standin.ts';
import { httpFinanceProvider } from '../../../src/features/finance/server/finance-provider.ts';
import { E2E_VALUATION_DATE } from '../setup/api-setup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const UNSEEN_DEALERS_DIR = path.join(root, 'tests/fixtures/dealers-unseen');
const STRIPE_KEY = 'sk_test_unseen_dealer';
const STRIPE_SECRET = 'whsec_unseen_dealer';
const REGO_KEY = 'unseen-rego-key';
const FINANCE_KEY = 'unseen-finance-key';

export interface UnseenSite {
  dealer: DealerContent;
  origin: string;
  port: number;
  db: Db;
  stripe: StripeStandIn;
  close(): Promise<void>;
}

/** Runs scripts/build.ts in its own process; rejects with its output on failure. */
function build(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...args], {
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`The unseen dealer's build failed (exit ${code}).\n${output}`)),
    );
  });
}

export async function startUnseenSite(): Promise<UnseenSite> {
  const work = await mkdtemp(path.join(tmpdir(), 'unseen-dealer-e2e-'));
  const sites = path.join(work, 'sites');
  const opened: { close(): unknown }[] = [];
  const closeAll = async () => {
    for (const o of opened.reverse()) await o.close();
    await rm(work, { recursive: true, force: true });
  };
  try {
    await build(['--dealers', UNSEEN_DEALERS_DIR, '--out', sites, '--api-out', path.join(work, 'api')]);
    const dealers = await loadDealerFolder(UNSEEN_DEALERS_DIR);
    const dealer = dealers[0]!;
    const db = await openDb({ kind: 'pglite', dataDir: path.join(work, 'data') });
    opened.push(db);
    await migrate(db);
    // As the runtime prepares its database: the market estimates, then the search index.
    for (const d of dealers) d.cars = await carsWithMarketPrices(d, { asAt: new Date().toISOString().slice(0, 10) });
    await indexContent(db, dealers);
    const rego: StandIn = await startRegoStandIn({ apiKey: REGO_KEY });
    opened.push(rego);
    const stripe = await startStripeStandIn({ apiKey: STRIPE_KEY });
    opened.push(stripe);
    // A deal with finance and contact details applies through the finance hand-off.
    const finance = await startFinanceStandIn({ apiKey: FINANCE_KEY });
    opened.push(finance);
    const local = localValuationProvider();
    const app = createApp({
      db,
      dealers,
      now: () => new Date(),
      financeProvider: httpFinanceProvider({ baseUrl: finance.url, apiKey: FINANCE_KEY, timeoutMs: 10_000 }),
      valuationProvider: {
        describe: `${local.describe} on ${E2E_VALUATION_DATE}`,
        value: (input) => local.value({ ...input, asAt: E2E_VALUATION_DATE }),
      },
      regoProvider: httpRegoProvider({ baseUrl: rego.url, apiKey: REGO_KEY }),
      payments: stripePayments({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_SECRET, apiBase: stripe.url }),
      destinations: () => [{ kind: 'file', dir: path.join(work, 'deliveries') }],
      rateLimits: {
        perIp: { max: 100_000, windowMs: 60_000 },
        searchPerIp: { max: 100_000, windowMs: 60_000 },
        valuationPerIp: { max: 100_000, windowMs: 60_000 },
        reservationsPerIp: { max: 100_000, windowMs: 60_000 },
      },
      holdLimits: { perIp: 1_000, perContact: 1_000, perDealer: 1_000, startsPerIpPerDay: 1_000 },
    });
    const server: RunningServer = await startServer({
      sitesDir: sites,
      dealersDir: UNSEEN_DEALERS_DIR,
      port: 0,
      api: app.fetch,
    });
    opened.push(server);
    const apiServer: Server = createFetchServer(app.fetch, { origin: 'http://127.0.0.1' });
    await new Promise<void>((r) => apiServer.listen(0, '127.0.0.1', r));
    opened.push({ close: () => new Promise((r) => apiServer.close(r)) });
    stripe.setWebhook(
      `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}/api/payments/webhook`,
      STRIPE_SECRET,
    );
    return {
      dealer,
      origin: server.siteOrigin(dealer.slug),
      port: server.port,
      db,
      stripe,
      close: closeAll,
    };
  } catch (e) {
    await closeAll();
    throw e;
  }
}
