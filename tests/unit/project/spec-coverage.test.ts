/**
 * docs/spec-coverage.md stays true to the repository: every code and test path it cites exists,
 * and every row of the spec sections (§2 … §9) names code and a test that fails without it, in
 * one of three ways: a plain assertion of tests/unit/spec/ (constants and messages), code that
 * StrykerJS mutates (scripts/mutations/scope.ts) with a unit test it runs, or a mutation of the
 * hand list (scripts/mutations/list.ts, `npm run mutations -- --hand`). Each hand mutation names
 * a row of the map and tests, by file name, that resolve to one file each and that the row cites,
 * and its find text still resolves to exactly one source file, where it occurs exactly once.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  citedPaths,
  citedTests,
  isSrcTest,
  isSpecSection,
  readCoverageMap,
  rowsNamed as rowsIn,
  type MapRow,
} from '../../../scripts/mutations/coverage-map.ts';
import { mutations } from '../../../scripts/mutations/list.ts';
import { occurrences, SourceTree, TestIndex } from '../../../scripts/mutations/resolve.ts';
import { DEFAULT, OUT_OF_PROCESS, WIDER } from '../../../scripts/mutations/scope.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rows = readCoverageMap(path.join(root, 'docs/spec-coverage.md'));
const specRows = rows.filter((r) => isSpecSection(r.section));
const tree = SourceTree.read(root);
const testFiles = TestIndex.read(root);

const where = (r: MapRow) => `docs/spec-coverage.md:${r.line} (${r.section}: ${r.item.slice(0, 60)})`;

/** Whether `file` is `pattern` or matches it (`*` within one folder, a folder and all it holds). */
function matches(pattern: string, file: string): boolean {
  if (pattern.endsWith('/')) return file.startsWith(pattern);
  const re = new RegExp(
    '^' +
      pattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*') +
      '$',
  );
  return re.test(file);
}

const exists = (candidate: string) =>
  candidate.includes('*') ? globSync(candidate, { cwd: root }).length > 0 : existsSync(path.join(root, candidate));

/** Whether a glob list in Stryker's form (`!` excludes) takes `file`. */
const inGlobs = (globs: readonly string[], file: string) =>
  globs.some((g) => !g.startsWith('!') && path.matchesGlob(file, g)) &&
  !globs.some((g) => g.startsWith('!') && path.matchesGlob(file, g.slice(1)));

/** Whether StrykerJS mutates the cited code (a file, or any .ts file of a cited folder). */
const mutated = (cited: string) => inGlobs(WIDER, cited.endsWith('/') ? `${cited}index.ts` : cited);

/** The existing paths a row cites. */
const pathsOf = (r: MapRow) =>
  r.cells
    .flatMap((c) => citedPaths(c))
    .flatMap((p) => p.candidates.flatMap((c) => (c.includes('*') ? globSync(c, { cwd: root }) : exists(c) ? [c] : [])));

const isUnitTest = (file: string) => /^tests\/unit\/.+\.test\.ts$/.test(file) || isSrcTest(file);

/** Whether StrykerJS runs a test file against its mutants (vitest.stryker.config.ts). */
const runByStryker = (file: string) => isUnitTest(file) && !OUT_OF_PROCESS.some((g) => path.matchesGlob(file, g));

/** How a spec row is proved, or undefined. */
function proof(r: MapRow): string | undefined {
  if (mutations.some((m) => rowsIn(rows, m.row).includes(r))) return 'hand';
  const cited = pathsOf(r);
  if (cited.some((p) => p.startsWith('tests/unit/spec/'))) return 'assertion';
  const strykerTests = cited.filter(runByStryker);
  if (cited.some((p) => !isUnitTest(p) && mutated(p)) && strykerTests.length) return 'stryker';
  return undefined;
}

