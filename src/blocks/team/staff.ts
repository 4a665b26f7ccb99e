/** Staff grouping (spec §3): the default category order, then any other category by first use. */
import type { StaffMember } from '../../content/entities.ts';

export const defaultCategoryOrder = [
  'management',
  'sales',
  'pre-owned',
  'pre-owned sales',
  'new vehicle sales',
  'fleet',
  'finance',
  'car buying',
  'service',
  'parts',
  'administration',
] as const;

/** Lowercased, trimmed, single-spaced: "Pre-Owned  Sales" → "pre-owned sales". */
export function categoryKey(category: string | undefined): string {
  return (category ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
}

export interface StaffGroup {
  key: string;
  /** The category as the CMS wrote it first (for display). */
  label: string;
  members: StaffMember[];
}

/**
 * Members grouped by category in the default order; categories outside it follow in order of first
 * appearance; members with no category come last under "Our Team". `only` keeps those categories.
 */
export function groupStaff(members: StaffMember[], only?: string[]): StaffGroup[] {
  const wanted = only?.length ? new Set(only.map(categoryKey)) : undefined;
  const groups = new Map<string, StaffGroup>();
  for (const m of members) {
    const key = categoryKey(m.category);
    if (wanted && !wanted.has(key)) continue;
    let g = groups.get(key);
    if (!g) {
      g = { key, label: m.category?.trim() || 'Our Team', members: [] };
      groups.set(key, g);
    }
    g.members.push(m);
  }
  const rank = (key: string) => {
    if (key === '') return Number.MAX_SAFE_INTEGER;
    const i = (defaultCategoryOrder as readonly string[]).indexOf(key);
    return i === -1 ? defaultCategoryOrder.length : i;
  };
  const firstSeen = [...groups.keys()];
  return [...groups.values()].sort(
    (a, b) => rank(a.key) - rank(b.key) || firstSeen.indexOf(a.key) - firstSeen.indexOf(b.key),
  );
}

/** A URL-safe tab id for a category: "Pre-Owned Sales" → "pre-owned-sales". */
export function categorySlug(category: string): string {
  return (
    categoryKey(category)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'team'
  );
}
