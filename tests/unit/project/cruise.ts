/**
 * dependency-cruiser over a project tree, with the imports of its .astro files seen.
 *
 * dependency-cruiser parses JavaScript and TypeScript, not .astro. So the tree is cruised in a
 * temporary copy in which each `X.astro` becomes `X.astro.ts`: the import declarations, re-exports
 * and `import()` calls of its frontmatter and of its <script> elements, read by Astro's own
 * compiler (@astrojs/compiler-rs), each kept type-only or not as written. An import of
 * `./X.astro` resolves to `X.astro.ts` there (the resolver tries the extensions), and every path
 * in the result is given back with `.astro`. tests/, scripts/ and node_modules are linked, not
 * copied, so imports into them resolve under their own names.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from '@astrojs/compiler-rs';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const ROOT = resolve(import.meta.dirname, '../../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

/** An ESTree node as the compiler gives it. */
interface Node {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const literal = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

/** Every node under `node`, depth first. */
function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  if (!isNode(node) && (typeof node !== 'object' || node === null)) return;
  if (isNode(node)) yield node;
  for (const value of Object.values(node)) if (typeof value === 'object') yield* walk(value);
}

/** One TypeScript statement per import of a parsed program (frontmatter or script). */
function importLines(program: unknown): string[] {
  const lines: string[] = [];
  for (const node of walk(program)) {
    const source = literal(node.source);
    if (node.type === 'ImportDeclaration' && source !== undefined) {
      const specifiers = (node.specifiers as Node[] | undefined) ?? [];
      const typeOnly =
        node.importKind === 'type' || (specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type'));
      lines.push(typeOnly ? `import type * as _ from '${source}';` : `import '${source}';`);
    } else if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && source) {
      lines.push(node.exportKind === 'type' ? `export type * from '${source}';` : `export * from '${source}';`);
    } else if (node.type === 'ImportExpression' && literal(node.source) !== undefined) {
      lines.push(`void import('${literal(node.source)}');`);
    }
  }
  return lines;
}

/** The imports of an .astro file's frontmatter and <script> elements, as a TypeScript module. */
export function astroImports(text: string, file = 'a component'): string {
  const { ast, diagnostics } = parse(text);
  const errors = diagnostics.filter((d) => String(d.severity).toLowerCase() === 'error');
  if (errors.length) throw new Error(`${file} does not parse: ${errors.map((d) => d.text).join('; ')}`);
  const programs: unknown[] = [(ast.frontmatter as Node | undefined)?.program];
  for (const node of walk(ast.body)) if (node.type === 'AstroScript') programs.push(node.program);
  return [
    '// The imports of an .astro file (tests/unit/project/cruise.ts).',
    ...programs.flatMap(importLines),
    '',
  ].join('\n');
}

/** Copies `from` into `to`, each .astro file as its imports in a `.astro.ts` beside. */
function copySources(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) copySources(source, join(to, entry.name));
    else if (entry.name.endsWith('.astro'))
      writeFileSync(join(to, `${entry.name}.ts`), astroImports(readFileSync(source, 'utf8'), source));
    else copyFileSync(source, join(to, entry.name));
  }
}

const astroName = (path: string) => path.replace(/\.astro\.ts$/, '.astro');

export interface Cruise {
  /** Each broken rule: the rule's name, the importing file, the imported one (cycles: the files of the cycle). */
  violations: { rule: string; from: string; to: string; cycle?: string[] }[];
  /** Every module cruised, by path relative to the tree's root (`src/blocks/BlockList.astro`). */
  modules: { source: string; dependencies: { resolved: string; types: string[] }[] }[];
  /** How long the copy and the cruise took, in seconds. */
  seconds: number;
}

/**
 * Cruises `root`'s src/ under the project's .dependency-cruiser.cjs. `root` defaults to the
 * project; a fixture root needs only a src/ (it borrows the project's tsconfig and packages).
 */
export async function cruiseSrc(root = ROOT): Promise<Cruise> {
  const started = performance.now();
  const copy = mkdtempSync(join(tmpdir(), 'depcruise-'));
  try {
    copySources(join(root, 'src'), join(copy, 'src'));
    for (const linked of ['tests', 'scripts']) {
      if (existsSync(join(root, linked))) symlinkSync(join(root, linked), join(copy, linked), 'dir');
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const tsconfig = existsSync(join(root, 'tsconfig.json'))
      ? join(root, 'tsconfig.json')
      : join(ROOT, 'tsconfig.json');
    copyFileSync(tsconfig, join(copy, 'tsconfig.json'));
    const options = await extractDepcruiseOptions(CONFIG);
    const tsConfig = extractTSConfig(join(copy, 'tsconfig.json'));
    const { output } = await cruise(
      ['src'],
      { ...options, baseDir: copy, tsConfig: { fileName: join(copy, 'tsconfig.json') }, validate: true },
      {},
      { tsConfig },
    );
    const result = output as ICruiseResult;
    return {
      violations: result.summary.violations.map((v) => ({
        rule: v.rule.name,
        from: astroName(v.from),
        to: astroName(v.to),
        ...(v.cycle ? { cycle: v.cycle.map((c) => astroName(c.name)) } : {}),
      })),
      modules: result.modules.map((m) => ({
        source: astroName(m.source),
        dependencies: m.dependencies.map((d) => ({ resolved: astroName(d.resolved), types: d.dependencyTypes })),
      })),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** A violation as one line: `rule: from → to` (a cycle: its files). */
export const describeViolation = (v: Cruise['violations'][number]): string =>
  `${v.rule}: ${v.cycle ? [v.from, ...v.cycle].join(' → ') : `${v.from} → ${v.to}`}`;
