/**
 * The API bundle: dist/api/handler.mjs (exports `fetch` for serverless Fetch platforms, and
 * `deliver` for a scheduled job) and dist/api/server.mjs (the Node entry). The dealers and the
 * migrations are compiled in, so the folder reads no file of its own at run time and a
 * platform's packager cannot leave one behind; dist/api/content.json holds the same dealers, to
 * serve from API_CONTENT_URL if wanted. The database drivers stay outside the bundle: install
 * `pg` (and `@electric-sql/pglite` for the embedded database) where it runs.
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { DealerContent } from '../../src/content/load.ts';
import { loadMigrations } from '../../src/api/db/migrations.ts';
import type { ContentDocument } from '../../src/api/content-bundled.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuildApiOptions {
  dealers: DealerContent[];
  outDir: string;
  log?: (line: string) => void;
}

export interface BuildApiResult {
  files: { name: string; bytes: number }[];
}

/** Replaces the migrations module, which reads .sql files at run time, with their text. */
function inlineMigrations(): Plugin {
  return {
    name: 'inline-migrations',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]api[\\/]db[\\/]migrations\.ts$/ }, async () => {
        const migrations = await loadMigrations();
        return {
          loader: 'ts',
          contents: [
            `export const MIGRATION_FILE = /^(\\d{4})_[a-z0-9_]+\\.sql$/;`,
            `export const migrationsDir = '';`,
            `const migrations = ${JSON.stringify(migrations)};`,
            `export async function loadMigrations() { return migrations.map((m) => ({ ...m })); }`,
          ].join('\n'),
        };
      });
    },
  };
}

/**
 * Replaces content-bundled.ts (no dealers) with the build's. The document is a string that
 * JSON.parse reads: V8 parses that faster than the same data as an object literal.
 */
function compileContent(document: ContentDocument): Plugin {
  return {
    name: 'compile-content',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]api[\\/]content-bundled\.ts$/ }, () => ({
        loader: 'js',
        contents: `export const bundledContent = JSON.parse(${JSON.stringify(JSON.stringify(document))});`,
      }));
    },
  };
}

export async function buildApi(options: BuildApiOptions): Promise<BuildApiResult> {
  const outDir = path.resolve(options.outDir);
  const document: ContentDocument = { builtAt: new Date().toISOString(), dealers: options.dealers };
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: { handler: 'src/api/handler.ts', server: 'src/api/server.ts' },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: ['@electric-sql/pglite', 'pg', 'pg-native'],
    // Bundled CommonJS dependencies may call require(); give them one.
    banner: { js: `import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);` },
    plugins: [inlineMigrations(), compileContent(document)],
    legalComments: 'none',
    logLevel: 'warning',
  });
  await writeFile(path.join(outDir, 'content.json'), JSON.stringify(document));
  const files = await Promise.all((await readdir(outDir)).sort().map(async (name) => ({ name, bytes: (await stat(path.join(outDir, name))).size })));
  options.log?.(`API bundle: ${files.map((f) => `${f.name} ${(f.bytes / 1024).toFixed(0)} KB`).join(', ')}`);
  return { files };
}

