/**
 * npm run bench [-- --dealers N] [--pages M] [--loop-sample K] [--runs R] [--seed S] [--json] [--keep]
 *
 * Generates N synthetic dealers of M pages (routes) each, builds them all with one Astro build
 * (median of R runs) and K of them with one Astro build per dealer, each build in a fresh Node
 * process, then reports pages/s, peak RSS, the ratio against a per-dealer loop (extrapolated from
 * the sample to N dealers), the JavaScript each page template loads, and PASS/FAIL per target.
 * Exits 0 whatever the targets say; 1 only when a build failed.
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDealers } from '../src/content/load.ts';
import { writeSyntheticDealers } from './lib/synthetic.ts';
import { projectRoot, runBuild, type MeasuredRun, type RunnerInput } from './lib/bench-run.ts';
import { templateWeights } from './lib/bench-templates.ts';
import { evaluateTargets, formatReport, medianRun, phases, timing, type BenchReport } from './lib/bench-report.ts';

const { values } = parseArgs({
  options: {
    dealers: { type: 'string', default: '20' },
    pages: { type: 'string', default: '40' },
    'loop-sample': { type: 'string' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

function whole(name: string, raw: string, min: number, max = Infinity): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min}${max < Infinity ? ` to ${max}` : ''}, not "${raw}"`);
    process.exit(2);
  }
  return n;
}

const dealers = whole('dealers', values.dealers, 1);
const pages = whole('pages', values.pages, 4);
const sample = whole('loop-sample', values['loop-sample'] ?? String(Math.min(dealers, 5)), 1, dealers);
const runs = whole('runs', values.runs, 1);
const seed = whole('seed', values.seed, 0);
const progress = (line: string) => process.stderr.write(line + '\n');

// Inside the project on purpose: buildSites keeps Astro's output under the project, and a
// bench folder on the same file system keeps its moves renames, as with the default dist/sites.
const work = path.join(projectRoot, '.cache', `bench-${process.pid}-${Date.now()}`);
const dealersDir = path.join(work, 'dealers');

async function measure(label: string, input: RunnerInput): Promise<MeasuredRun> {
  const run = await runBuild(input);
  if (!run.ok) {
    progress(`\n✗ ${label} failed:\n${run.errors.join('\n')}`);
    progress(`Files kept in ${work}`);
    process.exit(1);
  }
  progress(`  ${label}: ${run.pages} pages in ${run.wallSeconds.toFixed(2)} s (CPU ${run.cpuSeconds.toFixed(2)} s), peak RSS ${Math.round(run.maxRssMB)} MB`);
  return run;
}

async function main() {
  const loadAtStart = loadavg()[0]!;
  await mkdir(work, { recursive: true });
  progress(`Generating ${dealers} synthetic dealers × ${pages} pages (seed ${seed}) in ${work}`);
  const generated = await writeSyntheticDealers(dealersDir, { dealers, pages, seed });

  progress(`One Astro build for all ${dealers} dealers, ${runs} run${runs === 1 ? '' : 's'}:`);
  const oneRuns: MeasuredRun[] = [];
  for (let r = 1; r <= runs; r++) {
    const outDir = path.join(work, `one-${r}`, 'sites');
    oneRuns.push(await measure(`run ${r}`, { dealersDir, outDir }));
    if (r > 1 && !values.keep) await rm(path.dirname(outDir), { recursive: true, force: true });
  }

  const slugs = Array.from({ length: sample }, (_, k) => generated[Math.floor((k * dealers) / sample)]!.slug);
  progress(`One Astro build per dealer, ${sample} of ${dealers} dealers:`);
  const loopRuns: MeasuredRun[] = [];
  for (const slug of slugs) {
    const outDir = path.join(work, `loop-${slug}`, 'sites');
    loopRuns.push(await measure(slug, { dealersDir, outDir, only: [slug] }));
    if (!values.keep) await rm(path.dirname(outDir), { recursive: true, force: true });
  }

  progress('Weighing the JavaScript of every page of run 1…');
  const loaded = await loadDealers(dealersDir);
  const templates = await templateWeights(path.join(work, 'one-1', 'sites'), loaded.dealers);

  const typical = medianRun(oneRuns);
  const partial: Omit<BenchReport, 'targets'> = {
    date: new Date().toISOString(),
    command: `npm run bench -- --dealers ${dealers} --pages ${pages} --loop-sample ${sample} --runs ${runs}${seed === 1 ? '' : ` --seed ${seed}`}`,
    machine: {
      cores: availableParallelism(), cpu: cpus()[0]?.model.trim() ?? 'unknown CPU', memoryMB: totalmem() / 2 ** 20,
      node: process.version, platform: `${process.platform} ${process.arch}`, loadAverage: { start: loadAtStart, end: loadavg()[0]! },
    },
    dealers,
    pagesPerDealer: pages,
    seed,
    oneBuild: { runs: oneRuns, pages: typical.pages, peakRssMB: Math.max(...oneRuns.map((x) => x.maxRssMB)), phases: phases(typical) },
    loop: { sample, slugs, runs: loopRuns, extrapolated: sample < dealers },
    wall: timing(oneRuns, loopRuns, dealers, (x) => x.wallSeconds),
    cpu: timing(oneRuns, loopRuns, dealers, (x) => x.cpuSeconds),
    templates,
  };
  const report: BenchReport = { ...partial, targets: evaluateTargets(partial) };

  if (values.keep) progress(`Kept the dealers and the run 1 output in ${work}`);
  else await rm(work, { recursive: true, force: true });
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else console.log('\n' + formatReport(report).join('\n'));
}

main().catch(async (e: unknown) => {
  progress(`\nThe benchmark failed: ${(e as Error).stack ?? e}\nFiles kept in ${work}`);
  process.exit(1);
});
