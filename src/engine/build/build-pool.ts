/**
 * Render workers of a fleet build: how many, how the dealers are batched, and the worker
 * processes themselves (build-worker.ts), at most `count` at a time. Each starts at once, so that
 * Astro bundles while the build validates the content, and renders when told where it is.
 */
import { fork } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { buildChildEnv } from '../../config/env.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import type { DealerSummary } from './build-dealers.ts';
import { projectRoot, type Run } from './build-run.ts';
import type { Car } from '../../content/entities.ts';
import type { KeptSnapshotEstimates } from '../../features/market-price/server/market-build.ts';
import type { Validated } from './build-validate.ts';
import type { WorkerInput, WorkerMessage, WorkerReport, WorkerResult } from './build-worker.ts';

const workerScript = path.join(projectRoot, 'src', 'engine', 'build', 'build-worker.ts');
/**
 * V8's code cache of the modules a worker loads (Astro, Vite, Rolldown, React), kept between
 * builds, so that each worker compiles them once rather than at every build. The environment's
 * NODE_COMPILE_CACHE overrides it, and NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
const compileCache = path.join(projectRoot, 'node_modules', '.cache', 'node-compile');

/** Below this many dealers a build renders in its own process: a worker's start costs more. */
export const WORKER_THRESHOLD = 40;
/**
 * Dealers one Astro build renders at most. Astro keeps every rendered route's data until its build
 * ends, so a batch bounds a process's memory whatever the size of the fleet.
 */
export const MAX_BATCH = 500;
/** Old-generation heap of a render worker: a base for Astro and Vite plus room per dealer, MB. */
function workerHeapMB(dealers: number): number {
  return Math.round(512 + 0.8 * dealers);
}

/** Splits `items` into `n` runs of nearly equal length, in order. */
export function chunks<T>(items: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < n; i++)
    out.push(items.slice(Math.floor((i * items.length) / n), Math.floor(((i + 1) * items.length) / n)));
  return out.filter((c) => c.length);
}

/** Render processes for a build of `dealers`: one per core for a fleet, else this process. */
export function defaultWorkers(dealers: number): number {
  return dealers < WORKER_THRESHOLD
    ? 1
    : Math.max(1, Math.min(availableParallelism(), Math.ceil(dealers / (WORKER_THRESHOLD / 2))));
}

export interface WorkerPool {
  /**
   * Each batch's validation, in batch order, once every batch has reported it; rejected when a
   * worker fails first. Batches beyond the processes that run at once report when they start.
   */
  validated: Promise<Omit<Validated, 'dealers'>[]>;
  /** Stop every worker: nothing is to be published. */
  abort(): void;
  done: Promise<{ dealers: DealerSummary[]; rss: number[]; cpu: number }>;
}

/** What each worker validates its batch with (see WorkerInput), and the batches' imported stock. */
export interface PoolValidation extends Omit<WorkerInput['validate'], 'slugs'> {
  /**
   * Resolves once the build has recorded the snapshots' file times, with the imported stock of
   * the dealers that import theirs; until then the workers only bundle.
   */
  ready: Promise<{
    cars: Record<string, Car[]>;
    versions: Record<string, string>;
    soldSeen?: Record<string, Record<string, string>>;
    marketPrices?: Record<string, KeptSnapshotEstimates>;
  }>;
}

/** The entries of `slugs` that `record` has. */
function pick<T>(record: Record<string, T>, slugs: string[]): Record<string, T> {
  return Object.fromEntries(slugs.filter((slug) => slug in record).map((slug) => [slug, record[slug]!]));
}

/**
 * Runs the batches in worker processes, at most `count` at a time. Each starts at once: Astro
 * bundles while the worker validates its batch (once `validation.ready`), then renders it.
 */
