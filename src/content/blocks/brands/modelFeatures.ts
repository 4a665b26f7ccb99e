/**
 * The `modelFeatures` block's data (content format: `modelFeatures`; spec §2 "modelFeatures: tabbed
 * slides"). It names no model: on a model page it takes that page's model (for the brochure button).
 */
import { z, opt, image } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const modelFeaturesData = z.object({
  /** The slides' image height in pixels. Absent: each image's own height. */
  componentHeight: opt(z.number().positive()),
  /** Lays each slide's text over the bottom of its image on a dark shade. Absent: false (text beside the image). */
  overlay: opt(z.boolean()),
  /** The slides, one tab each; the first is shown. */
  slides: z.array(
    z.object({
      /** The slide's tab label. */
      tab: z.string(),
      /** The slide's image. */
      image,
      /** A short line above the heading. Absent or empty: none. */
      subheading: opt(z.string()),
      /** The slide's heading. Absent or empty: none. */
      heading: opt(z.string()),
      /** Rich text, sanitised at build time. Absent or empty: none. */
      description: opt(z.string()),
    }),
  ),
});

export const definition = defineBlock({ type: 'modelFeatures', data: modelFeaturesData, island: true });
