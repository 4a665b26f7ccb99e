/**
 * npm run index [-- --dealers DIR] [--data DIR] [--force]
 * Re-indexes the dealers' cars and offers for the search route from their snapshot folders
 * (--dealers, DEALERS_DIR, default ./dealers): into DATABASE_URL when set, else PGlite in the data folder (--data,
 * DATA_DIR, default .data). Migrates first. Each dealer is replaced in one transaction, so a
 * running API on PostgreSQL answers from the old index or the new one, never half of it; new
 * stock is searchable without rebuilding the sites. (A PGlite folder admits one process: stop
 * `npm start` first, or just restart it, since the API indexes when it starts.)
 * A site whose stock and offers are unchanged since it was last indexed is left as it is;
 * --force rewrites every site.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDealerFolder } from '../src/api/core/content.ts';
import { dataDirFrom, dbConfigFrom, describeDb, openDb } from '../src/api/db/index.ts';
import { migrate } from '../src/api/db/migrate.ts';
import { maintenance } from '../src/api/core/deps.ts';
import { indexContent } from '../src/features/search/server/index-content.ts';
import { plural } from '../src/lib/text.ts';
import { processEnv, readEnv } from '../src/config/env.ts';

const { values } = parseArgs({
  options: { dealers: { type: 'string' }, data: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const dealersDir = path.resolve(values.dealers || readEnv(processEnv(), 'DEALERS_DIR') || 'dealers');
const config = dbConfigFrom(dataDirFrom(values.data));
try {
  const dealers = await loadDealerFolder(dealersDir);
  const db = await openDb(config);
  try {
    const started = performance.now();
    // Indexing is no visitor's request: it runs without the request time limits.
    const reports = await maintenance(db, async (m) => {
      await migrate(m);
      return indexContent(m, dealers, { force: values.force });
    });
    for (const r of reports)
      console.log(
        `  ✓ ${r.site}: ${plural(r.cars, 'car')}, ${plural(r.offers, 'offer')}${r.skipped ? ` (${r.skipped} sold, hidden or excluded not indexed)` : ''}${r.changed ? '' : ', unchanged'}`,
      );
    const cars = reports.reduce((n, r) => n + r.cars, 0);
    const offers = reports.reduce((n, r) => n + r.offers, 0);
    console.log(
      `Indexed ${plural(cars, 'car')} and ${plural(offers, 'offer')} of ${reports.length} dealer(s) into ${describeDb(config)} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await db.close();
  }
} catch (e) {
  console.error(`Indexing failed: ${(e as Error).message}`);
  process.exit(1);
}
