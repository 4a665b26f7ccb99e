/**
 * Pages with no interactive block ship no JavaScript (architecture: "Islands are few and small"):
 * every built page of the sample dealers whose blocks include no type that can hydrate
 * (src/site/interactive-blocks.ts) loads no script file and no module script. Inline JSON-LD and
 * the Google Tag Manager snippet are the only scripts such a page may hold, and, on a site with
 * tags or a chat script to ask consent for (src/features/consent/rules/), the consent banner, its head
 * script and the chat button.
 * The definitions' `island` flags are kept honest by reading the block components themselves.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedSampleBuild, type SampleBuild } from '../../helpers/sample-build.ts';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import { dealerRoutes } from '../../../src/domain/routes.ts';
import { routeBlocks } from '../../../src/domain/pages.ts';
import { ISLAND_BLOCK_TYPES, islandBlockTypes } from '../../../src/site/interactive-blocks.ts';
import { blockTypes } from '../../../src/content/blocks.ts';
import { componentPath } from '../../../src/blocks/registry.ts';
import { classify, htmlFile, pageJs, pageWeight, type Template } from '../../../scripts/bench/bench-templates.ts';
import { overBudget, PAGE_BUDGETS } from '../../../scripts/bench/budgets.ts';
import { PAGE_BUDGETS as LOADED_BUDGETS } from '../../../scripts/bench/bench-budgets.ts';

/** The consent banner's and chat button's loaders, and the head script that loads tags once allowed. */
const CONSENT_PARTS = [
  /^document\.head\.append\(Object\.assign\(document\.createElement\('script'\),\{type:'module',src:"\/_astro\/(ConsentBanner|ChatLauncher)\.astro_[\w.-]+\.js"\}\)\)$/,
  /dealerLoadTags/,
];

/**
 * The scripts of a page that make it load or run JavaScript beyond JSON-LD and the GTM snippet
 * (and the consent parts, on a site that asks for consent).
 */
