/**
 * For the tests of dist/api: the bundle built into a temporary folder laid out as a repository
 * holds it (`<work>/dist/api`), with the database drivers reachable through a node_modules link,
 * as a deployment installs them; a PostgreSQL database for the serverless entries, which have no
 * embedded one; a lead to save; and the environment set for one test file.
 */
import { access, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApi } from '../../src/engine/build/build-api.ts';
import { fixtureDealers, openPostgresSchema } from './db.ts';

export interface BuiltApi {
  /** The temporary folder: node_modules, dist/api and whatever a test adds. */
  work: string;
  /** `<work>/dist/api`. */
  apiDir: string;
  /** Imports a built file by its path under dist/api. */
  load<T = Record<string, unknown>>(file: string): Promise<T>;
  cleanup(): Promise<void>;
}

export async function buildApiForTest(prefix: string): Promise<BuiltApi> {
  const work = await mkdtemp(path.join(tmpdir(), prefix));
  await symlink(path.resolve('node_modules'), path.join(work, 'node_modules'));
  const apiDir = path.join(work, 'dist', 'api');
  await buildApi({ dealers: await fixtureDealers(), outDir: apiDir });
  return {
    work,
    apiDir,
    load: (file) => import(pathToFileURL(path.join(apiDir, file)).href),
    cleanup: () => rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }),
  };
}

/** The PostgreSQL server of the tests (TEST_DATABASE_URL), if any. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export interface BundleDatabase {
  /** DATABASE_URL for the bundle: TEST_DATABASE_URL with a schema of its own as its search_path. */
  url: string;
  /** Drops the schema. */
  cleanup(): Promise<void>;
}

/**
 * A fresh schema on TEST_DATABASE_URL (which must be set), named in the URL's `options`, so an
 * entry configured with nothing but DATABASE_URL keeps its tables there, apart from other tests.
 */
export async function bundleDatabase(): Promise<BundleDatabase> {
  const made = await openPostgresSchema();
  await made.db.close();
  const url = new URL(testDatabaseUrl!);
  url.searchParams.set('options', `-c search_path=${made.schema}`);
  return { url: url.href, cleanup: () => made.cleanup() };
}

/** Sets (or, for undefined, removes) environment variables; returns what puts them back. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  return () => apply(previous);
}

/** A final save of the fixture dealer mini-motors' enquiry form (a lead completed at once). */
export function leadSave(idempotencyKey: string) {
  return {
    idempotencyKey,
    isLastStep: true,
    form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
    values: { name: 'Sam Lee', phone: '0412 345 678', email: 'sam@example.com', location_id: '11' },
  };
}

/** The JSON delivery files of the dealer's leads under a data folder (the default destination). */
export async function deliveredLeads(dataDir: string, slug = 'mini-motors'): Promise<string[]> {
  const dir = path.join(dataDir, 'deliveries', slug);
  if (
    !(await access(dir).then(
      () => true,
      () => false,
    ))
  )
    return [];
  return (await readdir(dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** The key the bundle tests give mini-motors' stock system (STOCK_FEED_SECRET_MINI_MOTORS). */
export const STOCK_KEY = 'bundle-stock-key';

/** A signed stock push for mini-motors: its body and headers (src/features/stock/server/signature.ts). */
export async function signedStockPush(feedId: string): Promise<{ body: string; headers: Record<string, string> }> {
  const { stockSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } =
    await import('../../src/features/stock/server/signature.ts');
  const body = JSON.stringify({
    feed_id: feedId,
    mode: 'delta',
    cars: [
      { stock_number: `PUSH-${feedId}`, make: 'Isuzu', model: 'D-Max', year: 2024, odometer: 5_000, price: 54_990 },
    ],
  });
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: ts,
      [SIGNATURE_HEADER]: stockSignature(ts, '', body, STOCK_KEY),
    },
  };
}
