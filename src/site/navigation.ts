/**
 * The site chrome's content: the header navigation (the editor's menu, site.json `navigation`,
 * else derived from the dealer's own pages), where the header has room for it, the footer's menu
 * and its social links (its opening hours: opening-hours-text.ts).
 */
import type { DealerContent } from '../content/load.ts';
import type { Site } from '../content/site.ts';
import { shortTitle } from '../lib/text.ts';
import { oncePer } from '../lib/memo.ts';
import { phoneText } from '../lib/contact.ts';
import { PRIVACY_PATH, TERMS_PATH, modelPath } from '../domain/routes.ts';
import { footerParts, menuLinks, type FooterPart, type MenuLink } from './menus.ts';

/** A header or footer link; `children` (the editor's menus only) open a dropdown under it. */
export type NavItem = MenuLink;

/** Well-known sections first, in the order visitors look for them. */
const priority = [
  /new|model|range/,
  /used|cars|stock/,
  /offer|special/,
  /service/,
  /finance/,
  /parts/,
  /team|about/,
  /contact/,
];
export const MAX_NAV_ITEMS = 7;

/**
 * The header links of a dealer: the editor's header menu when site.json has one, else derived
 * from the pages. The same on every page, so worked out once per dealer.
 */
export const navigation: (d: DealerContent) => NavItem[] = oncePer((d) => {
  const editor = d.site.navigation?.header;
  return editor ? menuLinks(editor) : derivedNavigation(d);
});

/**
 * The footer's menu: the editor's footer menu when site.json has one, else the header's links as
 * before; items with children become columns (footerParts).
 */
export const footerMenu: (d: DealerContent) => FooterPart[] = oncePer((d) => {
  const editor = d.site.navigation?.footer;
  return footerParts(editor ? menuLinks(editor) : navigation(d));
});

/** The header links worked out from the dealer's top-level pages, best known sections first. */
function derivedNavigation(d: DealerContent): NavItem[] {
  const modelPaths = new Set(d.models.map(modelPath));
  const candidates = d.pages.filter(
    (p) =>
      p.path !== '/' &&
      p.path.split('/').length === 2 &&
      !p.noindex &&
      !modelPaths.has(p.path) &&
      p.path !== TERMS_PATH &&
      p.path !== PRIVACY_PATH &&
      !p.blocks.some((b) => b.type === 'success'),
  );
  const rank = (path: string) => {
    const i = priority.findIndex((re) => re.test(path));
    return i === -1 ? priority.length : i;
  };
  return candidates
    .sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path))
    .slice(0, MAX_NAV_ITEMS)
    .map((p) => ({ href: p.path, label: navLabel(p.title, p.path) }));
}

/** Longest label that still fits a header link. */
export const MAX_NAV_LABEL = 18;

/**
 * The page title's short form ("Service | Coastal" → "Service"); when that is still long
 * ("Used Cars for Sale on the Central Coast"), the words of the path ("/used-cars" → "Used Cars").
 */
export function navLabel(title: string, path: string): string {
  const short = shortTitle(title);
  if (short.length <= MAX_NAV_LABEL) return short;
  const words = path.split('/').filter(Boolean).pop() ?? '';
  const fromPath = words
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  return fromPath || short;
}

/*
 * Where the header switches from the menu button to the full navigation row. The row must never
 * wrap, so the width it needs is estimated at build time from the labels (there is no JavaScript
 * to measure them) and rounded up to one of the breakpoints chrome.css knows.
 */

/** Breakpoints (rem) chrome.css has a rule for; a row wider than the last always uses the menu. */
export const NAV_BREAKPOINTS = [48, 56, 64, 72, 80, 90, 100, 120] as const;
export type NavBreakpoint = (typeof NAV_BREAKPOINTS)[number] | 'never';

