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
export function imageSrcset(url: string, transform: string | undefined, siteUrl: string, intrinsicWidth?: number): string | undefined {
  if (!transform || url.startsWith('data:')) return undefined;
  const absolute = new URL(url, siteUrl).href;
  const cap = intrinsicWidth && intrinsicWidth > 0 ? Math.round(intrinsicWidth) : undefined;
  const widths: number[] = SRCSET_WIDTHS.filter((w) => cap === undefined || w < cap);
  if (cap !== undefined && cap <= SRCSET_WIDTHS[SRCSET_WIDTHS.length - 1]) widths.push(cap);
  return widths.map((w) => `${transform.replaceAll('{url}', absolute).replaceAll('{width}', String(w))} ${w}w`).join(', ');
}
