import { beforeAll, describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import Header from '../../../src/components/Header.astro';
import Footer from '../../../src/components/Footer.astro';
import { fixtureDealer } from '../../helpers/render.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { siteSchema, type SiteInput } from '../../../src/content/site.ts';
import { footerMenu, headerRowWidth, navigation } from '../../../src/site/navigation.ts';
import { footerParts, menuLinkWarnings } from '../../../src/site/menus.ts';

let container: AstroContainer;
let mini: DealerContent;
beforeAll(async () => {
  container = await AstroContainer.create();
  mini = await fixtureDealer('mini-motors');
});

/** The fixture dealer with `navigation` in its site.json, parsed by the real schema. */
function withMenus(navigation: SiteInput['navigation']): DealerContent {
  const { navigation: _none, ...site } = mini.site;
  return { ...mini, site: siteSchema.parse({ ...site, navigation }) };
}

const HEADER = [
  { label: 'Enquire', href: '/enquire/' },
  {
    label: 'Brands',
    href: '/contact',
    children: [
      { label: 'Toyota', href: 'https://www.toyota.com.au' },
      { label: 'Terms', href: '/terms-and-conditions' },
    ],
  },
];
const FOOTER = [
  { label: 'Contact', href: '/contact' },
  { label: 'Company', href: '/enquire', children: [{ label: 'Privacy', href: '/privacy-policy' }] },
  { label: 'Saved', href: '/saved-cars' },
];

/** Every `<a>` inside the first element that opens with `open`, as "label → href". */
function linksIn(html: string, open: RegExp): string[] {
  const start = html.search(open);
  if (start < 0) return [];
  const tag = /<(\w+)/.exec(html.slice(start))![1]!;
  const end = html.indexOf(`</${tag}>`, start);
  const part = html.slice(start, tag === 'nav' ? end : html.indexOf('</footer>', start));
  return [...part.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map(
    (m) => `${m[2]!.replace(/<[^>]+>/g, '').trim()} → ${m[1]}`,
  );
}

describe('the editor menus in navigation(d)', () => {
  it('uses the header menu in its order, with children, instead of the pages', () => {
    const d = withMenus({ header: HEADER });
    expect(navigation(d)).toEqual([
      { label: 'Enquire', href: '/enquire' },
      {
        label: 'Brands',
        href: '/contact',
        children: [
          { label: 'Toyota', href: 'https://www.toyota.com.au' },
          { label: 'Terms', href: '/terms-and-conditions' },
        ],
      },
    ]);
    expect(navigation(mini).map((i) => i.href)).toEqual(['/contact', '/enquire']);
  });

  it('keeps the derived header when only a footer menu is given, and mirrors the header in the footer without one', () => {
    const footerOnly = withMenus({ footer: FOOTER });
    expect(navigation(footerOnly)).toEqual(navigation(mini));
    expect(footerMenu(mini)).toEqual([{ kind: 'list', links: navigation(mini) }]);
    expect(footerMenu(footerOnly)).toEqual([
      {
        kind: 'list',
        links: [
          { label: 'Contact', href: '/contact' },
          { label: 'Saved', href: '/saved-cars' },
        ],
      },
      {
        kind: 'column',
        heading: { label: 'Company', href: '/enquire' },
        links: [{ label: 'Privacy', href: '/privacy-policy' }],
      },
    ]);
  });

  it('makes room in the header row for the dropdown buttons', () => {
    const plain = [{ label: 'Brands', href: '/b' }];
    const grouped = [{ label: 'Brands', href: '/b', children: [{ label: 'A', href: '/a' }] }];
    expect(headerRowWidth(grouped, { logoWidth: 100 })).toBeGreaterThan(headerRowWidth(plain, { logoWidth: 100 }));
  });

  it('puts the loose links of a footer menu in one list where the first stood', () => {
    const parts = footerParts([
      { label: 'Col', href: '/c', children: [{ label: 'x', href: '/x' }] },
      { label: 'a', href: '/a' },
      { label: 'b', href: '/b' },
    ]);
    expect(parts.map((p) => p.kind)).toEqual(['column', 'list']);
    expect(parts[1]!.links.map((l) => l.href)).toEqual(['/a', '/b']);
  });
});

describe('menu link warnings', () => {
  it('warns for a site path that names no page, with its JSON path, and not for pages, generated routes or URLs', () => {
    const d = withMenus({
      header: [
        ...HEADER,
        { label: 'Gone', href: '/gone?x=1', children: [{ label: 'Deeper', href: '/enquire/missing' }] },
      ],
      footer: FOOTER,
    });
    const warnings = menuLinkWarnings(d);
    expect(warnings.map((w) => [w.file, w.path])).toEqual([
      ['site.json', 'navigation.header[2].href'],
      ['site.json', 'navigation.header[2].children[0].href'],
    ]);
    expect(warnings[0]!.message).toContain('"/gone?x=1" names no page');
    expect(menuLinkWarnings(mini)).toEqual([]);
  });
});

describe('header and footer with the editor menus', () => {
  it('draws the header menu with a dropdown in the row and indented links in the menu panel', async () => {
    const d = withMenus({ header: HEADER, footer: FOOTER });
    const html = await container.renderToString(Header, { props: { dealer: d, currentPath: '/enquire' } });
    const expected = [
      'Enquire → /enquire',
      'Brands → /contact',
      'Toyota → https://www.toyota.com.au',
      'Terms → /terms-and-conditions',
    ];
    expect(linksIn(html, /<nav class="nav-wide"/)).toEqual(expected);
    // Less the panel's call button, which is not the menu's.
    expect(linksIn(html, /<nav class="nav-menu-panel"/).filter((l) => !l.includes('tel:'))).toEqual(expected);
    expect(html).toMatch(
      /<details class="nav-sub" name="nav-sub">\s*<summary><span class="visually-hidden">Brands: more links<\/span><\/summary>/,
    );
    expect(html).toContain('<ul class="nav-menu-sub">');
    expect(html).not.toContain('target="_blank"');
    expect(html).toMatch(/<a href="\/enquire" aria-current="page">Enquire<\/a>/);
  });

  it('draws the footer menu as a column per heading and one list', async () => {
    const html = await container.renderToString(Footer, { props: { dealer: withMenus({ footer: FOOTER }) } });
    expect(linksIn(html, /<nav class="footer-pages footer-menu"/)).toEqual([
      'Contact → /contact',
      'Saved → /saved-cars',
      'Company → /enquire',
      'Privacy → /privacy-policy',
    ]);
    expect(html).not.toContain('id="footer-pages"');
    const plain = await container.renderToString(Footer, { props: { dealer: mini } });
    expect(linksIn(plain, /<nav class="footer-pages" aria-labelledby="footer-pages"/)).toEqual(
      navigation(mini).map((i) => `${i.label} → ${i.href}`),
    );
  });
});
