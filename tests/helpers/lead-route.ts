/**
 * For a describe block: the API on `database`, opened before its tests and cleaned up after, with
 * the number of stored leads (read `route.app`, `route.db` and `route.count()` inside the tests).
 * `overrides` change the API's dependencies, such as its clock and rate limits.
 */
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/api/app.ts';
import type { ApiDeps, Db } from '../../src/api/core/deps.ts';
import { testDeps, type TestDatabase, type TestDb } from './db.ts';

export type App = ReturnType<typeof createApp>;

export function serveLeadRoute(
  database: TestDatabase,
  overrides: Partial<ApiDeps> = {},
): { readonly app: App; readonly db: Db; count(): Promise<number> } {
  let t: TestDb | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    t = await database.open();
    app = createApp(await testDeps(t.db, overrides));
  });
  afterAll(() => t?.cleanup());
  const opened = () => {
    if (!t || !app) throw new Error('the API opens in beforeAll; use it inside a test');
    return { t, app };
  };
  return {
    get app() {
      return opened().app;
    },
    get db() {
      return opened().t.db;
    },
    count: async () => (await opened().t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads')).rows[0]!.n,
  };
}
