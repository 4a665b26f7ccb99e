/**
 * The words of a search query, as the search route matches them and as the build does when it
 * answers the cars block's first page.
 */

/** Words of a query, lowercased: letters and digits only, so nothing reaches tsquery syntax. */
export function queryTerms(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}
