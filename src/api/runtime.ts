/**
 * Starting the API for real: the database (PGlite in the data folder, or DATABASE_URL), its
 * migrations, the search index of the dealers' cars and offers, lead destinations and the lead
 * retention policy from the environment, and the outbox worker on an interval, which also sends
 * the mail outbox (mail/outbox.ts: alerts, reservation receipts) every run, so mail queued by
 * any instance, or left by one that crashed, goes out within WORKER_INTERVAL_MS.
 * Used by `npm start`, the Node entry (server.ts) and the serverless handler. The embedded
 * database is opened only with the opener the caller passes (openEmbedded), so that code which
 * never passes it, the serverless platforms' entries, leaves PGlite out (db/open.ts).
 */
import { dealWebhooksFromEnv } from '../features/online-deal/server/webhook-config.ts';
import type { DealerContent } from '../content/load.ts';
import { dealerEnvName, processEnv } from '../config/env.ts';
import { createApp, type ApiApp } from './app.ts';
import { dbConfigFrom, describeDb, openDatabase, type OpenEmbedded } from './db/open.ts';
import { rateLimitsFromEnv, type ApiDeps, type Db } from './core/deps.ts';
import { allowedOriginsFromEnv } from './core/guard.ts';
import type { FinanceProvider } from '../features/finance/server/finance-provider.ts';
import { valuationProviderFromEnv, type ValuationProvider } from '../features/valuation/server/valuation-provider.ts';
import { historyProviderFromEnv } from '../features/vehicle-history/server/history-provider.ts';
import { historyRuns } from '../features/vehicle-history/server/history-runs.ts';
import { regoProviderFromEnv } from '../features/rego-lookup/server/rego-provider.ts';
import type { Payments } from '../features/reservations/server/payments/payments.ts';
import { holdLimitsFromEnv } from '../features/reservations/server/limits.ts';
import type { PurgeReport } from '../features/leads/server/purge-report.ts';
import { retentionFromEnv } from '../features/leads/server/retention.ts';
import {
  OutboxWorker,
  emptyReport,
  type DeliverOptions,
  type DeliverReport,
} from '../features/leads/server/outbox/deliver.ts';
import {
  deliveriesDir,
  destinationsFromEnv,
  envSuffix,
  type Env,
} from '../features/leads/server/outbox/destinations.ts';
import { useImportedStock } from '../features/stock/server/store.ts';
import { alertScheduler, type AlertDeps, type AlertReport } from '../features/saved-searches/server/run.ts';
import { mailerFromEnv, senderAddress, type Mailer } from './mail/mailer.ts';
import { deliverMail, describeMailDelivery, type MailDeliverReport } from './mail/outbox.ts';
import { buildHooksFromEnv } from './integrations/build-hook.ts';
import { buildHookQueue, type BuildHookReport } from './integrations/build-hook-queue.ts';
import { refuseSharedSettings } from '../content/dealer-settings.ts';
import {
  alertRuns,
  prepareDatabase,
  purgeOnce,
  marketPriceRuns,
  releaseReservations,
  stockRefresher,
  PURGE_INTERVAL_MS,
} from './runtime-tasks.ts';

export const WORKER_INTERVAL_MS = 5_000;
export interface RuntimeOptions {
  dealers: DealerContent[];
  dataDir: string;
  financeProvider: FinanceProvider;
  /** Defaults to VALUATION_PROVIDER_URL's client, else the local model (valuationProviderFromEnv). */
  valuationProvider?: ValuationProvider;
  env?: Env;
  /** Outbox polling; false for none (a serverless function delivers from a scheduled call). */
  workerIntervalMs?: number | false;
  log?: (line: string) => void;
  /** An open database (tests); otherwise opened from env and dataDir. */
  db?: Db;
  /** How often a request may reload imported stock another instance changed (STOCK_REFRESH_MS). */
  stockRefreshMs?: number;
  /** The delivery's slots and send time budget (tests use a short one); the worker's defaults otherwise. */
  delivery?: Pick<DeliverOptions, 'limit' | 'perDestination' | 'sendTimeoutMs'>;
  /**
   * Opens PGlite when DATABASE_URL is not set (db/index.ts openPglite); without it, a start
   * without DATABASE_URL fails naming it (db/open.ts NO_EMBEDDED_DATABASE).
   */
  openEmbedded?: OpenEmbedded;
  /** Deposits for reservations; none: the reservation routes answer 503 (payments/from-env.ts). */
  payments?: Payments;
  /** Sends the saved-search emails; defaults to SMTP_URL's server, else .eml files under dataDir/mail. */
  mailer?: Mailer;
  /** How long after a stock import its alerts run (ALERT_DELAY_MS of alerts/run.ts). */
  alertDelayMs?: number;
  /** Also told of each stock change (npm start rebuilds the dealer's site). */
  onStockChanged?: (slug: string) => void;
  /** How long after a dealer's last stock change its build hook is called (BUILD_HOOK_QUIET_MS). */
  buildHookQuietMs?: number;
}

