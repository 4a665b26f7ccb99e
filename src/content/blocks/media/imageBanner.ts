/** The `imageBanner` block's data (content format: `imageBanner`; spec §3 "imageBanner: image, layout, overlay {active, color, opacity}, content"). */
import { z, opt, image, overlay } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const imageBannerData = z.object({
  /** The full-width banner image. */
  image,
  /**
   * Free text read as the content's place and a modifier class: the words left/right/centre and
   * top/bottom/middle place the content ("Text Left", "bottom-right"). Absent: centred.
   */
  layout: opt(z.string()),
  /** A colour laid over the image under the content. Absent: none. */
  overlay: opt(overlay),
  /** Rich text over the image (an `<h1>` here gives the page its heading), sanitised at build time. Absent: the image alone. */
  content: opt(z.string()),
});

export const definition = defineBlock({ type: 'imageBanner', data: imageBannerData });
