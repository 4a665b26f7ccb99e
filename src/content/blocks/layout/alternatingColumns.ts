/** The `alternatingColumns` block's data (content format: `alternatingColumns`). */
import { z, opt, image, button } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const alternatingColumnsData = z.object({
  /**
   * The rows: image and text side by side, the image left on the first row, right on the second
   * and so on (content format: "image left/right alternating"); on phones the image is above.
   */
  items: z.array(
    z.object({
      /** The row's image. */
      image,
      /** The row's heading. Absent: none. */
      heading: opt(z.string()),
      /** The row's rich text, sanitised at build time. Absent: none. */
      description: opt(z.string()),
      /** Buttons under the text. Absent: none (`[]`). */
      buttons: opt(z.array(button)).default([]),
    }),
  ),
});

export const definition = defineBlock({ type: 'alternatingColumns', data: alternatingColumnsData });
