/**
 * The real API behind the end-to-end server: a fresh database (PGlite in the run's temporary
 * folder, or a throwaway schema of TEST_DATABASE_URL's server), the dealers' content, the finance
 * stand-in on a free port, rate limits no suite can trip, valuations by the local model dated
 * E2E_VALUATION_DATE (so the valuation thank-you page shows the same figures and date every day,
 * as its visual baselines need), and no outbox delivery (the outbox rows stay pending, for the
 * tests to see). One reviews profile is a review ahead of the build
 * (reviews-seed.ts), as a live Google profile is after a build.
 *
 * The database lives in the Playwright runner's process, and PGlite admits one process, so the
 * tests read leads through a second, test-only HTTP server on its own port:
 *   GET /leads?site=SLUG  → the lead export's JSON records (lead_id, lead_status, values…)
 *   GET /outbox?lead=ID   → the outbox rows of one lead
 * It is never part of the sites' server and never mounted under /api.
 *
 * Saved-search emails are written as .eml files under <work>/mail/<slug>/ (E2E_MAIL_DIR), and one
 * dealer (E2E_STOCK_SLUG) takes signed stock pushes under E2E_STOCK_KEY; its alerts run a second
 * after each import, as `npm start` runs them within a minute.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '../../../src/api/app.ts';
import { loadDealerFolder } from '../../../src/api/core/content.ts';
import { openDb } from '../../../src/api/db/index.ts';
import { migrate } from '../../../src/api/db/migrate.ts';
import type { ApiDeps, Db } from '../../../src/api/core/deps.ts';
import { financeProviderFromEnv } from '../../../src/features/finance/server/finance-provider.ts';
import {
  localValuationProvider,
  type ValuationProvider,
} from '../../../src/features/valuation/server/valuation-provider.ts';
import { leadRecord, listLeads } from '../../../src/features/leads/server/export.ts';
import { indexContent } from '../../../src/features/search/server/index-content.ts';
import { carsWithMarketPrices } from '../../../src/features/market-price/server/market-build.ts';
import { alertScheduler, runAlerts } from '../../../src/features/saved-searches/server/run.ts';
import { fileMailer } from '../../../src/api/mail/mailer.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../scripts/standins/finance-standin.ts';
import { seedNewerReviews } from './reviews-seed.ts';
import { startRegoStandIn, type StandIn } from '../../../scripts/standins/rego-standin.ts';
import { httpRegoProvider } from '../../../src/features/rego-lookup/server/rego-provider.ts';

/** Far above what the suite sends from its one address in a minute. */
const E2E_RATE_LIMITS = {
  perIp: { max: 100_000, windowMs: 60_000 },
  perSite: { max: 100_000, windowMs: 60_000 },
  financePerIp: { max: 100_000, windowMs: 60_000 },
  searchPerIp: { max: 100_000, windowMs: 60_000 },
  valuationPerIp: { max: 100_000, windowMs: 60_000 },
  savedSearchesPerIp: { max: 100_000, windowMs: 60_000 },
};

/** The dealer that takes stock pushes in the suite (saved-search alerts), and its key. */
export const E2E_STOCK_SLUG = 'ridgeline-mazda';
export const E2E_STOCK_KEY = 'e2e-stock-key';

/** The day every e2e valuation is for. */
export const E2E_VALUATION_DATE = '2026-07-01';

/** The local model, on E2E_VALUATION_DATE whatever the day. */
function e2eValuations(): ValuationProvider {
  const local = localValuationProvider();
  return {
    describe: `${local.describe} on ${E2E_VALUATION_DATE}`,
    value: (input) => local.value({ ...input, asAt: E2E_VALUATION_DATE }),
  };
}

export interface E2EApi {
  fetch: (request: Request) => Response | Promise<Response>;
  /** http://127.0.0.1:<port> of the test-only lead reader. */
  leadsUrl: string;
  financeUrl: string;
  /** Where saved-search emails are written: <mailDir>/<slug>/*.eml. */
  mailDir: string;
  database: string;
  close(): Promise<void>;
}

