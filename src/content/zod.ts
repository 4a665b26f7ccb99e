/**
 * Small zod helpers shared by every content schema.
 * `astro/zod` is the zod that Astro ships, so content and Astro agree on one version.
 */
import { z } from 'astro/zod';
import { optionalCssColour } from './colour.ts';

export { z };

/**
 * An optional field. The CMS sometimes exports `null` for a field it has no value for; that reads
 * as "absent", never as an error, and comes out as `undefined`.
 */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => (v === null ? undefined : v) as z.output<T> | undefined);
}

/** Entity ids: the CMS uses numbers for most, strings for some. Compared as strings. */
export const id = z.union([z.string(), z.number()]);

/** A non-negative finite number, e.g. prices and kilometres. */
export const amount = z.number().nonnegative();

/** An image of the content format (content format: `Image`). */
export const image = z.object({
  /** The image's URL, passed through the site's image CDN template when it has one (site.json `images.transform`). */
  url: z.string(),
  /** Alternative text. Absent: the image is decorative (empty alt) unless the block gives another text. */
  alt: opt(z.string()),
  /** Intrinsic width in pixels; with `height` it reserves the image's box. Absent: the image's own size is unknown. */
  width: opt(z.number().positive()),
  /** Intrinsic height in pixels; see `width`. Absent: the image's own size is unknown. */
  height: opt(z.number().positive()),
});
export type Image = z.output<typeof image>;

/** A CMS button (content format: `Button`). A button whose link is unsafe or empty is left out. */
export const button = z.object({
  /** The button's label. */
  text: z.string(),
  /** Where it links; only safe links are drawn (src/lib/links.ts safeHref). */
  href: z.string(),
  /** `solid` (filled) or `outline`. Absent: solid. */
  btnType: opt(z.enum(['outline', 'solid'])),
  /** A CSS colour for the button; solid buttons pick black or white text to contrast with it. Absent or blank: the theme's button colour. */
  btnColour: optionalCssColour,
});
export type Button = z.output<typeof button>;

export const alignment = z.enum(['left', 'center', 'right']);

/**
 * A colour laid over an image under its content (content format: `overlay { active, color, opacity }`
 * of imageBanner and imageBackground).
 */
export const overlay = z.object({
  /** Whether the overlay is drawn at all. */
  active: z.boolean(),
  /** The overlay's CSS colour. Absent or blank: black (#000). */
  color: optionalCssColour,
  /** The overlay's opacity, 0 to 1. Absent: 0.4. */
  opacity: opt(z.number().min(0).max(1)),
});

/** A `{ url }` reference as used by models and offers. */
export const urlRef = z.object({ url: z.string() });
