/** The numbers `npm run bench` reports, the targets they are held to, and the printed tables. */
import type { MeasuredRun, RunnerMarks } from './bench-run.ts';
import { median, type TemplateWeight } from './bench-templates.ts';

export interface BenchReport {
  date: string;
  command: string;
  machine: {
    cores: number;
    cpu: string;
    memoryMB: number;
    node: string;
    platform: string;
    loadAverage: { start: number; end: number };
  };
  pagesPerDealer: number;
  seed: number;
  /** One entry per fleet size measured (100 and 1,000 dealers by default). */
  fleets: FleetReport[];
  /** JavaScript per page template, from the smallest fleet's first run. */
  templates: TemplateWeight[];
  targets: Target[];
}

export interface FleetReport {
  dealers: number;
  oneBuild: {
    runs: MeasuredRun[];
    pages: number;
    /** Highest peak RSS of the runs. */
    peakRssMB: number;
    /** Phases of the run with the median wall time, in seconds. */
    phases: Phase[];
  };
  loop: {
    sample: number;
    slugs: string[];
    runs: MeasuredRun[];
    /** Whether the loop's total is extrapolated from the sample (sample < dealers). */
    extrapolated: boolean;
  };
  /** Spawn-to-exit times: what the targets are about. */
  wall: Timing;
  /** User + system CPU times: steadier than wall times on a busy machine. */
  cpu: Timing;
  /** One dealer's snapshot changed, then `--changed` against the first run's output. */
  changed?: { run: MeasuredRun; ratioToCold: number };
  /** One dealer's stock imported (a car sold, one added), then `--changed` against the same output. */
  stockChanged?: { run: MeasuredRun; ratioToCold: number };
}

export interface Timing {
  /** Median of the one-build runs. */
  oneBuildSeconds: number;
  pagesPerSecond: number;
  loopSampleSeconds: number;
  loopMedianPerDealerSeconds: number;
  /** All dealers built one Astro build each: the sample's median × dealers, or measured when sample = dealers. */
  loopTotalSeconds: number;
  ratio: number;
}

/** Timing of the runs by one measure (wall or CPU seconds). */
export function timing(
  one: MeasuredRun[],
  loop: MeasuredRun[],
  dealers: number,
  measure: (r: MeasuredRun) => number,
): Timing {
  const oneBuildSeconds = median(one.map(measure));
  const loopSampleSeconds = loop.reduce((a, x) => a + measure(x), 0);
  const loopMedianPerDealerSeconds = median(loop.map(measure));
  const loopTotalSeconds = loop.length === dealers ? loopSampleSeconds : loopMedianPerDealerSeconds * dealers;
  return {
    oneBuildSeconds,
    pagesPerSecond: one[0]!.pages / oneBuildSeconds,
    loopSampleSeconds,
    loopMedianPerDealerSeconds,
    loopTotalSeconds,
    ratio: loopTotalSeconds / oneBuildSeconds,
  };
}

export interface Phase {
  name: string;
  seconds: number;
}

export interface Target {
  name: string;
  pass: boolean;
  value: string;
  note?: string;
}

export const TARGET = { dealers: 100, pages: 40, ratio: 10, pagesPerSecond: 400, rssMB: 2048 } as const;
/** The fleet targets: 1,000 dealers × 40 pages, 5,000 in one build, one changed dealer. */
export const FLEET_TARGET = {
  dealers: 1000,
  pagesPerSecond: 1000,
  rssMB: 1536,
  bigDealers: 5000,
  bigRssMB: 4096,
  changedSeconds: 10,
  changedShare: 0.3,
} as const;

/** Wall time of one run cut into consecutive phases; a phase not observed merges into the next. */
export function phases(run: MeasuredRun): Phase[] {
  const m: Partial<RunnerMarks> = run.marks;
  const steps: [string, number | undefined][] = [
    ['node + tsx start, build modules load', m.ready],
    ['read and validate snapshots (a fleet: in the workers, as Astro bundles)', m.loaded],
    ['Astro: import, config, Vite server + client bundles', m.bundled],
    ['Astro: getStaticPaths, first page', m.firstPage],
    ['Astro: render, rewrite and write pages', m.lastPage],
    ['Astro: finish after last page', m.sitesFinishing],
    ['per site: _headers, sitemap, feeds, shared files; swap', m.swapped],
    ['remove temporary build folder', m.done],
    ['process exit', run.wallSeconds * 1000],
  ];
  const out: Phase[] = [];
  let last = 0;
  for (const [name, at] of steps) {
    if (at === undefined) continue;
    out.push({ name, seconds: Math.max(0, at - last) / 1000 });
    last = Math.max(last, at);
  }
  return out;
}

