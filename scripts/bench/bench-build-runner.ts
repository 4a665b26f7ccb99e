/**
 * One measured build for `npm run bench`, in its own process so that its peak RSS is its own:
 *   node --import tsx scripts/bench/bench-build-runner.ts '{"dealersDir":…,"outDir":…,"resultFile":…}'
 * Build log lines go to stderr; the RunnerResult is written to `resultFile`.
 * Times are milliseconds since this process started (performance.now()).
 *
 * The phase marks are observations only: the measurement hooks of
 * src/engine/integration/fleet-state.ts (a build rendering in this process), buildSites' log lines
 * and its work-folder layout. When one of those changes, a mark goes missing and its phase merges
 * into the next; the build itself is untouched.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSites } from '../../src/engine/build/build-sites.ts';
import type { RunnerInput, RunnerMarks, RunnerResult } from './bench-run.ts';
import { concurrentPeak } from './bench-report.ts';
import { firstPageRenderedAt, noteNextContentRead } from '../../src/engine/integration/fleet-state.ts';

/**
 * Polls for the `_headers` of the first dealer's staged site (`<work>/sites/<slug>/_headers`):
 * the sites get it once Astro has rendered every page, when the per-site finishing starts.
 */
function watchSitesFinishing(outDir: string, dealersDir: string, onStart: () => void) {
  const parent = path.dirname(outDir);
  const first = readdirSync(dealersDir).sort()[0];
  const timer = setInterval(() => {
    let work: string | undefined;
    try {
      work = readdirSync(parent).find((n) => n.startsWith('.build-tmp-'));
    } catch {
      return;
    }
    if (work && first && statSync(path.join(parent, work, 'sites', first, '_headers'), { throwIfNoEntry: false })) {
      clearInterval(timer);
      onStart();
    }
  }, 20);
  return () => clearInterval(timer);
}

async function main() {
  const input = JSON.parse(process.argv[2] ?? '{}') as RunnerInput;
  const marks: Partial<RunnerMarks> = { ready: performance.now() };
  const errors: string[] = [];
  noteNextContentRead(() => (marks.bundled ??= performance.now()));
  const stopWatching = watchSitesFinishing(
    input.outDir,
    input.dealersDir,
    () => (marks.sitesFinishing = performance.now()),
  );
  let result: Awaited<ReturnType<typeof buildSites>> | undefined;
  try {
    result = await buildSites({
      dealersDir: input.dealersDir,
      outDir: input.outDir,
      only: input.only,
      changed: input.changed,
      dataDir: input.dataDir,
      log: (line) => {
        const now = performance.now();
        if (line.startsWith('Building ')) marks.loaded = now;
        else if (line.startsWith('  ✓ ')) marks.lastPage = now;
        else if (line === '' && marks.lastPage !== undefined) marks.swapped ??= now;
        else if (line.includes('✗')) errors.push(line.trim());
        process.stderr.write(line + '\n');
      },
    });
  } catch (e) {
    errors.push((e as Error).stack ?? String(e));
  } finally {
    stopWatching();
  }
  marks.done = performance.now();
  const firstPage = firstPageRenderedAt();
  if (firstPage !== undefined) marks.firstPage = firstPage;
  const usage = process.resourceUsage();
  const out: RunnerResult = {
    ok: !!result?.ok,
    pages: result?.dealers.reduce((a, d) => a + d.pages, 0) ?? 0,
    dealers: result?.dealers.length ?? 0,
    errors,
    buildSeconds: result?.seconds ?? 0,
    maxRssMB: usage.maxRSS / 1024 + concurrentPeak(result?.workerRssMB ?? [], result?.workers ?? 0),
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 + (result?.workerCpuSeconds ?? 0),
    workers: result?.workers ?? 0,
    built: result?.dealers.length ?? 0,
    unchanged: result?.unchanged.length ?? 0,
    marks: marks as RunnerMarks,
  };
  writeFileSync(input.resultFile!, JSON.stringify(out));
  process.exit(out.ok ? 0 : 1);
}

await main();
