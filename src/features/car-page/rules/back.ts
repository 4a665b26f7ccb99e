/**
 * "Back to results": the stock search keeps its whole state in the URL (query, filters, sort,
 * page), so returning to the exact search means returning to the URL the visitor left. The car
 * page remembers it for the browsing session when it was opened from one of the site's results
 * pages, and falls back to the listing page without JavaScript or without a remembered search.
 */

/** sessionStorage key of the last results URL (path and query) seen before a car page. */
export const RESULTS_KEY = 'car-page:results';

/** "/used-cars/" and "/used-cars" are one page to a static host. */
function samePath(a: string, b: string): boolean {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return norm(a) === norm(b);
}

/**
 * The results URL (path, query) `url` names when it is on this site (`origin`) and one of its
 * results pages (`paths`); undefined otherwise (another site, a car page, an empty referrer).
 * The fragment is dropped: it only marks a place in the page.
 */
export function resultsUrlFrom(
  url: string | null | undefined,
  origin: string,
  paths: readonly string[],
): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const u = new URL(url);
  if (u.origin !== origin || !paths.some((p) => samePath(p, u.pathname))) return undefined;
  return u.pathname + u.search;
}
