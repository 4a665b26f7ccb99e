/**
 * The build reuses the snapshot cars' estimates the API keeps (market_prices, origin "snapshot"),
 * on PGlite (and PostgreSQL with TEST_DATABASE_URL), through the real HTTP client against the
 * stand-in: with the estimates an API start kept, the build's path (build-stock.ts's reader, then
 * carsWithMarketPrices) asks nothing; a car whose price changed, or an answer past
 * MARKET_PRICE_REFRESH_DAYS, is asked again; without a database, or with one from before those
 * estimates, every car is asked as before. The build's validation step (validateDealers, with the
 * provider from MARKET_PRICE_PROVIDER_URL) hands the kept answers on the same way.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Car } from '../../../content/entities.ts';
import { loadDealers, type DealerContent } from '../../../content/load.ts';
import { prepareDatabase } from '../../../api/runtime-tasks.ts';
import { importedStock, keptSnapshotEstimates } from '../../../engine/build/build-stock.ts';
import { validateDealers } from '../../../engine/build/build-validate.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';
import { startMarketPriceStandIn, type MarketPriceStandIn } from '../../../../scripts/standins/market-price-standin.ts';
import { httpMarketProvider, type MarketProvider } from '../server/market-provider.ts';
import { carsWithMarketPrices, type KeptSnapshotEstimates } from '../server/market-build.ts';
import type { WithMarketEstimate } from '../contract/market-price.ts';

const SLUG = 'reuse-motors';
const DAY_MS = 86_400_000;

const car = (n: number, extra: Partial<Car> = {}): Car =>
  ({
    id: `r${n}`,
    name: `2019 Toyota RAV4 ${n}`,
    slug: `2019-toyota-rav4-r${n}`,
    make: 'Toyota',
    model: 'RAV4',
    year: 2019,
    km: 70_000 + n,
    price: 31_990,
    price_qualifier: 'drive_away',
    photos: [],
    photos_count: 0,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + n,
    stock_number: `R${n}`,
    ...extra,
  }) as Car;

const cars = () => [1, 2, 3, 4, 5].map((n) => car(n));

const dealer = (list: Car[]): DealerContent =>
  dealerOf(
    {
      id: 93,
      slug: SLUG,
      name: 'Reuse Motors',
      url: 'https://www.reuse-motors.example',
      country: 'AU',
      state: 'NSW',
      market_price: { enabled: true },
    },
    { cars: list },
  );

const estimates = (list: Car[]) => list.map((c) => (c as WithMarketEstimate).market_estimate);

let standIn: MarketPriceStandIn;
let provider: MarketProvider;
beforeAll(async () => {
  standIn = await startMarketPriceStandIn({ apiKey: 'reuse-key' });
  provider = httpMarketProvider({ baseUrl: standIn.url, apiKey: 'reuse-key', timeoutMs: 10_000 });
  // The provider the build's validation step asks (market-build.ts reads it from the environment).
  vi.stubEnv('MARKET_PRICE_PROVIDER_URL', standIn.url);
  vi.stubEnv('MARKET_PRICE_API_KEY', 'reuse-key');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

/** The build's step for one dealer, with the kept estimates read the way build-stock.ts reads them. */
const build = (d: DealerContent, kept: KeptSnapshotEstimates | undefined, now = new Date()) =>
  carsWithMarketPrices(d, { asAt: now.toISOString().slice(0, 10), provider, kept, now, maxAgeDays: 7 });

