/**
 * npm run mutations -- --hand [--only <text>]… [--list] [--e2e] [--timeout <seconds>] [--no-baseline] [--verbose]
 *
 * The hand list (list.ts): the few rules StrykerJS cannot reach, because they live in Astro
 * templates and styles or only show in a browser. Each mutation breaks one rule in its source file,
 * in place, runs the tests it names (vitest; Playwright specs with --e2e) and puts the file back.
 * A mutation names no path: its file is the one source file holding its find text (and declaring
 * its symbol, if it names one), and its tests are found by file name (resolve.ts). A mutation is
 *   killed    the tests failed, as they must when the rule is broken;
 *   SURVIVED  the tests still passed: the row's tests do not check the rule;
 *   stale     its find text no longer occurs exactly once in the product source, or a test it
 *             names is not exactly one file (the list has rotted);
 *   timeout   the tests ran past the time limit;
 *   skipped   it is checked end to end only (Playwright) and --e2e was not given.
 * The exit code is 1 when a mutation survived or is stale.
 *
 * --only keeps the mutations whose id, row or resolved file contains the text (given more than
 * once: any of the texts); --list prints them with their files (and which are stale) without
 * running anything; --e2e also runs the end-to-end mutations (each builds the sample dealers).
 * Before the mutations, the selected test files run once untouched (skip with --no-baseline).
 * --verbose also shows the first failure that killed each mutation.
 *
 * The file being mutated is restored in a `finally`, on Ctrl-C and on SIGTERM; the original text is
 * also kept in .cache/mutation-in-progress.json so that a run killed outright is repaired by the
 * next one.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mutations, type Mutation } from './list.ts';
import { occurrences, repositoryRoot as root, SourceTree, TestIndex } from './resolve.ts';

const journal = path.join(root, '.cache', 'mutation-in-progress.json');

interface Options {
  only: string[];
  list: boolean;
  e2e: boolean;
  timeoutMs: number;
  baseline: boolean;
  verbose: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { only: [], list: false, e2e: false, timeoutMs: 180_000, baseline: true, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') {
      const text = argv[++i];
      if (text === undefined) {
        console.error('--only needs a text.');
        process.exit(2);
      }
      options.only.push(text);
    } else if (arg === '--list') options.list = true;
    else if (arg === '--e2e') options.e2e = true;
    else if (arg === '--no-baseline') options.baseline = false;
    else if (arg === '--verbose') options.verbose = true;
    else if (arg === '--timeout') options.timeoutMs = Number(argv[++i]) * 1000;
    else {
      console.error(
        `Unknown argument ${arg}.\nUsage: npm run mutations -- --hand [--only <text>]… [--list] [--e2e] [--timeout <seconds>] [--no-baseline] [--verbose]`,
      );
      process.exit(2);
    }
  }
  if (!(options.timeoutMs > 0)) {
    console.error('--timeout needs a number of seconds.');
    process.exit(2);
  }
  return options;
}

type Outcome = 'killed' | 'SURVIVED' | 'stale' | 'timeout' | 'skipped';

/** The file being mutated and its original text, so that every way out puts it back. */
let current: { file: string; original: string } | undefined;
let child: ReturnType<typeof spawn> | undefined;

function restore(): void {
  if (!current) return;
  writeFileSync(current.file, current.original);
  current = undefined;
  rmSync(journal, { force: true });
}

/** A run killed outright (SIGKILL, power) leaves its journal: put that file back first. */
function repairFromJournal(): void {
  if (!existsSync(journal)) return;
  const { file, original } = JSON.parse(readFileSync(journal, 'utf8')) as { file: string; original: string };
  writeFileSync(file, original);
  rmSync(journal, { force: true });
  console.log(`Restored ${path.relative(root, file)}, left mutated by an interrupted run.`);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    restore();
    console.log(`\nStopped by ${signal}; the source tree is as it was.`);
    process.exit(130);
  });
}

interface RunResult {
  ok: boolean;
  timedOut: boolean;
  output: string;
}

/** Runs a command in its own process group, killing the whole group at the time limit. */
function run(command: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    const proc = spawn(command, args, {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child = proc;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    proc.on('close', (code) => {
      clearTimeout(timer);
      child = undefined;
      resolve({ ok: code === 0 && !timedOut, timedOut, output });
    });
  });
}

const vitest = (files: string[], timeoutMs: number) =>
  run('npx', ['vitest', 'run', '--bail=1', '--reporter=dot', ...files], timeoutMs);

const playwright = (files: string[], timeoutMs: number) =>
  run('npx', ['playwright', 'test', '--reporter=dot', '--max-failures=1', ...files], timeoutMs);

/** The first failing test named in a vitest or Playwright report, to show why a mutation was killed. */
function firstFailure(output: string): string {
  const line = output.split('\n').find((l) => /^\s*(FAIL|×|✘|\d+\) )/.test(l) || /Error:/.test(l));
  return line ? line.trim().slice(0, 160) : '';
}

/** A mutation with its file and test files found, or why they are not. */
interface Located {
  m: Mutation;
  /** The repository-relative file the find text is in, when it resolves to exactly one. */
  file?: string;
  tests: string[];
  e2e: string[];
  /** Why the mutation is stale: its find text or a test name does not resolve. */
  problems: string[];
}

