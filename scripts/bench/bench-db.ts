/**
 * The databases the benches run against: PGlite in a temporary folder, or a throwaway schema of
 * a PostgreSQL server (created first, dropped afterwards), opened as the API opens them.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openDb } from '../../src/api/db/index.ts';
import { openPostgres } from '../../src/api/db/postgres.ts';
import type { Db } from '../../src/api/core/deps.ts';

export type BenchDatabase = { kind: 'pglite' } | { kind: 'postgres'; url: string; poolMax?: number };

export interface OpenedDatabase {
  db: Db;
  /** "PostgreSQL 15.2 at 127.0.0.1:5432/test" (no credentials), or "PGlite in a temporary folder". */
  server: string;
  /** The application_name of the pool's connections, when they were given one (see below). */
  application?: string;
  /** Closes the database and drops the schema. */
  drop(): Promise<void>;
}

/** Where a PostgreSQL URL points, without user or password. */
export function serverOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'the given URL';
  }
}

/**
 * A URL naming the pool's connections, so a bench can find their server processes; only for a
 * server on this machine, whose processes /proc shows.
 */
function withApplicationName(url: string, name: string): { url: string; application?: string } {
  try {
    const u = new URL(url);
    const local =
      ['', 'localhost', '127.0.0.1', '[::1]'].includes(u.hostname) || u.searchParams.get('host')?.startsWith('/');
    if (!local || u.searchParams.has('application_name')) return { url };
    u.searchParams.set('application_name', name);
    return { url: u.toString(), application: name };
  } catch {
    return { url };
  }
}

/** Opens `database`; PGlite's files go under `dir`. `name` starts the schema's name ("bench_leads"). */
export async function openBenchDatabase(
  database: BenchDatabase,
  dir: string,
  name: string,
  options: { nameConnections?: boolean } = {},
): Promise<OpenedDatabase> {
  if (database.kind === 'pglite') {
    const db = await openDb({ kind: 'pglite', dataDir: path.join(dir, 'data') });
    return { db, server: 'PGlite in a temporary folder', drop: () => db.close() };
  }
  const schema = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres({ connectionString: database.url, max: 1 });
  let version: string | undefined;
  try {
    version = (await admin.query<{ v: string }>(`SELECT current_setting('server_version') AS v`, [])).rows[0]?.v;
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.close();
  }
  const named = options.nameConnections ? withApplicationName(database.url, schema) : { url: database.url };
  const db = await openDb({ kind: 'postgres', url: named.url, schema, max: database.poolMax });
  return {
    db,
    application: named.application,
    server: `PostgreSQL ${version ?? '(unknown version)'} at ${serverOf(database.url)}`,
    drop: async () => {
      await db.close();
      const again = await openPostgres({ connectionString: database.url, max: 1 });
      try {
        await again.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await again.close();
      }
    },
  };
}
