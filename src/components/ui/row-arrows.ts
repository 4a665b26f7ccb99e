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
export const ROW_ARROWS_SCRIPT = [
  '(()=>{if(window.dealerRowArrows)return;window.dealerRowArrows=1;',
  // The list of a group: found in its section, given the id its buttons name.
  "const L=g=>{const l=g.closest('[data-row]')?.querySelector(g.dataset.rowList);if(l&&!l.id)l.id=g.dataset.rowId;return l};",
  // Shown where the row overflows; each button disabled at its end.
  "const S=()=>{for(const g of document.querySelectorAll('[data-row-arrows]')){const l=L(g),e=l?l.scrollWidth-l.clientWidth-2:0;g.hidden=e<=0;",
  "if(l)for(const b of g.querySelectorAll('[data-row-step]'))b.disabled=b.dataset.rowStep<0?l.scrollLeft<=2:l.scrollLeft>=e}};",
  // A screenful a click (the row snaps to a card), at once for those who ask for less motion.
  "addEventListener('click',v=>{const b=v.target.closest?.('[data-row-step]'),l=b&&L(b.closest('[data-row-arrows]'));if(!l)return;",
  "l.scrollBy({left:b.dataset.rowStep*l.clientWidth*.9,behavior:matchMedia('(prefers-reduced-motion: reduce)').matches?'auto':'smooth'})});",
  "addEventListener('scroll',()=>requestAnimationFrame(S),true);addEventListener('resize',S);addEventListener('load',S);S()})();",
].join('');