describe('docs/spec-coverage.md', () => {
  it('has the spec sections', () => {
    expect(specRows.length).toBeGreaterThan(50);
    expect(new Set(specRows.map((r) => r.section))).toContain('§9 Constants');
  });

  it('cites only code and tests that exist', () => {
    const missing = rows.flatMap((r) =>
      r.cells
        .flatMap((cell) => citedPaths(cell))
        .filter((p) => !p.candidates.some(exists))
        .map((p) => `${where(r)}: \`${p.cited}\``),
    );
    expect(missing).toEqual([]);
  });

  it('proves every row of the spec sections by an assertion, StrykerJS or the hand list', () => {
    expect(specRows.filter((r) => !proof(r)).map(where)).toEqual([]);
  });
});

describe('scripts/mutations/scope.ts', () => {
  it('mutates files that exist, and runs tests that exist', () => {
    const sources = globSync('src/**/*.{ts,tsx}', { cwd: root });
    for (const glob of [...DEFAULT, ...WIDER].filter((g) => !g.startsWith('!') && !g.includes('.tsx')))
      expect(
        sources.some((f) => path.matchesGlob(f, glob)),
        glob,
      ).toBe(true);
    for (const glob of OUT_OF_PROCESS) expect(exists(glob), glob).toBe(true);
  });
});

describe('scripts/mutations/list.ts', () => {
  it('keeps the hand list short', () => {
    expect(mutations.length).toBeLessThanOrEqual(50);
  });

  it('gives every mutation a unique id', () => {
    const ids = mutations.map((m) => m.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('names exactly one row of the map for each mutation', () => {
    const wrong = mutations
      .map((m) => ({ id: m.id, row: m.row, count: rowsIn(rows, m.row).length }))
      .filter((m) => m.count !== 1);
    expect(wrong).toEqual([]);
  });

  it('mutates only what StrykerJS cannot: templates, styles and code only a browser runs', () => {
    const reachable = mutations.filter((m) => {
      const { file } = tree.resolve(m);
      const inProcess = m.tests.flatMap((name) => testFiles.matches(name)).some(runByStryker);
      return file && inGlobs(WIDER, file) && inProcess;
    });
    expect(reachable.map((m) => m.id)).toEqual([]);
  });

  it('runs tests that exist and that the row cites', () => {
    const problems: string[] = [];
    for (const m of mutations) {
      const row = rowsIn(rows, m.row)[0];
      if (!row) continue;
      const cited = citedTests(row);
      const resolved = (names: readonly string[]) =>
        names.flatMap((name) => {
          const { file, problem } = testFiles.resolve(name);
          if (problem) problems.push(`${m.id}: ${problem}`);
          return file ? [file] : [];
        });
      const unit = resolved(m.tests);
      const e2e = resolved(m.e2e ?? []);
      for (const file of [...unit, ...e2e])
        if (!cited.some((c) => matches(c, file))) problems.push(`${m.id}: ${file} is not cited by ${where(row)}`);
      if (!m.tests.length && !m.e2e?.length) problems.push(`${m.id}: no test to run`);
      for (const file of unit) if (!isUnitTest(file)) problems.push(`${m.id}: ${file} is not a unit test`);
      for (const file of e2e)
        if (!/^tests\/e2e\/.+\.spec\.ts$/.test(file)) problems.push(`${m.id}: ${file} is not an e2e spec`);
    }
    expect(problems).toEqual([]);
  });

  it('resolves each mutation to exactly one source file, finds its text exactly once there, and changes it', () => {
    const stale = mutations.flatMap((m) => {
      const { file, problem } = tree.resolve(m);
      if (!file) return [`${m.id}: ${problem}`];
      const n = occurrences(readFileSync(path.join(root, file), 'utf8'), m.find);
      const problems = n === 1 ? [] : [`${m.id}: found ${n} times in ${file}`];
      if (m.find === m.replace) problems.push(`${m.id}: replace is the same as find`);
      return problems;
    });
    expect(stale).toEqual([]);
  });
});