export interface DeliveryRun extends DeliverReport {
  /** What the retention policy erased and deleted, when this run applied it. */
  purged?: PurgeReport;
  /** Reservations whose checkout expired or whose hold ended in this run. */
  released?: number;
  /** The saved-search alerts this run sent, when it ran them. */
  alerts?: AlertReport;
  /** The stock build hooks this run called (STOCK_BUILD_HOOK_URL), when any dealer has one. */
  buildHooks?: BuildHookReport;
  /** The mail outbox's due mail this run sent (alerts, receipts). */
  mail?: MailDeliverReport;
}

export interface Runtime {
  app: ApiApp;
  deps: ApiDeps;
  /** "PGlite in .data", "PostgreSQL at host/db". */
  database: string;
  /**
   * Delivers every due outbox row now, and applies the lead retention policy when it has not
   * for PURGE_INTERVAL_MS. A call during a run joins it: the run claims what has become due
   * (a lead just completed) as soon as its destination has a free slot.
   */
  deliver(): Promise<DeliveryRun>;
  /**
   * The delivery run under way, if any: a serverless entry hands it to the platform's
   * `waitUntil`, so a lead completed by a request is sent after the answer without the instance
   * being frozen halfway.
   */
  pendingDelivery(): Promise<DeliveryRun> | undefined;
  /** Resolves when no saved-search alert run is waiting for its delay or running (tests). */
  alertsIdle(): Promise<void>;
  /**
   * Resolves once the stock changes seen so far are recorded for their build hooks: a serverless
   * entry waits for it before answering, so a function frozen after the answer loses no call.
   */
  stockChangesRecorded(): Promise<void>;
  close(): Promise<void>;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  // Before anything opens: two dealers sharing STOCK_FEED_SECRET_<SUFFIX> and the like would share keys.
  refuseSharedSettings(options.dealers.map((d) => d.slug));
  const env = options.env ?? processEnv();
  const log = options.log ?? (() => {});
  const config = dbConfigFrom(options.dataDir, env);
  const slugs = options.dealers.map((d) => d.slug);
  const destinations = destinationsFromEnv(slugs, env, options.dataDir);
  const dealWebhook = dealWebhooksFromEnv(slugs, env);
  const retention = retentionFromEnv(slugs, env);
  const rateLimits = rateLimitsFromEnv(env);
  const allowedOrigins = allowedOriginsFromEnv(env);
  const valuationProvider = options.valuationProvider ?? valuationProviderFromEnv(env);
  const mailer = options.mailer ?? mailerFromEnv(env, options.dataDir);
  const hookOf = buildHooksFromEnv(slugs, env);
  const db = options.db ?? (await openDatabase(config, options.openEmbedded));
  const marketPrices = marketPriceRuns(db, options.dealers, env, { log });
  const historyProvider = historyProviderFromEnv(env);
  // History checks of fed stock run after its import, never inside it (vehicle-history/server/history-runs.ts).
  const historyChecks = historyRuns(db, options.dealers, historyProvider, { log });
  await prepareDatabase(db, options.dealers, log, marketPrices);

  const localModel = valuationProvider.describe === 'local model';
  log(
    `Valuations: ${localModel ? 'the local depreciation model (set VALUATION_PROVIDER_URL and VALUATION_API_KEY for a valuation service)' : valuationProvider.describe}`,
  );

  log(
    `Saved-search emails: ${mailer.describe}${mailer.describe.startsWith('SMTP') ? '' : ' (set SMTP_URL to send them)'}`,
  );

