/**
 * `npm run mutations` scores (scripts/mutations/score.ts): each folder's share of detected mutants
 * (killed or timed out) among those that ran, a feature's roles apart, and a narrowed run folded
 * into the kept report without losing the other files.
 */
import { describe, expect, it } from 'vitest';
import {
  folderOf,
  formatScores,
  mergeReports,
  scoresByFolder,
  type MutantStatus,
  type ReportLike,
} from '../../../scripts/mutations/score.ts';

const mutants = (...statuses: MutantStatus[]) => ({ mutants: statuses.map((status) => ({ status })) });

describe('folderOf', () => {
  it('scores a file two levels below src/, a feature one level deeper (its role)', () => {
    expect(folderOf('src/api/core/guard.ts')).toBe('src/api/core');
    expect(folderOf('src/domain/routes.ts')).toBe('src/domain');
    expect(folderOf('src/seo/structured-data/car.ts')).toBe('src/seo/structured-data');
    expect(folderOf('src/features/leads/server/outbox/adf.ts')).toBe('src/features/leads/server');
    expect(folderOf('src/features/finance/rules/finance.ts')).toBe('src/features/finance/rules');
    expect(folderOf('/tmp/copy/src/lib/text.ts')).toBe('src/lib');
    expect(folderOf('src\\api\\core\\body.ts')).toBe('src/api/core');
  });

  it('takes another depth, and names a file outside src/ by its own folder', () => {
    expect(folderOf('src/api/core/guard.ts', 1)).toBe('src/api');
    expect(folderOf('src/features/stock/rules/csv.ts', 1)).toBe('src/features/stock');
    expect(folderOf('scripts/bench/bench.ts')).toBe('scripts/bench');
    expect(folderOf('top.ts')).toBe('.');
  });
});

describe('scoresByFolder', () => {
  const report: ReportLike = {
    files: {
      'src/lib/text.ts': mutants('Killed', 'Killed', 'Survived', 'NoCoverage'),
      'src/lib/ids.ts': mutants('Timeout', 'CompileError', 'Ignored', 'RuntimeError', 'Pending'),
      'src/domain/routes.ts': mutants('Survived'),
      'src/api/core/errors.ts': mutants('CompileError'),
    },
  };
  const rows = scoresByFolder(report);
  const row = (folder: string) => rows.find((r) => r.folder === folder)!;

  it('counts killed and timed-out mutants as detected, over detected, survived and uncovered', () => {
    expect(row('src/lib')).toEqual({
      folder: 'src/lib',
      killed: 2,
      timeout: 1,
      survived: 1,
      noCoverage: 1,
      score: 60,
      covered: 75,
    });
    expect(row('src/domain')).toMatchObject({ score: 0, covered: 0 });
  });

  it('has no score for a folder with no valid mutant, sorts the folders and totals them last', () => {
    expect(row('src/api/core')).toMatchObject({ score: undefined, covered: undefined });
    expect(rows.map((r) => r.folder)).toEqual(['src/api/core', 'src/domain', 'src/lib', 'all']);
    expect(row('all')).toMatchObject({ killed: 2, timeout: 1, survived: 2, noCoverage: 1, score: 50, covered: 60 });
  });

  it('prints one aligned line per folder, n/a where there is no score', () => {
    const lines = formatScores(rows).split('\n');
    expect(lines[0]).toMatch(/^folder\s+score\s+covered\s+killed\s+timeout\s+survived\s+no cover$/);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^src\/api\/core\s+n\/a\s+n\/a\s+0\s+0\s+0\s+0$/);
    expect(lines[3]).toMatch(/^src\/lib\s+60\.0%\s+75\.0%\s+2\s+1\s+1\s+1$/);
    expect(new Set(lines.map((l) => l.length)).size, 'every line as wide as the header').toBe(1);
  });
});

describe('mergeReports', () => {
  it('replaces the files a narrowed run mutated and keeps every other file and test file', () => {
    type Report = ReportLike & { schemaVersion: string; testFiles: Record<string, unknown> };
    const kept: Report = {
      schemaVersion: '1',
      files: { 'src/a.ts': mutants('Survived'), 'src/b.ts': mutants('Killed') },
      testFiles: { 'tests/a.test.ts': {} },
    };
    const run: Report = {
      schemaVersion: '2',
      files: { 'src/a.ts': mutants('Killed') },
      testFiles: { 'tests/c.test.ts': {} },
    };
    const merged = mergeReports(kept, run);
    expect(merged.schemaVersion).toBe('2');
    expect(merged.files).toEqual({ 'src/a.ts': mutants('Killed'), 'src/b.ts': mutants('Killed') });
    expect(merged.testFiles).toEqual({ 'tests/a.test.ts': {}, 'tests/c.test.ts': {} });
    expect('testFiles' in mergeReports({ files: {} }, { files: {} })).toBe(false);
  });
});
