/**
 * The search load run of `npm run bench` and `npm run bench:search`: one synthetic dealer with
 * N realistic cars (makes, models, bodies, fuels, locations, ~7% sold or hidden) indexed into a
 * fresh database (PGlite in a temporary folder, or a throwaway schema of a PostgreSQL server),
 * then Q multi-queries of the kind InstantSearch sends, one at a time, over HTTP to the real API
 * on 127.0.0.1.
 *
 * Each multi-query has a keyword, asks for counts of 7 facets (make, model, simple_body,
 * simple_fuel, seats, certified, location_name) plus price and year stats, and refines 0-4 of
 * those facets (some with two values, an OR) and half the time a price range. As InstantSearch
 * does for disjunctive facets, every refined facet adds one request without its own refinement
 * (hitsPerPage 0, that facet only). Server time is the handler's Server-Timing; wall time is the
 * HTTP round trip seen by the client.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../../src/api/app.ts';
import { migrate } from '../../src/api/db/migrate.ts';
import type { ApiDeps } from '../../src/api/deps.ts';
import { serveFetch } from '../../src/api/node-adapter.ts';
import { indexContent } from '../../src/api/search/index-content.ts';
import type { Car } from '../../src/content/entities.ts';
import type { DealerContent } from '../../src/content/load.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-db.ts';

export type SearchDatabase = BenchDatabase;

export interface SearchLoadOptions {
  database: SearchDatabase;
  /** Cars in the synthetic stock (default 10,000). */
  cars?: number;
  /** Multi-queries measured (default 500). */
  queries?: number;
  /** Multi-queries sent first and not measured (default 30). */
  warmup?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface Percentiles { p50: number; p95: number; p99: number; max: number }

export interface SearchLoadResult {
  database: 'PGlite' | 'PostgreSQL';
  server: string;
  /** Cars generated, and indexed (sold and hidden ones are not). */
  cars: number;
  indexed: number;
  indexSeconds: number;
  queries: number;
  /** Requests in the measured multi-queries (1 + refined facets each). */
  requests: number;
  serverMs: Percentiles;
  wallMs: Percentiles;
  meanHits: number;
  errors: number;
  errorSamples: string[];
}

export const SEARCH_P95_TARGET_MS = 20;
export const BENCH_FACETS = ['make', 'model', 'simple_body', 'simple_fuel', 'seats', 'certified', 'location_name'] as const;

const SITE = 'bench-search-motors';

const RANGE: Record<string, { models: string[]; bodies: string[] }> = {
  Toyota: { models: ['Corolla', 'Camry', 'RAV4', 'HiLux', 'LandCruiser', 'Yaris', 'Kluger', 'C-HR'], bodies: ['Hatch', 'Sedan', 'SUV', 'Ute'] },
  Mazda: { models: ['3', '2', 'CX-3', 'CX-5', 'CX-9', 'BT-50', 'MX-5'], bodies: ['Hatch', 'SUV', 'Ute', 'Convertible'] },
  Hyundai: { models: ['i30', 'Tucson', 'Kona', 'Santa Fe', 'Venue', 'Staria'], bodies: ['Hatch', 'SUV', 'People Mover'] },
  Kia: { models: ['Cerato', 'Sportage', 'Seltos', 'Sorento', 'Carnival', 'Picanto'], bodies: ['Hatch', 'Sedan', 'SUV', 'People Mover'] },
  Ford: { models: ['Ranger', 'Everest', 'Puma', 'Escape', 'Mustang', 'Focus'], bodies: ['Ute', 'SUV', 'Coupe', 'Hatch'] },
  Mitsubishi: { models: ['Triton', 'Outlander', 'ASX', 'Pajero Sport', 'Eclipse Cross'], bodies: ['Ute', 'SUV'] },
  Nissan: { models: ['Navara', 'X-Trail', 'Qashqai', 'Patrol', 'Juke'], bodies: ['Ute', 'SUV'] },
  Subaru: { models: ['Forester', 'Outback', 'XV', 'Impreza', 'WRX'], bodies: ['SUV', 'Wagon', 'Hatch', 'Sedan'] },
  Volkswagen: { models: ['Golf', 'Polo', 'Tiguan', 'Amarok', 'T-Roc'], bodies: ['Hatch', 'SUV', 'Ute'] },
  Honda: { models: ['Civic', 'CR-V', 'HR-V', 'Jazz', 'Accord'], bodies: ['Hatch', 'SUV', 'Sedan'] },
  Tesla: { models: ['Model 3', 'Model Y'], bodies: ['Sedan', 'SUV'] },
  BMW: { models: ['X1', 'X3', 'X5', '3 Series', '1 Series'], bodies: ['SUV', 'Sedan', 'Hatch'] },
};
const FUELS = ['Petrol', 'Petrol', 'Petrol', 'Diesel', 'Diesel', 'Hybrid', 'Electric'];
const LOCATIONS = ['Parramatta', 'Penrith', 'Liverpool', 'Blacktown', 'Campbelltown', 'Castle Hill', 'Hornsby', 'Auckland'];
const BADGES = ['GX', 'GXL', 'Ascent', 'SX', 'Sport', 'Touring', 'Limited', 'Active', 'Premium', 'Titanium', 'XLT', 'GT'];
const TAGS = ['', '', '', 'Just arrived', 'Price drop', 'Low km', 'One owner'];
const COMMENTS = ['One owner, full service history.', 'Immaculate condition inside and out.', 'Tow bar fitted, ready for the weekend.',
  'Balance of factory warranty.', 'Low kilometres for the year.', 'Apple CarPlay, reversing camera, cruise control.', ''];
