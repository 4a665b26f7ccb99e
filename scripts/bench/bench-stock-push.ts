/**
 * From a stock push to the car's page, under `npm start` (stock part of `npm run bench`): the real
 * scripts/serve.ts on the fleet's built sites and data folder, a signed POST /api/stock (a delta
 * with one new car) to a dealer, then its /cars/<slug>/ asked every 250 ms until it answers 200.
 * The server rebuilds the dealer by itself once `--rebuild-after` seconds pass without a change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stockSignature } from '../../src/features/stock/server/signature.ts';
import { projectRoot } from './bench-run.ts';

export interface PushResult {
  site: string;
  cars: number;
  rebuildAfterSeconds: number;
  /** The push's answer: its status and how long it took. */
  pushStatus: number;
  pushMs: number;
  /** From sending the push to the page's first 200; undefined when it never came. */
  pageSeconds?: number;
  /** What the server said the rebuild took ("Stock changed: rebuilt … in N s"). */
  rebuildSeconds?: number;
  error?: string;
}

function send(
  port: number,
  o: { method: string; path: string; host: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = {
      host: o.host,
      ...o.headers,
      ...(o.body ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}),
    };
    const req = request({ host: '127.0.0.1', port, path: o.path, method: o.method, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject).end(o.body);
  });
}

/** STOCK_FEED_SECRET_<SLUG>: the slug in upper snake case. */
export const secretName = (slug: string) => `STOCK_FEED_SECRET_${slug.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

/** Serves `sitesDir` with `npm start`'s script, and times each dealer's push to its new page in turn. */
export async function runPushToPage(o: {
  sitesDir: string;
  dealersDir: string;
  dataDir: string;
  sites: { slug: string; cars: number }[];
  rebuildAfterSeconds: number;
  /** Longest wait for one page. */
  timeoutSeconds: number;
  log: (line: string) => void;
}): Promise<PushResult[]> {
  const secrets = Object.fromEntries(o.sites.map((s) => [secretName(s.slug), `bench-key-${s.slug}`]));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/serve.ts',
      '--sites',
      o.sitesDir,
      '--port',
      '0',
      '--data',
      o.dataDir,
      '--rebuild-after',
      String(o.rebuildAfterSeconds),
    ],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...secrets,
        DATABASE_URL: '',
        DEALERS_DIR: o.dealersDir,
        FINANCE_PROVIDER_URL: 'http://127.0.0.1:9',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-200_000)));
  child.stderr!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-200_000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const waitFor = async (pattern: RegExp, ms: number, from = 0) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const m = pattern.exec(out.slice(from));
      if (m) return m;
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${out.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`not seen in ${ms / 1000} s: ${pattern}\n${out.slice(-3000)}`);
  };
  const results: PushResult[] = [];
  try {
    const port = Number((await waitFor(/^ {2}API +http:\/\/localhost:(\d+)\/api\/health/m, 180_000))[1]);
    for (const [n, site] of o.sites.entries()) {
      const stock = `PUSH${n + 1}`;
      const body = JSON.stringify({
        feed_id: `bench-push-${Date.now()}-${n}`,
        mode: 'delta',
        cars: [
          { stock_number: stock, make: 'Mazda', model: 'CX-5', year: 2023, odometer: 12000, price: 38990, photos: [] },
        ],
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const host = `${site.slug}.localhost:${port}`;
      const logFrom = out.length;
      const t0 = performance.now();
      const pushed = await send(port, {
        method: 'POST',
        path: '/api/stock',
        host,
        body,
        headers: {
          'content-type': 'application/json',
          'x-stock-timestamp': ts,
          'x-stock-signature': stockSignature(ts, '', body, secrets[secretName(site.slug)]!),
        },
      });
      const result: PushResult = {
        site: site.slug,
        cars: site.cars,
        rebuildAfterSeconds: o.rebuildAfterSeconds,
        pushStatus: pushed.status,
        pushMs: performance.now() - t0,
      };
      results.push(result);
      if (pushed.status !== 200) {
        result.error = `the push was answered ${pushed.status}: ${pushed.body.slice(0, 300)}`;
        o.log(`  ✗ ${site.slug}: ${result.error}`);
        continue;
      }
      const until = t0 + o.timeoutSeconds * 1000;
      const carsDir = path.join(o.sitesDir, site.slug, 'cars');
      while (performance.now() < until) {
        const names = await readdir(carsDir).catch(() => [] as string[]);
        const slug = names.find((x) => x.endsWith(`-${stock.toLowerCase()}`));
        if (
          slug &&
          (await send(port, { method: 'GET', path: `/cars/${slug}/`, host }).catch(() => undefined))?.status === 200
        ) {
          result.pageSeconds = (performance.now() - t0) / 1000;
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      // The server logs the rebuild once it serves the new build: moments after the page answers.
      const rebuilt = await waitFor(/^Stock changed: rebuilt .+ in ([\d.]+) s/m, 10_000, logFrom).catch(
        () => undefined,
      );
      if (rebuilt) result.rebuildSeconds = Number(rebuilt[1]);
      if (result.pageSeconds === undefined) result.error = `no page within ${o.timeoutSeconds} s`;
      o.log(
        `  ${site.slug} (${site.cars} cars): push answered ${pushed.status} in ${result.pushMs.toFixed(0)} ms; page served ${result.pageSeconds === undefined ? `not within ${o.timeoutSeconds} s` : `after ${result.pageSeconds.toFixed(1)} s`}${result.rebuildSeconds !== undefined ? ` (rebuild ${result.rebuildSeconds} s)` : ''}`,
      );
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }
  return results;
}
