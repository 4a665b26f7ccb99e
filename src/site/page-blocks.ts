/** Questions asked of a page's whole block tree (nested columns and faq answers included). */
import type { Block } from '../content/blocks.ts';
import { headingContent } from './heading-content.ts';
import { sanitizeRich } from '../lib/sanitize.ts';
import { isThankYouPage, walkBlocks } from '../content/block-tree.ts';
import { isListed, type Route } from '../domain/routes.ts';

export { walkBlocks, isThankYouPage } from '../content/block-tree.ts';

/**
 * Whether the page's own content gives it an <h1>: a heading block of level 1 with text, an
 * <h1> written into a banner's or background's rich content (the usual hero title), or the
 * thank-you block, whose title is the page's heading.
 */
export function hasPageHeading(blocks: Block[]): boolean {
  for (const b of walkBlocks(blocks)) {
    if (b.type === 'heading' && headingContent(b.data)?.level === 1) return true;
    if (b.type === 'success') return true;
    // A page's own slider hero gives the page its <h1> when no heading block does.
    if (b.type === 'imageSlider' && b.data.hero && blocks.includes(b)) return true;
    if ((b.type === 'imageBanner' || b.type === 'imageBackground') && /<h1[\s>]/i.test(sanitizeRich(b.data.content))) {
      return true;
    }
  }
  return false;
}

/** The first image a page shows (banner, background or slider), for link previews. */
export function firstImageUrl(blocks: Block[]): string | undefined {
  for (const b of blocks) {
    if (b.type === 'imageBanner' || b.type === 'imageBackground') return b.data.image.url;
    if (b.type === 'imageSlider' && b.data.slides[0]) return b.data.slides[0].image.url;
  }
  return undefined;
}

/**
 * Whether a route belongs in the sitemap: not the 404 page and not a noindex page. Kept out of
 * ./routes.ts, whose path constants the browser imports, so the block tree (and the block schemas
 * it walks by) stays out of the browser's bundles.
 */
export function isIndexable(route: Route): boolean {
  if (route.kind === 'notFound' || route.kind === 'saved' || route.kind === 'compare' || route.kind === 'deal')
    return false;
  if (route.kind === 'page') return !route.page.noindex && !isThankYouPage(route.page.blocks);
  // A sold car's page (kept for a while, content format 1.3) is noindex.
  if (route.kind === 'car') return isListed(route.car);
  return true;
}