export function evaluateTargets(r: Omit<BenchReport, 'targets'>): Target[] {
  const staticPages = r.templates.reduce((a, t) => a + t.pages - t.interactivePages, 0);
  const offenders = r.templates.flatMap((t) => t.staticPagesWithJs);
  const cores = r.machine.cores === 2 ? undefined : `the target is for 2 cores; this machine has ${r.machine.cores}`;
  const out: Target[] = [];
  for (const f of r.fleets) {
    const size = `${f.dealers} × ${r.pagesPerDealer}`;
    if (f.dealers === TARGET.dealers) {
      out.push(
        {
          name: `${size}: one build ≥ ${TARGET.ratio}× faster than one Astro build per dealer`,
          pass: f.wall.ratio >= TARGET.ratio,
          value: `${f.wall.ratio.toFixed(1)}×`,
        },
        {
          name: `${size}: ≥ ${TARGET.pagesPerSecond} pages/s`,
          pass: f.wall.pagesPerSecond >= TARGET.pagesPerSecond,
          value: `${Math.round(f.wall.pagesPerSecond)} pages/s`,
          note: cores,
        },
        {
          name: `${size}: peak RSS ≤ ${TARGET.rssMB} MB`,
          pass: f.oneBuild.peakRssMB <= TARGET.rssMB,
          value: `${Math.round(f.oneBuild.peakRssMB)} MB`,
        },
      );
    }
    if (f.dealers === FLEET_TARGET.dealers) {
      out.push(
        {
          name: `${size}: ≥ ${FLEET_TARGET.pagesPerSecond} pages/s`,
          pass: f.wall.pagesPerSecond >= FLEET_TARGET.pagesPerSecond,
          value: `${Math.round(f.wall.pagesPerSecond)} pages/s`,
          note: cores,
        },
        {
          name: `${size}: peak RSS ≤ ${FLEET_TARGET.rssMB} MB`,
          pass: f.oneBuild.peakRssMB <= FLEET_TARGET.rssMB,
          value: `${Math.round(f.oneBuild.peakRssMB)} MB`,
        },
      );
      if (f.changed) {
        out.push({
          name: `${size}: one changed dealer rebuilt by --changed in ≤ ${FLEET_TARGET.changedSeconds} s and ≤ ${FLEET_TARGET.changedShare * 100} % of a cold build`,
          pass:
            f.changed.run.wallSeconds <= FLEET_TARGET.changedSeconds &&
            f.changed.ratioToCold <= FLEET_TARGET.changedShare,
          value: `${f.changed.run.wallSeconds.toFixed(2)} s, ${(f.changed.ratioToCold * 100).toFixed(1)} %`,
        });
      }
      if (f.stockChanged) {
        out.push({
          name: `${size}: one dealer's imported stock rebuilt by --changed in ≤ ${FLEET_TARGET.changedSeconds} s`,
          pass: f.stockChanged.run.wallSeconds <= FLEET_TARGET.changedSeconds,
          value: `${f.stockChanged.run.wallSeconds.toFixed(2)} s, ${(f.stockChanged.ratioToCold * 100).toFixed(1)} %`,
        });
      }
    }
    if (f.dealers === FLEET_TARGET.bigDealers) {
      out.push({
        name: `${size}: one build, peak RSS ≤ ${FLEET_TARGET.bigRssMB} MB`,
        pass: f.oneBuild.peakRssMB <= FLEET_TARGET.bigRssMB,
        value: `${Math.round(f.oneBuild.peakRssMB)} MB`,
      });
    }
  }
  const over = r.templates.flatMap((t) => t.overBudget ?? []);
  out.push({
    name: "every page within its template's size budget (scripts/bench/budgets.ts)",
    pass: over.length === 0,
    value: `${over.length} of ${r.templates.reduce((a, t) => a + t.pages, 0)} pages over`,
    note: over.length ? `e.g. ${over.slice(0, 3).join('; ')}` : undefined,
  });
  out.push({
    name: 'pages without interactive blocks load no .js file',
    pass: offenders.length === 0,
    value: `${offenders.length} of ${staticPages} such pages load JS`,
    note: offenders.length ? `e.g. ${offenders.slice(0, 5).join(', ')}` : undefined,
  });
  return out;
}

export function table(head: string[], rows: string[][], leftColumns = 1): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

