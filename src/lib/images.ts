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
