/**
 * Starting the API for real: the database (PGlite in the data folder, or DATABASE_URL), its
 * migrations, the search index of the dealers' cars and offers, lead destinations from the
 * environment, and the outbox worker on an interval.
 * Used by `npm start`, the Node entry (server.ts) and the serverless handler.
 */
import type { DealerContent } from '../content/load.ts';
import { createApp, type ApiApp } from './app.ts';
import { dbConfigFrom, describeDb, openDb } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import type { ApiDeps, Db } from './deps.ts';
import type { FinanceProvider } from './integrations/finance-provider.ts';
import { deliverDue, type DeliverReport } from './outbox/deliver.ts';
import { destinationsFromEnv, type Env } from './outbox/destinations.ts';
import { indexContent } from './search/index-content.ts';

export const WORKER_INTERVAL_MS = 5_000;

export interface RuntimeOptions {
  dealers: DealerContent[];
  dataDir: string;
  financeProvider: FinanceProvider;
  env?: Env;
  /** Outbox polling; false for none (a serverless function delivers from a scheduled call). */
  workerIntervalMs?: number | false;
  log?: (line: string) => void;
  /** An open database (tests); otherwise opened from env and dataDir. */
  db?: Db;
}

export interface Runtime {
  app: ApiApp;
  deps: ApiDeps;
  /** "PGlite in .data", "PostgreSQL at host/db". */
  database: string;
  /** Delivers every due outbox row now (batches until none is due). */
  deliver(): Promise<DeliverReport>;
  close(): Promise<void>;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  const config = dbConfigFrom(options.dataDir, env);
  const destinations = destinationsFromEnv(options.dealers.map((d) => d.slug), env, options.dataDir);
  const db = options.db ?? (await openDb(config));
  try {
    const migrated = await migrate(db);
    if (migrated.applied.length) log(`Database migrated: ${migrated.applied.join(', ')}`);
    for (const name of migrated.changed) log(`warning: migration ${name} changed after it was applied; add a new migration instead`);
    // The search index follows the content the API serves: stock changes need no site rebuild.
    const indexed = await indexContent(db, options.dealers);
    const cars = indexed.reduce((n, r) => n + r.cars, 0);
    const offers = indexed.reduce((n, r) => n + r.offers, 0);
    const unchanged = indexed.filter((r) => !r.changed).length;
    log(`Search index: ${cars} cars and ${offers} offers of ${indexed.length} dealer(s)${unchanged ? `, ${unchanged} unchanged since last indexed` : ''}`);
  } catch (e) {
    await db.close();
    throw e;
  }

  let running: Promise<DeliverReport> | undefined;
  let again = false;
  const deps: ApiDeps = {
    db,
    dealers: options.dealers,
    now: () => new Date(),
    financeProvider: options.financeProvider,
    destinations,
    onLeadCompleted: () => void deliver().catch(() => {}),
  };

  /** One run at a time; a request made during a run starts another when it ends. */
  function deliver(): Promise<DeliverReport> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: DeliverReport = { claimed: 0, delivered: 0, retrying: 0, failed: 0 };
      do {
        again = false;
        for (;;) {
          const r = await deliverDue(deps);
          total.claimed += r.claimed;
          total.delivered += r.delivered;
          total.retrying += r.retrying;
          total.failed += r.failed;
          if (r.retrying || r.failed) log(`Lead delivery: ${r.retrying} to retry, ${r.failed} failed for good (see outbox.last_error)`);
          if (r.claimed < 20) break;
        }
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const interval = options.workerIntervalMs ?? WORKER_INTERVAL_MS;
  const timer = interval === false ? undefined : setInterval(() => {
    deliver().catch((e: Error) => log(`Lead delivery stopped: ${e.message}`));
  }, interval);
  timer?.unref();

  return {
    app: createApp(deps),
    deps,
    database: describeDb(config),
    deliver,
    close: async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
      await db.close();
    },
  };
}
