/**
 * The last touch every rendered page gets (see heading-outline.ts and island-style.ts). The dev
 * server applies it in the middleware (src/middleware.ts). A build applies it in the dealer-fleet
 * prerenderer (src/engine/integration/prerenderer.ts) on the text it reads anyway, so that a page is
 * decoded from Astro's bytes once rather than decoded, re-encoded and decoded again.
 */
import { outlineHeadings } from './heading-outline.ts';
import { dropIslandStyle } from './island-style.ts';

export function finishPageHtml(html: string): string {
  return outlineHeadings(dropIslandStyle(html));
}
