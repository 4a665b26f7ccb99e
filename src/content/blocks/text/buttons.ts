/** The data of the `buttons` and `buttonsTool` blocks, which share it (content format: `buttons`, `buttonsTool`). */
import { z, opt, button, alignment } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const buttonsData = z.object({
  /** The buttons, in a row that wraps. */
  buttons: z.array(button),
  /** Where the row sits: `left`, `center` or `right`. Absent: the block's alignment tune, else left. */
  alignment: opt(alignment),
});

export const definition = defineBlock({ type: 'buttons', data: buttonsData });
/** `buttonsTool`: the same block under the name the CMS's tool gives it. */
export const toolDefinition = defineBlock({ type: 'buttonsTool', data: buttonsData, component: 'buttons' });
