/**
 * The cars search UI's words and lists, apart from the search itself (cars-search.ts): the result
 * count and the filter sheet's button, the active filters as chips, and the page buttons with
 * their gaps (a shorter row on phones).
 */
import { formatKm, formatPrice } from '../../lib/text.ts';

/** "23 cars", "1 car". */
export const carsCount = (n: number) => `${n} ${n === 1 ? 'car' : 'cars'}`;

/** The mobile filter sheet's button: what closing it will show. */
export const showCarsLabel = (n: number) => `Show ${carsCount(n)}`;

/** One refinement as InstantSearch's current-refinements connector describes it (a structural subset). */
export interface RefinementLike {
  attribute: string;
  type: string;
  value: string | number | boolean;
  label: string;
  operator?: string;
}

/** An active-filter chip: its text, and the refinements removing it takes away. */
export interface FilterChip<R extends RefinementLike = RefinementLike> {
  key: string;
  label: string;
  refinements: R[];
}

const RANGE_LABELS: Record<string, { name: string; format: (n: number) => string }> = {
  year: { name: 'Year', format: (n) => String(n) },
  price: { name: 'Price', format: (n) => formatPrice(n) },
  km: { name: 'Kilometres', format: (n) => formatKm(n) },
};

/**
 * The chips of the active filters, in the order the refinements come: one per list value, the
 * keyword, certified, and one per range (its minimum and maximum together, as the form shows
 * them as one field).
 */
export function refinementChips<R extends RefinementLike>(refinements: readonly R[]): FilterChip<R>[] {
  const chips: FilterChip<R>[] = [];
  const ranges = new Map<string, FilterChip<R> & { lo?: number; hi?: number }>();
  for (const r of refinements) {
    if (r.type === 'numeric' && RANGE_LABELS[r.attribute]) {
      let chip = ranges.get(r.attribute);
      if (!chip) {
        chip = { key: `range:${r.attribute}`, label: '', refinements: [] };
        ranges.set(r.attribute, chip);
        chips.push(chip);
      }
      chip.refinements.push(r);
      const n = Number(r.value);
      if (r.operator === '>=' || r.operator === '>') chip.lo = n;
      else if (r.operator === '<=' || r.operator === '<') chip.hi = n;
      else chip.lo = chip.hi = n;
      continue;
    }
    const label =
      r.type === 'query'
        ? `Keyword: ${r.value}`
        : r.attribute === 'certified'
          ? 'Certified pre-owned'
          : r.attribute === 'seats'
            ? `${r.label} seats`
            : r.label;
    chips.push({ key: `${r.type}:${r.attribute}:${String(r.value)}`, label, refinements: [r] });
  }
  for (const [attr, chip] of ranges) {
    const { name, format } = RANGE_LABELS[attr]!;
    const { lo, hi } = chip;
    chip.label =
      lo !== undefined && hi !== undefined
        ? lo === hi
          ? `${name}: ${format(lo)}`
          : `${name}: ${format(lo)} – ${format(hi)}`
        : lo !== undefined
          ? `${name}: from ${format(lo)}`
          : `${name}: up to ${format(hi!)}`;
    delete chip.lo;
    delete chip.hi;
  }
  return chips;
}

/**
 * The page buttons of a result list (0-based pages; 'gap' is an ellipsis): the first and last
 * pages, the current one and `around` either side. A gap standing for a single page shows that
 * page instead, so the list never hides one page behind "…". At most 2 × around + 5 entries.
 */
export function pageList(current: number, nbPages: number, around = 1): (number | 'gap')[] {
  if (nbPages <= 0) return [];
  const cur = Math.min(Math.max(0, current), nbPages - 1);
  const last = nbPages - 1;
  // Keep the window's width near the ends, so the list does not shrink and shift as one pages.
  let from = Math.max(0, cur - around),
    to = Math.min(last, cur + around);
  const width = 2 * around + 1;
  if (cur - around <= 2) {
    from = 0;
    to = Math.min(last, Math.max(to, width + 1));
  }
  if (cur + around >= last - 2) {
    to = last;
    from = Math.max(0, Math.min(from, last - width - 1));
  }
  // A gap standing for one page would hide it for nothing: the window reaches to that end then.
  if (from === 2) from = 1;
  if (to === last - 2) to = last - 1;
  const out: (number | 'gap')[] = [];
  if (from > 0) out.push(0, ...(from > 1 ? ['gap' as const] : []));
  for (let p = from; p <= to; p++) out.push(p);
  if (to < last) out.push(...(to < last - 1 ? ['gap' as const] : []), last);
  return out;
}

/** One entry of the page buttons, with the screens it shows on (phones: `narrow`). */
export type PageEntry =
  { kind: 'page'; page: number; wide: boolean; narrow: boolean } | { kind: 'gap'; wide: boolean; narrow: boolean };

/**
 * pageList for wide screens (one neighbour each side) and phones (none) in one list, so the
 * server renders both and CSS picks: each entry says where it shows. A phone's row then holds at
 * most seven buttons (previous, five entries, next) and never wraps.
 */
export function responsivePageList(current: number, nbPages: number): PageEntry[] {
  const nums = (l: (number | 'gap')[]) => new Set(l.filter((x): x is number => x !== 'gap'));
  const wide = nums(pageList(current, nbPages, 1)),
    narrow = nums(pageList(current, nbPages, 0));
  const all = [...new Set([...wide, ...narrow])].sort((a, b) => a - b);
  const out: PageEntry[] = [];
  let lastWide: number | undefined, lastNarrow: number | undefined;
  for (const page of all) {
    const inWide = wide.has(page),
      inNarrow = narrow.has(page);
    const wideGap = inWide && lastWide !== undefined && page > lastWide + 1;
    const narrowGap = inNarrow && lastNarrow !== undefined && page > lastNarrow + 1;
    if (wideGap || narrowGap) out.push({ kind: 'gap', wide: wideGap, narrow: narrowGap });
    out.push({ kind: 'page', page, wide: inWide, narrow: inNarrow });
    if (inWide) lastWide = page;
    if (inNarrow) lastNarrow = page;
  }
  return out;
}