/** Locates every mutation in the product source and its tests by name, reading each tree once. */
function locate(list: readonly Mutation[]): Located[] {
  const tree = SourceTree.read(root);
  const testFiles = TestIndex.read(root);
  return list.map((m) => {
    const problems: string[] = [];
    const { file, problem } = tree.resolve(m);
    if (problem) problems.push(problem);
    const byName = (names: readonly string[]) =>
      names.flatMap((name) => {
        const found = testFiles.resolve(name);
        if (found.problem) problems.push(found.problem);
        return found.file ? [found.file] : [];
      });
    const tests = byName(m.tests);
    const e2e = byName(m.e2e ?? []);
    return { m, ...(file ? { file } : {}), tests, e2e, problems };
  });
}

async function check(
  { m, file: rel, tests: unit, e2e, problems }: Located,
  options: Options,
): Promise<{ outcome: Outcome; detail: string }> {
  if (!rel || problems.length) return { outcome: 'stale', detail: problems.join('; ') };
  const file = path.join(root, rel);
  const original = readFileSync(file, 'utf8');
  const count = occurrences(original, m.find);
  if (count !== 1) return { outcome: 'stale', detail: `find text occurs ${count} times in ${rel}` };
  if (!unit.length && !options.e2e) return { outcome: 'skipped', detail: `end to end only: ${e2e.join(', ')}` };

  mkdirSync(path.dirname(journal), { recursive: true });
  writeFileSync(journal, JSON.stringify({ file, original }));
  current = { file, original };
  try {
    writeFileSync(
      file,
      original.replace(m.find, () => m.replace),
    );
    let result: RunResult | undefined;
    if (unit.length) result = await vitest(unit, options.timeoutMs);
    if ((!result || result.ok) && options.e2e && e2e.length) result = await playwright(e2e, options.timeoutMs * 10);
    if (!result) return { outcome: 'skipped', detail: '' };
    if (result.timedOut) return { outcome: 'timeout', detail: '' };
    return result.ok
      ? { outcome: 'SURVIVED', detail: m.why }
      : { outcome: 'killed', detail: firstFailure(result.output) };
  } finally {
    restore();
  }
}

async function main(argv: string[]): Promise<void> {
  const options = parseArgs(argv);
  repairFromJournal();
  const selected = locate(mutations).filter(
    ({ m, file }) =>
      !options.only.length ||
      options.only.some((text) => m.id.includes(text) || m.row.includes(text) || !!file?.includes(text)),
  );
  if (!selected.length) {
    console.error(`No mutation matches ${options.only.map((t) => JSON.stringify(t)).join(' or ')}.`);
    process.exit(2);
  }

  if (options.list) {
    let stale = 0;
    for (const { m, file, tests, e2e, problems } of selected) {
      if (problems.length) stale++;
      const names = [...tests, ...e2e.map((f) => `${f} (e2e)`)].join(', ');
      console.log(
        `${problems.length ? 'stale ' : '      '}${m.id}\n        row:   ${m.row}\n        file:  ${file ?? '?'}\n        tests: ${names}` +
          problems.map((p) => `\n        stale: ${p}`).join(''),
      );
    }
    console.log(`\n${selected.length} mutations, ${stale} stale.`);
    process.exit(stale ? 1 : 0);
  }

  if (options.baseline) {
    const runs: [string, string[], (files: string[], ms: number) => Promise<RunResult>, number][] = [
      ['unit test', [...new Set(selected.flatMap((l) => l.tests))], vitest, options.timeoutMs * 3],
      [
        'end-to-end spec',
        options.e2e ? [...new Set(selected.flatMap((l) => l.e2e))] : [],
        playwright,
        options.timeoutMs * 10,
      ],
    ];
    for (const [kind, files, runner, ms] of runs) {
      if (!files.length) continue;
      process.stdout.write(`Baseline: ${files.length} ${kind} files, unmutated ... `);
      const base = await runner(files, ms);
      if (!base.ok) {
        console.log('failed.\n' + base.output.slice(-4000));
        console.error('The tests fail without any mutation; fix them first (or run with --no-baseline).');
        process.exit(2);
      }
      console.log('pass.');
    }
  }

  const counts: Record<Outcome, number> = { killed: 0, SURVIVED: 0, stale: 0, timeout: 0, skipped: 0 };
  const bad: string[] = [];
  const started = Date.now();
  for (const [i, located] of selected.entries()) {
    const { m, file = '?' } = located;
    const t0 = Date.now();
    const { outcome, detail } = await check(located, options);
    counts[outcome]++;
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    const line = `${String(i + 1).padStart(4)}/${selected.length} ${outcome.padEnd(8)} ${m.id} in ${file} (${seconds}s)`;
    console.log(detail && (outcome !== 'killed' || options.verbose) ? `${line}\n              ${detail}` : line);
    if (outcome === 'SURVIVED' || outcome === 'stale') bad.push(`${outcome.padEnd(8)} ${m.id}: ${file} — ${m.row}`);
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `\n${selected.length} mutations in ${minutes} min: ${counts.killed} killed, ${counts.SURVIVED} survived, ${counts.stale} stale, ${counts.timeout} timed out, ${counts.skipped} skipped (end to end only).`,
  );
  if (bad.length) console.log('\n' + bad.join('\n'));
  process.exit(counts.SURVIVED || counts.stale ? 1 : 0);
}

/** Runs the hand list with `argv` (the arguments after --hand). */
export const runHand = (argv: string[]): Promise<void> => main(argv);
