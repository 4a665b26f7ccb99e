/**
 * Tab logic of the offers block that also runs in the browser (the island imports it), so it
 * imports nothing heavy: which tab `?model=` selects and the URL a tab writes back.
 */
export { tabIndexAfterKey } from '../team/tabs.ts';

/** The `model` query parameter selects the offers tab (spec §4). */
export const MODEL_PARAM = 'model';
export const ALL_TAB = 'all';
export const OTHER_TAB = 'other-offers';
export const ALL_LABEL = 'All Offers';
export const OTHER_LABEL = 'Other Offers';

export interface OfferTab {
  /** The `model` parameter's value: a model slug, OTHER_TAB, or ALL_TAB for All Offers. */
  value: string;
  label: string;
}

/** The tab `?model=` names (matched without case); absent or unknown → the first tab (0). */
export function tabIndexFromSearch(search: string, tabs: readonly OfferTab[]): number {
  const wanted = new URLSearchParams(search).get(MODEL_PARAM)?.trim().toLowerCase();
  if (!wanted) return 0;
  const i = tabs.findIndex((t) => t.value === wanted);
  return i === -1 ? 0 : i;
}

/**
 * `href` with `model` set to the tab's value, or removed for the first tab (the spec's URL for
 * All Offers has no `model`). Other parameters and the fragment are kept.
 */
export function hrefWithTab(href: string, tabs: readonly OfferTab[], index: number): string {
  const url = new URL(href);
  if (index <= 0 || !tabs[index]) url.searchParams.delete(MODEL_PARAM);
  else url.searchParams.set(MODEL_PARAM, tabs[index].value);
  return url.href;
}

/** Whether a card of tab `cardTab` shows while tab `selected` is chosen (All Offers shows every card). */
export function cardShown(cardTab: string, selected: string): boolean {
  return selected === ALL_TAB || cardTab === selected;
}
