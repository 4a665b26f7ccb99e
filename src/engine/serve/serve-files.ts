/** Finding and encoding the files of one site root, as a static host would. */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Text formats worth compressing; images, fonts and video are compressed already. */
export function isCompressible(type: string): boolean {
  return /^text\/|^application\/(json|xml|manifest\+json)|^image\/svg\+xml/.test(type);
}

/** Configuration read by static hosts, never served as content. */
const HOST_FILES = new Set(['_headers', '_redirects']);

/**
 * The file a URL path names inside `root`, or undefined. Directory URLs serve their index.html,
 * with or without the trailing slash. Paths that leave the root after decoding, hold NUL bytes or
 * backslashes, name a dot file, or name the host's `_headers`/`_redirects` are never served.
 */
export async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || (s.startsWith('.') && s !== '.well-known'))) return undefined;
  if (segments.length === 1 && HOST_FILES.has(segments[0]!)) return undefined;
  const base = path.resolve(root);
  const target = path.resolve(base, ...segments);
  if (target !== base && !target.startsWith(base + path.sep)) return undefined;
  for (const candidate of [target, path.join(target, 'index.html')]) {
    const s = await stat(candidate).catch(() => undefined);
    if (!s?.isFile()) continue;
    // A symbolic link inside the root must not lead out of it.
    const [realBase, real] = await Promise.all([realpath(base), realpath(candidate)]);
    return real.startsWith(realBase + path.sep) ? candidate : undefined;
  }
  return undefined;
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, honouring q=0. */
export function chooseEncoding(accept: string | undefined): Encoding {
  if (!accept) return 'identity';
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const accepts = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

interface Cached {
  key: string;
  body: Buffer;
}

const cache = new Map<string, Cached>();
const CACHE_ENTRIES = 500;

/**
 * The file's bytes in the given encoding. Encoded bodies are kept in memory per file version
 * (size and mtime), so a page is compressed once however often it is requested.
 */
export async function encodedBody(file: string, encoding: Encoding, size: number, mtimeMs: number): Promise<Buffer> {
  const raw = await readFile(file);
  if (encoding === 'identity') return raw;
  const cacheKey = `${encoding}:${file}`;
  const version = `${size}:${mtimeMs}`;
  const hit = cache.get(cacheKey);
  if (hit?.key === version) return hit.body;
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipSync(raw, { level: 6 });
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, { key: version, body });
  return body;
}