function pageScripts(html: string, options: { consent?: boolean } = {}): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [tag, attrs = '', body = ''] = [m[0].slice(0, m[0].indexOf('>') + 1), m[1], m[2]];
    if (options.consent && !/\bsrc\s*=/i.test(attrs) && CONSENT_PARTS.some((part) => part.test(body.trim()))) continue;
    if (/\bsrc\s*=/i.test(attrs)) found.push(tag);
    else if (/\btype\s*=\s*["']?module/i.test(attrs)) found.push(`${tag} (inline module)`);
    else if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
    else if (/googletagmanager\.com\/gtm\.js/.test(body) && !/import\s*\(|\bimport\b\s*["'{]/.test(body)) continue;
    else if (body.trim()) found.push(`${tag}${body.trim().slice(0, 60)}…`);
  }
  for (const m of html.matchAll(/<link\b[^>]*\brel=["']?modulepreload[^>]*>/gi)) found.push(m[0]);
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) found.push(m[0].slice(0, 80));
  return found;
}

describe('which scripts a page may hold', () => {
  it('allows JSON-LD and the Tag Manager snippet, nothing that loads a module or a file', () => {
    const gtm = `<script>(function(w,d,s,l,i){j.src='https://www.googletagmanager.com/gtm.js?id='+i;})(window,document,'script','dataLayer','GTM-X');</script>`;
    expect(pageScripts(`<script type="application/ld+json">{"@type":"Car"}</script>${gtm}`)).toEqual([]);
    expect(pageScripts('<script type="module" src="/_astro/page.js"></script>')).toHaveLength(1);
    expect(pageScripts('<script type="module">import "/_astro/a.js"</script>')).toHaveLength(1);
    expect(pageScripts('<script src="/x.js"></script>')).toHaveLength(1);
    expect(pageScripts('<script>console.log(1)</script>')).toHaveLength(1);
    expect(pageScripts('<link rel="modulepreload" href="/_astro/a.js">')).toHaveLength(1);
    // The consent banner's loader only on a site that asks for consent.
    const banner = `<script type="module">document.head.append(Object.assign(document.createElement('script'),{type:'module',src:"/_astro/ConsentBanner.astro_astro_type_script_index_0_lang.X1.js"}))</script>`;
    expect(pageScripts(banner, { consent: true })).toEqual([]);
    expect(pageScripts(banner)).toHaveLength(1);
    expect(pageScripts(banner.replace('ConsentBanner', 'Carousel'), { consent: true })).toHaveLength(1);
  });
});

describe('the list of block types that ship an island', () => {
  const blocksDir = path.resolve('src/blocks');
  /** Block type → the component file the registry finds for it. */
  const components = new Map<string, string>(
    blockTypes.map((type) => [type, path.join(blocksDir, componentPath(type))]),
  );

  /**
   * Whether a component, or an .astro component it imports (BlockList aside: nested blocks count on
   * their own), has a client: directive or a script Astro bundles (a bare `<script>`; one with
   * is:inline or another type is left as written).
   */
  function hydrates(file: string, seen = new Set<string>()): boolean {
    if (seen.has(file) || !existsSync(file)) return false;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const markup = source.replace(/^---[\s\S]*?\n---/, '').replace(/\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g, '');
    if (/<[A-Z][\w.]*\b[^>]*\sclient:(load|idle|visible|media|only)\b/.test(markup)) return true;
    if (/<script(\s+type=["']module["'])?\s*>/.test(markup)) return true;
    for (const m of source.matchAll(/import \w+ from '(\.[^']+\.astro)'/g)) {
      if (m[1]!.endsWith('/BlockList.astro')) continue;
      if (hydrates(path.resolve(path.dirname(file), m[1]!), seen)) return true;
    }
    return false;
  }

  it("reads every block type's component", () => {
    expect(components.size).toBeGreaterThan(30);
    for (const file of components.values()) expect(existsSync(file), file).toBe(true);
  });

  it('flags `island` on exactly the block types whose components hold a client: directive or a bundled script', () => {
    const scanned = [...components]
      .filter(([, file]) => hydrates(file))
      .map(([type]) => type)
      .sort();
    expect(scanned.length).toBeGreaterThan(5);
    expect([...ISLAND_BLOCK_TYPES].sort()).toEqual(scanned);
  });
});

describe('built pages without an interactive block', () => {
  let build: SampleBuild;
  let dealers: DealerContent[];
  beforeAll(async () => {
    build = await sharedSampleBuild();
    dealers = (await loadDealers(path.resolve('dealers'))).dealers;
  }, 240_000);

  it('load no script file and no module script', () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const dealer of dealers) {
      for (const route of dealerRoutes(dealer)) {
        if (islandBlockTypes(routeBlocks(route)).length || classify(route).interactive) continue;
        const html = build.pages.get(`${dealer.slug}/${htmlFile(route)}`);
        if (html === undefined) continue;
        checked++;
        const consent = !!(dealer.site.analytics?.gtmId || dealer.site.chat?.script_url);
        const scripts = pageScripts(html, { consent });
        if (scripts.length)
          offenders.push(
            `${dealer.slug}${route.path}: ${scripts.slice(0, 3).join(' | ')}${scripts.length > 3 ? ` (+${scripts.length - 3} more)` : ''}`,
          );
      }
    }
    // Legal pages and plain content pages exist on every sample dealer (the not-found page has the
    // script that finds a car imported since the build).
    expect(checked).toBeGreaterThan(8);
    expect(
      offenders,
      `${offenders.length} page(s) without an interactive block load JavaScript:\n${offenders.join('\n')}`,
    ).toEqual([]);
  });

  it("stay within their template's size budget (scripts/bench/budgets.ts), as every other page does", async () => {
    const over: string[] = [];
    const seen = new Set<Template>();
    for (const dealer of dealers) {
      const cache = new Map();
      for (const route of dealerRoutes(dealer)) {
        const html = build.pages.get(`${dealer.slug}/${htmlFile(route)}`);
        if (html === undefined) continue;
        const { template } = classify(route);
        seen.add(template);
        const problem = overBudget(
          template,
          pageWeight(html, await pageJs(path.join(build.sites, dealer.slug), html, cache)),
        );
        if (problem) over.push(`${dealer.slug}${route.path} (${template}): ${problem}`);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(PAGE_BUDGETS).sort());
    expect(over, `${over.length} page(s) over budget:\n${over.join('\n')}`).toEqual([]);
    // The check sees weight: the heaviest home page is over a budget a tenth of its own.
    const home = build.pages.get(`${dealers[0]!.slug}/index.html`)!;
    const weight = pageWeight(home, await pageJs(path.join(build.sites, dealers[0]!.slug), home, new Map()));
    expect(weight.jsGzBytes).toBeGreaterThan(10 * 1024);
    expect(overBudget('page, static blocks', weight)).toMatch(/JS .* KB gz > 4 KB/);
  });

  it('the used-cars pages, whose search island loads at once, reference at most the budget of JavaScript loaded before any interaction', async () => {
    const pages = [...build.pages].filter(([p]) => p.endsWith('/used-cars/index.html'));
    expect(pages.length).toBeGreaterThan(0);
    for (const [page, html] of pages) {
      const js = await pageJs(path.join(build.sites, page.split('/')[0]!), html, new Map());
      const kb = pageWeight(html, js).jsGzBytes / 1024;
      expect(kb, `${page}: ${kb.toFixed(1)} KB gz`).toBeLessThanOrEqual(LOADED_BUDGETS.usedCarsKB);
    }
  });

  it('while pages with an island do load one (the check above can see scripts)', () => {
    const withIsland = [...build.pages].filter(([p]) => p.endsWith('used-cars/index.html'));
    expect(withIsland.length).toBeGreaterThan(0);
    for (const [page, html] of withIsland) expect(pageScripts(html).length, page).toBeGreaterThan(0);
  });
});
