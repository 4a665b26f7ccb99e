/** The `imageBackground` block's data (content format: `imageBackground`). */
import { z, opt, image, overlay } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const imageBackgroundData = z.object({
  /** The image that fills the block behind its content. */
  image,
  /** Rich text over the image (an `<h1>` here gives the page its heading), sanitised at build time. Absent: the image alone. */
  content: opt(z.string()),
  /** A colour laid over the image under the content. Absent: none. */
  overlay: opt(overlay),
});

export const definition = defineBlock({ type: 'imageBackground', data: imageBackgroundData });
