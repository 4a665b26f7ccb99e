/**
 * Splits one Astro build (every dealer under /<slug>/) into one self-contained site root per
 * dealer: its pages, and only the shared assets (hashed bundles, public files) its pages use.
 * Shared assets are hard-linked into each site where the file system allows (a fleet of a
 * thousand sites would otherwise write a thousand copies of every bundle), else copied.
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ISLAND_STYLE } from '../../lib/island-style.ts';

/** Local absolute URLs in HTML, CSS or island props: "/_astro/a.js", "/samples/x/logo.svg". */
const LOCAL_URL = /(?<=["'(\s,=]|&quot;)\/(?!\/)[A-Za-z0-9._~\-/%@]+/g;
/** Relative chunk imports inside bundled JS: import "./chunk.js", from"./x.js". */
const RELATIVE_IMPORT = /["'`]\.\/([A-Za-z0-9._~\-@]+\.(?:js|mjs|css))["'`]/g;
/**
 * Pages are read and written synchronously: a page is a small page-cache copy, and the promise
 * API's open, write and close round trips through the thread pool cost several times as much CPU
 * as the copy, tens of thousands of times in a fleet build (whose split has nothing else to do).
 */

async function walk(dir: string, skip?: (name: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (skip?.(e.name)) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

/** Renames a folder, or copies and removes it when source and target are on different devices. */
export async function moveDir(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/**
 * The files of a build outside the dealer folders (bundles, public files), by URL ("/_astro/a.js"),
 * with what each CSS or JS file references and each file's size, worked out once per build
 * rather than once per dealer.
 */
export class SharedFiles {
  readonly urls: Set<string>;
  private readonly built: string;
  private readonly refs = new Map<string, Promise<string[]>>();
  private readonly sizes = new Map<string, Promise<number>>();
  /** Whether hard links work from the build folder to the sites (set by the first attempt). */
  private linkable: boolean | undefined;

  constructor(built: string, urls: Iterable<string>) {
    this.built = built;
    this.urls = new Set(urls);
  }

  has(url: string): boolean {
    return this.urls.has(url);
  }

  /** Shared URLs a CSS or JS file references (local absolute URLs and relative chunk imports). */
  references(url: string): Promise<string[]> {
    let found = this.refs.get(url);
    if (!found) {
      found = readFile(path.join(this.built, url), 'utf8').then((text) => {
        const out = new Set<string>();
        for (const m of text.matchAll(LOCAL_URL)) {
          const clean = urlPath(m[0]);
          if (clean && this.urls.has(clean)) out.add(clean);
        }
        const dirUrl = path.posix.dirname(url);
        for (const m of text.matchAll(RELATIVE_IMPORT)) {
          const u = `${dirUrl}/${m[1]}`;
          if (this.urls.has(u)) out.add(u);
        }
        return [...out];
      });
      this.refs.set(url, found);
    }
    return found;
  }

  size(url: string): Promise<number> {
    let size = this.sizes.get(url);
    if (!size) {
      size = stat(path.join(this.built, url)).then((s) => s.size);
      this.sizes.set(url, size);
    }
    return size;
  }

  /** Puts the shared file `url` at `dest`: a hard link when possible, else a copy. */
  place(url: string, dest: string): void {
    const from = path.join(this.built, url);
    if (this.linkable !== false) {
      try {
        linkSync(from, dest);
        this.linkable = true;
        return;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // Another device, or a file system without hard links: copy from now on.
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw e;
        this.linkable = false;
      }
    }
    copyFileSync(from, dest);
  }
}

export async function sharedFiles(built: string, dealerSlugs: Set<string>): Promise<SharedFiles> {
  const files = await walk(built, (name) => dealerSlugs.has(name));
  return new SharedFiles(
    built,
    files.map((f) => '/' + path.relative(built, f).split(path.sep).join('/')),
  );
}

/** A rewrite of every page of a site, with files it adds (src/engine/build/strict-pages.ts). */
export interface PageRewrite {
  /** One page as read; `page` (its path in the site root) names it in errors. */
  page(html: string, page: string): string;
  /** Once every page is rewritten: files to add to the site root, by URL path ("/_astro/x.css"). */
  files(): Map<string, string>;
  /** A last edit of each rewritten page, once the files are known. */
  linkStylesheet(html: string): string;
}

export interface DealerFiles {
  /** Every file of the site root, relative to it, with its size in bytes. */
  sizes: Map<string, number>;
  /** The HTML of every page, relative path → text, as written. */
  html: Map<string, string>;
}

function urlPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
}

/**
 * Moves `<built>/<slug>/` to `<dest>`, turns `404/index.html` into `404.html`, and copies every
 * shared file (see `sharedFiles`) that the dealer's pages reference, following references inside
 * CSS and JS. Each page is read once, and written again only when `rewrite` (or dropping Astro's
 * island style tag) changed it.
 */
export async function splitDealer(
  built: string,
  slug: string,
  dest: string,
  shared: SharedFiles,
  rewrite?: PageRewrite,
): Promise<DealerFiles> {
  await mkdir(path.dirname(dest), { recursive: true });
  await moveDir(path.join(built, slug), dest);
  const notFound = path.join(dest, '404', 'index.html');
  const hasNotFound = await stat(notFound).then(
    (s) => s.isFile(),
    () => false,
  );
  if (hasNotFound) {
    await rename(notFound, path.join(dest, '404.html'));
    await rm(path.dirname(notFound), { recursive: true, force: true });
  }
  const rel = (file: string) => path.relative(dest, file).split(path.sep).join('/');
  const pages = (await walk(dest)).filter((f) => f.endsWith('.html'));
  const html = new Map<string, string>();
  const needed = new Set<string>(shared.has('/favicon.svg') ? ['/favicon.svg'] : []);
  /** Pages as read, unchanged so far: those are not written again. */
  const asRead = new Set<string>();
  for (const file of pages) {
    const text = readFileSync(file, 'utf8');
    const page = rel(file);
    const tidy = rewrite ? rewrite.page(text.replace(ISLAND_STYLE, ''), page) : text.replace(ISLAND_STYLE, '');
    if (tidy === text) asRead.add(page);
    html.set(page, tidy);
  }
  const added = rewrite?.files() ?? new Map<string, string>();
  for (const [page, text] of html) {
    const final = rewrite ? rewrite.linkStylesheet(text) : text;
    if (final !== text) {
      html.set(page, final);
      asRead.delete(page);
    }
    for (const m of final.matchAll(LOCAL_URL)) {
      const clean = urlPath(m[0]);
      if (clean && shared.has(clean)) needed.add(clean);
    }
  }
  for (const [page, text] of html) if (!asRead.has(page)) writeFileSync(path.join(dest, page), text);
  for (const [url, text] of added) {
    mkdirSync(path.dirname(path.join(dest, url)), { recursive: true });
    writeFileSync(path.join(dest, url), text);
  }

  // Shared CSS and JS can reference more shared files (chunks, fonts, images): follow them.
  let pending = [...needed].filter((u) => /\.(css|js|mjs)$/.test(u));
  while (pending.length) {
    const next: string[] = [];
    for (const refs of await Promise.all(pending.map((u) => shared.references(u)))) {
      for (const u of refs) {
        if (needed.has(u)) continue;
        needed.add(u);
        if (/\.(css|js|mjs)$/.test(u)) next.push(u);
      }
    }
    pending = next;
  }

  const copies = [...needed];
  for (const d of new Set(copies.map((u) => path.posix.dirname(u)))) mkdirSync(path.join(dest, d), { recursive: true });
  for (const url of copies) shared.place(url, path.join(dest, url));

  const sizes = new Map<string, number>();
  for (const [page, text] of html) sizes.set(page, Buffer.byteLength(text));
  for (const url of copies) sizes.set(url.slice(1), await shared.size(url));
  for (const [url, text] of added) sizes.set(url.slice(1), Buffer.byteLength(text));
  return { sizes, html };
}
