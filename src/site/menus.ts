/**
 * The editor's menus (site.json `navigation`, content format 1.3) as the header and footer draw
 * them, and the build's check that each of their site paths names a page the dealer has.
 */
import type { DealerContent } from '../content/load.ts';
import type { MenuItem } from '../content/site-navigation.ts';
import type { ContentIssue } from '../content/issues.ts';
import { jsonPath } from '../content/issues.ts';
import { normalisePath } from '../content/page.ts';
import { dealerRoutes } from '../domain/routes.ts';

/** A menu link as the header and footer draw it. */
export interface MenuLink {
  href: string;
  label: string;
  /** The links of its dropdown (header) or column (footer); absent for a plain link. */
  children?: MenuLink[];
}

/** True when `href` is a path on the dealer's own site (not a full or protocol-relative address). */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** A site path's page part, without its query or fragment and normalised like page paths. */
export function pagePathOf(href: string): string {
  return normalisePath(href.replace(/[?#].*$/, ''));
}

/** A site path normalised like page paths ("/service/#book" → "/service#book"); any other link as given. */
function linkHref(href: string): string {
  if (!isSitePath(href)) return href;
  const rest = /[?#].*$/.exec(href)?.[0] ?? '';
  return pagePathOf(href) + rest;
}

/** The editor's items as menu links: children only where there are some. */
export function menuLinks(items: readonly MenuItem[]): MenuLink[] {
  return items.map((item) => {
    const link: MenuLink = { href: linkHref(item.href), label: item.label };
    if (item.children?.length) link.children = item.children.map((c) => ({ href: linkHref(c.href), label: c.label }));
    return link;
  });
}

/** The footer's menu: columns headed by the items with children, and one list of the others. */
export type FooterPart = { kind: 'column'; heading: MenuLink; links: MenuLink[] } | { kind: 'list'; links: MenuLink[] };

/**
 * The footer's parts in the editor's order: each item with children is a column (its heading and
 * its links); the items without children form one list, placed where the first of them stood.
 */
export function footerParts(links: readonly MenuLink[]): FooterPart[] {
  const parts: FooterPart[] = [];
  let list: MenuLink[] | undefined;
  for (const link of links) {
    if (link.children?.length) {
      parts.push({ kind: 'column', heading: { href: link.href, label: link.label }, links: link.children });
    } else if (list) {
      list.push(link);
    } else {
      list = [link];
      parts.push({ kind: 'list', links: list });
    }
  }
  return parts;
}

/**
 * One warning per site path in the editor's menus that names none of the dealer's pages (its
 * content pages and the generated ones, dealerRoutes), with the path in site.json. The link
 * would lead visitors to the 404 page, but the site can still be published.
 */
export function menuLinkWarnings(d: DealerContent, now: number = Date.now()): ContentIssue[] {
  const nav = d.site.navigation;
  if (!nav) return [];
  const known = new Set(dealerRoutes(d, now).map((r) => r.path));
  const out: ContentIssue[] = [];
  const check = (item: { href: string }, at: (string | number)[]) => {
    if (!isSitePath(item.href) || known.has(pagePathOf(item.href))) return;
    out.push({
      dealer: d.slug,
      file: 'site.json',
      path: jsonPath([...at, 'href']),
      message: `"${item.href}" names no page of this site: the link would lead to the 404 page`,
    });
  };
  for (const menu of ['header', 'footer'] as const) {
    nav[menu]?.forEach((item, i) => {
      check(item, ['navigation', menu, i]);
      item.children?.forEach((child, j) => check(child, ['navigation', menu, i, 'children', j]));
    });
  }
  return out;
}