async function openTestDb(work: string): Promise<{ db: Db; database: string; drop?: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dataDir = path.join(work, 'data');
    return { db: await openDb({ kind: 'pglite', dataDir }), database: `PGlite in ${dataDir}` };
  }
  const schema = `e2e_${Date.now().toString(36)}_${process.pid}`;
  const admin = await openDb({ kind: 'postgres', url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDb({ kind: 'postgres', url, schema });
  return {
    db,
    database: `PostgreSQL schema ${schema}`,
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

function startLeadReader(db: Db): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://reader');
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    const answer = async () => {
      if (url.pathname === '/leads') {
        const site = url.searchParams.get('site') ?? '';
        const leads = await listLeads(db, site, { includeSpam: true });
        // The tests read a lead flat, as the dealer's CRM gets it: values and tracking beside the
        // lead's own fields, which win (the export nests them; see leadRecord).
        return send(
          200,
          leads.map((l) => {
            const { tracking, values, ...own } = leadRecord(l, true);
            return { ...tracking, ...values, ...own };
          }),
        );
      }
      if (url.pathname === '/outbox') {
        const { rows } = await db.query('SELECT * FROM outbox WHERE lead_id = $1', [url.searchParams.get('lead')]);
        return send(200, rows);
      }
      return send(404, { message: 'GET /leads?site=SLUG or /outbox?lead=ID' });
    };
    answer().catch((e: Error) => send(500, { message: e.message }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

export async function startE2EApi(dealersDir: string, work: string): Promise<E2EApi> {
  const dealers = await loadDealerFolder(dealersDir);
  // One review profile knows a review the build does not, for the reviews block to refresh from.
  seedNewerReviews(dealers);
  const opened = await openTestDb(work);
  let standIn: FinanceStandIn | undefined;
  let reader: Server | undefined;
  let rego: StandIn | undefined;
  try {
    await migrate(opened.db);
    // As the runtime does (prepareDatabase): the cars of dealers showing market prices get their estimates.
    for (const d of dealers) d.cars = await carsWithMarketPrices(d, { asAt: new Date().toISOString().slice(0, 10) });
    await indexContent(opened.db, dealers);
    standIn = await startFinanceStandIn({ port: 0 });
    // Find my car asks the rego lookup's stand-in through the real client.
    rego = await startRegoStandIn({ apiKey: 'e2e-rego-key' });
    const mailer = fileMailer(work);
    const mailFrom = () => 'no-reply@e2e.example';
    const db = opened.db;
    const alerts = alertScheduler(async (slug) => {
      const report = await runAlerts({ db, dealers, mailer, now: () => new Date(), mailFrom }, [slug]);
      for (const error of report.errors) console.error(error);
    }, 1_000);
    const deps: ApiDeps = {
      db: opened.db,
      dealers,
      now: () => new Date(),
      financeProvider: financeProviderFromEnv({}, { standInUrl: standIn.url }),
      valuationProvider: e2eValuations(),
      regoProvider: httpRegoProvider({ baseUrl: rego.url, apiKey: 'e2e-rego-key' }),
      // One file destination per dealer: a completed lead writes its outbox row, which nothing
      // delivers during the run, so the tests see exactly what a dealer would receive.
      destinations: (slug) => [{ kind: 'file', dir: path.join(work, 'deliveries', slug) }],
      rateLimits: E2E_RATE_LIMITS,
      mailer,
      mailFrom,
      stockSecret: (slug) => (slug === E2E_STOCK_SLUG ? E2E_STOCK_KEY : undefined),
      onStockChanged: (slug) => alerts.schedule(slug),
    };
    reader = await startLeadReader(opened.db);
    const app = createApp(deps);
    const leadsUrl = `http://127.0.0.1:${(reader.address() as AddressInfo).port}`;
    const running = { standIn, reader, rego };
    return {
      fetch: (request) => app.fetch(request),
      leadsUrl,
      financeUrl: standIn.url,
      mailDir: path.join(work, 'mail'),
      database: opened.database,
      close: async () => {
        alerts.close();
        await alerts.idle();
        running.reader.closeAllConnections();
        await new Promise<void>((done) => running.reader.close(() => done()));
        await running.standIn.close();
        await running.rego.close();
        await opened.db.close();
        await opened.drop?.();
      },
    };
  } catch (e) {
    reader?.close();
    await standIn?.close();
    await rego?.close();
    await opened.db.close();
    await opened.drop?.();
    throw e;
  }
}
