/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in a data folder, or in
 * memory. One process at a time may open a data folder; a lock file says which one has it.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Db } from '../core/deps.ts';
import { missingDriver } from './driver.ts';

type Runner = Pick<Transaction, 'query' | 'exec'>;

/** Parameterless SQL runs as a simple query, so a migration file may hold several statements. */
async function run<T>(runner: Runner, sql: string, params?: unknown[]): Promise<{ rows: T[] }> {
  if (params?.length) return { rows: (await runner.query<T>(sql, params)).rows };
  const results = await runner.exec(sql);
  return { rows: (results.at(-1)?.rows ?? []) as T[] };
}

function transactionDb(tx: Transaction): Db {
  const db: Db = {
    query: (sql, params) => run(tx, sql, params),
    // PGlite has one connection: a nested transaction joins the outer one.
    transaction: (fn) => fn(db),
    close: async () => {},
  };
  return db;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The data folder is open in another process, which still runs (its pid is in the lock file). */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;

  constructor(dataDir: string, pid: number, options?: ErrorOptions) {
    super(
      `The database in ${dataDir} is open in another process (pid ${pid}, perhaps npm start). ` +
        'Stop that process first, or use a PostgreSQL server through DATABASE_URL.',
      options,
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/** Takes `<dataDir>/pglite.lock`, clearing one left by a process that no longer runs. */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let tries = 0; tries < 2; tries++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (owner && isAlive(owner)) throw new DataDirInUseError(dataDir, owner, { cause: e });
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database in ${dataDir}.`);
}

/** Opens PGlite in `dataDir` (created when missing), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Db> {
  let unlock = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let pg: PGlite;
  try {
    const [{ PGlite }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]).catch((e: unknown) => {
      throw missingDriver(e, '@electric-sql/pglite', 'The embedded database (used when DATABASE_URL is not set)');
    });
    // pg_trgm finds the words a misspelt search word may stand for (migration 0008).
    pg = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, { extensions: { pg_trgm } });
    // Every page PGlite reads is in memory: a random read costs about what a sequential one
    // does, and the default (4, for disks) makes the planner scan a whole table where the
    // full-text index finds a search's few hundred matches in a third of the time.
    await pg.exec('SET random_page_cost = 1.1');
  } catch (e) {
    await unlock();
    throw e;
  }
  return {
    query: (sql, params) => run(pg, sql, params),
    transaction: (fn) => pg.transaction((tx) => fn(transactionDb(tx))),
    close: async () => {
      if (!pg.closed) await pg.close();
      await unlock();
    },
  };
}
