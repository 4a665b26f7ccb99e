/** The banner's `layout` string, read as classes. */

export interface BannerLayout {
  /** `image-banner--<layout>` for layout-specific styles, or undefined without a layout. */
  modifier?: string;
  /** Where the content sits over the image. */
  x: 'left' | 'center' | 'right';
  y: 'top' | 'center' | 'bottom';
}

/**
 * The CMS writes layouts freely ("Text Left", "bottom-right", "centre"), so the layout becomes a
 * lowercase hyphenated modifier class, and its words left/right/centre/center and
 * top/bottom/middle place the content. Anything else centres it.
 */
export function bannerLayout(layout: string | undefined): BannerLayout {
  const slug = (layout ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const words = new Set(slug.split('-'));
  const x = words.has('left') ? 'left' : words.has('right') ? 'right' : 'center';
  const y = words.has('top') ? 'top' : words.has('bottom') ? 'bottom' : 'center';
  return { modifier: slug ? `image-banner--${slug}` : undefined, x, y };
}
