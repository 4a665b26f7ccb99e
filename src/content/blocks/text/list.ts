/** The `list` block's data (content format: `list`). */
import { z } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const listData = z.object({
  /** `ordered` draws an `<ol>`, `unordered` a `<ul>` (content format: `list`). */
  style: z.enum(['ordered', 'unordered']),
  /** The items, each inline rich text sanitised at build time; items with no text are left out. */
  items: z.array(z.string()),
});

export const definition = defineBlock({ type: 'list', data: listData });
