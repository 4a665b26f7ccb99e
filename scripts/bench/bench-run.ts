/** Runs one build in a child process (bench-build-runner.ts) and reads back what it measured. */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(here, '../..');
const runnerScript = path.join(here, 'bench-build-runner.ts');

export interface RunnerInput {
  dealersDir: string;
  outDir: string;
  only?: string[];
  /** `npm run build -- --changed` against the manifest in outDir. */
  changed?: boolean;
  /** The data folder whose database holds imported stock (the bench's own, never the project's .data). */
  dataDir?: string;
  /** Where the runner writes its RunnerResult (set by runBuild). */
  resultFile?: string;
}

/** Moments of a build, each in ms since the child process started; absent when not observed. */
export interface RunnerMarks {
  /** Node, tsx and the build modules are loaded. */
  ready: number;
  /** Snapshots read and validated (our loader; for a fleet, by every render worker, while Astro bundles). */
  loaded?: number;
  /** Astro first read the content (getStaticPaths): its config and the Vite bundles are done. */
  bundled?: number;
  firstPage?: number;
  lastPage?: number;
  /** The sites get their _headers and shared files: Astro has rendered every page. */
  sitesFinishing?: number;
  /** Split, sitemap/robots/_headers and swap into the output folder done. */
  swapped?: number;
  /** buildSites returned (its temporary folder removed). */
  done: number;
}

export interface RunnerResult {
  ok: boolean;
  pages: number;
  dealers: number;
  errors: string[];
  /** buildSites' own measure of its run. */
  buildSeconds: number;
  /**
   * Peak RSS of the build in MB: the child's maxRSS plus each render worker's (an upper bound of
   * the processes' memory together, since their peaks need not coincide).
   */
  maxRssMB: number;
  /** User + system CPU time of the child and its render workers (all threads), in seconds. */
  cpuSeconds: number;
  /** Render worker processes (0: rendered in the child itself). */
  workers: number;
  /** Dealers built and dealers --changed kept. */
  built: number;
  unchanged: number;
  marks: RunnerMarks;
}

export interface MeasuredRun extends RunnerResult {
  /** Spawn to exit, measured by the parent: what a user waits for. */
  wallSeconds: number;
}

/**
 * Builds in a fresh `node --import tsx` process; rejects with the child's output if it crashed.
 * The result comes back through a file: a fleet's result is large, and a pipe may not be flushed
 * before the child exits.
 */
export async function runBuild(input: RunnerInput): Promise<MeasuredRun> {
  await mkdir(path.dirname(input.outDir), { recursive: true });
  const resultFile = `${input.outDir}.result-${process.pid}-${Date.now()}.json`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', runnerScript, JSON.stringify({ ...input, resultFile })], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-20_000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const raw = await readFile(resultFile, 'utf8').catch(() => undefined);
  await rm(resultFile, { force: true });
  if (!raw) throw new Error(`the build process exited with code ${code} and no result:\n${stderr.slice(-4000)}`);
  const result = JSON.parse(raw) as RunnerResult;
  if (!result.ok && !result.errors.length) result.errors.push(stderr.slice(-4000));
  return { ...result, wallSeconds };
}
