/**
 * esbuild plugins of the API bundle (build-api.ts) that change what it holds: the migrations'
 * SQL compiled in instead of read at run time, and zod's English messages alone.
 */
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { loadMigrations } from '../../api/db/migrations.ts';

/** Replaces the migrations module, which reads .sql files at run time, with their text. */
export function inlineMigrations(): Plugin {
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
 * zod exports every one of its ~50 message locales through one namespace (`z.locales`), which
 * keeps them all in a bundle: about 260 KB minified. The API speaks English only (zod's default,
 * which it imports by itself), so the namespace keeps English alone.
 */
export function englishZodOnly(): Plugin {
  return {
    name: 'english-zod-only',
    setup(b) {
      b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
        loader: 'js',
        contents: `export { default as en } from './en.js';`,
        resolveDir: path.dirname(args.path),
      }));
    },
  };
}
