/**
 * Feeds as a dealer's stock system sends them, applied to its stock on both databases (content
 * format 1.3): a status-only delta and a price-only delta change only what they give; a bad row of
 * a full feed leaves its car exactly as it was; POA cars; a new car never takes another car's id
 * or page address; the guard counts every way a feed takes cars off the site, and a run of cut-off
 * feeds; a car's account from the feed, the site's default_account, or its yard.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyStockFeed, type StockFeed } from '../server/import.ts';
import { stockRows } from '../server/store.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { parseCsvFeed, skippedRows } from '../rules/feed.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';

const NOW = Date.UTC(2026, 11, 1, 9);
let slugSeq = 0;

/** A snapshot car of the samples' shape. */
function snapshotCar(id: number | string, extra: Partial<Car> = {}): Car {
  return {
    id,
    name: `2020 Toyota Corolla ${id}`,
    slug: `2020-toyota-corolla-${id}`,
    make: 'Toyota',
    model: 'Corolla',
    year: 2020,
    km: 20_000,
    price: 21_990,
    photos: ['https://cdn.test/a.jpg'],
    photos_count: 1,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000,
    features: [],
    ...extra,
  } as Car;
}

function newDealer(cars: Car[] = [], stock?: { default_account: string }): DealerContent {
  const slug = `feed-motors-${++slugSeq}`;
  return dealerOf(
    {
      id: 900 + slugSeq,
      slug,
      name: 'Feed Motors',
      url: `https://www.${slug}.example`,
      country: 'AU',
      ...(stock ? { stock } : {}),
    },
    { cars },
  );
}

/** A CSV feed as the command reads it. */
function csv(text: string, mode: 'full' | 'delta' = 'full'): StockFeed {
  const r = parseCsvFeed(text, { now: NOW, mode });
  return {
    mode,
    cars: r.cars,
    columns: r.columns,
    skipped: skippedRows(r.errors),
    skippedStock: r.errors.flatMap((e) => (e.stock_number ? [e.stock_number] : [])),
  };
}

const FULL = [
  'Stock No,Make,Model,Variant,Year,Kms,Price,Drive Away Price,Description,Images,Features',
  'U5001,Toyota,RAV4,GX,2021,"41,200",32990,34990,One owner,https://cdn.test/1.jpg|https://cdn.test/2.jpg,Tow bar|Roof racks',
  'U5002,Mazda,CX-5,Maxx,2020,52000,27990,,Full history,https://cdn.test/3.jpg,',
  'U5003,Kia,Sportage,S,2022,18000,33990,,,,',
  'U5004,Hyundai,Tucson,Elite,2021,30000,31990,,,,',
].join('\n');

