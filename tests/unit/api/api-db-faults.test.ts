/**
 * The PostgreSQL adapter when connections die or statements hang, on the test server: only this
 * test's own connections are terminated (the server itself keeps running). Faults of the whole
 * server (stopped, frozen) are in api-chaos.test.ts, on a cluster of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../../src/api/app.ts';
import {
  DatabaseUnavailableError,
  classifyDbError,
  describeError,
  unavailableReason,
} from '../../../src/api/db/errors.ts';
import { APPLICATION_NAME, openPostgres } from '../../../src/api/db/postgres.ts';
import type { Db } from '../../../src/api/core/deps.ts';
import { migrate } from '../../../src/api/db/migrate.ts';
import { deliverDue } from '../../../src/features/leads/server/outbox/deliver.ts';
import { openPostgresSchema, testDatabases, testDeps } from '../../helpers/db.ts';

const url = process.env.TEST_DATABASE_URL;

describe('telling a database that is away from a statement that is wrong', () => {
  it('classifies lost connections, timeouts and shutdowns as unavailable, and nothing else', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      new AggregateError([
        Object.assign(new Error('a'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('b'), { code: 'ECONNREFUSED' }),
      ]),
    ]) {
      expect(unavailableReason(error), error.message).toBeTruthy();
      expect(classifyDbError(error)).toBeInstanceOf(DatabaseUnavailableError);
    }
    for (const error of [
      Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }),
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
      new TypeError('Cannot read properties of undefined'),
    ]) {
      expect(unavailableReason(error), error.message).toBeUndefined();
    }
  });

  it('logs a database error by its code, never with the statement or the values it was given', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "sam@example.com"'), {
      code: '22P02',
      query: 'SELECT * FROM leads WHERE id = $1',
      params: ['sam@example.com'],
    });
    const line = describeError(error);
    expect(line).toBe('database error 22P02 (Error)');
    expect(line).not.toContain('sam@example.com');
    expect(line).not.toContain('SELECT');
  });
});

describe.skipIf(!url)('the PostgreSQL adapter under faults, on the test server', () => {
  let admin: Db;
  beforeAll(async () => {
    admin = await openPostgres({ connectionString: url!, max: 1 });
  });
  afterAll(() => admin.close());

  /** Terminates this test's own backends that are `state` (on the shared server, nothing else). */
  async function terminate(appName: string, state: string) {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state = $2 AND pid <> pg_backend_pid()`,
      [appName, state],
    );
    return rows[0]!.n;
  }

  it('survives the server ending a connection that is idle in a transaction: that transaction fails, the next one works', async () => {
    const t = await openPostgresSchema();
    // A name of this test's own, so only its connection is ended on the shared server.
    const tag = `${APPLICATION_NAME}-faults-${randomUUID().slice(0, 8)}`;
    const db = await openPostgres({ connectionString: url!, schema: t.schema, applicationName: tag });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const failing = db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        entered();
        await held; // idle in transaction, as the delivery worker is between its statements
        await tx.query('SELECT 2');
      });
      await inside;
      // Wait until the server sees the connection idle in its transaction, then end it.
      let ended = 0;
      for (let i = 0; i < 50 && !ended; i++) {
        ended = await terminate(tag, 'idle in transaction');
        if (!ended) await new Promise((r) => setTimeout(r, 50));
      }
      expect(ended).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200)); // the 'error' event arrives while nobody queries
      release();
      await expect(failing).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(await db.transaction((tx) => tx.query<{ n: number }>('SELECT 3 AS n'))).toEqual({ rows: [{ n: 3 }] });
      expect((await db.query<{ n: number }>('SELECT 4 AS n')).rows).toEqual([{ n: 4 }]);
    } finally {
      await db.close();
      await t.cleanup();
    }
  });

  it('cancels a statement that runs past the statement timeout, as unavailable (503), and keeps the pool usable', async () => {
    const db = await openPostgres({ connectionString: url!, max: 2, statementTimeoutMs: 300 });
    try {
      const started = Date.now();
      await expect(db.query('SELECT pg_sleep(5)')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - started).toBeLessThan(3_000);
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(5)'))).rejects.toBeInstanceOf(
        DatabaseUnavailableError,
      );
      expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
      // Long maintenance work is not bound by the request limit.
      expect(
        (await db.maintenance!((m) => m.query<{ ok: boolean }>('SELECT true AS ok FROM pg_sleep(0.5)'))).rows,
      ).toEqual([{ ok: true }]);
    } finally {
      await db.close();
    }
  });

  it('answers a save, a search and health 503 with Retry-After while no connection can be made', async () => {
    const t = await openPostgresSchema();
    await migrate(t.db);
    // A pool whose server address refuses connections: the API as it is while PostgreSQL is down.
    const down = await openPostgres({
      connectionString: 'postgres://postgres@127.0.0.1:1/test',
      connectTimeoutMs: 500,
    });
    try {
      const deps = await testDeps(t.db);
      const downApp = createApp({ ...deps, db: down });
      const body = JSON.stringify({
        idempotencyKey: randomUUID(),
        isLastStep: true,
        form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
        values: { name: 'Sam Lee', phone: '0412 345 678', email: 'sam@example.com', location_id: '11' },
      });
      const save = (app: ReturnType<typeof createApp>) =>
        app.fetch(
          new Request('http://mini-motors.localhost/api/leads', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          }),
        );
      const refused = await save(downApp);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      const health = await downApp.fetch(new Request('http://mini-motors.localhost/api/health'));
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('5');
      expect((await health.json()).error.status).toBe(503);
      const search = await downApp.fetch(
        new Request('http://mini-motors.localhost/api/search/1/indexes/*/queries', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ requests: [{ indexName: 'cars' }] }),
        }),
      );
      expect(search.status).toBe(503);
      expect(search.headers.get('retry-after')).toBe('5');
      const upApp = createApp(deps);
      expect((await save(upApp)).status).toBe(200);
      expect((await upApp.fetch(new Request('http://mini-motors.localhost/api/health'))).status).toBe(200);
    } finally {
      await down.close();
      await t.cleanup();
    }
  });
});

describe('the delivery worker when the database fails after a send', () => {
  it('records every other row, keeps the failed one leased for a later try, and reports the failure', async () => {
    const t = await testDatabases[0]!.open();
    const dir = await mkdtemp(path.join(tmpdir(), 'deliver-faults-'));
    try {
      const deps = await testDeps(t.db, { destinations: () => [{ kind: 'file', dir }] });
      const app = createApp(deps);
      for (let i = 0; i < 3; i++) {
        const res = await app.fetch(
          new Request('http://mini-motors.localhost/api/leads', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              idempotencyKey: randomUUID(),
              isLastStep: true,
              form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
              values: { name: `Sam ${i}`, phone: '0412 345 678', email: `sam${i}@example.com`, location_id: '11' },
            }),
          }),
        );
        expect(res.status).toBe(200);
      }
      let failures = 0;
      // The first outcome written finds the database gone; the others find it back.
      const flaky: Db = {
        ...t.db,
        transaction: (fn) =>
          failures++ === 0
            ? Promise.reject(new DatabaseUnavailableError('the connection was lost'))
            : t.db.transaction(fn),
      };
      await expect(deliverDue({ ...deps, db: flaky })).rejects.toBeInstanceOf(DatabaseUnavailableError);
      const { rows } = await t.db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM outbox GROUP BY status ORDER BY status`,
      );
      expect(rows).toEqual([
        { status: 'delivered', n: 2 },
        { status: 'pending', n: 1 },
      ]);
      // All three were written; the unrecorded one is sent again once its lease ends, to the same files.
      expect((await readdir(dir)).filter((f) => f.endsWith('.json'))).toHaveLength(3);
      const later = await deliverDue(deps, { now: new Date(Date.now() + 11 * 60_000) });
      expect(later).toMatchObject({ claimed: 1, delivered: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
      await t.cleanup();
    }
  });
});
