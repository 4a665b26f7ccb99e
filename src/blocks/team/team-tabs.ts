/** The team block's tabs: one per staff category, selected by the `team` query parameter. */
import type { TabItem } from '../../components/ui/tabs.ts';

/** The query parameter that selects the staff category tab (spec §2 query parameters). */
export const TEAM_PARAM = 'team';

/**
 * The tab of each category: `?team=` names it by slug or by category name, in any case
 * ("pre-owned-sales", "Pre-Owned Sales"), and choosing any tab, the first included, writes its slug.
 */
export function teamTabItems(categories: readonly { slug: string; label: string }[]): TabItem[] {
  return categories.map((c) => ({ key: c.slug, label: c.label, query: c.slug, match: [c.label] }));
}
