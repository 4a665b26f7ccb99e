/**
 * Under a running `npm start`, a car imported with `npm run stock` gets its page at
 * /cars/<slug> by itself: the server rebuilds the dealer once the imports settle and serves the
 * new page, with no command run by anyone.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInChild, childEnv } from '../../helpers/build-child.ts';
import { getFromHost as get, stopChild } from '../../helpers/served-child.ts';

const run = promisify(execFile);

/** A GET with its own Host header (fetch does not send one it is given). */
const SITE = 'mini-motors';
let root: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'stock-rebuild-serve-'));
});
afterAll(async () => {
  await stopChild(child);
  await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

describe('npm start after a stock import', () => {
  it("serves the new car's page once the dealer is rebuilt by itself", async () => {
    const sitesDir = path.join(root, 'sites');
    const dataDir = path.join(root, 'data');
    const first = await buildInChild({ dealersDir: 'tests/fixtures/dealers', outDir: sitesDir, only: [SITE], dataDir });
    expect('thrown' in first ? first.thrown : first.errors).toEqual([]);

    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/serve.ts',
        '--sites',
        sitesDir,
        '--port',
        '0',
        '--data',
        dataDir,
        '--rebuild-after',
        '1',
      ],
      {
        env: childEnv({
          DATABASE_URL: '',
          DEALERS_DIR: '',
          ONLY_DEALERS: SITE,
          FINANCE_PROVIDER_URL: 'http://127.0.0.1:9',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const waitFor = (pattern: RegExp, ms: number) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not seen in ${ms} ms: ${pattern}\n${out}`)), ms);
        const look = () => {
          const m = pattern.exec(out);
          if (m) {
            clearTimeout(timer);
            child!.stdout!.off('data', look);
            resolve(m);
          }
        };
        child!.stdout!.on('data', look);
        look();
      });
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const origin = (await waitFor(/^ {2}API +http:\/\/localhost:(\d+)\/api\/health/m, 60_000))[1]!;

    const feed = path.join(root, 'feed.csv');
    await writeFile(feed, 'Stock #,Make,Model,Year,KMs,Price\nNEW7,Mazda,CX-5,2023,12000,38990\n');
    await run('npx', ['tsx', 'scripts/stock.ts', 'import', '--site', SITE, '--data', dataDir, '--delta', feed], {
      env: childEnv({ DATABASE_URL: '', DEALERS_DIR: 'tests/fixtures/dealers' }),
    });
    const page = async () => {
      const names = await readdir(path.join(sitesDir, SITE, 'cars'));
      const slug = names.find((n) => n.endsWith('-new7'));
      if (!slug) return undefined;
      return get(`/cars/${slug}/`, `${SITE}.localhost:${origin}`, Number(origin));
    };
    expect(await page(), 'no page before the rebuild').toBeUndefined();

    const line = (await waitFor(/^Stock changed: rebuilt (.+) in [\d.]+ s: (.+)$/m, 90_000))[0];
    expect(line).toMatch(/rebuilt mini-motors in [\d.]+ s: built$/);
    const res = await page();
    expect(res?.status).toBe(200);
    expect(res!.body).toContain('CX-5');
  }, 180_000);
});