/** The nav link size in chrome.css (15px semibold) and its side padding, in px. */
const NAV_FONT_PX = 15;
const NAV_ITEM_PADDING_PX = 24;
/** The button beside a link with a dropdown (chrome.css .nav-sub > summary), in px. */
export const NAV_TOGGLE_PX = 28;
/** Typical advance of a semibold sans serif (a little generous, so an estimate errs on the wide side). */
const charEm = (ch: string) =>
  ch === ' ' ? 0.3 : /[A-Z]/.test(ch) ? 0.7 : /[mwMW]/.test(ch) ? 0.85 : /[iljtfr.,'|]/.test(ch) ? 0.36 : 0.57;

/** Estimated width in px of `text` set at `px` in a semibold sans serif. */
export function textWidth(text: string, px: number): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return em * px;
}

export interface HeaderParts {
  /** The logo as drawn in the header (px), or the name's width when there is no logo. */
  logoWidth: number;
  /** The phone number shown in the header, if any. */
  phone?: string;
}

/** Logo height in the header row (chrome.css .brand img). */
export const LOGO_HEIGHT_PX = 48;
const LOGO_MAX_WIDTH_PX = 220;
/** The dealer's name in place of a logo: at most this wide, in two lines (chrome.css .brand-name). */
export const NAME_MAX_WIDTH_PX = 260;

export function headerLogoWidth(logo: { width?: number; height?: number } | undefined, name: string): number {
  if (!logo) return Math.min(textWidth(name, 20), NAME_MAX_WIDTH_PX);
  const { width = 180, height = 60 } = logo;
  return Math.min(LOGO_MAX_WIDTH_PX, height > 0 ? (width * LOGO_HEIGHT_PX) / height : width);
}

/** Width in px the one-row header needs at its widest: gutters, logo, every link, the phone. */
export function headerRowWidth(items: readonly NavItem[], parts: HeaderParts): number {
  const gutters = 2 * 24;
  const gaps = 2 * 24;
  const links = items.reduce(
    (sum, i) => sum + textWidth(i.label, NAV_FONT_PX) + NAV_ITEM_PADDING_PX + (i.children?.length ? NAV_TOGGLE_PX : 0),
    0,
  );
  // Icon, gap, the number and the button's padding and border.
  const phone = parts.phone ? 20 + 8 + textWidth(parts.phone, NAV_FONT_PX) + 2 * 16 + 4 : 0;
  return gutters + parts.logoWidth + gaps + links + phone;
}

/** The phone number the dealer's header shows: the site's, else its primary location's. */
export function headerPhone(d: Pick<DealerContent, 'site' | 'locations'>): string | undefined {
  return d.site.contact?.phone ?? d.locations.find((l) => l.primary)?.contact_detail?.phone;
}

/** The breakpoint of a dealer's header (navBreakpoint), the same on every page. */
export const headerBreakpoint: (d: DealerContent) => NavBreakpoint = oncePer((d) => {
  const phone = headerPhone(d);
  return navBreakpoint(navigation(d), {
    logoWidth: headerLogoWidth(d.site.logo, d.site.name),
    phone: phone ? phoneText(phone) : undefined,
  });
});

/** The smallest breakpoint at which the navigation row fits, or 'never' (the menu at every width). */
export function navBreakpoint(items: readonly NavItem[], parts: HeaderParts): NavBreakpoint {
  const rem = headerRowWidth(items, parts) / 16;
  return NAV_BREAKPOINTS.find((b) => b >= rem) ?? 'never';
}

export type SocialNetwork = 'facebook' | 'instagram' | 'youtube' | 'linkedin' | 'tiktok';
const NETWORKS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

export interface SocialLink {
  network: SocialNetwork;
  href: string;
  /** The link's accessible name: the icon alone says nothing to a screen reader. */
  label: string;
}

/** The dealer's profiles (1.1 `social`) in a fixed order, each named for its network. */
export function socialLinks(site: Pick<Site, 'name' | 'social'>): SocialLink[] {
  const social: Partial<Record<SocialNetwork, string>> = site.social ?? {};
  return (Object.keys(NETWORKS) as SocialNetwork[]).flatMap((network) => {
    const href = social[network];
    return href ? [{ network, href, label: `${site.name} on ${NETWORKS[network]}` }] : [];
  });
}
