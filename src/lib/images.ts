/** Image helpers shared by blocks and pages. */
/** Whether a URL points at a video file rather than an image. */
export function isVideoUrl(url: string): boolean {
  return /\.(mp4|webm|mov)(\?|#|$)/i.test(url);
}

/** Video block rule: '.mp4' is appended to the url if missing. */
export function videoSrc(url: string): string {
  const [base, rest = ''] = url.split(/(?=[?#])/, 2);
  return /\.mp4$/i.test(base!) ? url : `${base}.mp4${rest}`;
}

/**
 * The box a model image (range tile, variant card, colour photo) is drawn in: CMS model images
 * come without sizes, so they get this 16:10 size and are contained in a box of that shape,
 * which reserves their space before they load.
 */
export const MODEL_IMAGE_BOX = { width: 800, height: 500 } as const;

/** Widths offered to the browser when the dealer has an image CDN (phone, tablet, laptop, wide). */
export const SRCSET_WIDTHS = [320, 480, 640, 800, 1024, 1280, 1600, 1920] as const;

/**
 * `srcset` for an image through the dealer's CDN template (content format 1.1 `images.transform`,
 * with `{url}` and `{width}`), or undefined without one: a srcset of one URL at unknown widths
 * would tell the browser nothing, and `sizes` is only valid beside a srcset. A site-relative image
 * is made absolute first, since the CDN fetches it from the dealer's origin. Widths stop at the
 * image's own width when known: upscaling costs bytes and adds no detail.
 */
export function imageSrcset(
  url: string,
  transform: string | undefined,
  siteUrl: string,
  intrinsicWidth?: number,
): string | undefined {
  if (!transform || url.startsWith('data:')) return undefined;
  const absolute = new URL(url, siteUrl).href;
  const cap = intrinsicWidth && intrinsicWidth > 0 ? Math.round(intrinsicWidth) : undefined;
  const widths: number[] = SRCSET_WIDTHS.filter((w) => cap === undefined || w < cap);
  if (cap !== undefined && cap <= SRCSET_WIDTHS.at(-1)!) widths.push(cap);
  return widths
    .map((w) => `${transform.replaceAll('{url}', absolute).replaceAll('{width}', String(w))} ${w}w`)
    .join(', ');
}

/**
 * Where an image sits in the page, as <Img layout>. Each preset's `sizes` names the width the
 * image is drawn at under the shared layout tokens (src/styles/tokens.css: a 72rem container with
 * 1rem gutters; phones under 40rem, tablets from 40rem or 48rem, wide screens from 64rem or 72rem),
 * so the browser picks the smallest srcset candidate that is still sharp.
 */
export type ImageLayout = 'full' | 'contained' | 'half' | 'third' | 'card' | 'thumb';

export const LAYOUT_SIZES: Readonly<Record<ImageLayout, string>> = {
  /** Edge to edge at every width: banners, hero sliders, image backgrounds. */
  full: '100vw',
  /** The width of the page container: the gutter on phones, at most the container on wide screens. */
  contained: '(min-width: 72rem) 70rem, calc(100vw - 2rem)',
  /** One of two columns from 48rem (alternating columns), the container width below. */
  half: '(min-width: 72rem) 34rem, (min-width: 48rem) calc(50vw - 2.25rem), calc(100vw - 2rem)',
  /** One of three columns from 48rem, the container width below. */
  third: '(min-width: 72rem) 23rem, (min-width: 48rem) calc(33vw - 1.75rem), calc(100vw - 2rem)',
  /** A card of an auto-filling grid: one per row on phones, two on tablets, three on wide screens. */
  card: '(min-width: 72rem) 23rem, (min-width: 64rem) 33vw, (min-width: 40rem) 50vw, calc(100vw - 2rem)',
  /** A logo or thumbnail drawn in a box of at most 12rem. */
  thumb: '12rem',
};

/**
 * The `sizes` an image is written with: the caller's own, else its layout's preset, else 'full'
 * (100vw, which is also what a browser assumes without `sizes`: never blurry, though it may fetch
 * more than a narrower image needs — callers should say where the image sits).
 */
export function imageSizes(layout?: ImageLayout, sizes?: string): string {
  const own = sizes?.trim();
  return own || LAYOUT_SIZES[layout ?? 'full'];
}

/** Pages whose largest above-the-fold image has been given out, keyed by the page's render locals. */
const pagesWithLcpImage = new WeakSet<object>();

/**
 * Claims the page's one high-priority image. The first image of a page that asks for it is its LCP
 * image (loaded eagerly with fetchpriority="high"); every later one is refused and loads lazily,
 * since two images asking to be first would only compete for the same bandwidth.
 */
export function claimLcpImage(page: object): boolean {
  if (pagesWithLcpImage.has(page)) return false;
  pagesWithLcpImage.add(page);
  return true;
}
