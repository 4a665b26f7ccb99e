/** The stock part's report: its shape, its medians and percentiles, and its text. */
import type { StockBuildResult } from './bench-stock-build.ts';
import type { FeedTiming, ThroughputResult } from './bench-stock-import.ts';
import type { LoadResult, PhaseLatency } from './bench-stock-load.ts';
import type { PushResult } from './bench-stock-push.ts';

export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles (0 for no values). */
export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : 0;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) ?? 0 };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface StockReport {
  dealers: number;
  bigCars: number;
  importCars: number;
  runs: number;
  throughput: ThroughputResult[];
  load: LoadResult[];
  build?: StockBuildResult & { loadAverage: { start: number; end: number } };
  push?: { results: PushResult[]; loadAverage: { start: number; end: number } };
  skipped: { what: string; reason: string }[];
  failed: { what: string; error: string }[];
}

/** A feed kind's medians over its runs: read, applied, and cars per second of the two together. */
export function feedMedians(runs: FeedTiming[]) {
  const parseMs = median(runs.map((r) => r.parseMs));
  const applyMs = median(runs.map((r) => r.applyMs));
  const carsPerSecond = median(runs.map((r) => r.rows / ((r.parseMs + r.applyMs) / 1000)));
  return { rows: runs[0]?.rows ?? 0, parseMs, applyMs, carsPerSecond };
}

const s1 = (x: number) => x.toFixed(1);
const la = (l: { start: number; end: number }) => `load ${l.start.toFixed(2)} → ${l.end.toFixed(2)}`;
const lat = (p: PhaseLatency) =>
  `search p50 ${s1(p.search.p50)} / p99 ${s1(p.search.p99)} / max ${s1(p.search.max)} ms (${p.search.requests}), ` +
  `status p50 ${s1(p.status.p50)} / p99 ${s1(p.status.p99)} / max ${s1(p.status.max)} ms (${p.status.requests})` +
  `${p.errors ? `, ${p.errors} errors: ${p.errorSamples.join('; ')}` : ''}`;

export function formatStock(r: StockReport): string[] {
  const lines = [`Stock: import throughput (median of ${r.runs} runs, ${r.bigCars}-car CSV feed, read + applied):`];
  for (const t of r.throughput) {
    lines.push(`  ${t.database} (${t.server}, ${la(t.loadAverage)}):`);
    for (const f of t.feeds) {
      const m = feedMedians(f.runs);
      lines.push(
        `    ${f.kind.padEnd(24)} ${String(m.rows).padStart(6)} rows  read ${m.parseMs.toFixed(0).padStart(5)} ms  applied ${m.applyMs.toFixed(0).padStart(6)} ms  ${Math.round(m.carsPerSecond).toString().padStart(6)} cars/s`,
      );
    }
  }
  if (r.load.length) lines.push(`Stock: other dealers' answers during a ${r.importCars}-car full feed (wall ms):`);
  for (const l of r.load) {
    lines.push(`  ${l.database} (${l.otherDealers} other dealers, ${la(l.loadAverage)}):`);
    lines.push(`    quiet:  ${lat(l.quiet)}`);
    lines.push(
      `    during: ${lat(l.during)}; the feed read in ${s1(l.big.parseMs / 1000)} s, applied in ${s1(l.big.applyMs / 1000)} s${l.big.finishedInPhase ? '' : ' (past the loop’s bounds)'}`,
    );
  }
  const b = r.build;
  if (b) {
    const ch = b.changed;
    const pps = median(ch.map((c) => c.pagesPerSecond));
    const wall = median(ch.map((c) => c.run.wallSeconds));
    lines.push(
      `Stock: fleet of ${b.dealers} dealers, ${b.cars} cars (1 × ${b.sizes.big}, ${b.sizes.midDealers} × ${b.sizes.mid}, the rest ${b.sizes.smallMin}-${b.sizes.smallMax}), ${la(b.loadAverage)}:`,
      `  feeds imported in ${s1(b.fleetImportSeconds)} s; one build: ${b.fleet.run.pages} pages in ${s1(b.fleet.run.wallSeconds)} s, ${Math.round(b.fleet.pagesPerSecond)} pages/s, peak RSS ${Math.round(b.fleet.run.maxRssMB)} MB`,
      `  ${b.bigSlug} --changed after 3 cars added: median ${s1(wall)} s, ${Math.round(pps)} pages/s (${ch.map((c) => `${s1(c.run.wallSeconds)} s`).join(', ')}; ${ch[0]?.run.pages ?? 0} pages)`,
    );
    const typical = ch.find((c) => c.run.wallSeconds === wall) ?? ch[0];
    if (typical) for (const p of typical.phases) lines.push(`    ${s1(p.seconds).padStart(6)} s  ${p.name}`);
    if (b.profile) {
      const p = b.profile;
      lines.push(
        `  CPU profile of one more --changed (${s1(p.run.wallSeconds)} s wall, ${p.processes} processes, ${s1(p.seconds)} s sampled): self time by origin`,
      );
      for (const x of p.byOrigin.slice(0, 12)) lines.push(`    ${s1(x.seconds).padStart(6)} s  ${x.name}`);
      lines.push('  functions with the most total time (self and callees):');
      for (const x of p.topTotal.slice(0, 20)) lines.push(`    ${s1(x.seconds).padStart(6)} s  ${x.name}`);
      lines.push('  functions with the most self time:');
      for (const x of p.topSelf.slice(0, 12)) lines.push(`    ${s1(x.seconds).padStart(6)} s  ${x.name}`);
    }
  }
  if (r.push) {
    lines.push(`Stock: a signed push to the car's page served, under npm start (${la(r.push.loadAverage)}):`);
    for (const p of r.push.results)
      lines.push(
        `  ${p.site} (${p.cars} cars, --rebuild-after ${p.rebuildAfterSeconds}): push ${p.pushStatus} in ${p.pushMs.toFixed(0)} ms, page after ${p.pageSeconds === undefined ? '— (none)' : `${s1(p.pageSeconds)} s`}${p.rebuildSeconds !== undefined ? `, rebuild ${p.rebuildSeconds} s` : ''}${p.error ? `: ${p.error}` : ''}`,
      );
  }
  for (const x of r.skipped) lines.push(`  ${x.what}: skipped, ${x.reason}`);
  for (const x of r.failed) lines.push(`  ✗ ${x.what}: ${x.error}`);
  return lines;
}
