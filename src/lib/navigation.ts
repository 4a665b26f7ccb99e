/**
 * The site chrome's content: the header navigation, derived from the dealer's own pages (the
 * content format has no menu), where the header has room for it, and the footer's opening hours
 * and social links.
 */
import type { DealerContent } from '../content/load.ts';
import type { Location, OpeningHours } from '../content/entities.ts';
import type { Site } from '../content/site.ts';
import { shortTitle } from './text.ts';
import { PRIVACY_PATH, TERMS_PATH, modelPath } from './routes.ts';

export interface NavItem {
  href: string;
  label: string;
}

/** Well-known sections first, in the order visitors look for them. */
const priority = [/new|model|range/, /used|cars|stock/, /offer|special/, /service/, /finance/, /parts/, /team|about/, /contact/];
export const MAX_NAV_ITEMS = 7;

const byDealer = new WeakMap<DealerContent, NavItem[]>();

/** The header links of a dealer: the same on every page, so worked out once per dealer. */
export function navigation(d: DealerContent): NavItem[] {
  let items = byDealer.get(d);
  if (!items) {
    items = buildNavigation(d);
    byDealer.set(d, items);
  }
  return items;
}

function buildNavigation(d: DealerContent): NavItem[] {
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
  const fromPath = words.split(/[-_]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
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
/** Typical advance of a semibold sans serif (a little generous, so an estimate errs on the wide side). */
const charEm = (ch: string) => (ch === ' ' ? 0.3 : /[A-Z]/.test(ch) ? 0.7 : /[mwMW]/.test(ch) ? 0.85 : /[iljtfr.,'|]/.test(ch) ? 0.36 : 0.57);

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

export function headerLogoWidth(logo: { width?: number; height?: number } | undefined, name: string): number {
  if (!logo) return Math.min(textWidth(name, 20), 260);
  const { width = 180, height = 60 } = logo;
  return Math.min(LOGO_MAX_WIDTH_PX, height > 0 ? (width * LOGO_HEIGHT_PX) / height : width);
}

/** Width in px the one-row header needs at its widest: gutters, logo, every link, the phone. */
export function headerRowWidth(items: readonly NavItem[], parts: HeaderParts): number {
  const gutters = 2 * 24;
  const gaps = 2 * 24;
  const links = items.reduce((sum, i) => sum + textWidth(i.label, NAV_FONT_PX) + NAV_ITEM_PADDING_PX, 0);
  // Icon, gap, the number and the button's padding and border.
  const phone = parts.phone ? 20 + 8 + textWidth(parts.phone, NAV_FONT_PX) + 2 * 16 + 4 : 0;
  return gutters + parts.logoWidth + gaps + links + phone;
}

/** The smallest breakpoint at which the navigation row fits, or 'never' (the menu at every width). */
export function navBreakpoint(items: readonly NavItem[], parts: HeaderParts): NavBreakpoint {
  const rem = headerRowWidth(items, parts) / 16;
  return NAV_BREAKPOINTS.find((b) => b >= rem) ?? 'never';
}

/* Footer */

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Day = (typeof WEEK)[number];
const DAY_SHORT: Record<Day, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const DEPARTMENTS = ['sales', 'service', 'parts'] as const;

export interface HoursLine {
  /** "Mon–Wed, Fri", or undefined for a free-text line (content format 1.0 opening_hours). */
  days?: string;
  hours: string;
}

export interface DepartmentHours {
  /** "Sales", "Service" …; undefined when the location has one set of hours. */
  label?: string;
  lines: HoursLine[];
}

/** "08:30" → "8:30am", "17:00" → "5pm". */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const h12 = h % 12 || 12;
  return m ? `${h12}:${String(m).padStart(2, '0')}${suffix}` : `${h12}${suffix}`;
}

/** Days as runs of the week: [mon, tue, wed, fri] → "Mon–Wed, Fri". */
export function dayRuns(days: readonly Day[]): string {
  const idx = [...new Set(days.map((d) => WEEK.indexOf(d)))].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1] === idx[j]! + 1) j++;
    const from = DAY_SHORT[WEEK[idx[i]!]!];
    const to = DAY_SHORT[WEEK[idx[j]!]!];
    runs.push(j === i ? from : j === i + 1 ? `${from}, ${to}` : `${from}–${to}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** One department's week as lines of days sharing the same hours, then the days it is closed. */
function weekLines(hours: readonly OpeningHours[]): HoursLine[] {
  const byDay = new Map<Day, string>();
  for (const h of hours) for (const d of h.days) byDay.set(d, `${clockTime(h.opens)} – ${clockTime(h.closes)}`);
  const groups = new Map<string, Day[]>();
  for (const d of WEEK) {
    const span = byDay.get(d) ?? 'Closed';
    groups.set(span, [...(groups.get(span) ?? []), d]);
  }
  // Closed days last, whatever day of the week they are.
  return [...groups.entries()]
    .sort(([a], [b]) => Number(a === 'Closed') - Number(b === 'Closed'))
    .map(([span, days]) => ({ days: dayRuns(days), hours: span }));
}

/**
 * A location's opening hours for the footer, compacted ("Mon–Wed, Fri 8:30am – 5:30pm"): from the
 * 1.1 `hours` (per department when it names more than one; an entry without a department holds
 * for all), else the display lines of `opening_hours`.
 */
export function footerHours(location: Pick<Location, 'hours' | 'opening_hours'>): DepartmentHours[] {
  const hours = location.hours ?? [];
  if (hours.length) {
    const named = DEPARTMENTS.filter((d) => hours.some((h) => h.department === d));
    if (named.length <= 1) return [{ lines: weekLines(hours) }];
    return named.map((d) => ({
      label: d[0]!.toUpperCase() + d.slice(1),
      lines: weekLines(hours.filter((h) => !h.department || h.department === d)),
    }));
  }
  const lines = (location.opening_hours ?? []).map((l) => l.trim()).filter(Boolean);
  return lines.length ? [{ lines: lines.map((hours) => ({ hours })) }] : [];
}

export type SocialNetwork = 'facebook' | 'instagram' | 'youtube' | 'linkedin' | 'tiktok';
const NETWORKS: Record<SocialNetwork, string> = {
  facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube', linkedin: 'LinkedIn', tiktok: 'TikTok',
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
