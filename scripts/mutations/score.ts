/**
 * The mutation score of a StrykerJS report (mutation-testing-report-schema JSON), per folder: of
 * the mutants that could run, the share the tests detected (killed, or timed out). A mutant no
 * test covers counts as undetected; one that does not compile or was ignored does not count.
 */
export type MutantStatus =
  'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

export interface MutantLike {
  status: MutantStatus;
}

export interface ReportLike {
  files: Record<string, { mutants: MutantLike[] }>;
}

export interface FolderScore {
  folder: string;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Detected over detected plus undetected, in percent; undefined with no valid mutant. */
  score: number | undefined;
  /** The same over covered mutants only (NoCoverage left out). */
  covered: number | undefined;
}

/**
 * The folder a file is scored under: `depth` levels below src/ ("src/api/core", "src/domain"),
 * one more in a feature, so each of its roles has its score ("src/features/leads/server"); a file
 * outside src/ is scored under its own folder.
 */
export function folderOf(file: string, depth = 2): string {
  const parts = file.replace(/\\/g, '/').split('/');
  const start = parts.indexOf('src');
  const dirs = parts.slice(start === -1 ? 0 : start, -1);
  if (start === -1) return dirs.slice(0, depth).join('/') || '.';
  return dirs.slice(0, 1 + depth + (dirs[1] === 'features' ? 1 : 0)).join('/');
}

const percent = (part: number, whole: number) => (whole ? (100 * part) / whole : undefined);

function score(folder: string, mutants: MutantLike[]): FolderScore {
  const n = (s: MutantStatus) => mutants.filter((m) => m.status === s).length;
  const killed = n('Killed');
  const timeout = n('Timeout');
  const survived = n('Survived');
  const noCoverage = n('NoCoverage');
  const detected = killed + timeout;
  return {
    folder,
    killed,
    timeout,
    survived,
    noCoverage,
    score: percent(detected, detected + survived + noCoverage),
    covered: percent(detected, detected + survived),
  };
}

/** One score per folder, sorted by folder, and the total last (folder "all"). */
export function scoresByFolder(report: ReportLike, depth = 2): FolderScore[] {
  const byFolder = new Map<string, MutantLike[]>();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const folder = folderOf(file, depth);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), ...mutants]);
  }
  const rows = [...byFolder].sort(([a], [b]) => a.localeCompare(b)).map(([f, ms]) => score(f, ms));
  return [
    ...rows,
    score(
      'all',
      Object.values(report.files).flatMap((f) => f.mutants),
    ),
  ];
}

const pct = (n: number | undefined) => (n === undefined ? '   n/a' : `${n.toFixed(1).padStart(5)}%`);

/** The scores as a plain-text table. */
export function formatScores(rows: readonly FolderScore[]): string {
  const width = Math.max(6, ...rows.map((r) => r.folder.length));
  const head = `${'folder'.padEnd(width)}   score  covered  killed  timeout  survived  no cover`;
  const lines = rows.map(
    (r) =>
      `${r.folder.padEnd(width)}  ${pct(r.score)}   ${pct(r.covered)}  ${String(r.killed).padStart(6)}  ${String(r.timeout).padStart(7)}  ${String(r.survived).padStart(8)}  ${String(r.noCoverage).padStart(8)}`,
  );
  return [head, ...lines].join('\n');
}

/**
 * A narrowed run's report folded into the kept incremental report: the files it mutated replace
 * theirs, every other file keeps its last result, so that `--mutate` does not lose the rest.
 */
export function mergeReports<R extends ReportLike & { testFiles?: Record<string, unknown> }>(kept: R, run: R): R {
  return {
    ...run,
    files: { ...kept.files, ...run.files },
    ...(kept.testFiles || run.testFiles ? { testFiles: { ...kept.testFiles, ...run.testFiles } } : {}),
  };
}
