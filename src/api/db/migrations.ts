/**
 * The versioned migrations: `migrations/NNNN_name.sql`, applied in version order. The API bundle
 * replaces this module with one holding the files' text (src/engine/build/build-api.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface Migration {
  /** "0001" */
  version: string;
  /** "0001_leads_outbox" */
  name: string;
  sql: string;
}

export const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

export const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

export async function loadMigrations(): Promise<Migration[]> {
  const files = (await readdir(migrationsDir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: MIGRATION_FILE.exec(file)![1]!,
      name: file.replace(/\.sql$/, ''),
      sql: await readFile(new URL(`./migrations/${file}`, import.meta.url), 'utf8'),
    })),
  );
}
