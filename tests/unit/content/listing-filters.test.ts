/**
 * Content format 1.3: a listing (cars) block whose filters can match none of the dealer's stock
 * is a build warning naming the dealer, the page file, the block and the filter value that
 * matches nothing (an error under --strict). Values compare case-insensitively, as the search
 * does, and the stock is the one the build renders: the snapshot's cars, or the imported ones.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDealers } from '../../../src/engine/build/build-validate.ts';
import { car as carSchema } from '../../../src/content/entities.ts';
import { formatIssue } from '../../../src/content/issues.ts';

const SLUG = 'mini-motors';
let work: string;
let dealersDir: string;
let contentDir: string;

const cars = (id: string, filters: Record<string, unknown>) => ({ id, type: 'cars', data: { filters } });

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'listing-filters-'));
  dealersDir = path.join(work, 'dealers');
  contentDir = path.join(work, 'content');
  await cp(path.resolve('tests/fixtures/dealers', SLUG), path.join(dealersDir, SLUG), { recursive: true });
  await mkdir(contentDir);
  // The fixture's stock: a used Toyota Corolla for sale and a sold Mazda 3, neither with an account.
  await writeFile(
    path.join(dealersDir, SLUG, 'pages', 'stock.json'),
    JSON.stringify({
      id: 90,
      path: '/our-stock',
      title: 'Our stock',
      publishedAt: '2024-07-01',
      blocks: [
        cars('fine', { make: ['  toyota ', 'MAZDA'], car_type: ['Used'] }),
        {
          id: 'cols',
          type: 'columns',
          data: { cols: [{ width: 12, blocks: [cars('typo', { make: ['Toyta'] })] }] },
        },
        cars('yard', { account: 'yard-9' }),
        cars('together', { make: ['Toyota'], car_type: ['new'] }),
      ],
    }),
  );
});
afterEach(() => rm(work, { recursive: true, force: true }));

const run = (o: { strict?: boolean; imported?: unknown[] } = {}) =>
  validateDealers({
    dealersDir,
    slugs: [SLUG],
    kept: {},
    contentDir,
    keep: false,
    builtAt: '2026-01-01T00:00:00.000Z',
    key: 'k',
    log: () => {},
    strict: o.strict,
    ...(o.imported
      ? { stock: { cars: { [SLUG]: o.imported.map((c) => carSchema.parse(c)) }, versions: { [SLUG]: '1@x' } } }
      : {}),
  });

describe('a cars block whose filters match none of the stock', () => {
  it('is a warning naming the dealer, page file, block and the value that matches nothing', async () => {
    const out = await run();
    expect(out.failed).toEqual({});
    const ours = out.warnings.filter((w) => w.file === 'pages/stock.json');
    expect(ours.map(formatIssue)).toEqual([
      `${SLUG}: pages/stock.json at blocks[1].data.cols[0].blocks[0].data.filters: the cars block (id typo) on page /our-stock lists no car: make "Toyta" matches none of the dealer's cars`,
      `${SLUG}: pages/stock.json at blocks[2].data.filters: the cars block (id yard) on page /our-stock lists no car: account "yard-9" matches none of the dealer's cars`,
      `${SLUG}: pages/stock.json at blocks[3].data.filters: the cars block (id together) on page /our-stock lists no car: car_type "new" matches none of the dealer's cars`,
    ]);
  });

  it('refuses the dealer under --strict', async () => {
    const out = await run({ strict: true });
    expect(Object.keys(out.failed)).toEqual([SLUG]);
    expect(out.failed[SLUG]!.map((e) => e.message).join('\n')).toContain('make "Toyta" matches none');
  });

  it('is checked against the imported stock when the dealer imports its cars', async () => {
    const out = await run({
      imported: [
        {
          id: 'i1',
          name: 'Toyta',
          slug: 'toyta-1',
          make: 'Toyta',
          model: 'X',
          year: 2020,
          km: 1,
          price: 1,
          photos_count: 0,
          car_type: 'new',
          account: 'Yard-9',
          created_at_timestamp: 1,
        },
        {
          id: 'i2',
          name: 'Toyota',
          slug: 'toyota-2',
          make: 'Toyota',
          model: 'Yaris',
          year: 2020,
          km: 1,
          price: 1,
          photos_count: 0,
          car_type: 'used',
          created_at_timestamp: 1,
        },
      ],
    });
    // The imported stock has a Toyta at yard-9 (any case) and no Mazda, and no new Toyota.
    expect(out.warnings.filter((w) => w.file === 'pages/stock.json').map((w) => w.message)).toEqual([
      `the cars block (id fine) on page /our-stock lists no car: make "MAZDA" matches none of the dealer's cars`,
      `the cars block (id together) on page /our-stock lists no car: its filters together match none of the dealer's cars`,
    ]);
  });
});
