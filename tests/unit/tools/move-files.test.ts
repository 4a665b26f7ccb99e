/**
 * `npm run move` (scripts/move-files/): a moved file's imports, the imports of it, globs, URLs and
 * root-relative mentions all follow the move, and nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import { movedPath, rewriteText, type Moves } from '../../../scripts/move-files/rewrite.ts';

const OLD_TREE = new Set([
  '.',
  'src',
  'src/api',
  'src/api/app.ts',
  'src/api/errors.ts',
  'src/api/search',
  'src/api/search/route.ts',
  'src/lib',
  'src/lib/text.ts',
  'src/blocks',
  'src/blocks/registry.ts',
  'src/blocks/cars',
  'src/blocks/cars/Cars.astro',
  'src/styles',
  'src/styles/car.svg',
  'tests',
  'tests/unit',
  'tests/unit/search.test.ts',
]);
const tree = { has: (p: string) => OLD_TREE.has(p) };

const moves: Moves = {
  files: new Map([
    ['src/api/errors.ts', 'src/api/core/errors.ts'],
    ['src/api/search/route.ts', 'src/features/search/server/route.ts'],
    ['tests/unit/search.test.ts', 'src/features/search/search.test.ts'],
  ]),
  folders: new Map([['src/api/search', 'src/features/search/server']]),
};

describe('npm run move', () => {
  it('points a moved file’s own imports at their targets from its new folder', () => {
    const text = "import { a } from '../errors.ts';\nimport { t } from '../../lib/text.ts';\n";
    expect(rewriteText(text, 'src/api/search/route.ts', moves, tree, true)).toBe(
      "import { a } from '../../../api/core/errors.ts';\nimport { t } from '../../../lib/text.ts';\n",
    );
  });

  it('points imports of a moved file at its new path, and leaves the others alone', () => {
    const text =
      "import { r } from './search/route.ts';\nimport { e } from './errors.ts';\nimport { x } from './app.ts';\n";
    expect(rewriteText(text, 'src/api/app.ts', moves, tree, true)).toBe(
      "import { r } from '../features/search/server/route.ts';\nimport { e } from './core/errors.ts';\nimport { x } from './app.ts';\n",
    );
  });

  it('follows dynamic imports, vi.mock, new URL, project-root paths and CSS url()', () => {
    const text = [
      "await import('../../src/api/search/route.ts');",
      "vi.mock('../../src/api/errors.ts');",
      "const ROOT = resolve(import.meta.dirname, '../..');",
      "new URL('../../src/styles/car.svg', import.meta.url);",
    ].join('\n');
    expect(rewriteText(text, 'tests/unit/search.test.ts', moves, tree, true)).toBe(
      [
        "await import('./server/route.ts');",
        "vi.mock('../../api/core/errors.ts');",
        "const ROOT = resolve(import.meta.dirname, '../../..');",
        "new URL('../../styles/car.svg', import.meta.url);",
      ].join('\n'),
    );
    expect(rewriteText('a { background: url(../styles/car.svg); }', 'src/api/errors.ts', moves, tree, true)).toBe(
      'a { background: url(../../styles/car.svg); }',
    );
  });

  it('keeps a glob’s pattern and moves only its folder', () => {
    const text = "import.meta.glob('./*/[A-Z]*.astro', { eager: true });";
    const glob: Moves = { files: new Map([['src/blocks/registry.ts', 'src/registry.ts']]), folders: new Map() };
    expect(rewriteText(text, 'src/blocks/registry.ts', glob, tree, true)).toBe(
      "import.meta.glob('./blocks/*/[A-Z]*.astro', { eager: true });",
    );
  });

  it('rewrites root-relative mentions in comments and docs, longest path first, whole paths only', () => {
    const doc =
      'See src/api/errors.ts and src/api/search/route.ts (src/api/search holds the rest); src/api/errors.tsx and xsrc/api/errors.ts stay.';
    expect(rewriteText(doc, 'docs/api.md', moves, tree, false)).toBe(
      'See src/api/core/errors.ts and src/features/search/server/route.ts (src/features/search/server holds the rest); src/api/errors.tsx and xsrc/api/errors.ts stay.',
    );
  });

  it('leaves strings that name nothing in the tree, and files neither moved nor importing a moved one', () => {
    const text = "const a = '../nowhere.ts'; const b = './';\nimport { t } from '../lib/text.ts';";
    expect(rewriteText(text, 'src/api/app.ts', moves, tree, true)).toBe(text);
  });

  it('keeps a path as written when neither end moves, even where a shorter one names the same file', () => {
    const text = "const fixture = '../../src/lib/text.ts';\nimport { t } from '../lib/../lib/text.ts';";
    expect(rewriteText(text, 'src/api/app.ts', moves, tree, true)).toBe(text);
    const fromTests = "'src/lib/x.ts': \"import '../../tests/unit/search.test.ts';\"";
    expect(
      rewriteText(fromTests, 'tests/unit/search.test.ts', { files: new Map(), folders: new Map() }, tree, true),
    ).toBe(fromTests);
  });

  it("leaves a bare '.' or '..' that is text, and follows one that names this module's folder", () => {
    const text = [
      "const dot = text.indexOf('.');",
      'const error = \'letters, digits, "-", "_", "." or ":"\';',
      "const up = parts.join('..');",
      "const here = new URL('.', import.meta.url);",
      "const root = resolve(import.meta.dirname, '..');",
    ].join('\n');
    expect(rewriteText(text, 'tests/unit/search.test.ts', moves, tree, true)).toBe(
      [
        "const dot = text.indexOf('.');",
        'const error = \'letters, digits, "-", "_", "." or ":"\';',
        "const up = parts.join('..');",
        "const here = new URL('../../../tests/unit', import.meta.url);",
        "const root = resolve(import.meta.dirname, '../../../tests');",
      ].join('\n'),
    );
  });

  it('maps a path under a folder moved whole', () => {
    expect(movedPath(moves, 'src/api/search/sql.ts')).toBe('src/features/search/server/sql.ts');
    expect(movedPath(moves, 'src/api/searching.ts')).toBe('src/api/searching.ts');
  });
});
