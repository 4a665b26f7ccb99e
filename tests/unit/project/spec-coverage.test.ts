/**
 * docs/spec-coverage.md stays true to the repository: every code and test path it cites exists,
 * every row of the spec sections (§2 … §9) is proved by at least one mutation of
 * scripts/mutations/list.ts (run by `npm run mutations`), each mutation names a row of the map
 * and tests, by file name, that resolve to one file each and that the row cites, and each
 * mutation's find text still resolves to exactly one source file, where it occurs exactly once.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  citedPaths,
  citedTests,
  isBlockTest,
  isSpecSection,
  readCoverageMap,
  rowsNamed as rowsIn,
  type MapRow,
} from '../../../scripts/mutations/coverage-map.ts';
import { mutations } from '../../../scripts/mutations/list.ts';
import { occurrences, SourceTree, TestIndex } from '../../../scripts/mutations/resolve.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rows = readCoverageMap(path.join(root, 'docs/spec-coverage.md'));
const specRows = rows.filter((r) => isSpecSection(r.section));
const tree = SourceTree.read(root);
const testFiles = TestIndex.read(root);

/** Spec rows with no mutation of their own, each with its reason (none today). */
const WITHOUT_MUTATIONS: string[] = [];

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

/** The map's rows a mutation's `row` text names. */
const rowsNamed = (text: string) => rowsIn(rows, text);

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

  it('has a mutation for every row of the spec sections, save the listed ones', () => {
    const bare = specRows.filter(
      (r) =>
        !WITHOUT_MUTATIONS.some((text) => r.item.includes(text)) &&
        !mutations.some((m) => rowsNamed(m.row).includes(r)),
    );
    expect(bare.map(where)).toEqual([]);
  });

  it('lists rows without mutations only while they have none and are in the map', () => {
    for (const text of WITHOUT_MUTATIONS) {
      const named = rowsNamed(text);
      expect(named.length, text).toBeLessThanOrEqual(1);
      expect(
        mutations.filter((m) => named.some((r) => rowsNamed(m.row).includes(r))).map((m) => m.id),
        text,
      ).toEqual([]);
    }
  });
});

describe('scripts/mutations/list.ts', () => {
  it('gives every mutation a unique id', () => {
    const ids = mutations.map((m) => m.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('names exactly one row of the map for each mutation', () => {
    const wrong = mutations
      .map((m) => ({ id: m.id, row: m.row, count: rowsNamed(m.row).length }))
      .filter((m) => m.count !== 1);
    expect(wrong).toEqual([]);
  });

  it('runs tests that exist and that the row cites', () => {
    const problems: string[] = [];
    for (const m of mutations) {
      const row = rowsNamed(m.row)[0];
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
      for (const file of unit)
        if (!/^tests\/unit\/.+\.test\.ts$/.test(file) && !isBlockTest(file))
          problems.push(`${m.id}: ${file} is not a unit test`);
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

  it('keeps the end-to-end-only mutations few', () => {
    expect(mutations.filter((m) => !m.tests.length).length).toBeLessThanOrEqual(10);
  });
});
