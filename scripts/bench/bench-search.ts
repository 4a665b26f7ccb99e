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
 * (hitsPerPage 0, that facet only). Half of the keywords are spelt right ("exact"), half with
 * typos (bench-search-queries.ts), measured apart too: typo tolerance is on for both, as by
 * default. Server time is the handler's Server-Timing; wall time is the HTTP round trip seen by
 * the client.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '../../src/api/app.ts';
import { migrate } from '../../src/api/db/migrate.ts';
import type { ApiDeps } from '../../src/api/core/deps.ts';
import { serveFetch } from '../../src/api/node-adapter.ts';
import { indexContent } from '../../src/features/search/server/index-content.ts';
import type { Car } from '../../src/content/entities.ts';
import type { DealerContent } from '../../src/content/load.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-db.ts';
import { searchQueries, syntheticCars, type QueryKind } from './bench-search-queries.ts';

export {
  BENCH_FACETS,
  KEYWORDS,
  searchQueries,
  syntheticCars,
  TYPO_KEYWORDS,
  type BenchQuery,
  type QueryKind,
} from './bench-search-queries.ts';

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

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The measures of one kind of query (or of all). */
export interface QueryMeasures {
  queries: number;
  serverMs: Percentiles;
  wallMs: Percentiles;
  meanHits: number;
}

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
  /** The same measures for the keywords spelt right and for the misspelt ones. */
  byKind: Record<QueryKind, QueryMeasures>;
  errors: number;
  errorSamples: string[];
}

export const SEARCH_P95_TARGET_MS = 20;

const SITE = 'bench-search-motors';

/** The synthetic dealer: just enough content for the API to resolve it and index its cars. */
function syntheticDealer(cars: Car[]): DealerContent {
  return {
    slug: SITE,
    site: {
      id: 990_001,
      slug: SITE,
      name: 'Bench Search Motors',
      url: 'https://www.benchsearchmotors.com.au',
      country: 'AU',
    },
    pages: [],
    models: [],
    offers: [],
    team: [],
    locations: [],
    brands: [],
    slides: [],
    cars,
    reviews: {},
  } as unknown as DealerContent;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : 0;
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
  const {
    db,
    server: serverName,
    drop,
  } = await openBenchDatabase(options.database, dir, 'bench_search').catch(async (e: unknown) => {
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
      db,
      dealers: [dealer],
      now: () => new Date(),
      financeProvider: { apply: unused, dealershipIdForLocation: unused },
      rateLimits: { searchPerIp: { max: 1e9, windowMs: 60_000 } },
    };
    const app = createApp(deps);
    server.on(
      'request',
      (req, res) => void serveFetch(req, res, app.fetch, `http://${req.headers.host ?? '127.0.0.1'}`),
    );
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;

    const post = (body: string) =>
      new Promise<{ status: number; body: string; serverMs: number }>((resolve, reject) => {
        const req = request(
          {
            agent,
            host: '127.0.0.1',
            port,
            path: '/api/search/1/indexes/*/queries',
            method: 'POST',
            headers: {
              host: `${SITE}.localhost`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
              resolve({
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
                serverMs: timing ? Number(timing[1]) : NaN,
              });
            });
            res.on('error', reject);
          },
        );
        req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
        req.on('error', reject);
        req.end(body);
      });

    const all = searchQueries(cars, warmup + queryCount, (options.seed ?? 1) + 1);
    const samples: { kind: QueryKind; server: number; wall: number; hits: number; requests: number }[] = [];
    const errors: string[] = [];
    for (let i = 0; i < all.length; i++) {
      const body = JSON.stringify(all[i]!.body);
      const started = performance.now();
      const answer = await post(body).catch((e: Error) => ({ status: 0, body: e.message, serverMs: NaN }));
      const wall = performance.now() - started;
      if (i < warmup) continue;
      if (answer.status !== 200) {
        errors.push(`${answer.status || 'no answer'}: ${answer.body.slice(0, 200)}`);
        continue;
      }
      const hits = (JSON.parse(answer.body) as { results: { nbHits: number }[] }).results[0]!.nbHits;
      samples.push({ kind: all[i]!.kind, server: answer.serverMs, wall, hits, requests: all[i]!.body.requests.length });
    }
    const measures = (list: typeof samples): QueryMeasures => ({
      queries: list.length,
      serverMs: percentiles(list.map((x) => x.server)),
      wallMs: percentiles(list.map((x) => x.wall)),
      meanHits: list.length ? list.reduce((sum, x) => sum + x.hits, 0) / list.length : 0,
    });
    const overall = measures(samples);
    const byKind = {
      exact: measures(samples.filter((x) => x.kind === 'exact')),
      typo: measures(samples.filter((x) => x.kind === 'typo')),
    };
    for (const kind of ['exact', 'typo'] as const) {
      const m = byKind[kind];
      options.log?.(
        `  ${label} ${kind} keywords: ${m.queries} multi-queries, ${m.meanHits.toFixed(0)} hits on average, server p50 ${m.serverMs.p50.toFixed(1)} ms, p95 ${m.serverMs.p95.toFixed(1)} ms`,
      );
    }
    return {
      database: label,
      server: serverName,
      cars: carCount,
      indexed: report!.cars,
      indexSeconds,
      queries: overall.queries,
      requests: samples.reduce((sum, x) => sum + x.requests, 0),
      serverMs: overall.serverMs,
      wallMs: overall.wallMs,
      meanHits: overall.meanHits,
      byKind,
      errors: errors.length,
      errorSamples: [...new Set(errors)].slice(0, 5),
    };
  } finally {
    server.close();
    server.closeAllConnections();
    agent.destroy();
    await drop().catch((e: Error) => options.log?.(`  could not clean up the ${label} database: ${e.message}`));
    await rm(dir, { recursive: true, force: true });
  }
}
