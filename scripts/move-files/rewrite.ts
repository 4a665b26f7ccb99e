/**
 * The pure half of `npm run move`: given the old and new path of every file of the project, the
 * new text of one file, with every relative path it names (imports, `new URL(...)`, globs,
 * `vi.mock`, `resolve(import.meta.dirname, '../..')`) pointing where its target now is, and every
 * root-relative mention (`src/api/app.ts` in a comment, a doc or a config) following its file.
 */
import path from 'node:path/posix';

export interface Moves {
  /** Old path → new path of each moved file, relative to the project root, `/`-separated. */
  files: ReadonlyMap<string, string>;
  /** Old folder → new folder, for folders moved whole (their mentions follow them too). */
  folders: ReadonlyMap<string, string>;
}

export interface Tree {
  /** Whether the old tree holds this path (a file or a folder), relative to the root. */
  has(relPath: string): boolean;
}

/** Extensions a specifier may leave out (none in this project's own code; some configs do). */
const IMPLICIT = ['', '.ts', '.tsx', '.mjs', '.js', '.astro', '/index.ts'];

const GLOB = /[*?{[]/;

/** The new path of an old path: a moved file, or anything under a moved folder. */
export function movedPath(moves: Moves, oldPath: string): string {
  const file = moves.files.get(oldPath);
  if (file !== undefined) return file;
  let best: [string, string] | undefined;
  for (const [from, to] of moves.folders) {
    if ((oldPath === from || oldPath.startsWith(`${from}/`)) && (!best || from.length > best[0].length))
      best = [from, to];
  }
  return best ? best[1] + oldPath.slice(best[0].length) : oldPath;
}

function relativeSpecifier(fromDir: string, target: string): string {
  const rel = path.relative(fromDir, target) || '.';
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The new form of one relative specifier written in `oldFile`, or undefined to leave it. */
function rewriteSpecifier(spec: string, oldFile: string, moves: Moves, tree: Tree): string | undefined {
  const oldDir = path.dirname(oldFile);
  const newDir = path.dirname(movedPath(moves, oldFile));
  const trailing = spec.endsWith('/') && spec.length > 1 ? '/' : '';
  const globAt = spec.search(GLOB);
  if (globAt >= 0) {
    // './*/[A-Z]*.astro': the part before the first glob character is a folder that moves or not.
    const cut = spec.lastIndexOf('/', globAt);
    if (cut < 0) return undefined;
    const base = path.normalize(path.join(oldDir, spec.slice(0, cut)));
    if (!tree.has(base)) return undefined;
    const out = `${relativeSpecifier(newDir, movedPath(moves, base))}${spec.slice(cut)}`;
    return out === spec ? undefined : out;
  }
  const [bare, query = ''] = spec.split(/(?=[?#])/, 2) as [string, string?];
  const resolved = path.normalize(path.join(oldDir, bare));
  for (const ext of IMPLICIT) {
    if (!tree.has(resolved + ext)) continue;
    const target = movedPath(moves, resolved + ext);
    // Neither end moved: the path stays as written, even where a shorter one would name it.
    if (newDir === oldDir && target === resolved + ext) return undefined;
    let out = relativeSpecifier(newDir, target);
    if (ext && out.endsWith(ext)) out = out.slice(0, -ext.length);
    out += trailing + query;
    return out === spec ? undefined : out;
  }
  return undefined;
}

/** A relative path in quotes: './x', "../y/z.ts", `./w`. */
const QUOTED_RELATIVE = /(['"`])(\.{1,2}(?:\/[^'"`\n]*)?)\1/g;
/** CSS: url(./x.svg) without quotes. */
const CSS_URL = /url\((\.{1,2}\/[^)'"\s]+)\)/g;

/** Old root-relative paths, longest first, so `src/api/app.ts` wins over `src/api`. */
function mentionOrder(moves: Moves): [string, string][] {
  return [...moves.files, ...moves.folders].filter(([a, b]) => a !== b).sort((x, y) => y[0].length - x[0].length);
}

/** Whether the quoted text at `at` is a path from this module's own place. */
function folderOfModule(text: string, at: number, length: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  const after = text.slice(at + length, at + length + 30);
  return /(?:import\.meta\.dirname|__dirname)\s*,\s*$/.test(before) || /^\s*,\s*import\.meta\.url/.test(after);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of `oldFile` with its relative paths and root-relative mentions following the moves. */
export function rewriteText(text: string, oldFile: string, moves: Moves, tree: Tree, isCode: boolean): string {
  let out = text;
  if (isCode) {
    out = out.replace(QUOTED_RELATIVE, (whole, quote: string, spec: string, at: number, all: string) => {
      // A bare '.' or '..' is far more often text (split('.'), a decimal point) than a path: it
      // counts as one only as a folder of this module, `new URL('..', import.meta.url)` or
      // `resolve(import.meta.dirname, '..')`.
      if ((spec === '.' || spec === '..') && !folderOfModule(all, at, whole.length)) return whole;
      const next = rewriteSpecifier(spec, oldFile, moves, tree);
      return next === undefined ? whole : `${quote}${next}${quote}`;
    });
    out = out.replace(CSS_URL, (whole, spec: string) => {
      const next = rewriteSpecifier(spec, oldFile, moves, tree);
      return next === undefined ? whole : `url(${next})`;
    });
  }
  const order = mentionOrder(moves);
  if (!order.length) return out;
  // A mention starts the path (not after another path character) and ends at a non-path character.
  const pattern = new RegExp(
    `(?<![\\w./@-])(${order.map(([from]) => escape(from)).join('|')})(?![\\w.-]*[\\w])(?=[^\\w-]|$)`,
    'g',
  );
  const to = new Map(order);
  return out.replace(pattern, (m: string) => to.get(m) ?? m);
}