export function startWorkers(
  run: Run,
  batches: string[][],
  count: number,
  o: {
    astroWork: string;
    staged: string;
    preview: boolean;
    log: (line: string) => void;
    validation: PoolValidation;
  },
): WorkerPool {
  let aborted = false;
  const reports = batches.map(() => {
    let resolve!: (v: Omit<Validated, 'dealers'>) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<Omit<Validated, 'dealers'>>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => {});
    return { promise, resolve, reject };
  });
  const runOne = async (batch: string[], index: number) => {
    if (aborted) return undefined;
    const { ready, ...validate } = o.validation;
    const input: WorkerInput = {
      stagedDir: o.staged,
      astroDir: path.join(o.astroWork, `astro-${index + 1}`),
      projectRoot,
      preview: o.preview,
      resultFile: path.join(o.astroWork, `worker-${index + 1}.json`),
      validate: { ...validate, slugs: batch },
    };
    await mkdir(o.astroWork, { recursive: true });
    const child = fork(workerScript, [JSON.stringify(input)], {
      cwd: projectRoot,
      execArgv: [
        '--experimental-strip-types',
        '--no-warnings=ExperimentalWarning',
        `--max-old-space-size=${workerHeapMB(batch.length)}`,
        // Young generation: a page's garbage (its markup, several times over) dies young; with
        // 32 MB semi-spaces less of it survives into the old generation than with 16 (fewer
        // scavenges, ~8 % less CPU in a 1,000-dealer build) for ~35 MB more per worker.
        '--max-semi-space-size=32',
      ],
      env: { NODE_COMPILE_CACHE: compileCache, ...buildChildEnv() },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    run.children.add(child);
    let tail = '';
    const relay = (chunk: Buffer) => {
      const text = tail + chunk.toString();
      const lines = text.split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) o.log(line);
    };
    let stderr = '';
    child.stdout!.on('data', relay);
    child.stderr!.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-8000);
    });
    child.on('message', (m: WorkerReport) => {
      if (m.type === 'validated') reports[index]!.resolve(m.result);
    });
    const exited = new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => resolve(code));
    });
    void ready.then(
      (stock) => {
        const message: WorkerMessage = {
          type: 'validate',
          stock: {
            cars: pick(stock.cars, batch),
            versions: pick(stock.versions, batch),
            soldSeen: pick(stock.soldSeen ?? {}, batch),
            marketPrices: pick(stock.marketPrices ?? {}, batch),
          },
        };
        if (child.connected) child.send(message);
      },
      () => child.kill('SIGTERM'),
    );
    const code = await exited;
    run.children.delete(child);
    if (tail.trim()) o.log(tail);
    if (aborted) return undefined;
    const raw = await readFile(input.resultFile, 'utf8').catch(() => undefined);
    const out = raw ? (JSON.parse(raw) as WorkerResult) : undefined;
    if (!out || !out.ok) {
      const why =
        out && !out.ok
          ? out.error
          : `the render process exited with code ${code} and no result${/heap out of memory/i.test(stderr) ? ' (out of memory)' : ''}\n${stderr}`;
      const error = new Error(
        `Rendering ${batch[0]}…${batch.at(-1)} (${batch.length} dealer${batch.length === 1 ? '' : 's'}) failed: ${why}`,
      );
      reports[index]!.reject(error);
      throw error;
    }
    return out;
  };
  const done = (async () => {
    const results = await mapLimit(batches, count, runOne);
    const ok = results.filter((r): r is Extract<WorkerResult, { ok: true }> => !!r);
    return {
      dealers: ok.flatMap((r) => r.dealers),
      rss: ok.filter((r) => r.dealers.length).map((r) => r.maxRssMB),
      cpu: ok.reduce((n, r) => n + r.cpuSeconds, 0),
    };
  })();
  // A failure is awaited through `done` or `validated`; never unhandled meanwhile.
  done.catch(() => {});
  const validated = Promise.all(reports.map((r) => r.promise));
  validated.catch(() => {});
  return {
    validated,
    abort() {
      aborted = true;
      for (const child of run.children) child.kill('SIGTERM');
      for (const r of reports) r.reject(new Error('the build stopped'));
    },
    done,
  };
}
