/**
 * The model range screen (spec §2 "Model range screen"): which models a brandModels block lists,
 * its category buttons, how the buttons split into rows, and which button `?body=` selects.
 * Plain data in, plain data out: the Astro block renders it and the island only filters. The
 * island imports this file, so it stays free of the HTML sanitiser (tiles: model-tiles.ts).
 */
import type { Model } from '../../content/entities.ts';

/** The query parameter that selects the category tab (spec §2 query parameters). */
export const BODY_PARAM = 'body';
export const ALL_LABEL = 'All';
export const FUTURE_LABEL = 'Future Vehicles';
/** Index of the last button of the second row; the third row starts after it (spec: "up to 8, then 9 and above"). */
export const SECOND_ROW_LAST_INDEX = 8;

export interface RangeTab {
  /** Lower-case key, unique in the list: "all", "suv", "future-vehicles". */
  key: string;
  label: string;
}

/** Case- and space-insensitive identity of a category name ("SUV", " suv " → "suv"). */
export function categoryKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A category's tab key: "People Mover" → "people-mover". */
export function tabKey(name: string): string {
  return (
    categoryKey(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'category'
  );
}

/**
 * The range-screen categories of one model. The CMS fills manufacturer_body, _body2 and _body3
 * with the categories the manufacturer markets the model under ("SUV", "Hybrid"); `body` is the
 * list of physical body types, which for some models are not range categories at all (HiLux:
 * "Single Cab", "Extra Cab"…). So the three manufacturer fields win, and `body` is used only
 * for a model that has none of them, so such a model still appears under its body types.
 * Empty and repeated names are dropped; the CMS spelling of the first occurrence is kept.
 */
export function modelCategories(model: Model): string[] {
  const named = [model.manufacturer_body, model.manufacturer_body2, model.manufacturer_body3]
    .map((b) => b?.trim())
    .filter((b): b is string => !!b);
  const source = named.length ? named : model.body.map((b) => b.trim()).filter(Boolean);
  const seen = new Set<string>();
  return source.filter((b) => {
    const key = categoryKey(b);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The models a block lists: those of `make` (manufacturer_name, case-insensitive) or all. */
export function rangeModels(models: readonly Model[], make: string | undefined): Model[] {
  const wanted = make?.trim() ? categoryKey(make) : undefined;
  return wanted ? models.filter((m) => categoryKey(m.manufacturer_name ?? '') === wanted) : [...models];
}

export function isComingSoon(model: Model): boolean {
  return model.status === 'coming_soon';
}

/**
 * The category buttons in display order: 'All', every category in the order the models first
 * name it, then 'Future Vehicles' when the site enables it and a listed model is coming soon
 * (an empty tab would only lead to an empty grid). No buttons at all when there is one category
 * or none, since 'All' and the single category would show the same tiles (spec: "shown only when
 * there is more than one category"; 'Future Vehicles' counts as a category).
 */
export function rangeTabs(models: readonly Model[], futureVehiclesTab: boolean): RangeTab[] {
  const tabs: RangeTab[] = [];
  const keys = new Set<string>();
  const add = (label: string) => {
    const key = tabKey(label);
    if (keys.has(key)) return;
    keys.add(key);
    tabs.push({ key, label });
  };
  for (const model of models) for (const c of modelCategories(model)) add(c);
  if (futureVehiclesTab && models.some(isComingSoon) && !keys.has(tabKey(FUTURE_LABEL))) add(FUTURE_LABEL);
  if (tabs.length <= 1) return [];
  return [{ key: 'all', label: ALL_LABEL }, ...tabs.filter((t) => t.key !== 'all')];
}

/**
 * The tab keys under which a model's tile shows: always 'all', its categories, and
 * 'future-vehicles' when it is coming soon and that tab exists.
 */
export function tileTabKeys(model: Model, tabs: readonly RangeTab[]): string[] {
  const keys = ['all', ...modelCategories(model).map(tabKey)];
  if (isComingSoon(model) && tabs.some((t) => t.label === FUTURE_LABEL)) keys.push(tabKey(FUTURE_LABEL));
  return [...new Set(keys)];
}

/**
 * Index of the last button of the first row. The spec gives "0-2 or 0-3": the first row holds
 * three buttons when the count is odd or a multiple of three, else four. That keeps the rows
 * balanced for the common counts (5 → 3+2, 6 → 3+3, 8 → 4+4, 9 → 3+6, 12 → 3+6+3) where a fixed
 * four would leave a lone button (5 → 4+1) or a lopsided pyramid (12 → 4+5+3).
 */
export function firstRowLastIndex(count: number): number {
  return count % 2 === 1 || count % 3 === 0 ? 2 : 3;
}

/**
 * The button rows by index: 0-2 or 0-3, then up to index 8, then 9 and above. Empty rows are
 * left out, so fewer buttons make fewer rows.
 */
export function buttonRows<T>(buttons: readonly T[]): T[][] {
  const first = firstRowLastIndex(buttons.length);
  return [
    buttons.slice(0, first + 1),
    buttons.slice(first + 1, SECOND_ROW_LAST_INDEX + 1),
    buttons.slice(SECOND_ROW_LAST_INDEX + 1),
  ].filter((row) => row.length > 0);
}

/**
 * The tab that `?body=` selects: matched case-insensitively on the label ("suv", "People Mover")
 * or the key ("people-mover"). Absent or unknown → 'All' (index 0).
 */
export function tabIndexFromSearch(search: string, tabs: readonly RangeTab[]): number {
  const wanted = new URLSearchParams(search).get(BODY_PARAM)?.trim();
  if (!wanted) return 0;
  const key = categoryKey(wanted);
  const i = tabs.findIndex((t) => categoryKey(t.label) === key || t.key === key);
  return i === -1 ? 0 : i;
}

/**
 * `href` with `body` naming the tab, other parameters and the fragment kept. 'All' is the
 * default, so choosing it removes the parameter rather than writing `body=All`.
 */
export function hrefWithBody(href: string, tab: RangeTab): string {
  const url = new URL(href);
  if (tab.key === 'all') url.searchParams.delete(BODY_PARAM);
  else url.searchParams.set(BODY_PARAM, tab.label);
  return url.href;
}
