/**
 * The API bundle, dist/api/: one minified ESM entry per place it runs, sharing chunks esbuild
 * splits out, with the dealers and the migrations compiled in, so the folder reads no file of
 * its own at run time and a platform's packager cannot leave one behind.
 *
 *   server.mjs                          Node server (`PORT=8080 node server.mjs`)
 *   handler.mjs                         any platform that calls a Fetch handler
 *   lambda.mjs                          AWS Lambda (API Gateway, function URLs, EventBridge)
 *   netlify/functions/api.mjs           Netlify Functions, and deliver-leads.mjs on a schedule
 *   vercel/api.mjs                      Vercel Functions, and deliver-leads.mjs for Vercel Cron
 *   chunks/                             the code they share, and content.mjs: the dealers
 *   package.json                        the database drivers, at the package-lock's versions
 *   content.json                        the same dealers, to serve from API_CONTENT_URL if wanted
 *   netlify/netlify.toml, vercel/project/  configuration to copy (docs/deploy.md)
 *
 * The drivers stay outside the bundle (pg loads native bindings when present; PGlite ships
 * WebAssembly beside its code): install them where the API runs. Only server.mjs and handler.mjs
 * import PGlite (EMBEDDED_DB_ENTRIES); the serverless platforms' entries reach no import of it,
 * static or dynamic, so the packagers that trace a function's imports (Netlify's, Vercel's) leave
 * it out.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { DealerContent } from '../../content/load.ts';
import { plural } from '../../lib/text.ts';
import { contentTexts, type ContentFile } from './manifest-read.ts';
import { API_RUNTIME_PACKAGES, writePlatformFiles } from './build-api-platforms.ts';
import { englishZodOnly, inlineMigrations } from './build-api-plugins.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BuildApiOptions {
  /**
   * The dealers, in order: as objects, or as the validated content files a build wrote (read one
   * at a time as the bundle is written, so a fleet's dealers are never all in memory).
   */
  dealers: DealerContent[] | { files: ContentFile[] };
  outDir: string;
  log?: (line: string) => void;
  /** Writes a .map file beside each script (off by default: they are larger than the code). */
  sourcemap?: boolean;
}

export interface BuildApiResult {
  /** Every file written, by its path under outDir ("chunks/…" included), in order. */
  files: { name: string; bytes: number }[];
}

/** Output name (without .mjs) → source: one per place the API runs. */
export const API_ENTRIES: Record<string, string> = {
  server: 'src/api/server.ts',
  handler: 'src/api/entries/handler.ts',
  lambda: 'src/api/entries/aws-lambda.ts',
  'netlify/functions/api': 'src/api/entries/netlify-api.ts',
  'netlify/functions/deliver-leads': 'src/api/entries/netlify-deliver.ts',
  'vercel/api': 'src/api/entries/vercel-api.ts',
  'vercel/deliver-leads': 'src/api/entries/vercel-deliver.ts',
};

/**
 * The entries that have the embedded database (PGlite): the Node server, and the generic handler
 * for a trial with DATA_DIR. Every other entry is serverless only and reaches no import of it.
 */
export const EMBEDDED_DB_ENTRIES: readonly string[] = ['server', 'handler'];

/** What the bundle imports the dealers from until the build points it at chunks/content.mjs. */
const CONTENT_SPECIFIER = 'dealer-sites:content';
/** The dealers' module, beside the shared chunks. */
export const CONTENT_CHUNK = 'chunks/content.mjs';

/**
 * Leaves content-bundled.ts (no dealers) out of the bundle: it becomes an import of
 * chunks/content.mjs, which the build writes itself, a dealer at a time. esbuild never holds or
 * minifies the dealers (tens of MB for a fleet), only the code.
 */
function externalContent(): Plugin {
  return {
    name: 'external-content',
    setup(b) {
      b.onResolve({ filter: /(^|[\\/])content-bundled(\.ts)?$/ }, () => ({ path: CONTENT_SPECIFIER, external: true }));
    },
  };
}

/** Points every script that imports the dealers at chunks/content.mjs, by its own relative path. */
async function linkContent(outDir: string, scripts: string[]): Promise<void> {
  await Promise.all(
    scripts.map(async (name) => {
      const file = path.join(outDir, name);
      const code = await readFile(file, 'utf8');
      if (!code.includes(CONTENT_SPECIFIER)) return;
      let rel = path.posix.relative(path.posix.dirname(name), CONTENT_CHUNK);
      if (!rel.startsWith('.')) rel = `./${rel}`;
      await writeFile(file, code.split(`"${CONTENT_SPECIFIER}"`).join(JSON.stringify(rel)));
    }),
  );
}

/**
 * Writes the dealers as a module and as content.json, one dealer's text at a time. The module
 * holds the document as a string that JSON.parse reads: V8 parses that faster than the same data
 * as an object literal. Gives the document's size in bytes.
 */
