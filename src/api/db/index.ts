/**
 * The database for Node processes (the API server, npm start, npm run dev, the scripts and the
 * tests): open.ts with the embedded database bound, so `openDb` opens PGlite when DATABASE_URL
 * is not set. Serverless code imports open.ts instead, which leaves PGlite out (see there).
 */
import type { Db } from '../core/deps.ts';
import { openDatabase, type DbConfig } from './open.ts';
import { openPglite } from './pglite.ts';

export * from './open.ts';
export { openPglite };

/** Opens the database `config` names: a PostgreSQL server, or PGlite in a folder or in memory. */
export function openDb(config: DbConfig): Promise<Db> {
  return openDatabase(config, openPglite);
}
