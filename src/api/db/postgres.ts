/**
 * A PostgreSQL server through node-postgres: a connection pool, one client per transaction.
 *
 * Faults fail the request that met them, never the process: every client has an 'error'
 * listener while it is checked out (the pool listens while it is idle), a lost or timed-out
 * client is destroyed rather than returned to the pool, and the pool connects afresh on the
 * next request, so the API recovers by itself when the server returns. Every statement has a
 * time limit, enforced by the server (statement_timeout) and by the client (a read timeout a
 * little longer, for a server that no longer answers at all); a connection has one too.
 * Errors that mean the server is away are thrown as DatabaseUnavailableError.
 */
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { Db } from '../core/deps.ts';
import { missingDriver } from './driver.ts';
import { classifyDbError, unavailableReason } from './errors.ts';

export interface PostgresOptions {
  connectionString: string;
  /** search_path for every connection (tests give each run its own schema). */
  schema?: string;
  max?: number;
  /** Longest a statement may run (default DEFAULT_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** Longest wait for a connection, new or from the pool (default DEFAULT_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** application_name in pg_stat_activity (default APPLICATION_NAME). */
  applicationName?: string;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
/** The name the API's connections carry in pg_stat_activity. */
export const APPLICATION_NAME = 'dealer-sites-api';
/** The client gives up this long after the server should have cancelled a statement itself. */
const READ_TIMEOUT_SLACK_MS = 1_000;
/** Maintenance work (migrations, indexing, purges) may take this long per statement. */
const MAINTENANCE_TIMEOUT_MS = 60 * 60_000;

function lastRows<T>(result: QueryResult<T> | QueryResult<T>[]): { rows: T[] } {
  // A parameterless query may hold several statements; node-postgres then answers with a list.
  const last = Array.isArray(result) ? result.at(-1) : result;
  return { rows: last?.rows ?? [] };
}

/**
 * Holds a checked-out client: listens for its connection errors (an unheard 'error' event
 * would end the process) and releases it once, destroying it when it failed.
 */
function checkout(client: PoolClient) {
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  return {
    get lost() {
      return lost;
    },
    release(error?: Error) {
      client.removeListener('error', onError);
      client.release(error ?? lost);
    },
  };
}

/** A Db on one checked-out client; `transaction` opens one, or joins the one already open. */
function clientDb(client: PoolClient, queryTimeoutMs?: number, inTransaction = true): Db {
  const query = async <T>(sql: string, params?: unknown[]) => {
    const values = params?.length ? params : undefined;
    try {
      return lastRows(
        await (queryTimeoutMs
          ? client.query<T>({ text: sql, values, query_timeout: queryTimeoutMs })
          : client.query<T>(sql, values)),
      );
    } catch (error) {
      throw classifyDbError(error);
    }
  };
  const db: Db = {
    parallel: true,
    query,
    transaction: inTransaction ? (fn) => fn(db) : (fn) => runTransaction(clientDb(client, queryTimeoutMs), fn),
    maintenance: (fn) => fn(db),
    close: async () => {},
  };
  return db;
}

/**
 * BEGIN, fn, COMMIT on `client`; ROLLBACK when fn throws. Throws fn's (or COMMIT's) error, and
 * calls `broken` when the client must not be used again (its connection failed, or it could not
 * roll back).
 */
async function runTransaction<T>(
  tx: Db,
  fn: (tx: Db) => Promise<T>,
  broken: (e: Error) => void = () => {},
): Promise<T> {
  let result: T;
  try {
    await tx.query('BEGIN');
    result = await fn(tx);
    await tx.query('COMMIT');
    return result;
  } catch (error) {
    // A lost connection has nothing to roll back: the server ends the transaction itself.
    if (unavailableReason(error)) broken(error as Error);
    else await tx.query('ROLLBACK').catch((e: Error) => broken(e));
    throw classifyDbError(error);
  }
}

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const { default: pg } = await import('pg').catch((e: unknown) => {
    throw missingDriver(e, 'pg', 'DATABASE_URL');
  });
  if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema))
    throw new Error(`Bad schema name "${options.schema}".`);
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool: Pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    application_name: options.applicationName ?? APPLICATION_NAME,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + READ_TIMEOUT_SLACK_MS,
    // A transaction left open by a client that vanished must not hold its locks for long.
    idle_in_transaction_session_timeout: Math.max(10_000, statementTimeout * 2),
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) =>
    console.error(`PostgreSQL connection lost: ${unavailableReason(error) ?? error.message}`),
  );

  let closed = false;
  const open = () => {
    if (closed) throw new Error('The database connection is closed.');
  };
  const connect = async () => {
    try {
      return await pool.connect();
    } catch (error) {
      throw classifyDbError(error);
    }
  };

  return {
    parallel: true,
    query: async <T>(sql: string, params?: unknown[]) => {
      open();
      try {
        return lastRows(await pool.query<T>(sql, params?.length ? params : undefined));
      } catch (error) {
        throw classifyDbError(error);
      }
    },
    transaction: async (fn) => {
      open();
      const client = await connect();
      const held = checkout(client);
      let broken: Error | undefined;
      try {
        return await runTransaction(clientDb(client), fn, (e) => {
          broken = e;
        });
      } finally {
        held.release(broken);
      }
    },
    maintenance: async (fn) => {
      open();
      const client = await connect();
      const held = checkout(client);
      try {
        await client.query('SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0');
        return await fn(clientDb(client, MAINTENANCE_TIMEOUT_MS, false));
      } catch (error) {
        throw classifyDbError(error);
      } finally {
        // The session's settings must not reach a request: this connection is not reused.
        held.release(new Error('maintenance connection'));
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
