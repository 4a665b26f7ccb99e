/** The `paragraph` block's data (content format: `paragraph`). */
import { z } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const paragraphData = z.object({
  /**
   * Rich text (CMS HTML: inline and basic block tags), sanitised at build time; a paragraph, or a
   * prose block when it holds block tags (content format: "Rich text fields … must be sanitised").
   */
  text: z.string(),
});

export const definition = defineBlock({ type: 'paragraph', data: paragraphData });
