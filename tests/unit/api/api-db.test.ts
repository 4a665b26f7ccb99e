import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { dataDirFrom, dbConfigFrom, openDb } from '../../../src/api/db/index.ts';
import { migrate } from '../../../src/api/db/migrate.ts';
import { loadMigrations, migrationsDir, MIGRATION_FILE, type Migration } from '../../../src/api/db/migrations.ts';
import {
  destinationsFor,
  destinationsFromEnv,
  envSuffix,
} from '../../../src/features/leads/server/outbox/destinations.ts';
import { openPostgresSchema, testDatabases } from '../../helpers/db.ts';

const run = promisify(execFile);

describe.each(testDatabases)('migrations on $label', (database) => {
  it('applies every migration once, records it, and finds nothing to do the second time', async () => {
    const t = await database.open({ migrated: false });
    try {
      const files = (await readdir(migrationsDir)).filter((f) => MIGRATION_FILE.test(f)).sort();
      const first = await migrate(t.db);
      expect(first.applied).toEqual(files.map((f) => f.replace(/\.sql$/, '')));
      const second = await migrate(t.db);
      expect(second).toEqual({ applied: [], changed: [], version: first.version });
      const { rows } = await t.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.slice(0, 4)));
      for (const table of ['leads', 'outbox', 'deliveries']) {
        expect((await t.db.query(`SELECT to_regclass($1) AS t`, [table])).rows[0]).toEqual({ t: table });
      }
    } finally {
      await t.cleanup();
    }
  });

  it('rolls a failing migration back whole and reports which one failed', async () => {
    const t = await database.open({ migrated: false });
    try {
      const broken: Migration[] = [
        ...(await loadMigrations()),
        {
          version: '9001',
          name: '9001_broken',
          sql: 'CREATE TABLE half_done (id int); SELECT no_such_column FROM leads;',
        },
      ];
      await expect(migrate(t.db, broken)).rejects.toThrow(/^Migration 9001_broken failed: .*no_such_column/);
      expect((await t.db.query('SELECT to_regclass($1) AS t', ['half_done'])).rows[0]).toEqual({ t: null });
      expect((await t.db.query(`SELECT version FROM schema_migrations WHERE version = '9001'`)).rows).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });

  it('warns about an applied migration whose file changed, and refuses two files with one version', async () => {
    const t = await database.open();
    try {
      const [m] = await loadMigrations();
      expect((await migrate(t.db, [{ ...m!, sql: m!.sql + '\n-- edited' }])).changed).toEqual([m!.name]);
      await expect(migrate(t.db, [m!, { ...m!, name: '0001_again' }])).rejects.toThrow(
        'Two migrations have version 0001',
      );
    } finally {
      await t.cleanup();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes starting at once on PostgreSQL', () => {
  it('apply each migration once between them (advisory lock)', async () => {
    const t = await openPostgresSchema();
    try {
      const others = await Promise.all([t.connect(), t.connect(), t.connect()]);
      const results = await Promise.all([t.db, ...others].map((db) => migrate(db)));
      const applied = results.flatMap((r) => r.applied);
      expect([...applied].sort()).toEqual((await loadMigrations()).map((m) => m.name).sort());
    } finally {
      await t.cleanup();
    }
  });
});

describe('the embedded database folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pglite-dir-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps leads across restarts, and refuses a second process while one has it open', async () => {
    const db = await openDb({ kind: 'pglite', dataDir: dir });
    await migrate(db);
    await db.query(`INSERT INTO schema_migrations (version, name, checksum) VALUES ('8000', 'marker', 'x')`);
    const second = openDb({ kind: 'pglite', dataDir: dir });
    await expect(second).rejects.toThrow(`The database in ${dir} is open in another process (pid ${process.pid}`);
    await db.close();
    const again = await openDb({ kind: 'pglite', dataDir: dir });
    expect((await again.query(`SELECT name FROM schema_migrations WHERE version = '8000'`)).rows).toEqual([
      { name: 'marker' },
    ]);
    await again.close();
  });

  it('clears a lock left by a process that no longer runs', async () => {
    await writeFile(path.join(dir, 'pglite.lock'), '999999999');
    const db = await openDb({ kind: 'pglite', dataDir: dir });
    await db.close();
  });

  it('npm run db:migrate -- --data DIR migrates the folder and says so; a second run has nothing to do', async () => {
    const target = path.join(dir, 'cli');
    const env = { ...process.env, DATABASE_URL: '' };
    const first = await run('npx', ['tsx', 'scripts/db-migrate.ts', '--data', target], { env });
    expect(first.stdout).toMatch(/✓ applied 0001_leads_outbox/);
    const second = await run('npx', ['tsx', 'scripts/db-migrate.ts', '--data', target], { env });
    expect(second.stdout).toMatch(/is at version \d{4}; nothing to apply\./);
  }, 180_000);
});

