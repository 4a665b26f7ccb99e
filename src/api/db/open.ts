/**
 * Which database the API uses: a PostgreSQL server when DATABASE_URL is set, otherwise PGlite
 * in `<dataDir>/pglite` (DATA_DIR or `--data`, default `.data`). Same SQL, same migrations.
 *
 * This module never imports PGlite: the embedded database is opened by the opener a caller
 * passes (pglite.ts's openPglite), and only the Node entries (the API server, npm start, the
 * scripts, the generic handler for a trial) pass it. So the serverless entries, which start from
 * here and never pass it, have no path to the package in their module graph, and a platform's
 * file tracer packs none of it. db/index.ts is the Node side: this module with PGlite bound.
 */
import path from 'node:path';
import type { Db } from '../core/deps.ts';
import { envDefault, envInt, processEnv, readEnv, type Env } from '../../config/env.ts';
import { openPostgres } from './postgres.ts';

export type DbConfig =
  | {
      kind: 'postgres';
      url: string;
      schema?: string;
      max?: number;
      statementTimeoutMs?: number;
      connectTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory' };

export const DEFAULT_DATA_DIR = envDefault('DATA_DIR');

/** The data folder: `--data DIR`, else DATA_DIR, else `.data` (resolved against the working directory). */
export function dataDirFrom(flag: string | undefined, env: Env = processEnv()): string {
  return path.resolve(flag || readEnv(env, 'DATA_DIR') || DEFAULT_DATA_DIR);
}

/**
 * DATABASE_URL (with DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_CONNECT_TIMEOUT_MS),
 * else PGlite in the data folder. Throws when a number is malformed.
 */
export function dbConfigFrom(dataDir: string, env: Env = processEnv()): DbConfig {
  const url = readEnv(env, 'DATABASE_URL');
  if (url) {
    return {
      kind: 'postgres',
      url,
      max: envInt(env, 'DATABASE_POOL_MAX'),
      statementTimeoutMs: envInt(env, 'DATABASE_STATEMENT_TIMEOUT_MS'),
      connectTimeoutMs: envInt(env, 'DATABASE_CONNECT_TIMEOUT_MS'),
    };
  }
  return { kind: 'pglite', dataDir };
}

/** Opens the embedded database in `dataDir`, or in memory when it is undefined (pglite.ts openPglite). */
export type OpenEmbedded = (dataDir?: string) => Promise<Db>;

/** What a start without DATABASE_URL says where the embedded database is not part of the code. */
export const NO_EMBEDDED_DATABASE =
  'DATABASE_URL is not set: set it to a PostgreSQL server (postgres://user:password@host:5432/db). ' +
  'The embedded database (PGlite) is not part of this code; it runs only in the Node server (server.mjs, npm start) ' +
  'and the generic handler (handler.mjs) with DATA_DIR.';

/**
 * Opens the database `config` names. The embedded one needs `openEmbedded`: without it a config
 * for PGlite is refused with NO_EMBEDDED_DATABASE.
 */
export function openDatabase(config: DbConfig, openEmbedded?: OpenEmbedded): Promise<Db> {
  if (config.kind !== 'postgres' && !openEmbedded) return Promise.reject(new Error(NO_EMBEDDED_DATABASE));
  switch (config.kind) {
    case 'postgres':
      return openPostgres({
        connectionString: config.url,
        schema: config.schema,
        max: config.max,
        statementTimeoutMs: config.statementTimeoutMs,
        connectTimeoutMs: config.connectTimeoutMs,
      });
    case 'pglite':
      return openEmbedded!(config.dataDir);
    case 'memory':
      return openEmbedded!();
  }
}

/** "PostgreSQL at db.example.com/leads" or "PGlite in .data": for start-up lines, without secrets. */
export function describeDb(config: DbConfig): string {
  if (config.kind === 'memory') return 'PGlite in memory';
  if (config.kind === 'pglite') {
    const relative = path.relative(process.cwd(), config.dataDir);
    return `PGlite in ${relative.startsWith('..') ? config.dataDir : relative || '.'}`;
  }
  try {
    const url = new URL(config.url);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
