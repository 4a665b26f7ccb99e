/**
 * docs/spec-coverage.md read as data: its sections, and each table row with the item it names and
 * the code and tests it cites in backticks. tests/unit/project/spec-coverage.test.ts checks the map
 * and each mutation's row with it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface MapRow {
  /** The section heading, without the leading '## ' ("§9 Constants"). */
  section: string;
  /** The first cell: the spec item the row covers. */
  item: string;
  /** The other cells, as written. */
  cells: string[];
  /** Line number in the file (1-based). */
  line: number;
}

/** Sections that map the product spec item by item ("§2 Routes" … "§9 Constants"). */
export const isSpecSection = (section: string): boolean => section.startsWith('§');

export function readCoverageMap(file: string): MapRow[] {
  return parseCoverageMap(readFileSync(file, 'utf8'));
}

/** Splits a table row on the pipes that are not escaped (`json\|csv` stays one cell). */
function cellsOf(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim());
}

export function parseCoverageMap(text: string): MapRow[] {
  const rows: MapRow[] = [];
  let section = '';
  let header = true;
  for (const [i, line] of text.split('\n').entries()) {
    if (line.startsWith('## ')) {
      section = line.slice(3).trim();
      header = true;
      continue;
    }
    if (!line.trim().startsWith('|')) {
      header = true;
      continue;
    }
    if (header) {
      // The heading row, then the |---| row.
      if (/^\|[\s|:-]+\|$/.test(line.trim())) header = false;
      continue;
    }
    const [item = '', ...cells] = cellsOf(line);
    rows.push({ section, item, cells, line: i + 1 });
  }
  return rows;
}

/** Every backticked text of a cell, in order. */
export function backticked(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** Folders a cited path may start from, and where they are in the repository. */
const ROOTS: Record<string, string> = {
  'unit/': 'tests/unit/',
  'e2e/': 'tests/e2e/',
  'src/': 'src/',
  'scripts/': 'scripts/',
  'tests/': 'tests/',
  'docs/': 'docs/',
  'public/': 'public/',
  '.ci/': '.ci/',
};

const FILE_NAME = /^[\w.*-]+\.(ts|tsx|astro|mjs|js|css|md|dtd|java|json|sql)$/;
const FOLDER_NAME = /^[\w*-]+\/$/;

/**
 * The cited paths of a cell, each as the repository paths it may stand for. A path starts from
 * one of ROOTS; a bare file or folder name ("issues.ts", "modelVariants/") stands beside the path
 * cited before it in the same cell (in that folder, or next to it), or at the repository's root
 * ("playwright.config.ts"). Backticked texts that are not
 * paths (commands, identifiers, URLs) are left out.
 */
export function citedPaths(cell: string): { cited: string; candidates: string[] }[] {
  const out: { cited: string; candidates: string[] }[] = [];
  let previous: string | undefined;
  for (const text of backticked(cell)) {
    if (/\s/.test(text)) continue;
    const root = Object.keys(ROOTS).find((r) => text.startsWith(r));
    if (root) {
      const full = ROOTS[root] + text.slice(root.length);
      out.push({ cited: text, candidates: [full] });
      previous = full;
      continue;
    }
    if (!FILE_NAME.test(text) && !FOLDER_NAME.test(text)) continue;
    if (!previous) {
      out.push({ cited: text, candidates: [text] });
      continue;
    }
    const folder = previous.endsWith('/') ? previous : path.posix.dirname(previous) + '/';
    const parent = path.posix.dirname(folder.replace(/\/$/, '')) + '/';
    out.push({ cited: text, candidates: [folder + text, parent + text, text] });
  }
  return out;
}

/**
 * A unit test under src/: a block's, in its folder ("src/blocks/faq/faq.test.ts"), or a feature's,
 * in its tests/ folder ("src/features/leads/tests/api-leads.test.ts", or a glob of them).
 */
export const isSrcTest = (file: string): boolean =>
  /^src\/(blocks\/[^/]+|features\/[^/]+\/tests)\/[^/]+\.test\.ts$/.test(file) ||
  /^src\/features\/[^/]+\/tests\/.*\*/.test(file);

/**
 * The unit and end-to-end test files a row cites ("unit/x.test.ts" → "tests/unit/x.test.ts"),
 * those under src/ included (a block's, a feature's).
 */
export function citedTests(row: MapRow): string[] {
  return row.cells
    .flatMap((c) => citedPaths(c))
    .flatMap((p) => p.candidates)
    .filter(
      (p) => /^tests\/(unit|e2e)\/.*\.(test|spec)\.ts$/.test(p) || /^tests\/(unit|e2e)\/.*\*/.test(p) || isSrcTest(p),
    );
}

/**
 * The rows a mutation's `row` text names: the row whose first cell is exactly that text, else
 * every row whose first cell contains it (one is expected).
 */
export function rowsNamed(rows: readonly MapRow[], text: string): MapRow[] {
  const exact = rows.filter((r) => r.item === text);
  return exact.length ? exact : rows.filter((r) => r.item.includes(text));
}
