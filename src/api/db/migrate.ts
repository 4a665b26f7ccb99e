/**
 * Applies pending migrations, each in its own transaction, recorded in `schema_migrations`.
 * A transaction-scoped advisory lock makes processes that start together take turns: the first
 * applies a migration, the others then find it recorded and skip it.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../core/deps.ts';
import { loadMigrations, type Migration } from './migrations.ts';

export interface MigrateResult {
  /** Names applied by this run, in order. */
  applied: string[];
  /** Applied earlier, but the file has changed since: a new migration should have been added instead. */
  changed: string[];
  /** The newest version now in the database ("" when there is no migration). */
  version: string;
}

const LOCK = `SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.schema_migrations'))`;

const TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    text PRIMARY KEY,
  name       text NOT NULL,
  checksum   text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

export async function migrate(db: Db, migrations?: Migration[]): Promise<MigrateResult> {
  const list = migrations ?? (await loadMigrations());
  const seen = new Set<string>();
  for (const m of list) {
    if (seen.has(m.version)) throw new Error(`Two migrations have version ${m.version}; give one a new number.`);
    seen.add(m.version);
  }
  const result: MigrateResult = { applied: [], changed: [], version: '' };
  for (const m of [...list].sort((a, b) => a.version.localeCompare(b.version))) {
    await db.transaction(async (tx) => {
      await tx.query(LOCK, []);
      await tx.query(TABLE);
      const { rows } = await tx.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE version = $1',
        [m.version],
      );
      const sum = checksum(m.sql);
      if (rows[0]) {
        if (rows[0].checksum !== sum) result.changed.push(m.name);
        return;
      }
      try {
        await tx.query(m.sql);
      } catch (e) {
        throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`, { cause: e });
      }
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        sum,
      ]);
      result.applied.push(m.name);
    });
    result.version = m.version;
  }
  return result;
}
