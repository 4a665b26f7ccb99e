/**
 * Two dealers whose slugs make one settings suffix ("ridgeline-mazda", "ridgeline--mazda" →
 * STOCK_FEED_SECRET_RIDGELINE_MAZDA) would share their stock key and lead webhook: the later is
 * refused, naming both and the shared setting, by the loader, by the build across slices and
 * batches and against a kept dealer, and the API does not start with both.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDealers } from '../../../src/content/load.ts';
import type { ManifestDealer } from '../../../src/engine/build/build-manifest.ts';
import { mergeValidated, validateDealers } from '../../../src/engine/build/build-validate.ts';
import { startRuntime } from '../../../src/api/runtime.ts';
import { openPglite } from '../../../src/api/db/index.ts';
import { unusedFinanceProvider } from '../../helpers/db.ts';

let work: string;
let dealersDir: string;
const TWIN = 'ridgeline--mazda';
const slugs = ['ridgeline--mazda', 'ridgeline-mazda'];

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'shared-settings-'));
  dealersDir = path.join(work, 'dealers');
  await cp(path.resolve('dealers', 'ridgeline-mazda'), path.join(dealersDir, 'ridgeline-mazda'), { recursive: true });
  await cp(path.resolve('dealers', 'ridgeline-mazda'), path.join(dealersDir, TWIN), { recursive: true });
  const file = path.join(dealersDir, TWIN, 'site.json');
  const site = JSON.parse(await readFile(file, 'utf8')) as { id: number };
  await writeFile(file, JSON.stringify({ ...site, slug: TWIN, id: site.id + 1 }));
});
afterEach(() => rm(work, { recursive: true, force: true }));

const expectShared = (message: string | undefined) => {
  expect(message).toContain('"ridgeline-mazda"');
  expect(message).toContain('"ridgeline--mazda"');
  expect(message).toContain('STOCK_FEED_SECRET_RIDGELINE_MAZDA');
};

const validate = (slice: number, kept: Record<string, ManifestDealer> = {}, only = slugs) =>
  validateDealers({
    dealersDir,
    slugs: only,
    kept,
    contentDir: work,
    keep: false,
    builtAt: '2026-01-01T00:00:00.000Z',
    key: 'k',
    log: () => {},
    slice,
  });

describe('dealers sharing a settings suffix', () => {
  it('are refused by the loader: the later dealer, with both named', async () => {
    const loaded = await loadDealers(dealersDir);
    expect(loaded.errors).toHaveLength(1);
    expect(loaded.errors[0]!.dealer).toBe('ridgeline-mazda');
    expectShared(loaded.errors[0]!.message);
  });

  it('are refused by the build whether they are in one slice or two, once, the other dealer built', async () => {
    for (const slice of [1, 10]) {
      const out = await validate(slice);
      expect(out.errors.map((e) => e.dealer)).toEqual(['ridgeline-mazda']);
      expectShared(out.errors[0]!.message);
      expect(Object.keys(out.entries)).toEqual([TWIN]);
    }
  });

  it('are refused across the batches of a fleet build, and against a dealer the build keeps', async () => {
    const first = await validate(1, {}, [TWIN]);
    const second = await validate(1, {}, ['ridgeline-mazda']);
    const merged = mergeValidated([first, second], {});
    expect(Object.keys(merged.failed)).toEqual(['ridgeline-mazda']);
    expectShared(merged.errors[0]!.message);
    expect(Object.keys(merged.entries)).toEqual([TWIN]);

    const kept = {
      [TWIN]: {
        id: 1,
        name: 'Twin',
        url: 'https://twin.example',
        fingerprint: 'f',
        pages: 1,
        builtAt: 'x',
        buildKey: 'k',
      },
    };
    const out = await validate(1, kept, ['ridgeline-mazda']);
    expect(out.errors.map((e) => e.dealer)).toEqual(['ridgeline-mazda']);
    expectShared(out.errors[0]!.message);
  });

  it('stop the API from starting, naming both dealers and the setting', async () => {
    const { dealers } = await loadDealers(dealersDir);
    expect(dealers.map((d) => d.slug).sort()).toEqual(slugs);
    const start = startRuntime({
      dealers,
      dataDir: path.join(work, 'data'),
      openEmbedded: openPglite,
      financeProvider: unusedFinanceProvider,
      env: {},
    });
    await expect(start).rejects.toThrow(/"ridgeline-mazda".*STOCK_FEED_SECRET_RIDGELINE_MAZDA/);
  });
});
