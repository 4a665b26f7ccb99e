/** The `websiteBrands` block's data (content format: `websiteBrands`; spec §2 "Brands", §3 "Brand block data"). */
import { z, opt } from '../../zod.ts';
import { defineBlock } from '../../block-definition.ts';

export const websiteBrandsData = z.object({
  /** Ids of the brands to show (brands.json), in this order; unknown ids are skipped. Absent: every brand. */
  brands: opt(z.array(z.union([z.number(), z.string()]))),
  /** The block's heading. Absent: no visible heading. */
  heading: opt(z.string()),
  /** A line under the heading. Absent: none. */
  subheading: opt(z.string()),
  /**
   * `modal`: each logo opens a dialog listing the brand's websites with 'Visit Website', 'Visit
   * Used Stock' and 'Book Your Service' buttons (spec §2 Brands); `box` or any other value: a grid
   * of logos linking to each brand's url. Absent: `box`.
   */
  variant: opt(z.string()).default('box'),
  /** `dark` or `light` colours for the block. Absent: light. */
  theme: opt(z.enum(['dark', 'light'])),
});

export const definition = defineBlock({ type: 'websiteBrands', data: websiteBrandsData, island: true });