const KEYWORDS = ['toy', 'toyota', 'corolla', 'mazda', 'cx', 'ranger', 'suv', 'diesel', 'hybrid', 'ute', 'kia', 'hyundai i30', 'sport',
  'one owner', 'low', 'tow', 'camry', 'subaru', 'parramatta', 'gx', 'electric', 'nissan navara', 'ford', 'warranty', 'family'];

/** A small deterministic PRNG (mulberry32), so runs compare. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, pick, int };
}

export function syntheticCars(count: number, seed = 1): Car[] {
  const r = rng(seed);
  const makes = Object.keys(RANGE);
  return Array.from({ length: count }, (_, i): Car => {
    const make = r.pick(makes);
    const { models, bodies } = RANGE[make]!;
    const model = r.pick(models);
    const body = r.pick(bodies);
    const year = r.int(2008, 2025);
    const km = Math.max(5, (2025 - year) * r.int(8_000, 22_000) + r.int(0, 9_999));
    const price = Math.round((60_000 - (2025 - year) * 2_600 + r.int(-8_000, 25_000)) / 10) * 10;
    const badge = r.pick(BADGES);
    const roll = r.next();
    const tag = r.pick(TAGS);
    return {
      id: 100_000 + i, name: `${year} ${make} ${model} ${badge}`, slug: `${year}-${make}-${model}-${i}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      make, model, badge, year, km, price: Math.max(4_990, price), dealercomments: r.pick(COMMENTS), photos: [], photos_count: r.int(0, 30),
      car_type: year >= 2025 ? 'new' : r.next() < 0.1 ? 'demo' : 'used', tag: tag || undefined, simple_body: body,
      simple_fuel: make === 'Tesla' ? 'Electric' : r.pick(FUELS), seats: body === 'People Mover' ? 8 : body === 'Coupe' || body === 'Convertible' ? 4 : r.next() < 0.15 ? 7 : 5,
      certified: r.next() < 0.3, status: roll < 0.05 ? 'sold' : roll < 0.07 ? 'hidden' : 'available', location_name: r.pick(LOCATIONS),
      created_at_timestamp: 1_700_000_000 + i * 60,
    } as unknown as Car;
  });
}

/** The synthetic dealer: just enough content for the API to resolve it and index its cars. */
function syntheticDealer(cars: Car[]): DealerContent {
  return {
    slug: SITE,
    site: { id: 990_001, slug: SITE, name: 'Bench Search Motors', url: 'https://www.benchsearchmotors.com.au', country: 'AU' },
    pages: [], models: [], offers: [], team: [], locations: [], brands: [], slides: [], cars, reviews: {},
  } as unknown as DealerContent;
}

