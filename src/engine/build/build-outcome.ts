/**
 * What a multi-dealer build reports (build-sites.ts): its result, the lines it logs when it
 * writes nothing or refuses dealers, and the per-dealer summary table.
 */
import { formatIssue, type ContentIssue } from '../../content/issues.ts';
import { plural } from '../../lib/text.ts';
import type { DealerSummary } from './build-dealers.ts';
import type { FailedDealer, Shard } from './build-manifest.ts';

export interface BuildResult {
  /** Every chosen dealer built (or was up to date). */
  ok: boolean;
  errors: ContentIssue[];
  /**
   * Dealers refused for their content while the others were published (each keeps its last good
   * site, if any). Empty when the build wrote nothing at all, or when every dealer built.
   */
  failed: string[];
  warnings: ContentIssue[];
  /** The dealers built (not those `--changed` kept). */
  dealers: DealerSummary[];
  /** Dealers `--changed` left as they were. */
  unchanged: string[];
  /** Sites removed because their dealer folder is gone. */
  removed: string[];
  /** Render processes used (0 when nothing was rendered). */
  workers: number;
  /** Peak RSS of each render worker process, MB (empty when rendering in this process). */
  workerRssMB: number[];
  /** CPU seconds of the render workers together. */
  workerCpuSeconds: number;
  seconds: number;
}

/** The dealer of an issue that is no one dealer's (the dealers folder itself). */
export const ALL = '(all)';

/** A build's result: nothing built unless `r` says otherwise, timed from `started`. */
export function resultOf(started: number, r: Partial<BuildResult>): BuildResult {
  return {
    ok: false,
    errors: [],
    failed: [],
    warnings: [],
    dealers: [],
    unchanged: [],
    removed: [],
    workers: 0,
    workerRssMB: [],
    workerCpuSeconds: 0,
    ...r,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Logs the content errors of a build that wrote nothing. */
export function logNothingWritten(errors: ContentIssue[], log: (line: string) => void): void {
  log(`\n${plural(errors.length, 'content error')}; nothing was written:`);
  for (const e of errors) log(`  ✗ ${formatIssue(e)}`);
}

/** Logs the dealers refused for their content while the others are published. */
export function logRefused(
  errors: ContentIssue[],
  refused: string[],
  failed: Record<string, FailedDealer>,
  log: (line: string) => void,
): void {
  log(
    `\n${plural(errors.length, 'content error')} in ${plural(refused.length, 'dealer')}; the other dealers are published:`,
  );
  for (const e of errors) log(`  ✗ ${formatIssue(e)}`);
  for (const slug of refused) {
    log(
      failed[slug]!.lastGoodAt
        ? `  ${slug}: its last good site (built ${failed[slug]!.lastGoodAt}) is left as it was`
        : `  ${slug}: has no site until its content is fixed`,
    );
  }
}

export function shardNote(shard: Shard, outDir: string): string {
  return `Shard ${shard.index} of ${shard.count}: no API bundle; once every shard is in ${outDir}, run npm run build -- --api-only --out ${outDir}`;
}

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1) + ' KB';
}

export function printSummary(r: BuildResult, log: (line: string) => void) {
  const rows = r.dealers.map((d) => [d.slug, String(d.pages), kb(d.htmlBytes), kb(d.jsBytes), d.seconds.toFixed(2)]);
  const head = ['dealer', 'pages', 'HTML', 'JS', 'seconds'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  log('');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) log(line(row));
  const pages = r.dealers.reduce((a, d) => a + d.pages, 0);
  const kept = r.unchanged.length ? `; ${plural(r.unchanged.length, 'dealer')} unchanged` : '';
  log(
    `\n${plural(r.dealers.length, 'dealer')}, ${plural(pages, 'page')} in ${r.seconds.toFixed(2)} s${kept}; ${plural(r.warnings.length, 'warning')}`,
  );
  if (r.workerRssMB.length) {
    log(
      `Render processes: ${r.workerRssMB.length}, ${r.workerCpuSeconds.toFixed(1)} CPU s together, peak RSS ${r.workerRssMB.map((m) => `${Math.round(m)} MB`).join(', ')}`,
    );
  }
}
