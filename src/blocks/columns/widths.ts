/** Column spans on the 12-column grid. */

export const GRID_COLUMNS = 12;

/**
 * The span of each column. A column with a `width` keeps it; columns without one share what the
 * others leave of 12 equally, the first ones taking any remainder (five columns: 3 3 2 2 2).
 * When too little is left to give each at least one, they share a row of their own instead
 * (the grid wraps them onto the next row).
 */
export function columnSpans(cols: readonly { width?: number }[]): number[] {
  const fixed = cols.reduce((sum, c) => sum + (c.width ?? 0), 0);
  const free = cols.filter((c) => c.width === undefined).length;
  if (free === 0) return cols.map((c) => c.width!);
  const left = GRID_COLUMNS - fixed;
  const pool = left >= free ? left : GRID_COLUMNS;
  const base = Math.max(1, Math.floor(pool / free));
  let extra = pool - base * free;
  return cols.map((c) => {
    if (c.width !== undefined) return c.width;
    if (extra > 0) {
      extra -= 1;
      return base + 1;
    }
    return base;
  });
}