/** One InstantSearch-like multi-query (main request + one per refined disjunctive facet). */
export function searchQueries(cars: Car[], count: number, seed = 2): { requests: Record<string, unknown>[] }[] {
  const r = rng(seed);
  const listed = cars.filter((c) => c.status === 'available');
  return Array.from({ length: count }, () => {
    const query = r.pick(KEYWORDS);
    // Values come from a real car so refinements are plausible, not empty by construction.
    const refinements = new Map<string, string[]>();
    const n = r.int(0, 4);
    while (refinements.size < n) {
      const attr = r.pick(BENCH_FACETS);
      const a = r.pick(listed) as unknown as Record<string, unknown>;
      const b = r.pick(listed) as unknown as Record<string, unknown>;
      const values = [String(a[attr])];
      if (r.next() < 0.3 && String(b[attr]) !== values[0]) values.push(String(b[attr]));
      refinements.set(attr, values);
    }
    const numericFilters = r.next() < 0.5 ? [`price>=${r.int(1, 3) * 10_000}`, `price<=${r.int(4, 9) * 10_000}`] : [];
    const facetFilters = (except?: string) =>
      [...refinements].filter(([attr]) => attr !== except).map(([attr, values]) => values.map((v) => `${attr}:${v}`));
    const common = { query, numericFilters, highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__', analytics: false };
    return {
      requests: [
        { indexName: 'cars', params: { ...common, facets: [...BENCH_FACETS, 'price', 'year'], facetFilters: facetFilters(), hitsPerPage: 20, page: 0, maxValuesPerFacet: 50 } },
        ...[...refinements.keys()].map((attr) => ({
          indexName: 'cars', params: { ...common, facets: [attr], facetFilters: facetFilters(attr), hitsPerPage: 0, page: 0, maxValuesPerFacet: 50, clickAnalytics: false },
        })),
      ],
    };
  });
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : 0);
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

export async function runSearchLoad(options: SearchLoadOptions): Promise<SearchLoadResult> {
  const label = options.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const carCount = options.cars ?? 10_000;
  const queryCount = options.queries ?? 500;
  const warmup = options.warmup ?? 30;
  const cars = syntheticCars(carCount, options.seed ?? 1);
  const dealer = syntheticDealer(cars);
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-search-'));
  const { db, server: serverName, drop } = await openBenchDatabase(options.database, dir, 'bench_search').catch(async (e: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw e;
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const server = createServer();
  try {
    await migrate(db);
    const indexStart = performance.now();
    const [report] = await indexContent(db, [dealer]);
    const indexSeconds = (performance.now() - indexStart) / 1000;
    options.log?.(`  ${label}: indexed ${report!.cars} of ${carCount} cars in ${indexSeconds.toFixed(1)} s`);

    const unused = () => Promise.reject(new Error('the search bench sends no finance applications'));
    // One address sends every query: its limit is lifted, but each search is still counted.
    const deps: ApiDeps = {
      db, dealers: [dealer], now: () => new Date(), financeProvider: { apply: unused, dealershipIdForLocation: unused },
      rateLimits: { searchPerIp: { max: 1e9, windowMs: 60_000 } },
    };
    const app = createApp(deps);
    server.on('request', (req, res) => void serveFetch(req, res, app.fetch, `http://${req.headers.host ?? '127.0.0.1'}`));
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    const post = (body: string) => new Promise<{ status: number; body: string; serverMs: number }>((resolve, reject) => {
      const req = request({ agent, host: '127.0.0.1', port, path: '/api/search/1/indexes/*/queries', method: 'POST',
        headers: { host: `${SITE}.localhost`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), serverMs: timing ? Number(timing[1]) : NaN });
        });
        res.on('error', reject);
      });
      req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', reject);
      req.end(body);
    });

    const all = searchQueries(cars, warmup + queryCount, (options.seed ?? 1) + 1);
    const serverMs: number[] = [];
    const wallMs: number[] = [];
    const errors: string[] = [];
    let hits = 0;
    let requests = 0;
    for (let i = 0; i < all.length; i++) {
      const body = JSON.stringify(all[i]);
      const started = performance.now();
      const answer = await post(body).catch((e: Error) => ({ status: 0, body: e.message, serverMs: NaN }));
      const wall = performance.now() - started;
      if (i < warmup) continue;
      if (answer.status !== 200) {
        errors.push(`${answer.status || 'no answer'}: ${answer.body.slice(0, 200)}`);
        continue;
      }
      wallMs.push(wall);
      serverMs.push(answer.serverMs);
      requests += all[i]!.requests.length;
      hits += (JSON.parse(answer.body) as { results: { nbHits: number }[] }).results[0]!.nbHits;
    }
    return {
      database: label, server: serverName, cars: carCount, indexed: report!.cars, indexSeconds, queries: wallMs.length, requests,
      serverMs: percentiles(serverMs), wallMs: percentiles(wallMs), meanHits: wallMs.length ? hits / wallMs.length : 0,
      errors: errors.length, errorSamples: [...new Set(errors)].slice(0, 5),
    };
  } finally {
    server.close();
    server.closeAllConnections();
    agent.destroy();
    await drop().catch((e: Error) => options.log?.(`  could not clean up the ${label} database: ${e.message}`));
    await rm(dir, { recursive: true, force: true });
  }
}
