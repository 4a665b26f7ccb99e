/**
 * npm run mutations [-- --mutate <glob>]… [--all] [--concurrency <n>] [--ignore-static] [--score]
 * npm run mutations -- --hand [hand.ts options]
 *
 * Mutation testing of the product with StrykerJS (stryker.config.mjs): every mutant of the pure
 * layer and the server layer's rules (scope.ts) runs against the in-process unit tests that
 * cover it (scripts/mutations/vitest.config.ts), and the score is printed per folder. The
 * incremental file reports/stryker-incremental.json is kept in the repository, so a run re-tests
 * only the mutants whose code or covering tests changed since it was written.
 *
 * --mutate narrows the run to the files a glob matches (Stryker's syntax, `file.ts:10-20` for
 * lines; give it more than once for several; tests and entries stay out). Every run's results
 * are folded into the kept incremental file, leaving the last result of every other file that
 * still exists in place. --all mutates the whole server layer and the browser-facing modules too
 * (forms, block and UI helpers, stores). --concurrency sets the number of test processes
 * (default 2). --ignore-static skips the mutants of code that runs while modules load or in
 * beforeAll hooks (Stryker must run every test of their files for each; they are reported as
 * ignored). --score only prints the scores of the kept incremental file. Stopped with Ctrl-C,
 * Stryker saves the results so far, and they are kept too.
 *
 * The spec's constants and quoted messages are held by plain assertions (tests/unit/spec/), and
 * the few rules Stryker cannot reach (Astro templates, styles, browser-only code) by the hand
 * list, run with --hand (hand.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot as root } from './resolve.ts';
import { formatScores, mergeReports, scoresByFolder, type ReportLike } from './score.ts';
import { NEVER, WIDER } from './scope.ts';

const INCREMENTAL = path.join(root, 'reports', 'stryker-incremental.json');
const NARROW = path.join(root, '.cache', 'stryker-narrow.json');

interface Options {
  mutate: string[];
  all: boolean;
  concurrency: string | undefined;
  scoreOnly: boolean;
  ignoreStatic: boolean;
}

const USAGE =
  'Usage: npm run mutations -- [--mutate <glob>]… [--all] [--concurrency <n>] [--ignore-static] [--score]\n' +
  '       npm run mutations -- --hand [--only <text>]… [--list] [--e2e] [--timeout <seconds>] [--no-baseline] [--verbose]';

function parseArgs(argv: string[]): Options {
  const options: Options = { mutate: [], all: false, concurrency: undefined, scoreOnly: false, ignoreStatic: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) {
        console.error(`${arg} needs a value.\n${USAGE}`);
        process.exit(2);
      }
      return v;
    };
    if (arg === '--mutate') options.mutate.push(value());
    else if (arg === '--all') options.all = true;
    else if (arg === '--concurrency') options.concurrency = value();
    else if (arg === '--score') options.scoreOnly = true;
    else if (arg === '--ignore-static') options.ignoreStatic = true;
    else {
      console.error(`Unknown argument ${arg}.\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

const readReport = (file: string): ReportLike | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReportLike) : undefined;

function printScores(report: ReportLike | undefined, title: string): void {
  if (!report || !Object.keys(report.files).length) {
    console.log('No mutation results yet: run `npm run mutations`.');
    return;
  }
  console.log(`\n${title}\n${formatScores(scoresByFolder(report))}`);
}

/** The kept results of files that still exist (a file moved or deleted leaves them). */
function stillThere<R extends ReportLike>(report: R): R {
  const files = Object.fromEntries(Object.entries(report.files).filter(([f]) => existsSync(path.resolve(root, f))));
  return { ...report, files };
}

/** Runs Stryker with the project config, its output shown as it comes; resolves to its exit code. */
function stryker(args: string[], mutate: readonly string[] | undefined): Promise<number> {
  return new Promise((resolve) => {
    const proc = spawn('npx', ['stryker', 'run', 'stryker.config.mjs', ...args], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        ...(mutate ? { MUTATIONS_MUTATE: JSON.stringify(mutate) } : {}),
      },
    });
    const stop = (signal: NodeJS.Signals) => proc.kill(signal);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    proc.on('close', (code) => resolve(code ?? 1));
  });
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--hand') {
    const { runHand } = await import('./hand.ts');
    return runHand(argv.slice(1));
  }
  const options = parseArgs(argv);
  if (options.scoreOnly) return printScores(readReport(INCREMENTAL), 'Mutation score per folder (last results):');

  const narrowed = options.mutate.length > 0;
  const args: string[] = [];
  const mutate = narrowed ? [...options.mutate, ...NEVER] : options.all ? WIDER : undefined;
  if (options.concurrency) args.push('--concurrency', options.concurrency);
  if (options.ignoreStatic) args.push('--ignoreStatic');
  // Stryker writes only the files of its run: it starts from a copy of the kept results and is
  // folded back into them afterwards, so a narrowed run keeps every other file's last result.
  mkdirSync(path.dirname(NARROW), { recursive: true });
  if (existsSync(INCREMENTAL)) writeFileSync(NARROW, readFileSync(INCREMENTAL));
  else rmSync(NARROW, { force: true });
  args.push('--incrementalFile', path.relative(root, NARROW));

  const started = Date.now();
  const code = await stryker(args, mutate);
  const minutes = (Date.now() - started) / 60_000;
  // Stryker writes its file at the end, or with the results so far when stopped (Ctrl-C).
  const run = existsSync(NARROW) && statSync(NARROW).mtimeMs >= started ? readReport(NARROW) : undefined;
  if (run) {
    const kept = readReport(INCREMENTAL);
    const merged = kept ? mergeReports(stillThere(kept), run) : run;
    writeFileSync(INCREMENTAL, JSON.stringify(merged, null, 2) + '\n');
  }
  if (run) {
    const mutants = Object.values(run.files).reduce((n, f) => n + f.mutants.length, 0);
    console.log(
      `\n${mutants} mutants in ${minutes.toFixed(1)} min (${(mutants / minutes).toFixed(0)}/min, reused ones included).`,
    );
  }
  printScores(run, 'Mutation score per folder (this run):');
  if (narrowed) printScores(readReport(INCREMENTAL), 'Mutation score per folder (all kept results):');
  process.exitCode = code;
}

await main(process.argv.slice(2));
