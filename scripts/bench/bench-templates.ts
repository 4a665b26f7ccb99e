/**
 * JavaScript weight of built pages, by page template: which .js files a page loads (script tags,
 * the build's script loaders, module preloads, island component/renderer/before-hydration URLs,
 * and every static import of those files, transitively) and their gzipped size.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Block } from '../../src/content/blocks.ts';
import type { DealerContent } from '../../src/content/load.ts';
import { dealerRoutes, type Route } from '../../src/domain/routes.ts';
import { routeBlocks } from '../../src/domain/pages.ts';
import { islandBlockTypes } from '../../src/site/interactive-blocks.ts';
import { overBudget, type PageWeight } from './budgets.ts';
import { loadedScriptUrls } from '../../src/engine/build/csp-rewrite.ts';

export const templates = [
  'home',
  'page, interactive blocks',
  'page, static blocks',
  'model',
  'car',
  'team',
  'legal',
  '404',
  'shortlist',
  'deal',
] as const;
export type Template = (typeof templates)[number];

/**
 * Whether a page holds a block that can ship JavaScript (src/site/interactive-blocks.ts, the list
 * tests/unit/engine/page-scripts.test.ts keeps in step with the components).
 */
const anyInteractive = (blocks: Block[]) => islandBlockTypes(blocks).length > 0;

/** The template of a route, and whether the page holds an interactive block. */
export function classify(route: Route): { template: Template; interactive: boolean } {
  const interactive = anyInteractive(routeBlocks(route));
  switch (route.kind) {
    case 'page':
      if (route.path === '/') return { template: 'home', interactive };
      return { template: interactive ? 'page, interactive blocks' : 'page, static blocks', interactive };
    case 'model':
    case 'car':
    case 'team':
      return { template: route.kind, interactive };
    case 'terms':
    case 'privacy':
      return { template: 'legal', interactive };
    case 'notFound':
      // Its one small script looks up a car whose page is not built yet (src/features/car-page/ui/not-found-car.ts).
      return { template: '404', interactive: true };
    case 'saved':
    case 'compare':
      // No blocks, but drawn by a small island from the visitor's own list or the address.
      return { template: 'shortlist', interactive: true };
    case 'deal':
      // No blocks: the deal builder's island, on its own page so car pages keep their budget.
      return { template: 'deal', interactive: true };
  }
}

