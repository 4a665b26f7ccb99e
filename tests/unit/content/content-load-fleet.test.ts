/**
 * Loading a fleet: the loader keeps its open files bounded, so a snapshot folder of thousands of
 * files loads under a descriptor limit far below its file count (a thousand dealers are 34,000
 * files; opened at once they fail with EMFILE). And the limiter itself.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticDealers } from '../../../scripts/bench/synthetic.ts';
import { limiter, mapLimit } from '../../../src/lib/concurrency.ts';
import { fingerprintDealer, loadDealers, MAX_OPEN_FILES } from '../../../src/content/load.ts';
import { childEnv } from '../../helpers/build-child.ts';

let root: string;
let files = 0;

beforeAll(async () => {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache/test-builds/load-fleet-'));
  await writeSyntheticDealers(path.join(root, 'dealers'), { dealers: 60, pages: 30, seed: 5 });
  files = (await readdir(path.join(root, 'dealers'), { recursive: true, withFileTypes: true })).filter((e) =>
    e.isFile(),
  ).length;
});

afterAll(() => rm(root, { recursive: true, force: true }));

/** Loads the dealers in a child process whose open-file limit is `limit` (bash's ulimit -n). */
function loadUnderLimit(limit: number, maxOpenFiles?: number): Promise<{ code: number | null; output: string }> {
  const entry = pathToFileURL(path.resolve('src/content/load.ts')).href;
  const script = `const { loadDealers } = await import(${JSON.stringify(entry)});
const r = await loadDealers(${JSON.stringify(path.join(root, 'dealers'))}${maxOpenFiles ? `, { maxOpenFiles: ${maxOpenFiles} }` : ''});
console.log(JSON.stringify({ dealers: r.dealers.length, errors: r.errors.map((e) => e.message).slice(0, 3) }));`;
  return new Promise((resolve) => {
    const child = spawn(
      'bash',
      ['-c', `ulimit -n ${limit} && exec "$0" --import tsx --input-type=module -e "$1"`, process.execPath, script],
      { env: childEnv() },
    );
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('loading a fleet under a low open-file limit', () => {
  it(`loads 60 dealers (${'>'}1,000 files) with 200 descriptors, MAX_OPEN_FILES at a time`, async () => {
    expect(files).toBeGreaterThan(1000);
    const { code, output } = await loadUnderLimit(200);
    expect(code, output).toBe(0);
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ dealers: 60, errors: [] });
  }, 120_000);

  it('loads them under the same limit even when the loader may list every folder at once: it reads one file at a time', async () => {
    // Through the promise API, every read at once failed here with EMFILE; reads are synchronous.
    const { code, output } = await loadUnderLimit(200, 100_000);
    expect(code, output).toBe(0);
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ dealers: 60, errors: [] });
  }, 120_000);

  it('gives each dealer a fingerprint that fingerprintDealer computes alike without validating', async () => {
    const r = await loadDealers(path.join(root, 'dealers'), { maxOpenFiles: MAX_OPEN_FILES });
    const slug = r.dealers[7]!.slug;
    expect(r.fingerprints[slug]).toMatch(/^[0-9a-f]{32}$/);
    expect(await fingerprintDealer(path.join(root, 'dealers', slug))).toBe(r.fingerprints[slug]);
    expect(new Set(Object.values(r.fingerprints)).size).toBe(60);
  }, 120_000);
});

describe('limiter and mapLimit', () => {
  it('never runs more than the limit at once, and hands a slot straight to the next waiting call', async () => {
    const limit = limiter(3);
    let active = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, (i * 7) % 5));
          order.push(i);
          active--;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(order).toHaveLength(20);
  });

  it('keeps a slot taken by a call that threw free again', async () => {
    const limit = limiter(1);
    await expect(
      limit(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });

  it("mapLimit keeps the items' order whatever order they finish in", async () => {
    const out = await mapLimit([50, 10, 30, 0], 2, async (ms, i) => {
      await new Promise((r) => setTimeout(r, ms));
      return i;
    });
    expect(out).toEqual([0, 1, 2, 3]);
  });
});
