/**
 * Which buttons the brand modal shows for one of a brand's websites (spec: Brands).
 * - 'Visit Website' always, to the website.
 * - 'Visit Used Stock' when the website name ends in one of the used-stock suffixes (trimmed,
 *   case-insensitive), to `<url>/used-cars`.
 * - 'Book Your Service' when the site turns the button on and the page path contains
 *   "why-service-with-us", to `<url>/service`.
 * A website whose url is not http(s) gets no buttons: nothing unsafe or broken is linked.
 */
import type { Brand } from '../../content/entities.ts';

export const WHY_SERVICE_PATH_PART = 'why-service-with-us';

export interface BrandButton {
  label: 'Visit Website' | 'Visit Used Stock' | 'Book Your Service';
  href: string;
}

export interface BrandButtonRules {
  /** site.options.brands.usedStockSuffixes */
  usedStockSuffixes: readonly string[];
  /** site.options.brands.bookServiceButton */
  bookServiceButton: boolean;
  /** ctx.page.path of the page the block is on. */
  pagePath: string;
}

type Website = Brand['websites'][number];

/** The url without trailing slashes when it is an absolute http(s) URL, else undefined. */
export function websiteBase(url: string): string | undefined {
  const u = url.trim();
  if (!/^https?:\/\/[^/\s]+/i.test(u)) return undefined;
  return u.replace(/\/+$/, '');
}

/** Whether the website name ends in one of the suffixes, compared trimmed and case-insensitively. */
export function isUsedStockWebsite(name: string, suffixes: readonly string[]): boolean {
  const n = name.trim().toLowerCase();
  return suffixes.some((s) => {
    const suffix = s.trim().toLowerCase();
    return suffix !== '' && n.endsWith(suffix);
  });
}

export function showsBookService(rules: Pick<BrandButtonRules, 'bookServiceButton' | 'pagePath'>): boolean {
  return rules.bookServiceButton && rules.pagePath.toLowerCase().includes(WHY_SERVICE_PATH_PART);
}

export function websiteButtons(website: Website, rules: BrandButtonRules): BrandButton[] {
  const base = websiteBase(website.url);
  if (!base) return [];
  const buttons: BrandButton[] = [{ label: 'Visit Website', href: website.url.trim() }];
  if (isUsedStockWebsite(website.name, rules.usedStockSuffixes)) {
    buttons.push({ label: 'Visit Used Stock', href: `${base}/used-cars` });
  }
  if (showsBookService(rules)) buttons.push({ label: 'Book Your Service', href: `${base}/service` });
  return buttons;
}

/**
 * The brands a block shows: all of them when `ids` is absent, else those ids in the editor's
 * order (ids compared as strings; unknown ids skipped, repeats shown once).
 */
export function selectBrands(brands: readonly Brand[], ids: readonly (string | number)[] | undefined): Brand[] {
  if (!ids) return [...brands];
  const byId = new Map(brands.map((b) => [String(b.id), b]));
  const picked = new Set<Brand>();
  for (const id of ids) {
    const brand = byId.get(String(id));
    if (brand) picked.add(brand);
  }
  return [...picked];
}
