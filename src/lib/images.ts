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
