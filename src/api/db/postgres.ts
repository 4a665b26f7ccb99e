/** A PostgreSQL server through node-postgres: a connection pool, one client per transaction. */
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { Db } from '../deps.ts';

export interface PostgresOptions {
  connectionString: string;
  /** search_path for every connection (tests give each run its own schema). */
  schema?: string;
  max?: number;
}

function lastRows<T>(result: QueryResult<T> | QueryResult<T>[]): { rows: T[] } {
  // A parameterless query may hold several statements; node-postgres then answers with a list.
  const last = Array.isArray(result) ? result.at(-1) : result;
  return { rows: last?.rows ?? [] };
}

function clientDb(client: PoolClient): Db {
  const db: Db = {
    query: async <T>(sql: string, params?: unknown[]) => lastRows(await client.query<T>(sql, params?.length ? params : undefined)),
    transaction: (fn) => fn(db),
    close: async () => {},
  };
  return db;
}

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const { default: pg } = await import('pg');
  if (options.schema && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`Bad schema name "${options.schema}".`);
  const pool: Pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  let closed = false;
  return {
    parallel: true,
    query: async <T>(sql: string, params?: unknown[]) => {
      if (closed) throw new Error('The database connection is closed.');
      return lastRows(await pool.query<T>(sql, params?.length ? params : undefined));
    },
    transaction: async (fn) => {
      if (closed) throw new Error('The database connection is closed.');
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        // A client whose rollback fails is broken: destroy it rather than return it to the pool.
        await client.query('ROLLBACK').then(() => client.release(), (e: Error) => client.release(e));
        throw error;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
