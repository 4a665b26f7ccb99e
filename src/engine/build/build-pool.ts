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
import type { WorkerInput, WorkerMessage, WorkerResult } from './build-worker.ts';

const workerScript = path.join(projectRoot, 'src', 'engine', 'build', 'build-worker.ts');

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
  /** The content is validated and written: render, leaving out the dealers in `skip` (refused). */
  go(contentDir: string, siteKeys: Record<string, string>, skip?: ReadonlySet<string>): void;
  /** Validation failed: stop every worker. */
  abort(): void;
  done: Promise<{ dealers: DealerSummary[]; rss: number[]; cpu: number }>;
}

/**
 * Runs the batches in worker processes, at most `count` at a time. Each starts at once (Astro
 * bundles while the content is validated) and renders when `go` names the content folder.
 */
export function startWorkers(
  run: Run,
  batches: string[][],
  count: number,
  o: { astroWork: string; staged: string; preview: boolean; log: (line: string) => void },
): WorkerPool {
  let contentDir: string | undefined;
  let skipped: ReadonlySet<string> = new Set();
  let keys: Record<string, string> = {};
  let aborted = false;
  const waiting: ((dir: string | undefined) => void)[] = [];
  const content = () =>
    contentDir !== undefined || aborted
      ? Promise.resolve(contentDir)
      : new Promise<string | undefined>((r) => waiting.push(r));
  const runOne = async (batch: string[], index: number) => {
    const input: WorkerInput = {
      stagedDir: o.staged,
      astroDir: path.join(o.astroWork, `astro-${index + 1}`),
      projectRoot,
      preview: o.preview,
      resultFile: path.join(o.astroWork, `worker-${index + 1}.json`),
    };
    await mkdir(o.astroWork, { recursive: true });
    const child = fork(workerScript, [JSON.stringify(input)], {
      cwd: projectRoot,
      execArgv: [
        '--experimental-strip-types',
        '--no-warnings=ExperimentalWarning',
        `--max-old-space-size=${workerHeapMB(batch.length)}`,
        '--max-semi-space-size=16',
      ],
      env: buildChildEnv(),
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
    const exited = new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', (code) => resolve(code));
    });
    const dir = await content();
    const rendered = batch.filter((slug) => !skipped.has(slug));
    if (dir === undefined || !rendered.length) {
      child.kill('SIGTERM');
      await exited;
      run.children.delete(child);
      return dir === undefined ? undefined : ({ ok: true, dealers: [], maxRssMB: 0, cpuSeconds: 0 } as const);
    }
    const message: WorkerMessage = {
      type: 'content',
      files: rendered.map((slug) => path.join(dir, `${slug}.json`)),
      siteKeys: Object.fromEntries(rendered.map((slug) => [slug, keys[slug]!])),
    };
    child.send(message);
    const code = await exited;
    run.children.delete(child);
    if (tail.trim()) o.log(tail);
    const raw = await readFile(input.resultFile, 'utf8').catch(() => undefined);
    const out = raw ? (JSON.parse(raw) as WorkerResult) : undefined;
    if (!out || !out.ok) {
      const why =
        out && !out.ok
          ? out.error
          : `the render process exited with code ${code} and no result${/heap out of memory/i.test(stderr) ? ' (out of memory)' : ''}\n${stderr}`;
      throw new Error(
        `Rendering ${batch[0]}…${batch.at(-1)} (${batch.length} dealer${batch.length === 1 ? '' : 's'}) failed: ${why}`,
      );
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
  // A failure before `go` or `abort` is awaited through `done`; never unhandled meanwhile.
  done.catch(() => {});
  return {
    go(dir, siteKeys, skip) {
      contentDir = dir;
      keys = siteKeys;
      if (skip) skipped = skip;
      for (const w of waiting.splice(0)) w(dir);
    },
    abort() {
      aborted = true;
      for (const w of waiting.splice(0)) w(undefined);
    },
    done,
  };
}
