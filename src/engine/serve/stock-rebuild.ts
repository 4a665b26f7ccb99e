/**
 * `npm start` rebuilds the sites of dealers whose stock changed (an import through it, a signed
 * push to its API), so a new car's page is there within a minute without anyone running a
 * command. Changes are collected and built together REBUILD_QUIET_MS after the last one; one
 * build runs at a time, and changes that arrive during a build start one more build after it.
 *
 * The build is the one `npm start` runs at start-up, in a child process (Astro's build is not
 * made to run twice in one process): `--changed --only <slugs>` into the served folder, reading
 * the imported stock through this server (build-stock.ts). Its swap is atomic, and the static
 * server reads the folder on each request, so the new pages are served as soon as it ends; the
 * API follows the new manifest (served-dealers.ts).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildChildEnv } from '../../config/env.ts';

/** How long after the last stock change the rebuild starts. */
export const REBUILD_QUIET_MS = 20_000;
/** The longest a change waits for a quiet period: a stock system pushing every few seconds still gets its pages. */
export const REBUILD_MAX_WAIT_MS = 120_000;

export interface RebuildResult {
  /** The build's exit code: 0 built, 3 some dealers refused for their content, else failed. */
  code: number;
  /** The build's output, for the log when it did not succeed. */
  output: string;
}

export type RebuildRunner = (slugs: string[]) => Promise<RebuildResult>;

/** The timers the scheduler uses; tests pass a fake clock. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface StockRebuildOptions {
  run: RebuildRunner;
  log: (line: string) => void;
  /** After each build that succeeded, even in part: the server refreshes what it holds. */
  afterBuild?: (slugs: string[], result: RebuildResult) => Promise<void>;
  quietMs?: number;
  maxWaitMs?: number;
  clock?: Clock;
}

export interface StockRebuilds {
  /** `slug`'s stock changed: its site is rebuilt once the changes settle. */
  changed(slug: string): void;
  /** Resolves when no build is waiting or running. */
  idle(): Promise<void>;
  /** No more builds start; resolves when the one running ends. */
  close(): Promise<void>;
}

export function stockRebuilds(o: StockRebuildOptions): StockRebuilds {
  const clock = o.clock ?? realClock;
  const quietMs = o.quietMs ?? REBUILD_QUIET_MS;
  const maxWaitMs = o.maxWaitMs ?? REBUILD_MAX_WAIT_MS;
  const pending = new Set<string>();
  /** When the oldest change still waiting arrived. */
  let firstPendingAt: number | undefined;
  let timer: unknown;
  let running: Promise<void> | undefined;
  /** The quiet period ended while a build ran: the next one starts when it ends. */
  let dueAfterRun = false;
  let closed = false;
  let waiters: (() => void)[] = [];

  function settleIdle() {
    if (running || timer !== undefined || pending.size) return;
    for (const w of waiters.splice(0)) w();
  }

  function start() {
    timer = undefined;
    if (closed || !pending.size) return settleIdle();
    if (running) {
      dueAfterRun = true;
      return;
    }
    const slugs = [...pending].sort();
    pending.clear();
    firstPendingAt = undefined;
    const started = clock.now();
    running = (async () => {
      let result: RebuildResult;
      try {
        result = await o.run(slugs);
      } catch (e) {
        result = { code: 1, output: (e as Error).message };
      }
      const seconds = ((clock.now() - started) / 1000).toFixed(1);
      const outcome =
        result.code === 0
          ? 'built'
          : result.code === 3
            ? 'built, some refused for their content (see the output below)'
            : `failed (exit ${result.code}); the last good sites are still served`;
      o.log(`Stock changed: rebuilt ${slugs.join(', ')} in ${seconds} s: ${outcome}`);
      if (result.code !== 0) o.log(lastLines(result.output));
      if (result.code === 0 || result.code === 3)
        await o.afterBuild?.(slugs, result).catch((e: Error) => o.log(`After the rebuild: ${e.message}`));
    })().finally(() => {
      running = undefined;
      if (dueAfterRun) {
        dueAfterRun = false;
        start();
      } else settleIdle();
    });
  }

  return {
    changed(slug) {
      if (closed) return;
      pending.add(slug);
      firstPendingAt ??= clock.now();
      if (timer !== undefined) clock.clearTimeout(timer);
      const left = firstPendingAt + maxWaitMs - clock.now();
      timer = clock.setTimeout(start, Math.max(0, Math.min(quietMs, left)));
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        settleIdle();
      }),
    async close() {
      closed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      pending.clear();
      await running;
      const rest = waiters;
      waiters = [];
      for (const w of rest) w();
    },
  };
}

function lastLines(output: string, n = 30): string {
  const lines = output.trimEnd().split('\n');
  return lines
    .slice(-n)
    .map((l) => `  ${l}`)
    .join('\n');
}

export interface SpawnBuildOptions {
  dealersDir: string;
  sitesDir: string;
  /** The data folder the server's database is in (the build reads the stock through it). */
  dataDir: string;
}

/** The runner of `npm start`: the build of stock-rebuild-child.ts in a child process. */
export function spawnBuild(o: SpawnBuildOptions): RebuildRunner {
  const entry = fileURLToPath(new URL('./stock-rebuild-child.ts', import.meta.url));
  return (slugs) =>
    new Promise((resolve, reject) => {
      const args = JSON.stringify({ dealersDir: o.dealersDir, outDir: o.sitesDir, dataDir: o.dataDir, only: slugs });
      const child = spawn(process.execPath, ['--import', 'tsx', entry, args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: buildChildEnv(),
      });
      let output = '';
      const keep = (chunk: Buffer) => {
        // The end of the output is what explains a failure; the rest is progress.
        output = (output + chunk.toString()).slice(-64 * 1024);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    });
}
