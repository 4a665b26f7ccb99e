/**
 * The mutations of `npm run mutations` are located by code, not by path (scripts/mutations/resolve.ts):
 * real source files copied into another layout, under other names, are still found by the same
 * mutations, a symbol picks the file where the find text alone is in several, and test files are
 * found by name in any folder. Nothing but the tool itself and the tests imports it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mutations, type Mutation } from '../../../scripts/mutations/list.ts';
import {
  declares,
  isProductSource,
  repositoryRoot as root,
  SourceTree,
  TestIndex,
} from '../../../scripts/mutations/resolve.ts';

const tree = SourceTree.read(root);
const byId = (id: string): Mutation => {
  const m = mutations.find((x) => x.id === id);
  if (!m) throw new Error(`no mutation ${id}`);
  return m;
};

const temp = mkdtempSync(path.join(tmpdir(), 'mutation-anchors-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('mutations located by code', () => {
  it('still resolve once their files are moved to other folders under other names', () => {
    // A few mutations of different kinds: TypeScript, Astro components, a stylesheet, and two that
    // share one find text.
    const picked = [
      'rules-thank-you-clears',
      'faq-details',
      'editor-placeholder-production',
      'cards-loop',
      'cards-mobile-arrows',
      'rules-rev-display',
    ].map(byId);
    // Every real file holding one of their find texts, so that an ambiguity moves along with them.
    const sources = [...new Set(picked.flatMap((m) => [...tree.where(m.find).keys()]))].sort();
    expect(new Set(sources.map((f) => path.extname(f)))).toEqual(new Set(['.ts', '.astro', '.css']));
    const moved = new Map(
      sources.map((file, i) => {
        const ext = path.extname(file);
        return [file, `${i % 2 ? 'scripts/elsewhere' : 'src/moved'}/layer-${i}/renamed-${i}${ext}`];
      }),
    );
    for (const [from, to] of moved) {
      mkdirSync(path.dirname(path.join(temp, to)), { recursive: true });
      copyFileSync(path.join(root, from), path.join(temp, to));
    }
    // The tool's own folder and tests are left out of the tree, even when they hold the text.
    mkdirSync(path.join(temp, 'scripts/mutations'), { recursive: true });
    mkdirSync(path.join(temp, 'src/moved/tests'), { recursive: true });
    const lists = picked.map((m) => m.find).join('\n');
    writeFileSync(path.join(temp, 'scripts/mutations/list.ts'), lists);
    writeFileSync(path.join(temp, 'src/moved/tests/anchors.test.ts'), lists);

    const elsewhere = SourceTree.read(temp);
    expect([...elsewhere.files].sort()).toEqual([...moved.values()].sort());
    for (const m of picked) {
      const before = tree.resolve(m).file;
      expect(before, m.id).toBeDefined();
      expect(elsewhere.resolve(m), m.id).toEqual({ file: moved.get(before!) });
    }
  });

  it('names a symbol exactly where the find text alone is in more than one file', () => {
    expect(mutations.length).toBeGreaterThan(0);
    for (const m of mutations) {
      if (m.symbol === undefined) {
        expect([...tree.where(m.find).values()], m.id).toEqual([1]);
      } else {
        expect(tree.where(m.find).size, m.id).toBeGreaterThan(1);
        expect(tree.resolve({ find: m.find }).problem, m.id).toMatch(/occurs \d+ times/);
      }
      expect(tree.resolve(m).file, m.id).toBeDefined();
    }
  });

  it('refuses a text found nowhere, twice, or in no file declaring the symbol', () => {
    const synthetic = new SourceTree(
      new Map([
        ['src/a/one.ts', 'export function alpha() {\n  return limit + 1;\n}\n'],
        ['src/b/two.ts', 'const beta = () => limit + 1;\nconst gamma = 2;\n'],
        ['src/c/Card.astro', '<div class="card">{limit + 1}</div>\n<div class="card"></div>\n'],
      ]),
    );
    expect(synthetic.resolve({ find: 'return limit' })).toEqual({ file: 'src/a/one.ts' });
    expect(synthetic.resolve({ find: 'limit + 1' }).problem).toMatch(/occurs 3 times/);
    expect(synthetic.resolve({ find: 'limit + 1', symbol: 'beta' })).toEqual({ file: 'src/b/two.ts' });
    expect(synthetic.resolve({ find: 'limit + 1', symbol: 'alpha' })).toEqual({ file: 'src/a/one.ts' });
    expect(synthetic.resolve({ find: 'limit + 1', symbol: 'Card' })).toEqual({ file: 'src/c/Card.astro' });
    expect(synthetic.resolve({ find: 'limit + 1', symbol: 'delta' }).problem).toMatch(/declares delta/);
    expect(synthetic.resolve({ find: '<div class="card">' }).problem).toMatch(/occurs 2 times/);
    expect(synthetic.resolve({ find: 'nowhere' }).problem).toMatch(/in no source file/);
    // A text never runs from the end of one file into the next.
    expect(synthetic.resolve({ find: '}\nconst beta' }).problem).toMatch(/in no source file/);
  });

  it('knows a declaration from a mere use', () => {
    expect(declares('src/x.ts', 'export const MAX = 3;', 'MAX')).toBe(true);
    expect(declares('src/x.ts', 'export async function load() {}', 'load')).toBe(true);
    expect(declares('src/x.ts', 'export default class Store {}', 'Store')).toBe(true);
    expect(declares('src/x.ts', 'const n = MAX_OPEN + MAX;', 'MAX')).toBe(false);
    expect(declares('src/x.ts', 'export const MAXIMUM = 3;', 'MAX')).toBe(false);
    expect(declares('src/ui/Tabs.tsx', 'export default function () {}', 'Tabs')).toBe(true);
  });

  it('searches product source only', () => {
    expect(isProductSource('src/engine/routes.ts')).toBe(true);
    expect(isProductSource('src/blocks/faq/Faq.astro')).toBe(true);
    expect(isProductSource('scripts/site/files.mjs')).toBe(true);
    expect(isProductSource('src/blocks/faq/faq.test.ts')).toBe(false);
    expect(isProductSource('scripts/mutations/rows/blocks.ts')).toBe(false);
    expect(isProductSource('src/content/sample.json')).toBe(false);
  });
});

describe('test files named by name', () => {
  const names = [...new Set(mutations.flatMap((m) => [...m.tests, ...(m.e2e ?? [])]))];
  const real = TestIndex.read(root);

  it('resolve in the layout of today', () => {
    expect(names.filter((n) => real.matches(n).length !== 1)).toEqual([]);
  });

  it('still resolve once the tests move into sub-folders', () => {
    const nested = new TestIndex(
      real.files.map((f, i) => f.replace(/^(tests\/\w+|src)\//, `$1/group-${i % 3}/deeper/`)),
    );
    for (const name of names) {
      const { file } = nested.resolve(name);
      expect(file, name).toMatch(/\/group-\d\/deeper\//);
      expect(path.basename(file!)).toBe(name);
    }
  });

  it('refuse a name two files share, or none has', () => {
    const index = new TestIndex(['tests/unit/a/faq.test.ts', 'src/blocks/faq/faq.test.ts', 'tests/e2e/csp.spec.ts']);
    expect(index.resolve('csp.spec.ts')).toEqual({ file: 'tests/e2e/csp.spec.ts' });
    expect(index.resolve('faq.test.ts').problem).toMatch(/names 2 files/);
    expect(index.resolve('gone.test.ts').problem).toMatch(/no test file/);
  });
});

describe('the mutation tool', () => {
  it('is imported by nothing of the product or the other scripts', () => {
    const importers = tree.files.filter((f) =>
      /(from\s+|import\s*\(\s*)['"][^'"]*\bmutations\/[^'"]*['"]/.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(importers).toEqual([]);
  });
});
