/** The `columns` block's data (content format: `columns`): block lists on a 12-column grid. */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const columnsData = z.object({
  /** The columns, left to right; on phones they stack. */
  cols: z.array(
    z.object({
      /**
       * The column's span on the 12-column grid, 1 to 12 (spec §9: "Card and alignment columns use
       * a 12-column grid"). Absent: the columns without a width share what the others leave of 12.
       */
      width: opt(z.number().int().min(1).max(12)),
      /**
       * The column's blocks, rendered recursively (columns inside columns too). Kept raw here and
       * validated as child blocks, so their errors carry the full JSON path.
       */
      blocks: z.array(z.unknown()),
    }),
  ),
});

export const definition = defineBlock({
  type: 'columns',
  data: columnsData,
  children: (data) => data.cols.map((col, c) => ({ path: ['cols', c, 'blocks'], blocks: col.blocks })),
});
