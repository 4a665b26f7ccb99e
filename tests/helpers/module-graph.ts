/**
 * The packages a built ES module reaches, as a file tracer finds them: Vercel's and Netlify's
 * packagers (@vercel/nft) follow every import of a file with a literal specifier, static,
 * `import()` or `require()`, into the files and packages it names, and pack all of them.
 *
 * Each file's imports are read by esbuild's parser (a bundle of the entry that writes nothing,
 * keeping every package outside; its metafile lists each file's imports with their kind), and
 * `require("…")` calls are read from the text as well, as the bundle's `require` is a local
 * createRequire that a parser does not take for Node's. The walk from the entry through the
 * files it reaches is this module's own, so a finding names the chain of files that leads to it.
 */
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

export interface ReachedPackage {
  /** The specifier as written (`@electric-sql/pglite/contrib/pg_trgm`). */
  specifier: string;
  /** The package it belongs to (`@electric-sql/pglite`). */
  pkg: string;
  /** How it is imported: import-statement, dynamic-import, require-call. */
  kind: string;
  /** The files from the entry to the one importing it, by their path relative to `root`. */
  chain: string[];
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

// A call of require with one literal string: what the text holds beyond what the parser reports.
const REQUIRE_CALL = /(?<![\w$.])require\(\s*(["'`])([^"'`\\\n]+)\1\s*\)/g;

/**
 * Every package each entry reaches, each with the first chain of files found to it (breadth
 * first, so the shortest), by the entry as given. Node's built-in modules are left out. Paths in
 * chains are relative to `root`.
 */
export async function reachedPackages(entries: string[], root: string): Promise<Map<string, ReachedPackage[]>> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries.map((e) => path.resolve(e)),
    // Nothing is written; esbuild wants a folder for several entries all the same.
    outdir: path.join(root, '.module-graph'),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const inputs = result.metafile.inputs;
  const texts = new Map<string, Promise<string>>();
  const text = (file: string) => {
    if (!texts.has(file)) texts.set(file, readFile(path.join(root, file), 'utf8'));
    return texts.get(file)!;
  };
  const out = new Map<string, ReachedPackage[]>();
  for (const entry of entries) {
    const start = path.relative(root, path.resolve(entry)).split(path.sep).join('/');
    if (!inputs[start]) throw new Error(`esbuild did not read ${start}; it read ${Object.keys(inputs).join(', ')}`);
    const chains = new Map<string, string[]>([[start, [start]]]);
    const queue = [start];
    const reached = new Map<string, ReachedPackage>();
    const reach = (specifier: string, kind: string, chain: string[]) => {
      if (isBuiltin(specifier) || reached.has(specifier)) return;
      reached.set(specifier, { specifier, pkg: packageOf(specifier), kind, chain });
    };
    while (queue.length) {
      const file = queue.shift()!;
      const chain = chains.get(file)!;
      for (const imported of inputs[file]!.imports) {
        if (imported.external) reach(imported.path, imported.kind, chain);
        else if (!chains.has(imported.path)) {
          chains.set(imported.path, [...chain, imported.path]);
          queue.push(imported.path);
        }
      }
      for (const m of (await text(file)).matchAll(REQUIRE_CALL)) {
        const specifier = m[2]!;
        if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) reach(specifier, 'require-call', chain);
      }
    }
    out.set(entry, [...reached.values()]);
  }
  return out;
}
