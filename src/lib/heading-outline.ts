/**
 * Keeps a page's heading outline free of skipped levels (h2 straight to h5), which screen-reader
 * users navigate by and the HTML checker reports. Editors pick a heading block's level for its
 * look, and a block cannot know which headings the blocks before it wrote, so the outline is
 * settled once per page, on the finished HTML: a heading deeper than one below the heading it
 * sits under is raised to that level and keeps its chosen size through `data-look` (base.css).
 * Headings the editor wrote at one level stay at one level: three h3 cards after an h1 all become
 * h2, and an h4 after an h6 under the same h2 becomes the h6's sibling, not its child.
 *
 * Headings a React island renders are left alone: the island hydrates against the markup its
 * component renders, and a changed tag would make React throw that markup away. Islands choose
 * their own levels with the page in mind. What an island holds in an `<astro-slot>` is another
 * matter: that is server-rendered Astro markup (the cards of a carousel, say), which the island
 * takes from the page as it finds it when it hydrates, so its headings are settled like the rest.
 */
const TOKEN = /<(\/?)(h[1-6]|astro-island|astro-slot)\b([^>]*)>/gi;

export function outlineHeadings(html: string): string {
  /** The open sections: each heading's level as written and as settled, outermost first. */
  const sections: { written: number; settled: number }[] = [];
  /** The islands and slots the scan is inside, innermost last. */
  const within: ('astro-island' | 'astro-slot')[] = [];
  let open: { from: string; to: string } | undefined;
  const enter = (written: number, settled: number) => {
    while (sections.length && sections.at(-1)!.written >= written) sections.pop();
    sections.push({ written, settled });
  };
  const settle = (tag: string, slash: string, name: string, attrs: string): string => {
    const lower = name.toLowerCase();
    if (lower === 'astro-island' || lower === 'astro-slot') {
      if (!slash) within.push(lower);
      else if (within.at(-1) === lower) within.pop();
      return tag;
    }
    const level = Number(lower[1]);
    if (within.at(-1) === 'astro-island') {
      if (!slash) enter(level, level);
      return tag;
    }
    if (slash) {
      if (open && open.from === lower) {
        const close = `</${open.to}>`;
        open = undefined;
        return close;
      }
      return tag;
    }
    while (sections.length && sections.at(-1)!.written >= level) sections.pop();
    const allowed = Math.min(level, (sections.at(-1)?.settled ?? 0) + 1);
    enter(level, allowed);
    if (allowed === level) return tag;
    open = { from: lower, to: `h${allowed}` };
    return `<h${allowed} data-look="${lower}"${attrs}>`;
  };
  // Copied only where a heading changes: most pages' outlines are settled already.
  let out = '';
  let copied = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    const settled = settle(m[0], m[1]!, m[2]!, m[3]!);
    if (settled === m[0]) continue;
    out += html.slice(copied, m.index) + settled;
    copied = m.index + m[0].length;
  }
  return copied === 0 ? html : out + html.slice(copied);
}
