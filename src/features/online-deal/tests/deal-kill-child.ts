/**
 * One step of an online deal in a process of its own, for the kill test (deal-kill.test.ts), on
 * the database of DEAL_DB_URL for the sample dealer DEAL_SITE, with its lead going to the ADF
 * receiver DEAL_ADF_URL and its events to the deal webhook DEAL_HOOK_URL (signed with
 * DEAL_HOOK_SECRET):
 *   DEAL_STEP=send     sends the deal of DEAL_TOKEN with the shopper's details (updateDeal, submit)
 *   DEAL_STEP=change   changes its finance part (a "deal.updated" event)
 *   DEAL_STEP=deliver  delivers what the outbox holds due at DEAL_NOW (deliverDue)
 * With DEAL_PAUSE=before-commit it prints "paused" once the step's transaction has done its work
 * and waits before committing; with DEAL_PAUSE=after-commit, once it has committed, before the
 * step ends. The test SIGKILLs it there. Otherwise it prints the step's outcome as one JSON line.
 */
import { openPostgres } from '../../../api/db/postgres.ts';
import type { ApiDeps, Db } from '../../../api/core/deps.ts';
import { loadDealers } from '../../../content/load.ts';
import { deliverDue } from '../../leads/server/outbox/deliver.ts';
import { startFinanceStandIn } from '../../../../scripts/standins/finance-standin.ts';
import { httpFinanceProvider } from '../../finance/server/finance-provider.ts';
import { updateDeal } from '../server/service.ts';
import { dealByToken } from '../server/store.ts';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const pause = process.env.DEAL_PAUSE;
const paused = () =>
  new Promise<never>(() => {
    process.stdout.write('paused\n');
    setInterval(() => {}, 60_000);
  });

/** The database, holding the step where DEAL_PAUSE says. */
function pausing(db: Db): Db {
  return {
    parallel: db.parallel,
    query: (sql, params) => db.query(sql, params),
    async transaction(fn) {
      const result = await db.transaction(async (tx) => {
        const done = await fn(tx);
        if (pause === 'before-commit') await paused();
        return done;
      });
      if (pause === 'after-commit') await paused();
      return result;
    },
    close: () => db.close(),
  };
}

const site = need('DEAL_SITE');
const { dealers } = await loadDealers('dealers', { only: [site] });
const dealer = dealers.find((d) => d.slug === site)!;
const db = await openPostgres({ connectionString: need('DEAL_DB_URL'), max: 4 });
const now = process.env.DEAL_NOW ? new Date(process.env.DEAL_NOW) : new Date();
// A deal with finance and contact details applies through the finance hand-off: the stand-in,
// in this process, so a kill takes it down with the change it serves.
const finance = await startFinanceStandIn({ apiKey: 'kill-key' });
const deps: ApiDeps = {
  db: pausing(db),
  dealers,
  now: () => now,
  financeProvider: httpFinanceProvider({ baseUrl: finance.url, apiKey: 'kill-key', timeoutMs: 10_000 }),
  destinations: () => [{ kind: 'adf', url: need('DEAL_ADF_URL') }],
  dealWebhook: () => ({ url: need('DEAL_HOOK_URL'), secret: need('DEAL_HOOK_SECRET') }),
  rateLimits: {
    perIp: { max: 1_000, windowMs: 60_000 },
    perSite: { max: 1_000, windowMs: 60_000 },
    financePerIp: { max: 1_000, windowMs: 60_000 },
    searchPerIp: { max: 1_000, windowMs: 60_000 },
  },
};
try {
  const step = need('DEAL_STEP');
  let outcome: unknown;
  if (step === 'deliver') {
    outcome = await deliverDue(deps, { sendTimeoutMs: 10_000 });
  } else {
    const row = await dealByToken(db, site, need('DEAL_TOKEN'));
    if (!row) throw new Error('no such deal');
    const update =
      step === 'send'
        ? {
            token: need('DEAL_TOKEN'),
            contact: {
              first_name: 'Mia',
              last_name: 'Nguyen',
              email: 'mia@example.com',
              phone: '0412 345 678',
              privacy_consent: true,
            },
            submit: true,
          }
        : { token: need('DEAL_TOKEN'), finance: { deposit: 3000, term: 5, frequency: 'Monthly' as const } };
    outcome = await updateDeal(deps, dealer, row, update);
  }
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
} finally {
  await db.close();
  await finance.close();
}
