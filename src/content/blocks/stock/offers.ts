/** The `offers` block's data (content format: `offers`; spec §2 "Offers"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const offersData = z.object({
  /** The block's heading, over the tab strip. Absent: no visible heading. */
  heading: opt(z.string()),
  /**
   * The most offers listed, after exclusions, category and the search limit of 200 (spec §9:
   * "offers may be cut by hitsPerPage"). Absent: up to 200.
   */
  hitsPerPage: opt(z.number().int().positive()),
  /**
   * Only offers of this category (the offer's `category`, whole name in any case, e.g. "Finance
   * offer"). Absent or blank: every category.
   */
  category: opt(z.string()),
});

export const definition = defineBlock({ type: 'offers', data: offersData, island: true });
