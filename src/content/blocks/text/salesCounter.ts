/** The `salesCounter` block's data (content format: `salesCounter`; spec: Page blocks, "a sales counter"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const salesCounterData = z.object({
  /** The line above the number. Absent: none. */
  heading: opt(z.string()),
  /** The number, counted up from 0 when it scrolls into view (content format: "counts up when visible"); the final value is in the page's HTML. */
  value: z.number(),
  /** Text right after the number, e.g. "+" or "k". Absent: none. */
  suffix: opt(z.string()),
  /** Rich text under the number, sanitised at build time. Absent: none. */
  description: opt(z.string()),
});

export const definition = defineBlock({ type: 'salesCounter', data: salesCounterData, island: true });