describe.each(testDatabases)('the build reuses kept snapshot estimates on $label', (database) => {
  let t: TestDb;
  let kept: Record<string, KeptSnapshotEstimates>;
  let started: Car[];
  beforeAll(async () => {
    t = await database.open();
    // An API start asks about the snapshot's cars and keeps the answers.
    const d = dealer(cars());
    await prepareDatabase(t.db, [d], () => {}, { provider, maxAgeDays: 7 });
    started = d.cars;
    kept = await keptSnapshotEstimates(t.db, [SLUG, 'another-dealer']);
  }, 30_000);
  afterAll(() => t.cleanup());

  it('asks the provider about none of the cars whose estimates are kept and fresh', async () => {
    expect(Object.keys(kept)).toEqual([SLUG]);
    expect(Object.keys(kept[SLUG]!).sort()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    const built = await build(dealer(cars()), kept[SLUG]);
    expect(standIn.requests.length).toBe(0);
    expect(estimates(built)).toEqual(estimates(started));
    expect(estimates(built).every(Boolean)).toBe(true);
  }, 30_000);

  it('asks about the one car whose price changed, and only it', async () => {
    const changed = cars();
    changed[2] = car(3, { price: 28_990 });
    const built = await build(dealer(changed), kept[SLUG]);
    expect(standIn.requests.length).toBe(1);
    expect((standIn.requests[0]!.odometer as { value: number }).value).toBe(70_003);
    expect(estimates(built).every(Boolean)).toBe(true);
  }, 30_000);

  it('asks again about every car once the kept answers are past MARKET_PRICE_REFRESH_DAYS', async () => {
    await build(dealer(cars()), kept[SLUG], new Date(Date.now() + 8 * DAY_MS));
    expect(standIn.requests.length).toBe(5);
  }, 30_000);

  it("hands the kept answers to the validation step, which then asks about none of the dealer's cars", async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'market-build-validate-'));
    const slug = 'tasman-motors';
    try {
      const dealersDir = path.join(work, 'dealers');
      await cp(path.resolve('dealers', slug), path.join(dealersDir, slug), { recursive: true });
      const { dealers } = await loadDealers(dealersDir, { only: [slug] });
      await prepareDatabase(t.db, dealers, () => {}, { provider, maxAgeDays: 7 });
      const asked = standIn.requests.length;
      expect(asked).toBeGreaterThan(0);
      const marketPrices = await keptSnapshotEstimates(t.db, [slug]);
      const validate = async (stock?: Parameters<typeof validateDealers>[0]['stock']) => {
        const contentDir = await mkdtemp(path.join(work, 'content-'));
        const out = await validateDealers({
          dealersDir,
          slugs: [slug],
          kept: {},
          contentDir,
          keep: true,
          builtAt: new Date().toISOString(),
          key: 'k',
          log: () => {},
          ...(stock ? { stock } : {}),
        });
        expect(out.errors).toEqual([]);
        return estimates(out.dealers[0]!.cars).filter(Boolean).length;
      };

      standIn.requests.length = 0;
      expect(await validate({ cars: {}, versions: {}, marketPrices })).toBe(asked);
      expect(standIn.requests.length).toBe(0);

      // Without the database's answers (a build without one) every car is asked again.
      expect(await validate()).toBe(asked);
      expect(standIn.requests.length).toBe(asked);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);

  it('reads none from a database from before the stock tables or before snapshot estimates', async () => {
    const bare = await database.open({ migrated: false });
    try {
      expect(await keptSnapshotEstimates(bare.db, [SLUG])).toEqual({});
      // market_prices as migration 0020 made it, without the origin column.
      await bare.db.query(
        `CREATE TABLE market_prices (site_slug text, car_id text, basis_key text, status text, estimate jsonb,
           asked_at timestamptz, PRIMARY KEY (site_slug, car_id))`,
      );
      expect(await keptSnapshotEstimates(bare.db, [SLUG])).toEqual({});
    } finally {
      await bare.cleanup();
    }
  }, 60_000);
});

describe('a build without a database', () => {
  it('asks about every car, as before', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'market-build-reuse-'));
    try {
      const stock = await importedStock([SLUG], { dataDir, env: {} });
      expect(stock.from).toContain('no database');
      const kept = await stock.snapshotEstimates([SLUG]);
      await stock.close();
      const built = await build(dealer(cars()), kept[SLUG]);
      expect(standIn.requests.length).toBe(5);
      expect(estimates(built).every(Boolean)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
