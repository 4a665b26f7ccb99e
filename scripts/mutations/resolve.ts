/**
 * Where a mutation of `npm run mutations` applies, found by code rather than by path, so that a file
 * moved or renamed needs no edit of the list.
 *
 * The product tree is every .ts, .tsx, .astro, .css and .mjs file under src/ and scripts/, save
 * tests (`*.test.ts`, `*.spec.ts`) and this tool's own folder. It is read once into one string, the
 * files joined by a NUL, which a mutation's find text never holds: a find is a single search of that
 * string. A mutation resolves to the one file holding its find text, which must occur exactly once
 * in the whole tree; a find that is not unique there names a `symbol` too (a function, const,
 * class, type or component declared in the same file), and then must occur exactly once among the
 * files declaring it.
 *
 * Test files are named by name: 'forms-rules.test.ts' is the one file of that name anywhere under
 * tests/ or src/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository this tool is part of. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SOURCE = /\.(ts|tsx|astro|css|mjs)$/;
const TEST = /\.(test|spec)\.tsx?$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.astro', '.cache']);

/** Repository-relative paths (with `/`) of the files under `folders` that `keep` accepts. */
function walk(root: string, folders: readonly string[], keep: (rel: string) => boolean): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) visit(child);
      } else if (entry.isFile() && keep(child)) out.push(child);
    }
  };
  for (const folder of folders) visit(folder);
  return out.sort();
}

/** Whether a repository-relative path is product source the mutations may target. */
export const isProductSource = (rel: string): boolean =>
  SOURCE.test(rel) && !TEST.test(rel) && !rel.startsWith('scripts/mutations/') && !rel.startsWith('tests/');

/** How many times `find` occurs in `text` (overlapping occurrences count). */
export function occurrences(text: string, find: string): number {
  if (!find) return 0;
  let n = 0;
  for (let i = text.indexOf(find); i !== -1; i = text.indexOf(find, i + 1)) n++;
  return n;
}

/** What a mutation is located by. */
export interface Anchor {
  find: string;
  /** A name declared in the mutated file, for a find text that occurs in more than one file. */
  symbol?: string;
}

export interface Resolution {
  /** The repository-relative file the mutation applies to, when it resolves to exactly one. */
  file?: string;
  /** Why it does not resolve, when it does not. */
  problem?: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` (the file `rel`) declares `name`: a function, class, const, let, var, type,
 * interface or enum of that name, or a component whose file is named after it (Astro, CSS).
 */
export function declares(rel: string, text: string, name: string): boolean {
  const base = path.posix.basename(rel).replace(/\.[^.]+$/, '');
  if (base === name && /\.(astro|css|tsx)$/.test(rel)) return true;
  return new RegExp(
    `(^|[\\s;{(,])(function\\*?|class|const|let|var|type|interface|enum)\\s+${escape(name)}(?![\\w$])`,
    'm',
  ).test(text);
}

/** The product tree, read once; `resolve` locates any number of mutations in it. */
export class SourceTree {
  readonly files: readonly string[];
  readonly texts: ReadonlyMap<string, string>;
  /** All texts joined by NUL, and where each file starts in it. */
  private readonly all: string;
  private readonly starts: number[];

  constructor(texts: ReadonlyMap<string, string>) {
    this.texts = texts;
    this.files = [...texts.keys()];
    this.starts = [];
    let offset = 0;
    for (const text of texts.values()) {
      this.starts.push(offset);
      offset += text.length + 1;
    }
    this.all = [...texts.values()].join('\0');
  }

  /** Reads the product source under `root` (src/ and scripts/, tests and this tool left out). */
  static read(root: string = repositoryRoot, folders: readonly string[] = ['src', 'scripts']): SourceTree {
    const files = walk(root, folders, isProductSource);
    return new SourceTree(new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')])));
  }

  /** The file holding the character at `index` of the joined text. */
  private fileAt(index: number): string {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return this.files[lo]!;
  }

  /** Every file holding `find`, with how many times it occurs there. */
  where(find: string): Map<string, number> {
    const hits = new Map<string, number>();
    if (!find || find.includes('\0')) return hits;
    for (let i = this.all.indexOf(find); i !== -1; i = this.all.indexOf(find, i + 1)) {
      const file = this.fileAt(i);
      hits.set(file, (hits.get(file) ?? 0) + 1);
    }
    return hits;
  }

  resolve({ find, symbol }: Anchor): Resolution {
    const hits = this.where(find);
    const list = (files: Iterable<[string, number]>) =>
      [...files].map(([f, n]) => (n > 1 ? `${f} (${n} times)` : f)).join(', ');
    if (!hits.size) return { problem: 'find text is in no source file' };
    let candidates = [...hits];
    if (symbol !== undefined) {
      candidates = candidates.filter(([f]) => declares(f, this.texts.get(f)!, symbol));
      if (!candidates.length) return { problem: `no file holding the find text declares ${symbol} (in ${list(hits)})` };
    }
    const total = candidates.reduce((sum, [, n]) => sum + n, 0);
    if (total !== 1) {
      const anchor = symbol === undefined ? '' : ` among files declaring ${symbol}`;
      return { problem: `find text occurs ${total} times${anchor}: ${list(candidates)}` };
    }
    return { file: candidates[0]![0] };
  }
}

/** The test files under tests/ and src/, by file name. */
export class TestIndex {
  private readonly byName = new Map<string, string[]>();

  constructor(readonly files: readonly string[]) {
    for (const file of files) {
      const name = path.posix.basename(file);
      this.byName.set(name, [...(this.byName.get(name) ?? []), file]);
    }
  }

  static read(root: string = repositoryRoot, folders: readonly string[] = ['tests', 'src']): TestIndex {
    return new TestIndex(walk(root, folders, (rel) => TEST.test(rel)));
  }

  /** Every test file named `name` ('faq.test.ts'): exactly one is expected. */
  matches(name: string): string[] {
    return this.byName.get(name) ?? [];
  }

  resolve(name: string): Resolution {
    const found = this.matches(name);
    if (found.length === 1) return { file: found[0]! };
    return {
      problem: found.length ? `${name} names ${found.length} files: ${found.join(', ')}` : `no test file ${name}`,
    };
  }
}
