/**
 * What the end-to-end tests share: where the browser and the built sites are, and how a
 * production URL of a dealer maps to the local server. The global setup fills the E2E_* variables.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Debian's Chromium unless CHROMIUM_PATH names another Chrome or Chromium binary. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export function missingChromiumMessage(): string {
  return [
    `Chromium was not found at ${chromiumPath()}.`,
    'The end-to-end tests drive a real Chromium. Install it with',
    '  sudo apt-get install chromium        (Debian/Ubuntu)',
    'or point CHROMIUM_PATH at an installed Chrome or Chromium, e.g.',
    '  CHROMIUM_PATH=/usr/bin/google-chrome npm test',
  ].join('\n');
}

/** The snapshot folder to build: E2E_DEALERS_DIR, else dealers/, else the test fixtures. */
export function dealersDirForE2E(root: string): string {
  if (process.env.E2E_DEALERS_DIR) return path.resolve(root, process.env.E2E_DEALERS_DIR);
  const samples = path.join(root, 'dealers');
  return existsSync(samples) ? samples : path.join(root, 'tests', 'fixtures', 'dealers');
}

export interface E2EEnv {
  /** The full build of every dealer. */
  sitesDir: string;
  /** A --preview build of one dealer. */
  previewDir: string;
  previewSlug: string;
  dealersDir: string;
  port: number;
}

/** The build and server made by the global setup; undefined when it has not run (`--list`). */
export function e2eEnv(): E2EEnv | undefined {
  const { E2E_SITES_DIR, E2E_PREVIEW_DIR, E2E_PREVIEW_SLUG, E2E_BUILT_DEALERS_DIR, E2E_PORT } = process.env;
  if (!E2E_SITES_DIR || !E2E_PREVIEW_DIR || !E2E_PREVIEW_SLUG || !E2E_BUILT_DEALERS_DIR || !E2E_PORT) return undefined;
  return {
    sitesDir: E2E_SITES_DIR,
    previewDir: E2E_PREVIEW_DIR,
    previewSlug: E2E_PREVIEW_SLUG,
    dealersDir: E2E_BUILT_DEALERS_DIR,
    port: Number(E2E_PORT),
  };
}

/** Slugs of the built sites, sorted. */
export function builtSlugs(sitesDir: string): string[] {
  return readdirSync(sitesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(sitesDir, e.name, 'index.html')))
    .map((e) => e.name)
    .sort();
}

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Every <loc> of a sitemap. */
export function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decodeXml(m[1]!.trim()));
}

export function readSitemap(sitesDir: string, slug: string): string[] {
  return sitemapLocs(readFileSync(path.join(sitesDir, slug, 'sitemap.xml'), 'utf8'));
}

/** Paths of the built pages holding the thank-you block, such as "/thank-you". */
export function thankYouPaths(sitesDir: string, slug: string): string[] {
  const root = path.join(sitesDir, slug);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => readFileSync(file, 'utf8').includes('class="success-block"'))
    .map((file) => '/' + path.relative(root, path.dirname(file)).split(path.sep).join('/'));
}

/** The parts of a sample's site.json the end-to-end tests read. */
export interface SiteJson {
  url: string;
  country: 'AU' | 'NZ';
  analytics?: { gtmId?: string; manufacturerDataLayer?: boolean };
}

/** dealers/<slug>/site.json as written. */
export function readSiteJson(dealersDir: string, slug: string): SiteJson {
  return JSON.parse(readFileSync(path.join(dealersDir, slug, 'site.json'), 'utf8')) as SiteJson;
}

/** `url` of dealers/<slug>/site.json: the dealer's production origin. */
export function productionOrigin(dealersDir: string, slug: string): string {
  return new URL(readSiteJson(dealersDir, slug).url).origin;
}

/** The dealer's Google Tag Manager container id, when site.json configures one. */
export function gtmId(dealersDir: string, slug: string): string | undefined {
  return readSiteJson(dealersDir, slug).analytics?.gtmId || undefined;
}

export function localOrigin(slug: string, port: number): string {
  return `http://${slug}.localhost:${port}`;
}

/** The same page on the local server: https://www.dealer.com.au/x?y → http://<slug>.localhost:<port>/x?y */
export function toLocalUrl(productionUrl: string, slug: string, port: number): string {
  const u = new URL(productionUrl);
  return localOrigin(slug, port) + u.pathname + u.search;
}

/** Every .html file under a folder, as paths relative to it with "/" separators. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The URL path a built file answers: "contact/index.html" → "/contact", "index.html" → "/". */
export function pathOfFile(rel: string): string {
  if (rel === 'index.html') return '/';
  return '/' + rel.replace(/\/index\.html$/, '').replace(/\.html$/, '');
}

/**
 * Where the visual baselines live (playwright.config.ts `snapshotPathTemplate`): tests/e2e/__screenshots__,
 * or VISUAL_SNAPSHOTS_DIR, e.g. a throwaway folder to try `--update-snapshots` without touching the real ones.
 */
export function visualSnapshotsDir(): string {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
  return process.env.VISUAL_SNAPSHOTS_DIR
    ? path.resolve(root, process.env.VISUAL_SNAPSHOTS_DIR)
    : path.join(root, 'tests', 'e2e', '__screenshots__');
}