async function writeContent(outDir: string, dealerJson: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<number> {
  const head = `{"builtAt":${JSON.stringify(new Date().toISOString())},"dealers":[`;
  const module = createWriteStream(path.join(outDir, CONTENT_CHUNK));
  const json = createWriteStream(path.join(outDir, 'content.json'));
  const put = async (stream: WriteStream, data: string | Buffer) => {
    if (!stream.write(data)) await once(stream, 'drain');
  };
  let bytes = 0;
  // Bytes throughout: tens of MB for a fleet, never decoded into strings and encoded again.
  const both = async (data: string | Buffer) => {
    const utf8 = typeof data === 'string' ? Buffer.from(data) : data;
    bytes += utf8.length;
    await Promise.all([put(json, utf8), put(module, jsonInStringLiteral(utf8))]);
  };
  await put(
    module,
    '// The dealers of this build (ContentDocument, src/api/content-bundled.ts).\nexport const bundledContent = JSON.parse("',
  );
  await both(head);
  let first = true;
  for await (const text of dealerJson) {
    if (!first) await both(',');
    await both(text);
    first = false;
  }
  await both(']}');
  await put(module, '");\n');
  await Promise.all([new Promise((r) => module.end(r)), new Promise((r) => json.end(r))]);
  return bytes;
}

/** The short escapes JSON.stringify gives control characters; any other is `\u00XX`. */
const CONTROL_ESCAPES: Record<number, string> = {
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0c: '\\f',
  0x0d: '\\r',
};

/**
 * UTF-8 JSON text as the inside of a double-quoted JS string literal, in UTF-8: what
 * `JSON.stringify(text).slice(1, -1)` gives, worked on the bytes. `"` and `\` get a backslash
 * and control characters an escape; every other byte, multi-byte characters included, stays (a
 * string literal may hold U+2028 and U+2029 since ES2019).
 */
export function jsonInStringLiteral(utf8: Buffer): Buffer {
  let extra = 0;
  for (let i = 0; i < utf8.length; i++) {
    const c = utf8[i]!;
    if (c === 0x22 || c === 0x5c) extra += 1;
    else if (c < 0x20) extra += 5;
  }
  if (extra === 0) return utf8;
  const out = Buffer.allocUnsafe(utf8.length + extra);
  let j = 0;
  for (let i = 0; i < utf8.length; i++) {
    const c = utf8[i]!;
    if (c === 0x22 || c === 0x5c) {
      out[j++] = 0x5c;
      out[j++] = c;
    } else if (c < 0x20) {
      const escape = CONTROL_ESCAPES[c] ?? `\\u${c.toString(16).padStart(4, '0')}`;
      j += out.write(escape, j, 'latin1');
    } else {
      out[j++] = c;
    }
  }
  return out.subarray(0, j);
}

async function listFiles(dir: string, prefix = ''): Promise<{ name: string; bytes: number }[]> {
  const out: { name: string; bytes: number }[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const name = prefix + entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), `${name}/`)));
    else out.push({ name, bytes: (await stat(path.join(dir, entry.name))).size });
  }
  return out;
}

/** "0.3 KB" for the small entries, "954 KB" for the chunks. */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;

export async function buildApi(options: BuildApiOptions): Promise<BuildApiResult> {
  const outDir = path.resolve(options.outDir);
  const { dealers } = options;
  const count = Array.isArray(dealers) ? dealers.length : dealers.files.length;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: API_ENTRIES,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    minify: true,
    sourcemap: options.sourcemap ? 'linked' : false,
    charset: 'utf8',
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: [...API_RUNTIME_PACKAGES.dependencies, ...API_RUNTIME_PACKAGES.optionalDependencies, 'pg-native'],
    // Bundled CommonJS dependencies may call require(); give them one.
    banner: {
      js: `import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);`,
    },
    plugins: [inlineMigrations(), externalContent(), englishZodOnly()],
    legalComments: 'none',
    logLevel: 'warning',
  });
  await mkdir(path.join(outDir, 'chunks'), { recursive: true });
  const built = (await listFiles(outDir)).filter((f) => f.name.endsWith('.mjs')).map((f) => f.name);
  await linkContent(outDir, built);
  const contentBytes = await writeContent(
    outDir,
    Array.isArray(dealers) ? dealers.map((d) => Buffer.from(JSON.stringify(d))) : contentTexts(dealers.files),
  );
  await writePlatformFiles(outDir);
  const files = await listFiles(outDir);
  const scripts = files.filter((f) => f.name.endsWith('.mjs') && !f.name.startsWith('vercel/project/'));
  const chunks = scripts.filter((f) => f.name.startsWith('chunks/'));
  const entries = scripts.filter((f) => !f.name.startsWith('chunks/'));
  options.log?.(
    `API bundle (minified): ${entries.map((f) => `${f.name} ${kb(f.bytes)}`).join(', ')}; ` +
      `shared chunks ${kb(chunks.reduce((n, f) => n + f.bytes, 0))} in ${plural(chunks.length, 'file')}, of which content ${kb(contentBytes)} (${plural(count, 'dealer')})`,
  );
  return { files };
}
