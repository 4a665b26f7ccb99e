/**
 * `npm run stock -- import` as a user runs it: a CSV feed with a BOM, aliases, quoted commas,
 * quotes and line breaks, and a bad row (listed with line, column and reason, the good rows
 * imported); a cut-off full feed refused (exit 2, nothing changed) unless --force; a JSON delta;
 * and the same import while npm start holds the embedded database, done through it and searchable
 * on that server at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDb } from '../../../api/db/index.ts';
import { stockRows } from '../server/store.ts';
import { buildInChild, childEnv } from '../../../../tests/helpers/build-child.ts';
import { openPostgresSchema } from '../../../../tests/helpers/db.ts';
import { sitesFolder } from '../../../../tests/helpers/sites-folder.ts';

const run = promisify(execFile);
const SITE = 'mini-motors';
let root: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'stock-cli-'));
});
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
  }
  await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

async function stock(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/stock.ts', ...args], {
      env: childEnv({ DATABASE_URL: '', DEALERS_DIR: 'tests/fixtures/dealers', ...env }),
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const CSV = [
  '\uFEFFStock #,Condition,Make,Model,Variant,Year,KMs,Price Drive Away,Price Excl Govt Charges,Color,Comments,Yard Bay',
  'M1,used,Toyota,Corolla,Ascent Sport,2021,"41,200","$27,990",,White,"One owner, full history",A4',
  'M2,demo,Toyota,RAV4,GX,2024,1500,"$44,990","41,500",Silver,"Says ""like new""',
  'with a second line",B1',
  'M3,used,Mazda,,Maxx,20x1,abc,,,,,C2',
  'M4,used,Kia,Cerato,S,2020,60000,21990,,Blue,,C3',
].join('\r\n');

describe('npm run stock -- import on its own database', () => {
  let dataDir: string;
  let feed: string;
  beforeAll(async () => {
    dataDir = path.join(root, 'own');
    feed = path.join(root, 'feed.csv');
    await writeFile(feed, CSV);
  });

  it('imports the good rows, lists the bad one with line, column and reason, prints the summary, and exits 3 for the skipped row', async () => {
    const { code, stdout, stderr } = await stock(['import', '--site', SITE, '--data', dataDir, '--force', feed]);
    expect(code).toBe(3);
    expect(stderr).toContain(`${SITE}: 1 row of the feed was skipped`);
    expect(stderr).toContain('✗ line 5, column "Model": is required');
    expect(stderr).toContain('✗ line 5, column "Year": expected a year');
    expect(stderr).toContain('✗ line 5, column "KMs": expected kilometres');
    expect(stderr).toContain('Columns ignored (not in the feed format): Yard Bay');
    // The snapshot's one listed car is withdrawn by this full feed (hence --force).
    expect(stdout.trim()).toBe(
      `${SITE}: full feed: 3 added, 0 updated, 0 unchanged, 1 withdrawn, 1 row skipped; 3 cars listed.`,
    );
    const db = await openDb({ kind: 'pglite', dataDir });
    try {
      const rows = Object.fromEntries((await stockRows(db, SITE)).map((r) => [r.stock_number, r.car]));
      expect(rows.M2).toMatchObject({
        car_type: 'demo',
        price: 44_990,
        price_drive_away: 44_990,
        price_egc: 41_500,
        colour: 'Silver',
        dealercomments: 'Says "like new"\nwith a second line',
      });
      expect(rows.M1).toMatchObject({ km: 41_200, badge: 'Ascent Sport', dealercomments: 'One owner, full history' });
      expect(rows.M3).toBeUndefined();
    } finally {
      await db.close();
    }
  }, 120_000);

  it('refuses a cut-off full feed with exit 2, changing nothing; applies a JSON delta', async () => {
    const cut = path.join(root, 'cut.csv');
    await writeFile(cut, CSV.split('\r\n').slice(0, 2).join('\r\n'));
    const refused = await stock(['import', '--site', SITE, '--data', dataDir, cut]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refused: this feed would take 2 of the 3 cars mini-motors lists off the site/);
    const delta = path.join(root, 'delta.json');
    await writeFile(
      delta,
      JSON.stringify({
        mode: 'delta',
        cars: [{ stock_number: 'M4', make: 'Kia', model: 'Cerato', year: 2020, odometer: 60_500, price: 20_990 }],
      }),
    );
    const applied = await stock(['import', '--site', SITE, '--data', dataDir, delta]);
    expect(applied.code).toBe(0);
    expect(applied.stdout.trim()).toBe(
      `${SITE}: delta feed: 0 added, 1 updated, 0 unchanged, 0 withdrawn, 0 rows skipped; 3 cars listed.`,
    );
  }, 120_000);

  it('says what is wrong with the command or the file', async () => {
    expect((await stock(['import', '--data', dataDir, path.join(root, 'feed.csv')])).stderr).toContain(
      '--site SLUG is required.',
    );
    const missing = await stock(['import', '--site', SITE, '--data', dataDir, path.join(root, 'nope.csv')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Cannot read ${path.join(root, 'nope.csv')}: ENOENT`);
    const unknown = await stock(['import', '--site', 'no-such-dealer', '--data', dataDir, path.join(root, 'feed.csv')]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no-such-dealer');
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run stock -- import on PostgreSQL (DATABASE_URL)', () => {
  it('imports into the server named by DATABASE_URL, and a repeated run changes nothing', async () => {
    const pg = await openPostgresSchema();
    try {
      // The CLI's connection works in the test's own schema.
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${pg.schema}`);
      const feed = path.join(root, 'pg-feed.csv');
      await writeFile(feed, CSV);
      const env = { DATABASE_URL: url.href };
      const first = await stock(['import', '--site', SITE, '--force', feed], env);
      // Applied, with the feed's one bad row skipped (exit 3).
      expect(first.code).toBe(3);
      expect(first.stdout).toContain('3 added');
      const again = await stock(['import', '--site', SITE, feed], env);
      expect(again.stdout).toContain('0 added, 0 updated, 3 unchanged, 0 withdrawn');
      const rows = await stockRows(pg.db, SITE);
      // The snapshot's cars (no stock numbers: known by their ids) are kept as its history.
      expect(rows.map((r) => r.stock_number).sort()).toEqual(['#1', '#2', 'M1', 'M2', 'M4']);
    } finally {
      await pg.cleanup();
    }
  }, 120_000);
});

describe('npm run stock -- import while npm start holds the database', () => {
  it('imports through the server, and its search finds the stock at once', async () => {
    const dataDir = path.join(root, 'served');
    const sitesDir = path.join(root, 'sites');
    await sitesFolder(sitesDir);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/serve.ts', '--sites', sitesDir, '--no-build', '--port', '0', '--data', dataDir],
      {
        env: childEnv({ DATABASE_URL: '', DEALERS_DIR: '', FINANCE_PROVIDER_URL: 'http://127.0.0.1:9' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`npm start was not ready:\n${out}`)), 120_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        const m = /^ {2}API +(http:\/\/localhost:\d+)\/api\/health[\s\S]*Press Ctrl\+C to stop\./m.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    const { code, stdout, stderr } = await stock([
      'import',
      '--site',
      SITE,
      '--data',
      dataDir,
      '--force',
      path.join(root, 'feed.csv'),
    ]);
    expect(stderr).toContain(
      `The database in ${dataDir} is open in npm start (pid ${child.pid}): imported through it.`,
    );
    // The feed's one bad row is skipped: applied, and exit 3 says so.
    expect(code).toBe(3);
    expect(stdout).toContain('3 added');
    const res = await fetch(`${origin}/api/search/1/indexes/*/queries?site=${SITE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: 'cars', params: 'hitsPerPage=100' }] }),
    });
    const body = (await res.json()) as { results: { hits: { objectID: string }[] }[] };
    expect(body.results[0]!.hits.map((h) => h.objectID).sort()).toEqual(['M1', 'M2', 'M4']);
    const status = await fetch(`${origin}/api/stock/status?site=${SITE}&ids=M1,1`);
    expect(await status.json()).toEqual({ cars: { M1: 'available', '1': 'sold' } });

    // A build meanwhile reads the stock through the server too.
    const out = path.join(root, 'built');
    const built = await buildInChild({ dealersDir: 'tests/fixtures/dealers', outDir: out, only: [SITE], dataDir });
    expect(built.output).toContain(`Imported stock of 1 dealer from npm start (pid ${child.pid})`);
    expect('thrown' in built ? built.thrown : built.errors).toEqual([]);
    const pages = await readdir(path.join(out, SITE, 'cars'));
    expect(pages.filter((p) => /-m[124]$/.test(p)).length).toBe(3);
  }, 180_000);
});