describe.each(testDatabases)('real-world feeds on $label', (database) => {
  let t: TestDb;
  let d: DealerContent;
  const at = (minutes: number) => ({ source: 'cli' as const, now: new Date(NOW + minutes * 60_000) });
  const cars = async () => Object.fromEntries((await stockRows(t.db, d.slug)).map((r) => [r.stock_number, r]));
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());
  beforeEach(async () => {
    d = newDealer();
    const first = await applyStockFeed(t.db, d, csv(FULL), at(0));
    expect(first).toMatchObject({ added: 4, skipped: 0, listed: 4 });
  });

  it('sells a car with a status-only delta, keeping everything else it had', async () => {
    const before = (await cars()).U5001!.car;
    const summary = await applyStockFeed(t.db, d, csv('Stock No,Status\nU5001,sold\n', 'delta'), at(1));
    expect(summary).toMatchObject({ updated: 1, skipped: 0, listed: 3 });
    const after = (await cars()).U5001!.car;
    expect(after).toEqual({ ...before, status: 'sold', sold_at: new Date(NOW + 60_000).toISOString() });
  });

  it('changes only the price with a price-only delta: photos, comments and features stay', async () => {
    const before = (await cars()).U5002!.car;
    await applyStockFeed(t.db, d, csv('Stock No,Price\nU5002,"$26,490"\n', 'delta'), at(1));
    const after = (await cars()).U5002!.car;
    expect(after).toEqual({ ...before, price: 26_490 });
    expect(after).toMatchObject({ photos: ['https://cdn.test/3.jpg'], dealercomments: 'Full history' });
  });

  it('moves a drive-away price with a delta of the drive-away price, keeping what it includes', async () => {
    await applyStockFeed(t.db, d, csv('Stock No,Drive Away Price\nU5001,33990\n', 'delta'), at(1));
    expect((await cars()).U5001!.car).toMatchObject({ price: 32_990, price_drive_away: 33_990 });
    await applyStockFeed(t.db, d, csv('Stock No,DAP\nU5004,30990\n', 'delta'), at(2));
    // U5004's price was its own, not a drive-away one: it stays, with the drive-away price beside it.
    expect((await cars()).U5004!.car).toMatchObject({ price: 31_990, price_drive_away: 30_990 });
  });

  it('adds a new car from a delta only when the row is a whole listing, reporting the rest', async () => {
    const summary = await applyStockFeed(
      t.db,
      d,
      csv('Stock No,Make,Model,Year,Price\nU6001,Ford,Ranger,2023,POA\nU6002,,,,45000\n', 'delta'),
      at(1),
    );
    expect(summary).toMatchObject({ added: 1, skipped: 1, listed: 5 });
    expect(summary.errors).toEqual([
      expect.objectContaining({
        line: 3,
        stock_number: 'U6002',
        reason: expect.stringMatching(/no make, model, year$/),
      }),
    ]);
    expect((await cars()).U6001!.car).toMatchObject({ price: 0, price_on_application: true, status: 'available' });
  });

  it('leaves the car of an unreadable row of a full feed exactly as it was, and says rows were skipped', async () => {
    const before = await cars();
    const lines = FULL.split('\n');
    lines[2] = lines[2]!.replace('27990', 'Call us');
    const summary = await applyStockFeed(t.db, d, csv(lines.join('\n')), at(1));
    expect(summary).toMatchObject({ withdrawn: 0, skipped: 1, listed: 4 });
    const after = await cars();
    expect(after.U5002).toEqual(before.U5002);
  });

  it('keeps what a full feed without a column says nothing of (photos, comments, features)', async () => {
    const before = (await cars()).U5001!.car;
    const summary = await applyStockFeed(
      t.db,
      d,
      csv(
        'Stock No,Make,Model,Variant,Year,Kms,Price,Drive Away Price\nU5001,Toyota,RAV4,GX,2021,41500,32990,34990\n' +
          'U5002,Mazda,CX-5,Maxx,2020,52000,27990,\nU5003,Kia,Sportage,S,2022,18000,33990,\nU5004,Hyundai,Tucson,Elite,2021,30000,31990,\n',
      ),
      at(1),
    );
    expect(summary).toMatchObject({ updated: 1, unchanged: 3 });
    expect((await cars()).U5001!.car).toEqual({ ...before, km: 41_500 });
  });

  it('refuses, changing nothing, a delta that marks most of the stock sold or hidden', async () => {
    const summary = await applyStockFeed(
      t.db,
      d,
      csv('Stock No,Status\nU5001,sold\nU5002,hidden\nU5003,sold\n', 'delta'),
      at(1),
    );
    expect(summary.refused).toMatch(/would take 3 of the 4 cars .* off the site/);
    expect(Object.values(await cars()).every((r) => r.car.status === 'available')).toBe(true);
    const forced = await applyStockFeed(
      t.db,
      d,
      csv('Stock No,Status\nU5001,sold\nU5002,hidden\nU5003,sold\n', 'delta'),
      { ...at(2), force: true },
    );
    expect(forced).toMatchObject({ listed: 1 });
  });

  it('stops a run of cut-off full feeds at the second, though each takes only half', async () => {
    const yard = newDealer();
    d = yard;
    const rows = Array.from({ length: 28 }, (_, i) => `S${i},Toyota,Yaris,2020,9000,15990`);
    const feed = (n: number) => csv(['Stock No,Make,Model,Year,Kms,Price', ...rows.slice(0, n)].join('\n'));
    expect(await applyStockFeed(t.db, yard, feed(28), at(0))).toMatchObject({ listed: 28 });
    expect(await applyStockFeed(t.db, yard, feed(14), at(10))).toMatchObject({ listed: 14, withdrawn: 14 });
    const second = await applyStockFeed(t.db, yard, feed(7), at(20));
    expect(second.refused).toMatch(/would leave 7 of the 28 cars .* listed within the last 24 hours/);
    expect(second.listed).toBe(14);
    // A forced feed is the dealer's word: the guard counts from it.
    expect(await applyStockFeed(t.db, yard, feed(7), { ...at(30), force: true })).toMatchObject({ listed: 7 });
    expect((await applyStockFeed(t.db, yard, feed(4), at(40))).refused).toBeUndefined();
  });
});

