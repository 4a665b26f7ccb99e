/**
 * The database as the API sees it, whatever drives it (src/api/db/: PGlite or node-postgres).
 * It imports nothing, so every part of the API can name it.
 */
/** The one database interface: PostgreSQL SQL with `$1`-style parameters (PGlite or node-postgres). */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** True when statements run in parallel (a server's connection pool); PGlite runs them in turn. */
  readonly parallel?: boolean;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` on a connection without the request time limits, for long work that is no
   * visitor's request (migrations, indexing, purges). Where absent, `fn` gets this Db.
   */
  maintenance?<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `fn` on a maintenance connection of `db` (see Db.maintenance). */
export function maintenance<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  return db.maintenance ? db.maintenance(fn) : fn(db);
}
