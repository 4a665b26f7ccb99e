/** Tab logic of the team block: which tab the `team` query parameter selects, and keyboard moves. */
import { categoryKey } from '../../lib/staff.ts';

export const TEAM_PARAM = 'team';

export interface TabRef {
  slug: string;
  label: string;
}

/**
 * The tab chosen by `?team=`: matched case-insensitively on the tab's slug or its category name
 * ("pre-owned-sales", "Pre-Owned Sales"). Absent or unknown → the first tab (0).
 */
export function tabIndexFromSearch(search: string, tabs: readonly TabRef[]): number {
  const wanted = new URLSearchParams(search).get(TEAM_PARAM);
  if (!wanted?.trim()) return 0;
  const slug = wanted.trim().toLowerCase();
  const key = categoryKey(wanted);
  const i = tabs.findIndex((t) => t.slug === slug || categoryKey(t.label) === key);
  return i === -1 ? 0 : i;
}

/** `href` with `team=<slug>` set, other parameters and the fragment kept. */
export function hrefWithTab(href: string, slug: string): string {
  const url = new URL(href);
  url.searchParams.set(TEAM_PARAM, slug);
  return url.href;
}

/**
 * The tab a key moves to in a horizontal tab list (arrows wrap, Home and End jump), or undefined
 * for a key that does not move.
 */
export function tabIndexAfterKey(key: string, current: number, count: number): number | undefined {
  if (count < 1) return undefined;
  switch (key) {
    case 'ArrowRight': return (current + 1) % count;
    case 'ArrowLeft': return (current - 1 + count) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return undefined;
  }
}

/** Slugs that stay unique within one tab list ("sales", "sales-2"), for ids and the URL. */
export function uniqueSlugs(slugs: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return slugs.map((s) => {
    const n = (seen.get(s) ?? 0) + 1;
    seen.set(s, n);
    return n === 1 ? s : `${s}-${n}`;
  });
}