/** Where a route's HTML sits in a split dealer folder. */
export function htmlFile(route: Route): string {
  if (route.kind === 'notFound') return '404.html';
  return route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`;
}

const SCRIPT_SRC = /<script\b[^>]*?\bsrc=["']?([^"'\s>]+)/gi;
const PRELOAD = /<link\b(?=[^>]*\brel=["']?modulepreload)[^>]*?\bhref=["']?([^"'\s>]+)/gi;
const ISLAND_URL = /\b(?:component-url|renderer-url|before-hydration-url)=["']([^"']+)["']/gi;
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
/** `import x from "./a.js"`, `import"./a.js"`, `export*from"./a.js"`; not `import("./a.js")`. */
const STATIC_IMPORT = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;

export interface JsFile {
  gzBytes: number;
  imports: string[];
}

export interface PageJs {
  files: string[];
  gzBytes: number;
  /** Inline executable scripts (island bootstrap, analytics), gzipped one by one. */
  inlineGzBytes: number;
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/gi, '/');

function resolveUrl(root: string, fromDir: string, spec: string): string | undefined {
  const clean = decode(spec).split(/[?#]/)[0]!;
  if (clean.startsWith('./') || clean.startsWith('../')) return path.resolve(fromDir, clean);
  if (clean.startsWith('/') && !clean.startsWith('//')) return path.join(root, clean);
  return undefined;
}

const isFile = (p: string) =>
  stat(p).then(
    (s) => s.isFile(),
    () => false,
  );

/** Reads the JS a page loads. `cache` holds files already read, across pages of one site root. */
export async function pageJs(root: string, html: string, cache: Map<string, JsFile | null>): Promise<PageJs> {
  const entries: string[] = [];
  const note = (fromDir: string, spec: string) => {
    const file = resolveUrl(root, fromDir, spec);
    if (file && /\.m?js$/.test(file)) entries.push(file);
  };
  for (const re of [SCRIPT_SRC, PRELOAD, ISLAND_URL]) for (const m of html.matchAll(re)) note(root, m[1]!);
  // Scripts the build loads through inline loaders (csp-rewrite.ts) rather than <script src>.
  for (const url of loadedScriptUrls(html)) note(root, url);
  let inlineGzBytes = 0;
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/type=["']?application\/(ld\+)?json/i.test(m[1]!) || !m[2]!.trim()) continue;
    inlineGzBytes += gzipSync(m[2]!).length;
    for (const i of m[2]!.matchAll(STATIC_IMPORT)) note(root, i[1]!);
  }
  const seen = new Set<string>();
  let gzBytes = 0;
  while (entries.length) {
    const file = entries.pop()!;
    if (seen.has(file)) continue;
    let js = cache.get(file);
    if (js === undefined) {
      js = (await isFile(file)) ? await readJs(root, file) : null;
      cache.set(file, js);
    }
    if (!js) continue;
    seen.add(file);
    gzBytes += js.gzBytes;
    entries.push(...js.imports);
  }
  return { files: [...seen].map((f) => path.relative(root, f)).sort(), gzBytes, inlineGzBytes };
}

async function readJs(root: string, file: string): Promise<JsFile> {
  const text = await readFile(file);
  const imports: string[] = [];
  for (const m of text.toString('utf8').matchAll(STATIC_IMPORT)) {
    const target = resolveUrl(root, path.dirname(file), m[1]!);
    if (target && /\.m?js$/.test(target)) imports.push(target);
  }
  return { gzBytes: gzipSync(text).length, imports };
}

export interface TemplateWeight {
  template: Template;
  pages: number;
  /** Pages of this template holding an interactive block. */
  interactivePages: number;
  medianJsFiles: number;
  maxJsFiles: number;
  medianJsGzBytes: number;
  medianInlineGzBytes: number;
  /** Pages with no interactive block that still load a .js file, e.g. "slug/path". */
  staticPagesWithJs: string[];
  /** Pages over their template's size budget (budgets.ts), e.g. "slug/path: JS 190.2 KB gz > 185 KB". */
  overBudget: string[];
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** A page's weight for its size budget: gzipped HTML, and its JavaScript files and inline scripts. */
export function pageWeight(html: string, js: PageJs): PageWeight {
  return { htmlGzBytes: gzipSync(html).length, jsGzBytes: js.gzBytes + js.inlineGzBytes };
}

/** Weighs every page of every dealer under `outDir/<slug>/`, grouped by template. */
export async function templateWeights(outDir: string, dealers: DealerContent[]): Promise<TemplateWeight[]> {
  const rows = new Map<Template, { js: PageJs[]; interactive: number; staticWithJs: string[]; over: string[] }>();
  for (const d of dealers) {
    const root = path.join(outDir, d.slug);
    const cache = new Map<string, JsFile | null>();
    for (const route of dealerRoutes(d)) {
      const { template, interactive } = classify(route);
      const html = await readFile(path.join(root, htmlFile(route)), 'utf8');
      const js = await pageJs(root, html, cache);
      const row = rows.get(template) ?? { js: [], interactive: 0, staticWithJs: [], over: [] };
      row.js.push(js);
      const over = overBudget(template, pageWeight(html, js));
      if (over) row.over.push(`${d.slug}${route.path}: ${over}`);
      if (interactive) row.interactive++;
      else if (js.files.length) row.staticWithJs.push(`${d.slug}${route.path}`);
      rows.set(template, row);
    }
  }
  return templates
    .filter((t) => rows.has(t))
    .map((template) => {
      const { js, interactive, staticWithJs, over } = rows.get(template)!;
      return {
        template,
        pages: js.length,
        interactivePages: interactive,
        medianJsFiles: median(js.map((p) => p.files.length)),
        maxJsFiles: Math.max(...js.map((p) => p.files.length)),
        medianJsGzBytes: median(js.map((p) => p.gzBytes)),
        medianInlineGzBytes: median(js.map((p) => p.inlineGzBytes)),
        staticPagesWithJs: staticWithJs,
        overBudget: over,
      };
    });
}
