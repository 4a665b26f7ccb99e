/**
 * npm run db:migrate [-- --data DIR]
 * Applies pending database migrations: to DATABASE_URL when set, else to PGlite in the data
 * folder (--data, DATA_DIR, default .data). Safe to run again and alongside a starting API.
 */
import { parseArgs } from 'node:util';
import { dataDirFrom, dbConfigFrom, describeDb, openDb } from '../src/api/db/index.ts';
import { migrate } from '../src/api/db/migrate.ts';
import { maintenance } from '../src/api/core/deps.ts';

const { values } = parseArgs({ options: { data: { type: 'string' } } });
const config = dbConfigFrom(dataDirFrom(values.data));
try {
  const db = await openDb(config);
  try {
    const result = await maintenance(db, migrate);
    for (const name of result.applied) console.log(`  ✓ applied ${name}`);
    for (const name of result.changed)
      console.warn(`  warning: ${name} changed after it was applied; add a new migration instead`);
    console.log(
      `${describeDb(config)} is at version ${result.version || '(none)'}${result.applied.length ? '' : '; nothing to apply'}.`,
    );
  } finally {
    await db.close();
  }
} catch (e) {
  console.error(`Migration failed: ${(e as Error).message}`);
  process.exit(1);
}
