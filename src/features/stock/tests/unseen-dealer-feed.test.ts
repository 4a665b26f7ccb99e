/**
 * A stock feed as a Queensland used-ute dealer's management system writes it, imported by
 * `npm run stock -- import` as the dealer's scheduled job runs it
 * (tests/fixtures/dealers-unseen/_feeds): a Windows-1252 file (é, è and a ’ held as byte 0x92),
 * the system's own column names (Stock No, Rego No, KMs, Color, DAP, EGC Price, Images, Dealer
 * Comments, Yard), PPSR columns (PPSR Checked On, Encumbered, Reported Stolen, WOVR) with dates
 * written both ways, POA in two spellings, columns the format does not know; then a status-only
 * delta that sells two cars and leaves every other field as it was. The cars are read back from
 * the store the build reads, and their car pages rendered as the build renders them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../api/db/index.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { stockRows, type StockRow } from '../server/store.ts';
import { childEnv } from '../../../../tests/helpers/build-child.ts';
import { carPageHtml } from '../../../../tests/helpers/car-page.ts';
import { fixtureDealer } from '../../../../tests/helpers/render.ts';

const run = promisify(execFile);
const SITE = 'wide-bay-ute-and-4wd-centre';
const DEALERS = 'tests/fixtures/dealers-unseen';
const FEEDS = path.join(DEALERS, '_feeds');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'unseen-feed-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));

async function stockImport(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      'npx',
      ['tsx', 'scripts/stock.ts', 'import', '--site', SITE, '--dealers', DEALERS, '--data', dataDir, ...args],
      { env: childEnv({ DATABASE_URL: '' }) },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function stock(): Promise<Map<string, StockRow>> {
  const db = await openDb({ kind: 'pglite', dataDir });
  try {
    return new Map((await stockRows(db, SITE)).map((r) => [r.stock_number, r]));
  } finally {
    await db.close();
  }
}

/** The visible text of a rendered page, tags and scripts left out, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

/** The vehicle-history section of a car page, as text ('' when the page has none). */
function historyText(html: string): string {
  const m = /<section[^>]*class="[^"]*vdp-history[^"]*"[\s\S]*?<\/section>/.exec(html);
  return m ? textOf(m[0]) : '';
}

