/** The header navigation, derived from the dealer's own pages (the content format has no menu). */
import type { DealerContent } from '../content/load.ts';
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
