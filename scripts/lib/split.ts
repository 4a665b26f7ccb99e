/**
 * Splits one Astro build (every dealer under /<slug>/) into one self-contained site root per
 * dealer: its pages, and only the shared assets (hashed bundles, public files) its pages use.
 */
import { cp, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Local absolute URLs in HTML, CSS or island props: "/_astro/a.js", "/samples/x/logo.svg". */
const LOCAL_URL = /(?<=["'(\s,=]|&quot;)\/(?!\/)[A-Za-z0-9._~\-/%@]+/g;
/** Relative chunk imports inside bundled JS: import "./chunk.js", from"./x.js". */
const RELATIVE_IMPORT = /["'`]\.\/([A-Za-z0-9._~\-@]+\.(?:js|mjs|css))["'`]/g;

async function isFile(p: string): Promise<boolean> {
  return stat(p).then((s) => s.isFile(), () => false);
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` into <body> before the first
 * island; <style> is not allowed there and the CSP would need it hashed. global.css carries the
 * same rule, so the tag is dropped.
 */
const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;

async function tidyHtml(file: string): Promise<void> {
  const html = await readFile(file, 'utf8');
  const tidy = html.replace(ISLAND_STYLE, '');
  if (tidy !== html) await writeFile(file, tidy);
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
 * Moves `<built>/<slug>/` to `<dest>`, turns `404/index.html` into `404.html`, and copies every
 * file of `<built>` outside the dealer folders that the dealer's pages reference, following
 * references inside CSS and JS. Returns the dealer's files, relative to `dest`.
 */
export async function splitDealer(built: string, slug: string, dest: string, dealerSlugs: Set<string>): Promise<string[]> {
  await mkdir(path.dirname(dest), { recursive: true });
  await moveDir(path.join(built, slug), dest);
  const notFound = path.join(dest, '404', 'index.html');
  if (await isFile(notFound)) {
    await rename(notFound, path.join(dest, '404.html'));
    await rm(path.dirname(notFound), { recursive: true, force: true });
  }
  const pages = await walk(dest);
  for (const file of pages) if (file.endsWith('.html')) await tidyHtml(file);
  const queue = pages.filter((f) => /\.(html|css|js)$/.test(f));
  const copied = new Set<string>();
  const always = ['/favicon.svg'];
  const consider = async (url: string) => {
    const clean = decodeURIComponent(url.split(/[?#]/)[0]!);
    const top = clean.split('/')[1] ?? '';
    if (dealerSlugs.has(top) || copied.has(clean)) return;
    const source = path.join(built, clean);
    if (!source.startsWith(built + path.sep) || !(await isFile(source))) return;
    copied.add(clean);
    const target = path.join(dest, clean);
    await mkdir(path.dirname(target), { recursive: true });
    await cp(source, target);
    if (/\.(css|js|mjs)$/.test(clean)) queue.push(target);
  };
  for (const url of always) await consider(url);
  while (queue.length) {
    const file = queue.pop()!;
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(LOCAL_URL)) await consider(m[0]);
    if (/\.(js|mjs|css)$/.test(file)) {
      const dirUrl = '/' + path.relative(dest, path.dirname(file)).split(path.sep).join('/');
      for (const m of text.matchAll(RELATIVE_IMPORT)) await consider(`${dirUrl}/${m[1]}`);
    }
  }
  return (await walk(dest)).map((f) => path.relative(dest, f).split(path.sep).join('/'));
}
