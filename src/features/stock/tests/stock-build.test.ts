/**
 * A build reads the imported stock from the store the API uses (the embedded database in the data
 * folder here): an importing dealer's pages are those of its imported cars, and `--changed`
 * rebuilds that dealer alone once its stock moves, adding the new car's page and turning the sold
 * one's into a sold page (kept for 30 days). A dealer that never imported keeps its cars.json.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../api/db/index.ts';
import { migrate } from '../../../api/db/migrate.ts';
import { applyStockFeed, type StockFeed } from '../server/import.ts';
import type { Car } from '../../../content/entities.ts';
import { carPath } from '../../../domain/routes.ts';
import { feedCarToCar, parseJsonFeed } from '../rules/feed.ts';
import { buildInChild } from '../../../../tests/helpers/build-child.ts';
import { fixtureDealers } from '../../../../tests/helpers/db.ts';

const SITE = 'mini-motors';
const OTHER = 'group-motors';
let root: string;
let dataDir: string;

beforeAll(async () => {
  await import('node:fs/promises').then((fs) => fs.mkdir(path.resolve('.cache'), { recursive: true }));
  root = await mkdtemp(path.resolve('.cache/stock-build-'));
  dataDir = path.join(root, 'data');
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function importFeed(json: unknown, force = false): Promise<Car[]> {
  const dealer = (await fixtureDealers()).find((d) => d.slug === SITE)!;
  const parsed = parseJsonFeed(json);
  expect(parsed.errors).toEqual([]);
  const now = Date.parse('2026-11-27T09:00:00Z');
  const cars = parsed.cars.map((f) => feedCarToCar(f, { now, locations: dealer.locations }));
  const feed: StockFeed = { mode: parsed.mode ?? 'full', cars, skipped: 0 };
  const db = await openDb({ kind: 'pglite', dataDir });
  try {
    await migrate(db);
    await applyStockFeed(db, structuredClone(dealer), feed, { source: 'cli', force });
  } finally {
    await db.close();
  }
  return cars;
}

const fed = (n: number, extra: Record<string, unknown> = {}) => ({
  stock_number: `B${n}`,
  make: 'Hyundai',
  model: 'i30',
  badge: 'Active',
  year: 2022,
  odometer: 20_000 + n,
  price: 23_990 + n,
  photos: [`https://cdn.example.com/b${n}.jpg`],
  vin: `KMHH351EMNU00${String(n).padStart(4, '0')}`,
  ...extra,
});
const page = (out: string, car: Car) => path.join(out, SITE, carPath(car).slice(1), 'index.html');

describe('a build of a dealer that imports its stock', () => {
  let out: string;
  let first: Car[];

  it('renders the imported cars, a sold page for the withdrawn snapshot car, and keeps the other dealer on its cars.json', async () => {
    first = await importFeed({ mode: 'full', cars: [fed(1), fed(2), fed(3)] }, true);
    out = path.join(root, 'sites');
    const built = await buildInChild({ dealersDir: 'tests/fixtures/dealers', outDir: out, dataDir });
    expect('thrown' in built ? built.thrown : built.errors).toEqual([]);
    expect(built.output).toContain('Imported stock of 1 dealer from PGlite in');
    for (const car of first) expect(existsSync(page(out, car)), car.slug).toBe(true);
    const html = await readFile(page(out, first[1]!), 'utf8');
    expect(html).toContain('2022 Hyundai i30');
    // The ad feeds and the car's JSON-LD are made from the imported stock too.
    expect(html).toContain('"sku":"B2"');
    const google = await readFile(path.join(out, SITE, 'vehicles-google.tsv'), 'utf8');
    for (const car of first) expect(google).toContain(car.slug);
    const snapshot = (await fixtureDealers()).find((d) => d.slug === SITE)!.cars[0]!;
    // The snapshot car the full feed withdrew is sold: its page says so (content format 1.3).
    expect(await readFile(page(out, snapshot), 'utf8')).toContain('This car has been sold');
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as {
      dealers: Record<string, { stock?: string }>;
    };
    expect(manifest.dealers[SITE]!.stock).toMatch(/^\d+@/);
    expect(manifest.dealers[OTHER]!.stock).toBeUndefined();
  }, 300_000);

  it('rebuilds only that dealer with --changed once its stock moves: the new car gets a page, the sold one a sold page', async () => {
    const [sold] = await importFeed({
      mode: 'delta',
      cars: [fed(2, { status: 'sold' }), fed(4)],
    });
    const added = (await importFeed({ mode: 'delta', cars: [fed(4)] }))[0]!;
    expect(sold!.stock_number).toBe('B2');
    const built = await buildInChild({ dealersDir: 'tests/fixtures/dealers', outDir: out, dataDir, changed: true });
    expect('thrown' in built ? built.thrown : built.errors).toEqual([]);
    if ('thrown' in built) return;
    expect(built.dealers.map((d) => d.slug)).toEqual([SITE]);
    expect(built.unchanged).toEqual([OTHER]);
    expect(existsSync(page(out, added))).toBe(true);
    // The sold car keeps its page for 30 days (content format 1.3), saying so and out of the sitemap.
    const soldHtml = await readFile(page(out, first[1]!), 'utf8');
    expect(soldHtml).toContain('This car has been sold');
    expect(soldHtml).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(soldHtml).not.toContain('<form');
    const sitemap = await readFile(path.join(out, SITE, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(carPath(added));
    expect(sitemap).not.toContain(carPath(first[1]!));
    expect(existsSync(page(out, first[0]!))).toBe(true);

    // Nothing moved since: nothing is rebuilt.
    const again = await buildInChild({ dealersDir: 'tests/fixtures/dealers', outDir: out, dataDir, changed: true });
    expect('thrown' in again ? again.thrown : again.dealers).toEqual([]);
  }, 300_000);
});
