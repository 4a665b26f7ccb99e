/** The model range's category buttons as tabs of the shared tabs island, synced with `?body=`. */
import type { TabItem } from '../../components/ui/tabs.ts';
import { BODY_PARAM, buttonRows, type RangeTab } from './model-range.ts';

export { BODY_PARAM };

/**
 * `?body=` names a tab by its label or key in any case ("suv", "People Mover", "people-mover");
 * choosing a category writes its label, and 'All' (the default) removes the parameter.
 */
export function rangeTabItems(tabs: readonly RangeTab[]): TabItem[] {
  return tabs.map((t) => ({
    key: t.key,
    label: t.label,
    match: [t.label],
    query: t.key === 'all' ? undefined : t.label,
  }));
}

/** Sizes of the button rows of the spec (0-2 or 0-3, then up to 8, then 9 and above). */
export function rangeRowSizes(tabs: readonly RangeTab[]): number[] {
  return buttonRows(tabs).map((row) => row.length);
}