  let running: Promise<DeliveryRun> | undefined;
  let again = false;
  let purgedAt: number | undefined;
  const deps: ApiDeps = {
    db,
    dealers: options.dealers,
    now: () => new Date(),
    rateLimits,
    allowedOrigins,
    financeProvider: options.financeProvider,
    valuationProvider,
    historyProvider,
    regoProvider: regoProviderFromEnv(env),
    destinations,
    dealWebhook,
    deliveriesDir: (slug) => deliveriesDir(options.dataDir, slug),
    onLeadCompleted: () => void deliver().catch(() => {}),
    // A deposit's receipt or refund notice goes out with the run its lead starts, or this one.
    onMailQueued: () => void deliver().catch(() => {}),
    stockSecret: (slug) => env[dealerEnvName('STOCK_FEED_SECRET', envSuffix(slug))] || undefined,
    beforeRequest: () => refreshStock(),
    payments: options.payments,
    holdLimits: holdLimitsFromEnv(env),
    onStockChanged: (slug) => {
      const dealer = options.dealers.find((d) => d.slug === slug);
      if (dealer)
        useImportedStock(db, [dealer]).catch((e: Error) => log(`Stock of ${slug}: reloading failed: ${e.message}`));
      alerts.schedule(slug);
      void marketPrices.afterImport(slug);
      void historyChecks.afterImport(slug);
      buildHooks.changed(slug);
      options.onStockChanged?.(slug);
    },
    mailer,
    mailFrom: (dealer) => senderAddress(env, dealer.site.url),
  };
  const alertDeps: AlertDeps = {
    db,
    dealers: options.dealers,
    mailer,
    now: () => deps.now(),
    mailFrom: deps.mailFrom!,
  };
  const { alertsOf, dueAlerts } = alertRuns(alertDeps, log);
  const buildHooks = buildHookQueue({
    db,
    hookOf,
    now: () => deps.now(),
    log,
    quietMs: options.buildHookQuietMs,
  });
  const anyBuildHook = options.dealers.some((d) => hookOf(d.slug));
  const alerts = alertScheduler(async (slug) => {
    await alertsOf([slug]);
  }, options.alertDelayMs);
  const refreshStock = await stockRefresher(db, options.dealers, log, options.stockRefreshMs);

  // One worker for the runtime's life: its slots are per destination, so a receiver that hangs
  // holds its own sends only, and a lead completed meanwhile is claimed and sent at once.
  const worker = new OutboxWorker(deps, { ...options.delivery, log });

  async function purge(): Promise<PurgeReport | undefined> {
    purgedAt = Date.now();
    const report = await purgeOnce(
      db,
      { retention, now: deps.now(), dataDir: options.dataDir, dealers: options.dealers },
      log,
    );
    // What a run leaves over (after a long pause, or on the first start) follows on the next one.
    if (report?.more) purgedAt = undefined;
    return report;
  }

  /**
   * One run at a time. A request made during a run wakes its worker to claim what is due now,
   * and, when it came after the deliveries had ended, starts another round once the run ends.
   */
  function deliver(): Promise<DeliveryRun> {
    if (running) {
      again = true;
      worker.poke();
      return running;
    }
    running = (async () => {
      const total: DeliveryRun = emptyReport();
      do {
        again = false;
        const r = await worker.run();
        total.claimed += r.claimed;
        total.delivered += r.delivered;
        total.retrying += r.retrying;
        total.failed += r.failed;
        total.deferred += r.deferred;
        if (r.retrying || r.failed)
          log(`Lead delivery: ${r.retrying} to retry, ${r.failed} failed for good (see outbox.last_error)`);
        total.released = (total.released ?? 0) + (await releaseReservations(db, deps.now(), log));
        // After the deliveries, so a purge never delays a lead; once per run at most.
        if (!total.purged && (purgedAt === undefined || Date.now() - purgedAt >= PURGE_INTERVAL_MS))
          total.purged = await purge();
        total.alerts ??= await dueAlerts();
        // The alert runs send their own mail; this sends what else is due (never throws).
        total.mail ??= await deliverMail({ db, mailer, now: () => deps.now(), log }).then((r) => {
          const line = describeMailDelivery(r);
          if (line) log(line);
          return r;
        });
        if (anyBuildHook) total.buildHooks ??= await buildHooks.callDue();
        void marketPrices.due();
        void historyChecks.due();
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const interval = options.workerIntervalMs ?? WORKER_INTERVAL_MS;
  const timer =
    interval === false
      ? undefined
      : setInterval(() => {
          deliver().catch((e: Error) => log(`Lead delivery stopped: ${e.message}`));
        }, interval);
  timer?.unref();

  return {
    app: createApp(deps),
    deps,
    database: describeDb(config),
    deliver,
    pendingDelivery: () => running,
    alertsIdle: () => alerts.idle(),
    stockChangesRecorded: () => buildHooks.written(),
    close: async () => {
      if (timer) clearInterval(timer);
      alerts.close();
      await alerts.idle();
      await Promise.all([running?.catch(() => {}), marketPrices.idle(), historyChecks.idle()]);
      await buildHooks.written();
      await db.close();
    },
  };
}
