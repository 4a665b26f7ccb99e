/**
 * The photo gallery's rules, shared by its browser script and the tests: which photo a key
 * moves to, which photo a scrolled track shows, and how the count reads.
 */

/** The photo `delta` steps from `current`, wrapping past either end (the last photo leads to the first). */
export function stepIndex(current: number, delta: number, count: number): number {
  if (!(count > 0)) return 0;
  return (((current + delta) % count) + count) % count;
}

/**
 * Where a key sends the gallery from `current`: arrows step (wrapping), Home and End jump to the
 * ends; undefined for any other key, which the gallery leaves to the browser.
 */
export function indexForKey(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return stepIndex(current, 1, count);
    case 'ArrowLeft':
      return stepIndex(current, -1, count);
    case 'Home':
      return 0;
    case 'End':
      return Math.max(0, count - 1);
    default:
      return undefined;
  }
}

/** The photo a snap track shows: its scroll offset in whole slide widths, within the photos. */
export function indexAtScroll(scrollLeft: number, slideWidth: number, count: number): number {
  if (!(slideWidth > 0) || !(count > 0)) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(Math.abs(scrollLeft) / slideWidth)));
}

/** "3 / 7": the photo shown (from 1) of how many. */
export function countText(index: number, count: number): string {
  return `${index + 1} / ${count}`;
}

function decodeURISafe(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/**
 * The car's walk-around video (1.2 `video_url`) as a link the page may show: an absolute http(s)
 * address, normalised, or a path on the dealer's own site ("/videos/kluger.mp4"); undefined for
 * anything else (`javascript:`, "//host", a typo), so no link is made that would not open a video.
 */
export function videoHref(url: string | undefined): string | undefined {
  const text = url?.trim();
  // A walk-around on the dealer's own site ("/videos/kluger.mp4"), as photos may be.
  if (text && /^\/(?![/\\])\S+$/.test(text)) return encodeURI(decodeURISafe(text));
  if (!text || !/^https?:\/\//i.test(text)) return undefined;
  try {
    const parsed = new URL(text);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
