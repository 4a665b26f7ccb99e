/**
 * Databases and API deps for the api-* tests. Every test file gets fresh databases: PGlite in
 * memory always, and a PostgreSQL schema of its own when TEST_DATABASE_URL is set (dropped by
 * `cleanup`), so test files running in parallel never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { openDb } from '../../src/api/db/index.ts';
import { openPostgres } from '../../src/api/db/postgres.ts';
import { migrate } from '../../src/api/db/migrate.ts';
import type { ApiDeps, Db, Destination } from '../../src/api/core/deps.ts';
import type { FinanceProvider } from '../../src/features/finance/server/finance-provider.ts';
import { loadDealers, type DealerContent } from '../../src/content/load.ts';

export interface TestDb {
  db: Db;
  /** Closes the database (if still open) and drops what the test created. */
  cleanup(): Promise<void>;
}

export interface TestDatabase {
  label: 'PGlite' | 'PostgreSQL';
  /** A fresh, empty database; migrated unless `migrated: false`. */
  open(options?: { migrated?: boolean }): Promise<TestDb>;
}

const url = process.env.TEST_DATABASE_URL;

async function openPglite(): Promise<TestDb> {
  const db = await openDb({ kind: 'memory' });
  return { db, cleanup: () => db.close() };
}

/** A new schema on the test server; `connect` opens another pool on the same schema. */
export async function openPostgresSchema(): Promise<TestDb & { schema: string; connect(): Promise<Db> }> {
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres({ connectionString: url!, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const pools: Db[] = [];
  const connect = async () => {
    const db = await openPostgres({ connectionString: url!, schema, max: 20 });
    pools.push(db);
    return db;
  };
  const db = await connect();
  return {
    db,
    schema,
    connect,
    cleanup: async () => {
      for (const p of pools) await p.close().catch(() => {});
      const drop = await openPostgres({ connectionString: url!, max: 1 });
      await drop.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await drop.close();
    },
  };
}

export const testDatabases: TestDatabase[] = [
  { label: 'PGlite', open: async (o) => withMigrations(await openPglite(), o) },
  ...(url
    ? [
        {
          label: 'PostgreSQL' as const,
          open: async (o?: { migrated?: boolean }) => withMigrations(await openPostgresSchema(), o),
        },
      ]
    : []),
];

async function withMigrations<T extends TestDb>(t: T, options: { migrated?: boolean } = {}): Promise<T> {
  if (options.migrated !== false) await migrate(t.db);
  return t;
}

let dealers: Promise<DealerContent[]> | undefined;

/** The fixture dealers (tests/fixtures/dealers), loaded once per test file. */
export function fixtureDealers(): Promise<DealerContent[]> {
  dealers ??= loadDealers('tests/fixtures/dealers').then((r) => {
    if (r.errors.length) throw new Error(JSON.stringify(r.errors, null, 2));
    return r.dealers;
  });
  return dealers;
}

export const unusedFinanceProvider: FinanceProvider = {
  apply: () => Promise.reject(new Error('the lead tests do not call the finance provider')),
  dealershipIdForLocation: () => Promise.reject(new Error('the lead tests do not call the finance provider')),
};

/** Deps with generous rate limits and two destinations per dealer (a webhook and ADF). */
export async function testDeps(db: Db, overrides: Partial<ApiDeps> = {}): Promise<ApiDeps> {
  const destinations: Destination[] = [
    { kind: 'webhook', url: 'http://127.0.0.1:9/hook', secret: 'test-secret' },
    { kind: 'adf', url: 'http://127.0.0.1:9/adf' },
  ];
  return {
    db,
    dealers: await fixtureDealers(),
    now: () => new Date(),
    financeProvider: unusedFinanceProvider,
    destinations: () => destinations,
    rateLimits: {
      perIp: { max: 100_000, windowMs: 60_000 },
      perSite: { max: 100_000, windowMs: 60_000 },
      financePerIp: { max: 100_000, windowMs: 60_000 },
      searchPerIp: { max: 100_000, windowMs: 60_000 },
    },
    // Every test shopper comes from one address: the unpaid-hold limits are tried on their own
    // (reservation-holds.test.ts).
    holdLimits: { perIp: 1_000, perContact: 1_000, perDealer: 1_000, startsPerIpPerDay: 1_000 },
    ...overrides,
  };
}
