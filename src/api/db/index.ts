/**
 * Which database the API uses: a PostgreSQL server when DATABASE_URL is set, otherwise PGlite
 * in `<dataDir>/pglite` (DATA_DIR or `--data`, default `.data`). Same SQL, same migrations.
 */
import path from 'node:path';
import type { Db } from '../deps.ts';
import { envDefault, envInt, processEnv, readEnv, type Env } from '../../config/env.ts';
import { openPglite } from './pglite.ts';
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

export function openDb(config: DbConfig): Promise<Db> {
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
      return openPglite(config.dataDir);
    case 'memory':
      return openPglite();
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