describe("a Queensland dealer's DMS feed through npm run stock", () => {
  let dealer: DealerContent;
  let cars: Map<string, StockRow>;
  const page = (car: Car) => carPageHtml({ ...dealer, cars: [...cars.values()].map((r) => r.car) }, car);

  beforeAll(async () => {
    dealer = await fixtureDealer(SITE, DEALERS);
  });

  it('imports the Windows-1252 full feed, saying how it read it and which columns it ignored', async () => {
    const r = await stockImport([path.join(FEEDS, 'wide-bay-full.csv')]);
    expect(r.stderr).toContain('is not UTF-8: read as Windows-1252');
    expect(r.stderr).toContain('Columns ignored (not in the feed format): Cost Price, Days In Stock');
    expect(r.stdout).toContain(`${SITE}: full feed: 2 added, 10 updated, 0 unchanged, 0 withdrawn, 0 rows skipped`);
    expect(r.code).toBe(0);
    cars = await stock();
    expect(cars.size).toBe(13);
  });

  it('keeps every letter as the dealer wrote it, never U+FFFD or mojibake', () => {
    const landtrek = cars.get('WB24777')!.car;
    expect(landtrek).toMatchObject({ make: 'Peugeot', model: 'Landtrek', badge: 'GT (4x4) Double Cab Pick Up' });
    expect(landtrek.dealercomments).toBe('Owner’s manual & both keys. Ex-café fit-out, très rare in the Wide Bay.');
    expect(cars.get('WB23150')!.car.dealercomments).toBe('The owner’s pride: Raptor on 33s.');
    const all = JSON.stringify([...cars.values()]);
    expect(all).not.toContain('\uFFFD');
    expect(all).not.toMatch(/â€|Ã©|Ã¨/);
  });

  it('reads the aliases into the fields a listing needs, and a new car without a yard takes the default account', () => {
    const raptor = cars.get('WB23150')!.car;
    expect(raptor).toMatchObject({
      year: 2023,
      km: 31200,
      colour: 'Code Orange',
      price: 84990,
      price_drive_away: 84990,
      car_type: 'used',
      location_name: 'Wide Bay Ute & 4WD Centre Hervey Bay (Boat Harbour Drive)',
      account: 'widebay-used',
      photos: [
        '/samples/coastal-motor-group/car-ute-bronze-front.svg',
        '/samples/coastal-motor-group/car-ute-bronze-side.svg',
      ],
    });
    expect(cars.get('WB24777')!.car.account).toBe('widebay-used');
    expect(cars.get('WB20391')!.car).toMatchObject({ price: 47490, price_egc: 47490 });
    expect(cars.get('WB25002')!.car.car_type).toBe('demo');
    // Updated from the feed, the snapshot's page address kept.
    expect(cars.get('WB21044')!.car).toMatchObject({
      price: 51990,
      slug: '2021-toyota-hilux-sr5-4x4-double-cab-pick-up-880401',
    });
  });

  it('marks both POA spellings price on application, and their pages say so with no $0', async () => {
    for (const stockNumber of ['WB24777', 'WB16007']) {
      const car = cars.get(stockNumber)!.car;
      expect(car.price_on_application, stockNumber).toBe(true);
      const text = textOf(await page(car));
      expect(text, stockNumber).toContain('Price on application');
      expect(text, stockNumber).not.toMatch(/\$0(?![\d,.])/);
    }
  });

  it("reads the PPSR columns into each car's history, and the car page shows what the check answered", async () => {
    expect(cars.get('WB21044')!.car.history).toMatchObject({
      checked_on: '2026-11-28',
      finance_owing: false,
      stolen: false,
      written_off: false,
    });
    expect(cars.get('WB16007')!.car.history).toMatchObject({ checked_on: '2026-11-30', finance_owing: true });
    expect(cars.get('WB16007')!.car.history?.written_off).toBeUndefined();
    expect(cars.get('WB22085')!.car.history).toMatchObject({
      checked_on: '2026-11-21',
      written_off: true,
      write_off_type: 'repairable',
    });
    // A row with empty PPSR cells leaves the history as it was: none.
    expect(cars.get('WB19260')!.car.history).toBeUndefined();

    const hilux = historyText(await page(cars.get('WB21044')!.car));
    expect(hilux).toContain('Vehicle history');
    expect(hilux).toContain('28/11/2026');
    expect(hilux).toMatch(/Money owing No Reported stolen No Written off No/);

    const dmax = historyText(await page(cars.get('WB16007')!.car));
    expect(dmax).toMatch(/Money owing Yes/);
    expect(dmax).not.toContain('Written off');
    expect(dmax).toContain('Only the items the check answered are listed.');

    expect(historyText(await page(cars.get('WB22085')!.car))).toMatch(/Written off Yes \(repairable write-off\)/);
    expect(historyText(await page(cars.get('WB19260')!.car))).toBe('');
  });

  it('applies the status-only delta: two cars sold, every other field of theirs and of the rest as it was', async () => {
    const before = cars;
    const r = await stockImport(['--delta', path.join(FEEDS, 'wide-bay-status-delta.csv')]);
    expect(r.stdout).toContain(`${SITE}: delta feed: 0 added, 2 updated, 0 unchanged, 0 withdrawn, 0 rows skipped`);
    expect(r.code).toBe(0);
    cars = await stock();
    for (const stockNumber of ['WB19260', 'WB16888']) {
      const { status, sold_at, ...rest } = cars.get(stockNumber)!.car;
      const { status: was, sold_at: _none, ...restBefore } = before.get(stockNumber)!.car;
      expect(was ?? 'available').toBe('available');
      expect(status).toBe('sold');
      expect(sold_at).toEqual(expect.any(String));
      expect(rest).toEqual(restBefore);
    }
    for (const [stockNumber, row] of before)
      if (stockNumber !== 'WB19260' && stockNumber !== 'WB16888')
        expect(cars.get(stockNumber)!.car, stockNumber).toEqual(row.car);
  });
});
