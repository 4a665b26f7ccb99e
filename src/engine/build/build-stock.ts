/**
 * The imported stock a build renders (src/features/stock/server/import.ts): read from the store the API uses,
 * DATABASE_URL, else PGlite in the data folder (DATA_DIR, default .data). A dealer that has
 * imported is built with its imported cars (withdrawn ones sold: they get no page); one that
 * never imported keeps its snapshot's cars.json.
 *
 * While `npm start` or `npm run dev` has the embedded database open (one process at a time may),
 * the build asks that server for the stock instead (src/features/leads/server/local-admin.ts). A data folder
 * without a database, or a database without the stock tables, means no dealer has imported: the
 * build never creates or migrates a database.
 *
 * The same database keeps the market-price estimates the API asked about snapshot cars
 * (market_prices, origin "snapshot"): the build reuses those still fresh rather than asking the
 * provider about every snapshot car again (src/features/market-price/server/market-build.ts).
 *
 * Each importing dealer's stock has a version (its last import), kept in the build manifest, so
 * `npm run build -- --changed` rebuilds a dealer whose stock changed since its last build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Car } from '../../content/entities.ts';
import { dataDirFrom, dbConfigFrom } from '../../api/db/index.ts';
import type { Db } from '../../api/core/deps.ts';
import { openForCommand } from '../../features/leads/server/local-admin-client.ts';
import { stockRows } from '../../features/stock/server/store.ts';
import { storedEstimates } from '../../features/market-price/server/market-store.ts';
import type { KeptSnapshotEstimates } from '../../features/market-price/server/market-build.ts';
import { processEnv, type Env } from '../../config/env.ts';

export interface ImportedStock {
  /** Where it was read ("PGlite in .data", "npm start (pid 123)"), for the build log. */
  from: string;
  /** Each importing dealer's stock version among `slugs`: its last import's id and time. */
  versions: Record<string, string>;
  /** Each importing dealer's cars among the slugs asked for. */
  cars(slugs: string[]): Promise<Record<string, Car[]>>;
  /** The stored market-price answers of the snapshot cars of the dealers among `slugs` that do not import. */
  snapshotEstimates(slugs: string[]): Promise<Record<string, KeptSnapshotEstimates>>;
  close(): Promise<void>;
}

const NONE = (from: string): ImportedStock => ({
  from,
  versions: {},
  cars: async () => ({}),
  snapshotEstimates: async () => ({}),
  close: async () => {},
});

/** SQLSTATE of a table that does not exist: a database from before the stock tables. */
const UNDEFINED_TABLE = '42P01';
/** SQLSTATE of a column that does not exist: market_prices from before snapshot estimates (0023). */
const UNDEFINED_COLUMN = '42703';

/**
 * The snapshot estimates `db` keeps for `slugs`, by dealer and car id; none in a database from
 * before them. Read for reuse only: the build never writes them.
 */
export async function keptSnapshotEstimates(db: Db, slugs: string[]): Promise<Record<string, KeptSnapshotEstimates>> {
  const out: Record<string, KeptSnapshotEstimates> = {};
  try {
    for (const slug of slugs) {
      const stored = await storedEstimates(db, slug, 'snapshot');
      if (stored.size) out[slug] = Object.fromEntries(stored);
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === UNDEFINED_TABLE || code === UNDEFINED_COLUMN) return {};
    throw e;
  }
  return out;
}

async function versionsOf(db: Db, slugs: string[]): Promise<Record<string, string>> {
  try {
    const { rows } = await db.query<{ site_slug: string; version: string }>(
      `SELECT site_slug, max(id)::text || '@' || max(applied_at)::text AS version FROM stock_imports
        WHERE site_slug = ANY($1::text[]) GROUP BY site_slug`,
      [slugs],
    );
    return Object.fromEntries(rows.map((r) => [r.site_slug, r.version]));
  } catch (e) {
    if ((e as { code?: string }).code === UNDEFINED_TABLE) return {};
    throw e;
  }
}

/**
 * The imported stock of the dealers `slugs`, or none. `dataDir` is the data folder (DATA_DIR's
 * default when absent); DATABASE_URL wins as it does for the API.
 */
export async function importedStock(slugs: string[], o: { dataDir?: string; env?: Env } = {}): Promise<ImportedStock> {
  const env = o.env ?? processEnv();
  const dataDir = dataDirFrom(o.dataDir, env);
  const config = dbConfigFrom(dataDir, env);
  if (config.kind === 'pglite' && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
    return NONE(`no database in ${dataDir}`);
  const { db, server } = await openForCommand(config, dataDir, 'requests from builds');
  if (server) {
    const cars = await server.importedCars(slugs);
    return {
      from: `${server.server} (pid ${server.pid})`,
      versions: Object.fromEntries(Object.entries(cars).map(([slug, list]) => [slug, versionOfCars(list)])),
      cars: async (asked) => Object.fromEntries(asked.filter((s) => cars[s]).map((s) => [s, cars[s]!])),
      // The server answers stock only: its snapshot cars are asked as before.
      snapshotEstimates: async () => ({}),
      close: async () => {},
    };
  }
  try {
    const versions = await versionsOf(db, slugs);
    return {
      from: config.kind === 'postgres' ? 'DATABASE_URL' : `PGlite in ${dataDir}`,
      versions,
      async cars(asked) {
        const out: Record<string, Car[]> = {};
        for (const slug of asked) if (versions[slug]) out[slug] = (await stockRows(db, slug)).map((r) => r.car);
        return out;
      },
      snapshotEstimates: (asked) =>
        keptSnapshotEstimates(
          db,
          asked.filter((slug) => !versions[slug]),
        ),
      close: () => db.close(),
    };
  } catch (e) {
    await db.close();
    throw e;
  }
}

/** A version of stock read through a server: a hash of the cars themselves. */
function versionOfCars(cars: Car[]): string {
  let h = 0x811c9dc5;
  const text = JSON.stringify(cars);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `cars:${cars.length}:${(h >>> 0).toString(16)}`;
}
