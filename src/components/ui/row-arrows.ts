/**
 * The previous/next buttons of a home page row (the cars and offers rows): labels, and the one
 * small inline script that moves the row a screenful at a time and disables a button at its end.
 * The buttons start hidden: without the script they do nothing, so they never show. Once the
 * script runs, they show where the row overflows; CSS shows them only to mouse users on wide
 * screens (touch swipes).
 */

/** "Previous cars", "Next offers". */
export function rowArrowLabels(noun: string): { previous: string; next: string } {
  return { previous: `Previous ${noun}`, next: `Next ${noun}` };
}

/**
 * Each `[data-row-arrows]` group names its list by id (`aria-controls`), found inside its
 * `[data-row]` section by `data-row-list` (an island may render the list, so the id is given
 * here). Runs once a page, however many rows include it.
 */
export const ROW_ARROWS_SCRIPT = `(() => {
  if (window.dealerRowArrows) return;
  window.dealerRowArrows = true;
  const listOf = (group) => {
    const list = group.closest('[data-row]')?.querySelector(group.dataset.rowList);
    if (list && !list.id) list.id = group.dataset.rowId;
    return list;
  };
  const sync = () => {
    for (const group of document.querySelectorAll('[data-row-arrows]')) {
      const list = listOf(group);
      const end = list ? list.scrollWidth - list.clientWidth - 2 : 0;
      group.hidden = end <= 0;
      if (!list) continue;
      for (const b of group.querySelectorAll('[data-row-step]'))
        b.disabled = b.dataset.rowStep < 0 ? list.scrollLeft <= 2 : list.scrollLeft >= end;
    }
  };
  addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('[data-row-step]');
    const list = b && listOf(b.closest('[data-row-arrows]'));
    if (!list) return;
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: b.dataset.rowStep * list.clientWidth * 0.9, behavior: still ? 'auto' : 'smooth' });
  });
  addEventListener('scroll', () => requestAnimationFrame(sync), true);
  addEventListener('resize', sync);
  addEventListener('load', sync);
  sync();
})();`;
