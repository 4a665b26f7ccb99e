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

export const image = z.object({
  url: z.string(),
  alt: opt(z.string()),
  width: opt(z.number().positive()),
  height: opt(z.number().positive()),
});
export type Image = z.output<typeof image>;

export const button = z.object({
  text: z.string(),
  href: z.string(),
  btnType: opt(z.enum(['outline', 'solid'])),
  btnColour: optionalCssColour,
});
export type Button = z.output<typeof button>;

export const alignment = z.enum(['left', 'center', 'right']);

/** A `{ url }` reference as used by models and offers. */
export const urlRef = z.object({ url: z.string() });
