/** The `heading` block's data (content format: `heading`). */
import { z } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const headingData = z.object({
  /**
   * The heading's inline rich text (CMS HTML, sanitised at build time). With no readable text once
   * sanitised, the block renders nothing (spec: Page blocks, "heading blocks (rendered only for
   * levels 1-6 with text)").
   */
  text: z.string(),
  /**
   * The heading level, 1 to 6 (`<h1>` … `<h6>`); any other number renders nothing (spec: Page
   * blocks). A level-1 heading with text gives the page its `<h1>`.
   */
  level: z.number(),
});

export const definition = defineBlock({ type: 'heading', data: headingData });