describe('database choice', () => {
  it('uses DATABASE_URL when set, else PGlite in --data, DATA_DIR or .data', () => {
    expect(dbConfigFrom('/d', { DATABASE_URL: 'postgres://u@h/db', DATABASE_POOL_MAX: '4' })).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
      max: 4,
    });
    expect(dbConfigFrom('/d', {})).toEqual({ kind: 'pglite', dataDir: '/d' });
    expect(dataDirFrom('/flag', { DATA_DIR: '/env' })).toBe('/flag');
    expect(dataDirFrom(undefined, { DATA_DIR: '/env' })).toBe('/env');
    expect(dataDirFrom(undefined, {})).toBe(path.resolve('.data'));
  });
});

describe('lead destinations from the environment', () => {
  it('uses the dealer’s own variables before the defaults, named by the slug in upper snake case', () => {
    expect(envSuffix('mini-motors')).toBe('MINI_MOTORS');
    const env = {
      LEAD_WEBHOOK_URL_MINI_MOTORS: 'https://crm.example.com/mini',
      LEAD_WEBHOOK_SECRET_MINI_MOTORS: 'mini-secret',
      LEAD_WEBHOOK_URL: 'https://crm.example.com/all',
      LEAD_WEBHOOK_SECRET: 'shared',
      LEAD_ADF_URL: 'https://adf.example.com/in',
    };
    expect(destinationsFor('mini-motors', env, '/data')).toEqual([
      { kind: 'webhook', url: 'https://crm.example.com/mini', secret: 'mini-secret' },
      { kind: 'adf', url: 'https://adf.example.com/in' },
    ]);
    expect(destinationsFor('group-motors', env, '/data')[0]).toEqual({
      kind: 'webhook',
      url: 'https://crm.example.com/all',
      secret: 'shared',
    });
  });

  it('writes files under DATA_DIR/deliveries/<slug> when nothing is configured', () => {
    expect(destinationsFor('mini-motors', {}, '/data')).toEqual([
      { kind: 'file', dir: path.join('/data', 'deliveries', 'mini-motors') },
    ]);
  });

  it('stops the start-up when a webhook has no secret or a URL is not http(s), quoting no credential', () => {
    expect(() => destinationsFromEnv(['mini-motors'], { LEAD_WEBHOOK_URL: 'https://crm.example.com' }, '/d')).toThrow(
      'LEAD_WEBHOOK_URL is set but no LEAD_WEBHOOK_SECRET_MINI_MOTORS or LEAD_WEBHOOK_SECRET signs its requests.',
    );
    expect(() => destinationsFromEnv(['mini-motors'], { LEAD_ADF_URL_MINI_MOTORS: 'ftp://x' }, '/d')).toThrow(
      'LEAD_ADF_URL_MINI_MOTORS must be an http(s) URL, not an ftp: one.',
    );
    expect(() =>
      destinationsFromEnv(['mini-motors'], { LEAD_ADF_URL_MINI_MOTORS: 'ftp://crm:s3cret@x/leads?key=k3y' }, '/d'),
    ).toThrow('LEAD_ADF_URL_MINI_MOTORS must be an http(s) URL, not an ftp: one.');
    expect(() =>
      destinationsFromEnv(['mini-motors'], { LEAD_ADF_URL_MINI_MOTORS: '//crm:s3cret@x/leads' }, '/d'),
    ).toThrow(
      'LEAD_ADF_URL_MINI_MOTORS must be an absolute http(s) URL such as https://crm.example.com/leads; its value is not one.',
    );
  });
});