describe.each(testDatabases)("a new car's identity and account on $label", (database) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());

  it('never takes the id of a snapshot car, nor the page address of a car of an earlier feed', async () => {
    const d = newDealer([snapshotCar(30002, { stock_number: 'CMG1' })]);
    await applyStockFeed(
      t.db,
      d,
      csv('Stock No,Make,Model,Year,Price\nCMG1,Toyota,Corolla,2020,21990\nAB 12,Kia,Rio,2021,15990\n', 'delta'),
      { source: 'cli', now: new Date(NOW) },
    );
    await applyStockFeed(
      t.db,
      d,
      csv('Stock No,Make,Model,Year,Price\n30002,Kia,Rio,2021,16990\nab-12,Kia,Rio,2021,14990\n', 'delta'),
      { source: 'cli', now: new Date(NOW + 1000) },
    );
    const all = (await stockRows(t.db, d.slug)).map((r) => r.car);
    expect(new Set(all.map((c) => String(c.id))).size).toBe(all.length);
    expect(new Set(all.map((c) => c.slug)).size).toBe(all.length);
    const byStock = Object.fromEntries(all.map((c) => [c.stock_number, c]));
    expect(byStock.CMG1!.id).toBe(30002);
    expect(byStock['30002']!.id).not.toBe('30002');
    expect(byStock['ab-12']!.slug).not.toBe(byStock['AB 12']!.slug);
    expect(byStock['AB 12']!.slug).toBe('2021-kia-rio-ab-12');
  });

  it("takes the feed's account, else the site's stock.default_account, else its yard's", async () => {
    const withDefault = newDealer([], { default_account: 'group-used' });
    await applyStockFeed(
      t.db,
      withDefault,
      csv('Stock No,Make,Model,Year,Price,Yard\nA1,Kia,Rio,2021,15990,\nA2,Kia,Rio,2021,15990,trade-ins\n'),
      { source: 'cli', now: new Date(NOW) },
    );
    const rows = Object.fromEntries((await stockRows(t.db, withDefault.slug)).map((r) => [r.stock_number, r.car]));
    expect(rows.A1!.account).toBe('group-used');
    expect(rows.A2!.account).toBe('trade-ins');

    const yard = newDealer([
      snapshotCar(1, { location_name: 'North', account: 'north-yard' }),
      snapshotCar(2, { location_name: 'North', account: 'north-yard' }),
    ]);
    await applyStockFeed(
      t.db,
      yard,
      csv('Stock No,Make,Model,Year,Price,Location\nN9,Kia,Rio,2021,15990,North\n', 'delta'),
      { source: 'cli', now: new Date(NOW) },
    );
    const n9 = (await stockRows(t.db, yard.slug)).find((r) => r.stock_number === 'N9')!.car;
    expect(n9.account).toBe('north-yard');
    // A later feed without an account column keeps the car's account.
    await applyStockFeed(t.db, yard, csv('Stock No,Price\nN9,14990\n', 'delta'), {
      source: 'cli',
      now: new Date(NOW + 1),
    });
    expect((await stockRows(t.db, yard.slug)).find((r) => r.stock_number === 'N9')!.car.account).toBe('north-yard');
  });
});
