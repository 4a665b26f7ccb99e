/**
 * Astro writes `<style>astro-island,…{display:contents}</style>` into <body> before the first
 * island; <style> is not allowed there and the CSP would need it hashed. global.css carries the
 * same rule, so the tag is dropped: by the middleware as each page is rendered (no second write
 * of the file), and checked again when the build splits the sites.
 */
export const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;

export function dropIslandStyle(html: string): string {
  return html.replace(ISLAND_STYLE, '');
}
