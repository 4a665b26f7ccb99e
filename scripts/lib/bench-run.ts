/** Runs one build in a child process (bench-build-runner.ts) and reads back what it measured. */
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULT_MARK = 'BENCH_RESULT ';

const here = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(here, '../..');
const runnerScript = path.join(here, 'bench-build-runner.ts');

export interface RunnerInput {
  dealersDir: string;
  outDir: string;
  only?: string[];
}

/** Moments of a build, each in ms since the child process started; absent when not observed. */
export interface RunnerMarks {
  /** Node, tsx and the build modules are loaded. */
  ready: number;
  /** Snapshots read and validated (our loader). */
  loaded?: number;
  /** Astro first read the content (getStaticPaths): its config and the Vite bundles are done. */
  bundled?: number;
  firstPage?: number;
  lastPage?: number;
  /** The split into per-dealer folders started: Astro has finished. */
  splitStarted?: number;
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
  /** process.resourceUsage().maxRSS of the child, in MB. */
  maxRssMB: number;
  /** User + system CPU time of the child (all its threads), in seconds. */
  cpuSeconds: number;
  marks: RunnerMarks;
}

export interface MeasuredRun extends RunnerResult {
  /** Spawn to exit, measured by the parent: what a user waits for. */
  wallSeconds: number;
}

/** Builds in a fresh `node --import tsx` process; rejects with the child's output if it crashed. */
export async function runBuild(input: RunnerInput): Promise<MeasuredRun> {
  await mkdir(path.dirname(input.outDir), { recursive: true });
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', runnerScript, JSON.stringify(input)], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const line = stdout.split('\n').reverse().find((l) => l.startsWith(RESULT_MARK));
  if (!line) {
    throw new Error(`the build process exited with code ${code} and no result:\n${stderr.slice(-4000)}${stdout.slice(-2000)}`);
  }
  const result = JSON.parse(line.slice(RESULT_MARK.length)) as RunnerResult;
  if (!result.ok && !result.errors.length) result.errors.push(stderr.slice(-4000));
  return { ...result, wallSeconds };
}
