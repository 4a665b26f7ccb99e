/**
 * Snapshot cars' market prices across starts, on PGlite (and PostgreSQL with TEST_DATABASE_URL),
 * through the real HTTP client against the stand-in: the start (prepareDatabase) asks about a
 * snapshot's used cars once and keeps the answers; a second start against the same database asks
 * nothing and still serves them; a car whose price or facts changed is asked again; a cold start
 * of a 5,000-car dealer asks at most SNAPSHOT_ASKS_PER_RUN, and the scheduled refresh the next lot.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { marketPriceRuns, prepareDatabase } from '../../../api/runtime-tasks.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';
import { startMarketPriceStandIn, type MarketPriceStandIn } from '../../../../scripts/standins/market-price-standin.ts';
import { httpMarketProvider, type MarketProvider } from '../server/market-provider.ts';
import { SNAPSHOT_ASKS_PER_RUN } from '../server/market-snapshot.ts';
import type { WithMarketEstimate } from '../contract/market-price.ts';

const SLUG = 'snapshot-motors';

const car = (n: number, extra: Partial<Car> = {}): Car =>
  ({
    id: `s${n}`,
    name: `2019 Toyota RAV4 ${n}`,
    slug: `2019-toyota-rav4-s${n}`,
    make: 'Toyota',
    model: 'RAV4',
    year: 2019,
    km: 80_000 + n,
    price: 29_990,
    price_qualifier: 'drive_away',
    photos: [],
    photos_count: 0,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + n,
    stock_number: `S${n}`,
    ...extra,
  }) as Car;

const dealer = (cars: Car[]): DealerContent =>
  dealerOf(
    {
      id: 92,
      slug: SLUG,
      name: 'Snapshot Motors',
      url: 'https://www.snapshot-motors.example',
      country: 'AU',
      state: 'NSW',
      market_price: { enabled: true },
    },
    { cars },
  );

const estimated = (d: DealerContent) => d.cars.filter((c) => (c as WithMarketEstimate).market_estimate).length;

let standIn: MarketPriceStandIn;
let provider: MarketProvider;
beforeAll(async () => {
  standIn = await startMarketPriceStandIn({ apiKey: 'snap-key' });
  provider = httpMarketProvider({ baseUrl: standIn.url, apiKey: 'snap-key', timeoutMs: 10_000 });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

describe.each(testDatabases)('snapshot market prices across starts on $label', (database) => {
  let t: TestDb;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const start = (d: DealerContent) => prepareDatabase(t.db, [d], log, { provider, maxAgeDays: 7 });
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());

  const cars = () => [1, 2, 3, 4, 5].map((n) => car(n));

  it('asks at the first start, nothing at the second, and serves the kept answers', async () => {
    const first = dealer(cars());
    await start(first);
    expect(standIn.requests.length).toBe(5);
    expect(estimated(first)).toBe(5);

    standIn.requests.length = 0;
    const second = dealer(cars());
    await start(second);
    expect(standIn.requests.length).toBe(0);
    expect(second.cars.map((c) => (c as WithMarketEstimate).market_estimate)).toEqual(
      first.cars.map((c) => (c as WithMarketEstimate).market_estimate),
    );
  }, 30_000);

  it('asks again about a car whose price, kilometres, year or variant changed, and only that car', async () => {
    const changed = cars();
    changed[0] = car(1, { price: 27_990 });
    changed[1] = car(2, { km: 120_000 });
    changed[2] = car(3, { badge: 'GXL' });
    const d = dealer(changed);
    await start(d);
    expect(standIn.requests.length).toBe(3);
    expect(estimated(d)).toBe(5);
    const asked = standIn.requests.map((r) => (r.odometer as { value: number }).value).sort();
    expect(asked).toEqual([80_001, 80_003, 120_000].sort());
  }, 30_000);

  it('a cold start of a 5,000-car dealer asks a bounded number; the scheduled refresh asks the next', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => car(1_000 + i));
    const d = dealer(many);
    await start(d);
    expect(standIn.requests.length).toBe(SNAPSHOT_ASKS_PER_RUN);
    expect(estimated(d)).toBe(SNAPSHOT_ASKS_PER_RUN);
    expect(
      lines.some((l) => l.includes(`${5_000 - SNAPSHOT_ASKS_PER_RUN} car(s) left for the scheduled refresh`)),
    ).toBe(true);

    standIn.requests.length = 0;
    const runs = marketPriceRuns(t.db, [d], {}, { log, provider, everyMs: 0 });
    await runs.due();
    expect(standIn.requests.length).toBe(SNAPSHOT_ASKS_PER_RUN);
    expect(estimated(d)).toBe(2 * SNAPSHOT_ASKS_PER_RUN);

    // A start after them asks about none of the cars already answered.
    standIn.requests.length = 0;
    const again = dealer(many);
    await start(again);
    expect(standIn.requests.length).toBe(SNAPSHOT_ASKS_PER_RUN);
    expect(estimated(again)).toBe(3 * SNAPSHOT_ASKS_PER_RUN);
  }, 120_000);
});
