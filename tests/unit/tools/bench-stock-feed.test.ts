import { describe, expect, it } from 'vitest';
import { readFeedFile } from '../../../src/features/stock/rules/feed.ts';
import {
  changedRows,
  csvCell,
  feedCsv,
  fullFeedRows,
  longTailSizes,
  priceDeltaRows,
  statusDeltaRows,
} from '../../../scripts/bench/stock-feed.ts';
import { originOf } from '../../../scripts/bench/bench-stock-profile.ts';
import { percentiles } from '../../../scripts/bench/bench-stock-report.ts';

const read = (csv: string, mode?: 'delta') =>
  readFeedFile(new TextEncoder().encode(csv), { kind: 'csv', now: Date.UTC(2026, 5, 1), ...(mode ? { mode } : {}) });

describe('the long tail of stock sizes', () => {
  it('gives one big dealer, a few mid-sized ones and the rest small, the same for a seed', () => {
    const sizes = longTailSizes(30, 1);
    expect(sizes).toHaveLength(30);
    expect(sizes[0]).toBe(5000);
    expect(sizes.filter((s) => s === 500)).toHaveLength(3);
    for (const s of sizes.slice(4)) {
      expect(s).toBeGreaterThanOrEqual(20);
      expect(s).toBeLessThanOrEqual(150);
    }
    expect(longTailSizes(30, 1)).toEqual(sizes);
    expect(longTailSizes(30, 2)).not.toEqual(sizes);
  });

  it('has no mid-sized dealer to spare in a fleet of one or two', () => {
    expect(longTailSizes(1)).toEqual([5000]);
    expect(longTailSizes(2)).toEqual([5000, 500]);
    expect(() => longTailSizes(0)).toThrow(RangeError);
  });
});

describe('the DMS-style CSV feeds', () => {
  const rows = fullFeedRows(400, 'BS', 'Bench Sales');

  it('quotes a cell only when RFC 4180 needs it', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"\nnow')).toBe('"say ""hi""\nnow"');
  });

  it('is read back whole by the feed reader: aliased headers, POA prices, .jpg photos, line breaks', () => {
    const feed = read(feedCsv(rows));
    expect(feed.errors).toEqual([]);
    expect(feed.ignoredColumns).toEqual([]);
    expect(feed.cars).toHaveLength(400);
    expect(feed.columns).toEqual(
      expect.arrayContaining(['stock_number', 'odometer', 'price_drive_away', 'comments', 'photos']),
    );
    expect(feed.cars.some((c) => c.price === 'POA')).toBe(true);
    expect(feed.cars.filter((c) => c.price === 'POA').length).toBeLessThan(40);
    const car = feed.cars[0]!;
    expect(car.stock_number).toBe('BS00001');
    expect(car.photos!.length).toBeGreaterThanOrEqual(3);
    expect(car.photos!.every((p) => /^https:\/\/.+\.jpg$/.test(p))).toBe(true);
    expect(car.comments).toContain('\n');
  });

  it('changes about the share asked of the next day’s feed, and only price and kilometres', () => {
    const next = changedRows(rows, 0.05);
    const changed = next.filter((r, i) => r !== rows[i]);
    expect(changed.length).toBeGreaterThan(5);
    expect(changed.length).toBeLessThan(45);
    const others = (r: Record<string, string>) =>
      Object.entries(r).filter(([k]) => k !== 'Drive Away Price' && k !== 'Kms');
    for (const [i, r] of next.entries()) expect(others(r)).toEqual(others(rows[i]!));
  });

  it('writes delta feeds that give only the status or only the price', () => {
    const status = read(feedCsv(statusDeltaRows(rows, 20), ['Stock No', 'Status']), 'delta');
    expect(status.errors).toEqual([]);
    expect(status.cars).toHaveLength(20);
    expect(new Set(status.cars.map((c) => c.stock_number)).size).toBe(20);
    expect(status.cars.every((c) => Object.keys(c).sort().join() === 'status,stock_number,where')).toBe(true);
    const price = read(feedCsv(priceDeltaRows(rows, 30), ['Stock No', 'Drive Away Price']), 'delta');
    expect(price.errors).toEqual([]);
    expect(price.cars).toHaveLength(30);
    expect(price.cars.every((c) => typeof c.price_drive_away === 'number' && c.make === undefined)).toBe(true);
  });
});

describe('the stock part’s figures', () => {
  it('takes nearest-rank percentiles', () => {
    const p = percentiles(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(p).toEqual({ p50: 50, p99: 99, max: 100 });
    expect(percentiles([])).toEqual({ p50: 0, p99: 0, max: 0 });
  });

  it('groups a profile’s scripts by origin', () => {
    expect(originOf('file:///p/node_modules/astro/dist/x.js', '/p')).toBe('astro');
    expect(originOf('file:///p/node_modules/@astrojs/react/a.js', '/p')).toBe('@astrojs/react');
    expect(originOf('file:///p/src/site/car-page/similar.ts', '/p')).toBe('src/site');
    expect(originOf('file:///p/.build-tmp/1-2/chunks/a.mjs', '/p')).toBe('server bundle (Astro chunks of src/)');
    expect(originOf('node:internal/fs', '/p')).toBe('node');
    expect(originOf('', '/p')).toBe('V8 and native');
  });
});
