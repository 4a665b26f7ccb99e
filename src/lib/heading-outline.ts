/**
 * Keeps a page's heading outline free of skipped levels (h2 straight to h5), which screen-reader
 * users navigate by and the HTML checker reports. Editors pick a heading block's level for its
 * look, and a block cannot know which headings the blocks before it wrote, so the outline is
 * settled once per page, on the finished HTML: a heading deeper than one below the previous is
 * raised to that level and keeps its chosen size through `data-look` (global.css).
 *
 * Headings inside a React island are left alone: the island hydrates against the markup its
 * component renders, and a changed tag would make React throw that markup away. Islands choose
 * their own levels with the page in mind.
 */
const TOKEN = /<(\/?)(h[1-6]|astro-island)\b([^>]*)>/gi;

export function outlineHeadings(html: string): string {
  let previous = 0;
  let islandDepth = 0;
  let open: { from: string; to: string } | undefined;
  return html.replace(TOKEN, (tag, slash: string, name: string, attrs: string) => {
    const lower = name.toLowerCase();
    if (lower === 'astro-island') {
      islandDepth += slash ? -1 : 1;
      return tag;
    }
    const level = Number(lower[1]);
    if (islandDepth > 0) {
      if (!slash) previous = level;
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
    const allowed = Math.max(1, Math.min(level, previous + 1));
    previous = allowed;
    if (allowed === level) return tag;
    open = { from: lower, to: `h${allowed}` };
    return `<h${allowed} data-look="${lower}"${attrs}>`;
  });
}
