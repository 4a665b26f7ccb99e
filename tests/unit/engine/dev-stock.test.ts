/**
 * The editor preview shows the stock npm start lists (src/engine/dev/dev-stock.ts): a dealer's
 * imported cars, read from the same database a build reads, instead of its cars.json, with a page
 * for each; a dealer that never imported keeps its cars.json; a later import is picked up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from '../../../src/api/db/index.ts';
import { migrate } from '../../../src/api/db/migrate.ts';
import { applyStockFeed } from '../../../src/features/stock/server/import.ts';
import { parseCsvFeed } from '../../../src/features/stock/rules/feed.ts';
import { LiveContent } from '../../../src/engine/dev/dev-content.ts';
import { DevStock } from '../../../src/engine/dev/dev-stock.ts';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'dev-stock-'));
  await cp(path.resolve(import.meta.dirname, '../../fixtures/dealers'), path.join(work, 'dealers'), {
    recursive: true,
  });
});
afterAll(() => rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));

async function importCsv(dataDir: string, content: LiveContent, text: string, mode: 'full' | 'delta') {
  const dealer = content.get('mini-motors')!.content!;
  const r = parseCsvFeed(text, { now: Date.now(), mode });
  const db = await openDb({ kind: 'pglite', dataDir });
  try {
    await migrate(db);
    await applyStockFeed(
      db,
      dealer,
      { mode, cars: r.cars, columns: r.columns, skipped: 0 },
      { source: 'cli', force: true },
    );
  } finally {
    await db.close();
  }
}

describe('the preview of a dealer that imports its stock', () => {
  it('shows the imported cars, with their pages, and follows a later import', async () => {
    const dataDir = path.join(work, 'data');
    const content = new LiveContent(path.join(work, 'dealers'));
    const stock = new DevStock(dataDir);
    content.useStock((slug) => stock.cars(slug));
    await content.loadAll();
    // No database yet: every dealer shows its cars.json.
    expect(await stock.refresh(content.all().map((s) => s.slug))).toEqual([]);
    expect(content.get('mini-motors')!.paths).toContain('/cars/2021-toyota-corolla-1');

    await importCsv(dataDir, content, 'Stock No,Make,Model,Year,Kms,Price\nDV1,Kia,Sportage,2023,9000,38990\n', 'full');
    expect(await stock.refresh(content.all().map((s) => s.slug))).toEqual(['mini-motors']);
    await content.reload('mini-motors');
    const mini = content.get('mini-motors')!;
    expect(mini.content!.cars.map((c) => c.stock_number)).toContain('DV1');
    expect(mini.paths).toContain('/cars/2023-kia-sportage-dv1');
    expect(content.get('group-motors')!.content!.cars.some((c) => c.stock_number === 'DV1')).toBe(false);
    // Nothing moved: nothing to reload.
    expect(await stock.refresh(content.all().map((s) => s.slug))).toEqual([]);

    await importCsv(dataDir, content, 'Stock No,Make,Model,Year,Price\nDV2,Kia,EV6,2024,POA\n', 'delta');
    expect(await stock.refresh(['mini-motors', 'group-motors'])).toEqual(['mini-motors']);
    await content.reload('mini-motors');
    expect(content.get('mini-motors')!.paths).toContain('/cars/2024-kia-ev6-dv2');
  }, 120_000);
});
