/**
 * Pure logic of the shared tabs island (Tabs.tsx): keyboard moves, the tab a query parameter
 * selects, the URL a choice writes back, the ids that tie tabs to panels, and which items of a
 * shared panel a tab shows. The island runs it in the browser, so it imports nothing.
 */

export interface TabItem {
  /** Unique within the list and safe in an id ("sales", "0", "all"). */
  key: string;
  label: string;
  /**
   * What the tab writes to the query parameter when chosen; absent removes the parameter (the
   * default tab needs none in its URL).
   */
  query?: string;
  /**
   * Values of the query parameter that select this tab, compared with queryKey (case and
   * spacing ignored). The tab's key always selects it.
   */
  match?: string[];
}

/** A query value as tabs compare it: trimmed, lower case, inner spaces collapsed. */
export function queryKey(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The tab a key moves to in a horizontal tab list (arrows wrap, Home and End jump), or
 * undefined for a key that does not move (WAI-ARIA tabs pattern).
 */
export function tabIndexAfterKey(key: string, current: number, count: number): number | undefined {
  if (count < 1) return undefined;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** The tab `param` selects in `search`; absent, empty or unknown → the first tab (0). */
export function tabIndexFromSearch(search: string, param: string, tabs: readonly TabItem[]): number {
  const wanted = new URLSearchParams(search).get(param);
  if (!wanted?.trim()) return 0;
  const key = queryKey(wanted);
  const i = tabs.findIndex((t) => queryKey(t.key) === key || (t.match ?? []).some((m) => queryKey(m) === key));
  return i === -1 ? 0 : i;
}

/** `href` with `param` set to what the tab writes (or removed), other parameters and the fragment kept. */
export function hrefWithTab(href: string, param: string, tab: TabItem): string {
  const url = new URL(href);
  if (tab.query === undefined) url.searchParams.delete(param);
  else url.searchParams.set(param, tab.query);
  return url.href;
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

export const tabId = (idBase: string, key: string) => `${idBase}-tab-${key}`;
/** One panel per tab has the tab's key in its id; a shared panel has none. */
export const panelId = (idBase: string, key?: string) =>
  key === undefined ? `${idBase}-panel` : `${idBase}-panel-${key}`;

/** Attribute of the items in a shared panel: the space-separated keys of the tabs that show them. */
export const ITEM_TABS_ATTR = 'data-tabs';

/** Whether an item whose `data-tabs` reads `itemTabs` shows while the tab `selected` is chosen. */
export function itemShown(itemTabs: string, selected: string): boolean {
  return itemTabs.split(/\s+/).includes(selected);
}

/** Consecutive row sizes ([3, 6, 3]) as the tab indexes of each row, ignoring sizes past the count. */
export function rowsOf(sizes: readonly number[] | undefined, count: number): number[][] {
  if (!sizes?.length) return [Array.from({ length: count }, (_, i) => i)];
  const rows: number[][] = [];
  let next = 0;
  for (const size of sizes) {
    const row = [];
    for (let j = 0; j < size && next < count; j++) row.push(next++);
    if (row.length) rows.push(row);
  }
  if (next < count) rows.push(Array.from({ length: count - next }, (_, j) => next + j));
  return rows;
}

/**
 * How far to scroll a horizontally scrolling tab list so the selected tab is fully in view,
 * given both boxes' left and right edges in the same coordinates: 0 when it already is, else the
 * smallest move (plus `margin`) that brings it in.
 */
export function scrollDelta(
  list: { left: number; right: number },
  tab: { left: number; right: number },
  margin = 0,
): number {
  if (tab.left < list.left) return tab.left - list.left - margin;
  if (tab.right > list.right) return Math.min(tab.right - list.right + margin, tab.left - list.left);
  return 0;
}
