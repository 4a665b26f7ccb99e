/**
 * Other dealers' latency during a big import (stock part of `npm run bench`): the API app, as
 * `npm start` mounts it, in this process on 127.0.0.1, with a few dealers' stock imported; a loop
 * sends InstantSearch-like multi-queries (the search route, POST /api/search/1/indexes/…/queries) and status
 * requests (GET /api/stock/status) for those dealers, one of each kind in flight, first with the
 * database quiet, then while one dealer's big full feed is read and applied in the same process.
 * Each phase is bounded by a request count and a time limit.
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
import { stockRows } from '../../src/features/stock/server/store.ts';
import type { DealerContent } from '../../src/content/load.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-db.ts';
import { importCsv, type FeedTiming } from './bench-stock-import.ts';
import { indexContent } from '../../src/features/search/server/index-content.ts';
import { searchQueries, syntheticCars } from './bench-search-queries.ts';
import { percentiles, type Percentiles } from './bench-stock-report.ts';
import { feedCsv, fullFeedRows } from './stock-feed.ts';

export interface PhaseLatency {
  seconds: number;
  search: Percentiles & { requests: number };
  status: Percentiles & { requests: number };
  errors: number;
  errorSamples: string[];
}

export interface LoadResult {
  database: 'PGlite' | 'PostgreSQL';
  server: string;
  bigCars: number;
  otherDealers: number;
  quiet: PhaseLatency;
  during: PhaseLatency;
  /** The big feed's read and apply; `finishedInPhase` false when the loop's bounds ended first. */
  big: FeedTiming & { finishedInPhase: boolean };
  loadAverage: { start: number; end: number };
}

type Sample = { kind: 'search' | 'status'; ms: number; ok: boolean; error?: string };

/** Sends to `port` until `stop()` says so or `max` requests; returns every answer's wall time. */
function requestLoop(port: number, others: { slug: string; ids: string[] }[], stop: () => boolean, max: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  const queries = searchQueries(syntheticCars(500, 7), 200, 11);
  const send = (method: string, pathname: string, host: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const headers: Record<string, string | number> = { host: `${host}.localhost` };
      if (body)
        Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      const req = request({ agent, host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      });
      req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
      req.on('error', reject);
      req.end(body);
    });
  const samples: Sample[] = [];
  const one = async (kind: Sample['kind'], i: number) => {
    const dealer = others[i % others.length]!;
    const t = performance.now();
    const answer =
      kind === 'search'
        ? send(
            'POST',
            '/api/search/1/indexes/*/queries',
            dealer.slug,
            JSON.stringify(queries[i % queries.length]!.body),
          )
        : send('GET', `/api/stock/status?ids=${dealer.ids.slice(i % 7, (i % 7) + 5).join(',')}`, dealer.slug);
    const r = await answer.catch((e: Error) => ({ status: 0, text: e.message }));
    const ok = r.status === 200;
    samples.push({
      kind,
      ms: performance.now() - t,
      ok,
      ...(ok ? {} : { error: `${r.status}: ${r.text.slice(0, 160)}` }),
    });
  };
  const lane = async (kind: Sample['kind']) => {
    for (let i = 0; !stop() && samples.length < max; i++) await one(kind, i);
  };
  return {
    done: Promise.all([lane('search'), lane('status')]).then(() => samples),
    close: () => agent.destroy(),
  };
}

function summarise(samples: Sample[], seconds: number): PhaseLatency {
  const of = (kind: Sample['kind']) => {
    const ms = samples.filter((s) => s.kind === kind && s.ok).map((s) => s.ms);
    return { ...percentiles(ms), requests: ms.length };
  };
  const bad = samples.filter((s) => !s.ok);
  return {
    seconds,
    search: of('search'),
    status: of('status'),
    errors: bad.length,
    errorSamples: [...new Set(bad.map((s) => s.error!))].slice(0, 3),
  };
}

export async function runLoadDuringImport(o: {
  database: BenchDatabase;
  big: DealerContent;
  others: DealerContent[];
  bigCars: number;
  /** Cars of each other dealer's stock. */
  otherCars: number[];
  /** Bounds of each phase. */
  maxRequests: number;
  maxSeconds: number;
  quietSeconds: number;
  loadavg: () => number;
  log: (line: string) => void;
}): Promise<LoadResult> {
  const label = o.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-stock-load-'));
  const server = createServer();
  const start = o.loadavg();
  try {
    const opened = await openBenchDatabase(o.database, dir, 'bench_stock_load');
    try {
      const db = opened.db;
      await migrate(db);
      const others: { slug: string; ids: string[] }[] = [];
      for (const [i, dealer] of o.others.entries()) {
        const csv = feedCsv(fullFeedRows(o.otherCars[i]!, `O${i}`, dealer.locations[0]?.name ?? '', i + 3));
        await importCsv(db, dealer, csv, 'full', true);
        others.push({ slug: dealer.slug, ids: (await stockRows(db, dealer.slug)).map((r) => String(r.car.id)) });
      }
      const bigCsv = feedCsv(fullFeedRows(o.bigCars, 'BG', o.big.locations[0]?.name ?? '', 99));
      // As the API does when it starts (startRuntime): every dealer's search index is there.
      await indexContent(db, [o.big, ...o.others]);
      const unused = () => Promise.reject(new Error('the stock bench sends no finance applications'));
      // One address sends every request: its search limit is lifted, each search still counted.
      const deps: ApiDeps = {
        db,
        dealers: [o.big, ...o.others],
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

      const phase = async (stopWhen: () => boolean) => {
        const t = performance.now();
        const limit = t + o.maxSeconds * 1000;
        const loop = requestLoop(port, others, () => stopWhen() || performance.now() > limit, o.maxRequests);
        const samples = await loop.done;
        loop.close();
        return summarise(samples, (performance.now() - t) / 1000);
      };
      const quietUntil = performance.now() + o.quietSeconds * 1000;
      const quiet = await phase(() => performance.now() > quietUntil);
      o.log(`  ${label}, quiet: ${line(quiet)}`);
      let finished = false;
      const importing = (async () => {
        // Let the loop's first requests go out, so the import starts under load.
        await new Promise((r) => setTimeout(r, 200));
        try {
          // Read as the push route reads a feed (sliced), as a stock system's push to npm start is.
          return await importCsv(db, o.big, bigCsv, 'full', true, true);
        } finally {
          finished = true;
        }
      })();
      const during = await phase(() => finished);
      const big = await importing;
      o.log(
        `  ${label}, during a ${o.bigCars}-car full feed (read ${(big.parseMs / 1000).toFixed(1)} s, applied ${(big.applyMs / 1000).toFixed(1)} s): ${line(during)}`,
      );
      return {
        database: label,
        server: opened.server,
        bigCars: o.bigCars,
        otherDealers: others.length,
        quiet,
        during,
        big: { ...big, finishedInPhase: during.seconds < o.maxSeconds && finished },
        loadAverage: { start, end: o.loadavg() },
      };
    } finally {
      server.close();
      server.closeAllConnections();
      await opened.drop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function line(p: PhaseLatency): string {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  return (
    `search ${p.search.requests} requests p50 ${ms(p.search.p50)} p99 ${ms(p.search.p99)} max ${ms(p.search.max)}; ` +
    `status ${p.status.requests} p50 ${ms(p.status.p50)} p99 ${ms(p.status.p99)} max ${ms(p.status.max)}; ${p.errors} errors in ${p.seconds.toFixed(1)} s`
  );
}