const s = (n: number, digits = 2) => n.toFixed(digits);
/** Bytes as KB with one decimal; milliseconds with one decimal. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const ms = (n: number) => n.toFixed(1);

export function formatMachine(m: BenchReport['machine']): string {
  return `machine: ${m.cores} cores (${m.cpu}), ${Math.round(m.memoryMB)} MB RAM, Node ${m.node}, ${m.platform}; 1-minute load average ${s(m.loadAverage.start)} at start, ${s(m.loadAverage.end)} at end`;
}

export function formatTargets(targets: Target[]): string[] {
  return [
    'Targets:',
    ...targets.map((t) => `  ${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.value}${t.note ? ` (${t.note})` : ''}`),
  ];
}

/** The build report; `more` (e.g. the lead-save section) goes before the targets. */
export function formatReport(r: BenchReport, more: string[] = []): string[] {
  const rows: string[][] = [];
  for (const f of r.fleets) {
    for (const [name, t] of [
      ['wall', f.wall],
      ['CPU', f.cpu],
    ] as const) {
      rows.push([
        name,
        String(f.dealers),
        String(f.oneBuild.pages),
        s(t.oneBuildSeconds),
        String(Math.round(t.pagesPerSecond)),
        String(Math.round(f.oneBuild.peakRssMB)),
        String(medianRun(f.oneBuild.runs).workers || 1),
        s(t.loopTotalSeconds, 1),
        `${s(t.ratio, 1)}×`,
        f.changed ? s(name === 'wall' ? f.changed.run.wallSeconds : f.changed.run.cpuSeconds) : '-',
      ]);
    }
  }
  const out = [
    `npm run bench: ${r.fleets.map((f) => f.dealers).join(', ')} dealers × ${r.pagesPerDealer} pages, ${r.date}`,
    formatMachine(r.machine),
    '',
    ...table(
      [
        'time',
        'dealers',
        'pages',
        'one build s (median)',
        'pages/s',
        'peak RSS MB',
        'processes',
        'per-dealer loop s',
        'ratio',
        '--changed s',
      ],
      rows,
    ),
    '',
  ];
  for (const f of r.fleets) {
    const { oneBuild: one, loop } = f;
    out.push(
      `${f.dealers} dealers: runs ${one.runs.map((x) => s(x.wallSeconds)).join(', ')} s wall (buildSites itself: ${one.runs.map((x) => s(x.buildSeconds)).join(', ')} s); ` +
        `per-dealer loop: ${loop.sample} dealer${loop.sample === 1 ? '' : 's'} built alone (${loop.runs.map((x) => s(x.wallSeconds)).join(', ')} s)` +
        (loop.extrapolated
          ? `, extrapolated to all ${f.dealers}: median ${s(f.wall.loopMedianPerDealerSeconds)} s × ${f.dealers}.`
          : ', all measured.'),
    );
    if (f.changed) {
      out.push(
        `  --changed with one dealer's home page edited: ${s(f.changed.run.wallSeconds)} s wall, ${f.changed.run.built} rebuilt, ${f.changed.run.unchanged} kept; ` +
          `${(f.changed.ratioToCold * 100).toFixed(1)} % of the cold build.`,
      );
    }
    if (f.stockChanged) {
      out.push(
        `  --changed after one dealer's stock import (a car sold, one added): ${s(f.stockChanged.run.wallSeconds)} s wall, ${f.stockChanged.run.built} rebuilt, ${f.stockChanged.run.unchanged} kept; ` +
          `${(f.stockChanged.ratioToCold * 100).toFixed(1)} % of the cold build.`,
      );
    }
  }
  out.push(
    "Wall times are spawn-to-exit of a fresh Node process, as a user waits for them. CPU s is that process's user + system time",
    "plus its render workers'; peak RSS is its maxRSS plus the largest peaks of as many workers as run at once (an upper bound: the peaks need not coincide).",
    '',
  );
  const first = r.fleets[0];
  if (first) {
    out.push(
      `Where the one-build time goes (${first.dealers} dealers, median run):`,
      ...table(
        ['phase', 'seconds', 'share'],
        first.oneBuild.phases.map((p) => [
          p.name,
          s(p.seconds),
          `${Math.round((p.seconds / medianRun(first.oneBuild.runs).wallSeconds) * 100)}%`,
        ]),
      ),
      '',
    );
  }
  out.push(
    'JavaScript per page template (one-build output; gzip sizes):',
    ...table(
      [
        'template',
        'pages',
        'with interactive blocks',
        'JS files (median)',
        'JS files (max)',
        'JS KB gz (median)',
        'inline JS KB gz (median)',
      ],
      r.templates.map((t) => [
        t.template,
        String(t.pages),
        String(t.interactivePages),
        String(t.medianJsFiles),
        String(t.maxJsFiles),
        kb(t.medianJsGzBytes),
        kb(t.medianInlineGzBytes),
      ]),
    ),
    '',
    ...(more.length ? [...more, ''] : []),
    ...formatTargets(r.targets),
  );
  return out;
}

export function medianRun(runs: MeasuredRun[]): MeasuredRun {
  const m = median(runs.map((x) => x.wallSeconds));
  return runs.reduce((best, x) => (Math.abs(x.wallSeconds - m) < Math.abs(best.wallSeconds - m) ? x : best));
}

/**
 * The most the render workers can hold at once: at most `running` of them run at a time, so the
 * sum of the `running` largest peaks (every peak when there are no more workers than that). An
 * upper bound: those peaks need not coincide either.
 */
export function concurrentPeak(peaksMB: number[], running: number): number {
  return [...peaksMB]
    .sort((a, b) => b - a)
    .slice(0, Math.max(running, 0))
    .reduce((a, b) => a + b, 0);
}
