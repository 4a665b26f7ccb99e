/**
 * Makes one self-contained site root per dealer out of one Astro build (every dealer under
 * /<slug>/): its pages, as Astro renders them (the dealer-fleet integration hands them over in memory, so a
 * page is written once, to its site), and only the shared assets (hashed bundles, public files)
 * its pages use. Shared assets are hard-linked into each site where the file system allows (a
 * fleet of a thousand sites would otherwise write a thousand copies of every bundle), else copied.
 */
import { copyFileSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ISLAND_STYLE } from '../../lib/island-style.ts';
import { detached } from './csp-rewrite.ts';

/** Characters of a local URL's path, by char code: A-Z a-z 0-9 . _ ~ - / % @. */
const URL_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-/%@') URL_CHAR[c.charCodeAt(0)] = 1;
const urlChar = (c: number) => c < 128 && URL_CHAR[c] === 1;
/** Characters after which a "/" starts a URL: quotes, "(", ",", "=", white space (as `\s` has it). */
const URL_START_AFTER = /["'(,=\s]/;

/**
 * Calls `visit` with each local absolute URL in HTML, CSS or island props ("/_astro/a.js",
 * "/samples/x/logo.svg"): a "/" not followed by another, after a quote, "(", ",", "=", white
 * space or `&quot;`, and the URL characters that follow it.
 */
export function forEachLocalUrl(text: string, visit: (url: string) => void): void {
  for (let i = text.indexOf('/'); i !== -1;) {
    if (
      urlChar(text.charCodeAt(i + 1)) &&
      text.charCodeAt(i + 1) !== 47 &&
      i > 0 &&
      (URL_START_AFTER.test(text[i - 1]!) || (i >= 6 && text.startsWith('&quot;', i - 6)))
    ) {
      let j = i + 2;
      while (j < text.length && urlChar(text.charCodeAt(j))) j++;
      visit(text.slice(i, j));
      i = text.indexOf('/', j);
    } else i = text.indexOf('/', i + 1);
  }
}
/** Relative chunk imports inside bundled JS: import "./chunk.js", from"./x.js". */
const RELATIVE_IMPORT = /["'`]\.\/([A-Za-z0-9._~\-@]+\.(?:js|mjs|css))["'`]/g;
/**
 * Pages are written synchronously: a page is a small page-cache copy, and the promise API's open,
 * write and close round trips through the thread pool cost several times as much CPU as the copy,
 * tens of thousands of times in a fleet build.
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
        forEachLocalUrl(text, (url) => {
          const clean = urlPath(url);
          if (clean && this.urls.has(clean)) out.add(clean);
        });
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

/** A rewrite of every page of a site, with files it adds (src/engine/build/csp-rewrite.ts). */
export interface PageRewrite {
  /** One page as rendered; `page` (its path in the site root) names it in errors. */
  page(html: string, page: string): string;
  /** A last edit of each rewritten page: the link to the site's stylesheet where the page needs it. */
  linkStylesheet(html: string): string;
  /** Once every page is rewritten: files to add to the site root, by URL path ("/_astro/x.css"). */
  files(): Map<string, string>;
}

function urlPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
}

/**
 * The file of the page at `pathname` (as Astro requests it: "/<slug>/used-cars/") in the dealer's
 * site root, for the build's directory format: "used-cars/index.html"; the not-found page is
 * "404.html", where static hosts look for it. Undefined outside `/<slug>/`.
 */
export function pageFileOf(pathname: string, slug: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return undefined;
  }
  const prefix = `/${slug}`;
  if (decoded !== prefix && !decoded.startsWith(prefix + '/')) return undefined;
  const rest = decoded.slice(prefix.length).replace(/^\/+|\/+$/g, '');
  if (rest.split('/').some((part) => part === '..' || part === '.')) return undefined;
  if (rest === '404') return '404.html';
  return rest ? `${rest}/index.html` : 'index.html';
}

/**
 * One dealer's site root while Astro renders its pages: each page is rewritten by `rewrite` (and
 * rid of Astro's island style tag) and written as it arrives, so that no page is held in memory or
 * read back; what the site needs later (sizes, referenced URLs) is kept instead.
 */
export class SiteRoot {
  /** Every file written (pages and the files the rewrite added), site-relative path → size in bytes. */
  readonly sizes = new Map<string, number>();
  /** The local absolute URLs the pages reference ("/_astro/a.js"): the shared files among them go with the site. */
  readonly localUrls = new Set<string>();
  private readonly dest: string;
  private readonly rewrite: PageRewrite | undefined;
  private readonly made = new Set<string>();

  constructor(dest: string, rewrite?: PageRewrite) {
    this.dest = dest;
    this.rewrite = rewrite;
  }

  /** Writes one rendered page (`page`: its path in the site root); returns the HTML written. */
  add(page: string, html: string): string {
    const tidy = html.replace(ISLAND_STYLE, '');
    const final = this.rewrite ? this.rewrite.linkStylesheet(this.rewrite.page(tidy, page)) : tidy;
    forEachLocalUrl(final, (url) => {
      const clean = url.includes('%') ? urlPath(url) : url;
      if (clean && !this.localUrls.has(clean)) this.localUrls.add(detached(clean));
    });
    this.write(page, final);
    return final;
  }

  /** Once every page is in: writes the files the rewrite adds (its stylesheet, moved scripts). */
  finish(): void {
    for (const [url, text] of this.rewrite?.files() ?? []) this.write(url.slice(1), text);
  }

  private write(file: string, text: string): void {
    const full = path.join(this.dest, file);
    const dir = path.dirname(full);
    if (!this.made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.made.add(dir);
    }
    writeFileSync(full, text);
    this.sizes.set(file, Buffer.byteLength(text));
  }
}

/**
 * Places in the site root `dest` every shared file (see `sharedFiles`) among `localUrls`, and the
 * shared files those reference in turn (chunks, fonts, images inside CSS and JS). Returns each
 * placed file's size by site-relative path.
 */
export async function placeSharedFiles(
  dest: string,
  localUrls: Iterable<string>,
  shared: SharedFiles,
): Promise<Map<string, number>> {
  const needed = new Set<string>(shared.has('/favicon.svg') ? ['/favicon.svg'] : []);
  for (const url of localUrls) if (shared.has(url)) needed.add(url);
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
  for (const url of copies) sizes.set(url.slice(1), await shared.size(url));
  return sizes;
}
