/**
 * The editor's menus over real built pages: one build of a copy of two sample dealers, one given a
 * site.json `navigation` (content format 1.3), the other as it is. The first shows exactly the
 * editor's header and footer links and the build warns of its link to no page; the other keeps the
 * menus derived from its pages, with no dropdown and no footer columns.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInChild, type ChildBuild } from '../../helpers/build-child.ts';
import { readBuiltPages } from '../../helpers/sample-build.ts';
import { loadDealers } from '../../../src/content/load.ts';
import { navigation } from '../../../src/site/navigation.ts';

const EDITED = 'tasman-motors';
const PLAIN = 'ridgeline-mazda';

const NAVIGATION = {
  header: [
    {
      label: 'Cars',
      href: '/new-cars',
      children: [
        { label: 'Used Cars', href: '/used-cars' },
        { label: 'Offers', href: '/special-offers' },
      ],
    },
    { label: 'Service', href: '/service', children: [{ label: 'Parts', href: '/parts' }] },
    { label: 'Maker', href: 'https://www.example-maker.com.au/' },
    { label: 'Contact', href: '/contact' },
  ],
  footer: [
    {
      label: 'About us',
      href: '/about',
      children: [
        { label: 'Our team', href: '/our-team' },
        { label: 'Reviews', href: '/reviews' },
      ],
    },
    { label: 'FAQ', href: '/faq' },
    { label: 'Old page', href: '/no-such-page' },
  ],
};

let root: string;
let result: ChildBuild;
let pages: Map<string, string>;
beforeAll(async () => {
  await mkdir(path.resolve('.cache/test-builds'), { recursive: true });
  root = await mkdtemp(path.resolve('.cache/test-builds/menus-'));
  const dealersDir = path.join(root, 'dealers');
  for (const slug of [EDITED, PLAIN])
    await cp(path.resolve('dealers', slug), path.join(dealersDir, slug), { recursive: true });
  const file = path.join(dealersDir, EDITED, 'site.json');
  const site = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...site, navigation: NAVIGATION }, null, 2));
  const outDir = path.join(root, 'sites');
  result = await buildInChild({ dealersDir, outDir, workers: 1 });
  if ('thrown' in result || result.errors.length) throw new Error(`the build failed:\n${result.output}`);
  pages = await readBuiltPages(outDir);
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** The links (label → href) of the element that starts at `open` and ends at `close`. */
function links(html: string, open: string, close: string): string[] {
  const start = html.indexOf(open);
  if (start < 0) return [];
  const part = html.slice(start, html.indexOf(close, start));
  return [...part.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)]
    .filter((m) => !m[1]!.startsWith('tel:'))
    .map((m) => `${m[2]!.replace(/<[^>]+>/g, '').trim()} → ${m[1]}`);
}
const header = (html: string) => links(html, '<nav class="nav-wide"', '</nav>');
const panel = (html: string) => links(html, '<nav class="nav-menu-panel"', '</nav>');
const footer = (html: string) => links(html, '<nav class="footer-pages', '</nav>');
const flat = (items: { label: string; href: string; children?: { label: string; href: string }[] }[]) =>
  items.flatMap((i) => [i, ...(i.children ?? [])]).map((i) => `${i.label} → ${i.href}`);

describe('a built dealer with the editor menus', () => {
  it('shows exactly the header menu, dropdowns included, on every page', () => {
    const home = pages.get(`${EDITED}/index.html`)!;
    expect(header(home)).toEqual(flat(NAVIGATION.header));
    expect(panel(home)).toEqual(flat(NAVIGATION.header));
    expect(home.match(/<details class="nav-sub"/g)).toHaveLength(2);
    expect(header(pages.get(`${EDITED}/service/index.html`)!)).toEqual(flat(NAVIGATION.header));
    expect(home).not.toMatch(/<a [^>]*href="https:\/\/www\.example-maker\.com\.au\/"[^>]*target=/);
  });

  it('shows exactly the footer menu: a column for the item with children, the others in one list', () => {
    const home = pages.get(`${EDITED}/index.html`)!;
    expect(footer(home)).toEqual([
      'About us → /about',
      'Our team → /our-team',
      'Reviews → /reviews',
      'FAQ → /faq',
      'Old page → /no-such-page',
    ]);
    expect(home.match(/class="footer-menu-column"/g)).toHaveLength(2);
  });

  it('warns of the link to no page, naming its place in site.json, and still publishes the dealer', () => {
    if ('thrown' in result) throw new Error(result.thrown);
    expect(result.warnings.map((w) => `${w.dealer} ${w.file} ${w.path}`)).toContain(
      `${EDITED} site.json navigation.footer[2].href`,
    );
    expect(result.warnings.filter((w) => w.path.startsWith('navigation'))).toHaveLength(1);
    expect(pages.has(`${EDITED}/index.html`)).toBe(true);
  });
});

describe('a built sample without navigation', () => {
  it('keeps the menus derived from its pages, in the header, the menu panel and the footer', async () => {
    const loaded = await loadDealers(path.resolve('dealers'), { only: [PLAIN] });
    const derived = flat(navigation(loaded.dealers[0]!));
    expect(derived.length).toBeGreaterThan(3);
    const home = pages.get(`${PLAIN}/index.html`)!;
    expect(header(home)).toEqual(derived);
    expect(panel(home)).toEqual(derived);
    expect(footer(home)).toEqual(derived);
    expect(home).toContain('<h2 id="footer-pages" class="footer-heading">Explore</h2>');
    expect(home).not.toContain('nav-sub');
    expect(home).not.toContain('footer-menu');
  });
});
